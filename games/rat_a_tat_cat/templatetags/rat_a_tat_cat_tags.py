"""Card faces for the Rat-a-Tat Cat table, and its parts drawn from the view."""

from django import template
from django.template import Context
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, pgettext

from games import fragments
from games.rat_a_tat_cat.words import card_at, card_choice, card_name, discard_top, draw_pile, with_article
from games.templatetags.match_tags import action_form, at, badge, seat_name, shown

register = template.Library()


@register.filter
def card_label(card) -> str:
    """A card's face in words ("Peek", "8"); "" for a card face down."""
    return "" if card is None else card_name(card)


@register.filter
def card_with_article(card) -> str:
    """ "a 7", "an 8", "a Peek" """
    return "" if card is None else with_article(card)


@register.filter
def draw_pile_label(count) -> str:
    """ "Draw pile: 12" """
    return draw_pile(count)


@register.filter
def discard_label(card) -> str:
    """ "Top of the discard pile: 8" """
    return discard_top(card)


@register.filter
def card_at_label(card) -> str:
    """A dealt card's accessible name ({"position", "shown"} from the view): "Position 2: face down"."""
    return card_at(card["shown"], card["position"])


@register.simple_tag
def card_choice_label(card, choice: str) -> str:
    """A card of my row offered as a move: "Position 2: face down, peek at this card"."""
    return card_choice(card["shown"], card["position"], choice)


@register.filter
def card_class(card) -> str:
    if card is None:
        return "card back"
    if isinstance(card, str):
        return f"card power {card}"
    return f"card number n{card}"


@register.filter
def row_of(rows, seat):
    return next((row for row in rows if row["seat"] == seat), None)


@register.filter
def others(rows, seat):
    """Rows of the other players, starting from the one on the viewer's left."""
    if seat is None:
        return rows
    return [r for r in rows if r["seat"] > seat] + [r for r in rows if r["seat"] < seat]


@register.simple_tag
def swap_choices(swaps):
    """The two halves of a swap to choose separately: one of my cards, and one of an opponent's."""
    mine = sorted({a["position"] for a in swaps})
    theirs = sorted({(a["opponent"], a["their_position"]) for a in swaps})
    return {"mine": mine, "theirs": [{"opponent": o, "their_position": p} for o, p in theirs]}


CARD_MOVES = (("take_discard", "take"), ("replace", "replace"), ("peek", "peek"))  # a move, and what choosing does
CARD_CHOICES = tuple(kind for kind, _ in CARD_MOVES)  # the moves that make a card of my row a button


@register.simple_tag(takes_context=True)
def card_row(context, row, mine=False):
    """A player's row of cards: a section with its owner, their score so far and badges, and the cards as this view
    shows them. Written here rather than by a template: a table shows a row per seat and is rendered after every
    move. Without buttons (another player's row, or mine when none of my cards is a move) a row is kept from one
    change to the next (games/fragments.py), given only the row, the names, the turn, the knock and the totals."""
    if row is None:
        return ""
    view, names = context["view"], context.get("names") or []
    actions = [a for a in context.get("actions") or () if a.get("type") in CARD_CHOICES] if mine else []
    if actions:
        return mark_safe(_row(context, row, mine, view, names, actions))
    # Nobody is to play once the match is over, though a match ended early leaves the turn where it was.
    seen = {"turn": None if _over(context) else view.get("turn"), "knocked_by": view.get("knocked_by"),
            "totals": view.get("totals") or []}
    return fragments.kept(kept_row, {"row": row, "mine": bool(mine), "names": names, "view": seen})


def kept_row(values: dict) -> str:
    """A row without buttons, from its values alone (card_row)."""
    return _row(Context(), values["row"], values["mine"], values["view"], values["names"], [])


