"""Card faces for the Rat-a-Tat Cat table."""
from django import template

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
