"""Card faces for the Rat-a-Tat Cat table."""
from django import template

register = template.Library()
POWER_NAMES = {"peek": "Peek", "swap": "Swap", "draw2": "Draw 2"}


@register.filter
def card_label(card) -> str:
    if card is None:
        return ""
    return POWER_NAMES.get(card, str(card))


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