def _row(context, row, mine, view, names, actions) -> str:
    seat, esc = row["seat"], lambda value: shown(value, context)
    turn = seat == view.get("turn")
    if mine:
        label = heading = esc(gettext("Your cards"))
    else:
        owner = seat_name(seat, names)
        label, heading = gettext("%(owner)s's cards") % {"owner": esc(owner)}, esc(owner)
    # Each word said outside the f-strings: xgettext does not read inside them (tests/i18n/test_catalogues.py).
    so_far = gettext("score so far %(total)s") % {"total": esc(at(view.get("totals"), seat))}
    badges = "".join((
        f' <span class="muted">· {so_far}</span>',
        badge("good", esc(gettext("to play"))) if turn else "",
        badge("", esc(gettext("knocked"))) if seat == view.get("knocked_by") else "",
        badge("muted", esc(pgettext("player", "out"))) if row.get("out") else ""))
    classes = "".join(("ratc-row", " mine" if mine else "", " out" if row.get("out") else "", " turn" if turn else ""))
    # A card's move: the first listed of each kind for its position (as first_action finds it), looked up once.
    moves = {}
    for action in actions:
        moves.setdefault((action["type"], action.get("position")), action)
    cards = "".join(f"<li>{_card(context, card, moves)}</li>" for card in row["cards"])
    return (f'<section class="{classes}" aria-label="{label}"><h3 class="small">{heading}{badges}</h3>'
            f'<ol class="cards" role="list">{cards}</ol></section>')


def _card(context, card, moves: dict) -> str:
    """One card of a row: a button when choosing it is a move of mine (`moves` by kind and position), else its
    face (or back)."""
    for kind, choice in CARD_MOVES:
        action = moves.get((kind, card["position"]))
        if action:
            return action_form(context, action, card_label(card["shown"]) or "?",
                               card_class(card["shown"]) + " choosable", card_choice_label(card, choice))
    face_up = " face-up" if card.get("face_up") else ""
    return (f'<div class="{shown(card_class(card["shown"]), context)}{face_up}" role="img" '
            f'aria-label="{shown(card_at_label(card), context)}">{shown(card_label(card["shown"]), context)}</div>')


@register.simple_tag(takes_context=True)
def rounds_part(context):
    """The rounds played so far (rat_a_tat_cat/rounds.html), with the last round's reveal open once the match is
    over, and between two draws of the next round's play: kept (games/fragments.py), they change once a round."""
    view, names = context["view"], context.get("names") or []
    shown = {"rounds": view.get("rounds"), "totals": view.get("totals"),
             "reveal_open": bool(view.get("is_over") or view.get("phase") == "play" and not view.get("drawn"))}
    return fragments.kept("rat_a_tat_cat/rounds.html", {"view": shown, "names": names})


INFO = ("round", "dealer", "knocked_by", "time_up")  # what the line above the table shows, with the options


@register.simple_tag(takes_context=True)
def info_part(context):
    """The line above the table (rat_a_tat_cat/info.html): the round, the dealer, who knocked, whether time is up,
    how the match ends. Kept (games/fragments.py): it changes once a round or on a knock."""
    view = context["view"]
    options = view.get("options") or {}
    shown = {name: view.get(name) for name in INFO} | {
        "options": {name: options.get(name) for name in ("end", "rounds", "limit", "memory_aid")}}
    if _over(context):  # no last turns to come, nor a last round (a match ended early leaves them in its state)
        shown.update(knocked_by=None, time_up=False)
    return fragments.kept("rat_a_tat_cat/info.html", {"view": shown, "names": context.get("names") or []})


def _over(context) -> bool:
    """The match is over (a replay has no match: its steps are as they were)."""
    return getattr(context.get("match"), "status", None) == "finished"


@register.simple_tag(takes_context=True)
def status_part(context):
    """The status line of the seat to act (rat_a_tat_cat/status_line.html), kept (games/fragments.py): it shows
    which kinds of move this seat may make, whose turn it is, whether this screen plays several seats."""
    point = context["point"]
    kinds = sorted({action.get("type") for action in context.get("actions") or ()})
    return fragments.kept("rat_a_tat_cat/status_line.html", {
        "actions": [{"type": kind} for kind in kinds],
        "point": {"seat": point.seat, "controlled": list(point.controlled)},
        "names": context.get("names") or [], "view": {"turn": context["view"].get("turn")}})
