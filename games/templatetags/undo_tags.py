"""The table's part for taking back a move by consent (games/undo.py): the offer, the request and its answers."""
from django import template
from django.template import Context
from django.template.defaulttags import CsrfTokenNode
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games import fragments, tables, undo
from games.templatetags.match_tags import blocktranslated, seat_name

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
    if "offer" in values:
        return offer_html(values, token)
    if token:
        return get_template("games/undo.html").render(values | {"csrf_token": token})
    return fragments.kept("games/undo.html", values)


def offer_html(values: dict, token) -> SafeString:
    """The offer to take back one's own last move, shown after nearly every move: written here rather than by the
    template (a form of the match's version, so never kept); a page's carries its request's CSRF field."""
    url = tables.match_url("match_undo", values["match"])
    csrf = CsrfTokenNode().render(Context({"csrf_token": token})) if token else ""
    if values["several"]:
        label = blocktranslated(gettext("Take back %(name)s's last move"),
                                name=seat_name(values["offer"], values["names"]))
    else:
        label = gettext("Take back my last move")
    agree = gettext("The other players must agree.")  # outside the f-string: xgettext does not read inside one
    asks = f'<span class="muted">{agree}</span>' if values["asks"] else ""
    return mark_safe(
        f'\n<section class="card match-undo" aria-live="polite">\n  \n  <form method="post" action="{url}" '
        f'hx-post="{url}">{csrf}<input type="hidden" name="seat" value="{values["offer"]}"><input type="hidden" '
        f'name="version" value="{values["version"]}">\n    <button type="submit" class="small secondary">{label}'
        f"</button>\n    {asks}\n  </form>\n  \n</section>\n")
