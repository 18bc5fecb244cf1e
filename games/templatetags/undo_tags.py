"""The table's part for taking back a move by consent (games/undo.py): the offer, the request and its answers."""
from django import template
from django.template.loader import get_template

from games import fragments, undo

register = template.Library()


@register.simple_tag(takes_context=True)
def undo_part(context) -> str:
    """What this viewer may do about taking back a move: take back (or ask to) their own last move; agree or refuse
    when asked; else what is asked and of whom. Empty when there is nothing to say (most tables). A push's part is
    kept (games/fragments.py); a page's carries its request's CSRF field and is rendered afresh."""
    match, point, seats = context["match"], context["point"], context["seats"]
    if match.status != match.PLAYING:
        return ""
    names = [seat.label for seat in seats]
    request = undo.pending(match)
    values = {"match": match.pk, "names": names, "version": match.version}
    if request and request.get("refused_by") is not None:
        values |= {"asker": request["seat"], "refused_by": request["refused_by"]}
    elif request:
        mine = [seat for seat in request["waiting"] if seat in point.controlled and seat not in request["agreed_by"]]
        values |= {"asker": request["seat"], "answer_as": mine[0] if mine else None,
                   "own": request["seat"] in point.controlled,
                   "waiting": [names[seat] for seat in request["waiting"] if seat not in request["agreed_by"]]}
    elif match.undoable_by in point.controlled and match.undoable_by not in match.stand_ins:
        values |= {"offer": match.undoable_by, "several": len(point.controlled) > 1,
                   "asks": bool(undo.must_agree(match, seats, match.undoable_by))}
    else:
        return ""
    token = context.get("csrf_token")
    if token:
        return get_template("games/undo.html").render(values | {"csrf_token": token})
    return fragments.kept("games/undo.html", values)
