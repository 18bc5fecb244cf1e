"""Card faces for the Rat-a-Tat Cat table, and the parts of it kept from one change to the next."""
import json

from django import template
from django.utils import translation
from django.utils.safestring import mark_safe

from games import fragments
from games.rat_a_tat_cat.words import card_at, card_choice, card_name, with_article

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


CARD_CHOICES = ("take_discard", "replace", "peek")  # the moves that make a card of my row a button


@register.simple_tag(takes_context=True)
def card_row(context, row, mine=False):
    """A player's row of cards (rat_a_tat_cat/row.html). Without buttons (another player's row, or mine when none
    of my cards is a move) it is rendered once per what it shows: its cards as this view shows them, its owner's
    name and score so far, whether it is their turn or they knocked, and the language (games/fragments.py)."""
    view = context["view"]
    if row is None or mine and any(a.get("type") in CARD_CHOICES for a in context.get("actions") or ()):
        with context.push(row=row, mine=mine):  # what {% include "rat_a_tat_cat/row.html" with mine=... %} does
            return mark_safe(context.template.engine.get_template("rat_a_tat_cat/row.html").render(context))
    names = context.get("names") or []
    seat = row["seat"]
    totals = view.get("totals") or []
    key = ("rat_a_tat_cat/row", translation.get_language(), bool(mine), json.dumps(row, separators=(",", ":")),
           names[seat] if 0 <= seat < len(names) else "", seat == view.get("turn"), seat == view.get("knocked_by"),
           totals[seat] if 0 <= seat < len(totals) else None)
    return fragments.rendered(key, lambda: fragments.render_part(context, "rat_a_tat_cat/row.html", {
        "row": row, "mine": mine, "names": names, "actions": [],
        "view": {"turn": view.get("turn"), "knocked_by": view.get("knocked_by"), "totals": totals}}))


@register.simple_tag(takes_context=True)
def rounds_part(context):
    """The rounds played so far (rat_a_tat_cat/rounds.html): they change only when a round ends, so they are
    rendered once per what they show (the rounds, the totals, the names, whether the reveal is open, the
    language)."""
    view, names = context["view"], context.get("names") or []
    shown = {"rounds": view.get("rounds"), "totals": view.get("totals"),
             "is_over": view.get("is_over"), "phase": view.get("phase"), "drawn": view.get("drawn")}
    key = ("rat_a_tat_cat/rounds", translation.get_language(), tuple(names),
           json.dumps(shown, separators=(",", ":"), sort_keys=True))
    return fragments.rendered(key, lambda: fragments.render_part(
        context, "rat_a_tat_cat/rounds.html", {"view": shown, "names": names}))
