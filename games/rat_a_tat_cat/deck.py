"""The Rat-a-Tat Cat deck: its 54 cards and the seeded shuffles of the draw pile (their names are in words.py)."""

from games.contract import next_rng

# A row holds four cards, positions 0-3 from left to right; 0 and 3 are the outer ones.
POSITIONS = range(4)
OUTER = (0, 3)

POWER_CARDS = ("peek", "swap", "draw2")
NUMBER_COUNTS = {**dict.fromkeys(range(9), 4), 9: 9}
POWER_COUNT = 3
NUMBER_AVERAGE = sum(value * count for value, count in NUMBER_COUNTS.items()) / sum(NUMBER_COUNTS.values())


def full_deck() -> list:
    """All 54 cards in a fixed order: numbers 0-9, then the power cards."""
    numbers = [value for value, count in NUMBER_COUNTS.items() for _ in range(count)]
    return numbers + [power for power in POWER_CARDS for _ in range(POWER_COUNT)]


def is_power(card) -> bool:
    return isinstance(card, str)


def shuffled_deck(state) -> list:
    cards = full_deck()
    next_rng(state).shuffle(cards)
    return cards


def put_in_middle(state, card) -> None:
    """Put a card back somewhere in the middle third of the draw pile (never on top)."""
    pile = state["draw_pile"]
    at = next_rng(state).randint(max(1, len(pile) // 3), max(1, 2 * len(pile) // 3))
    pile.insert(at, card)


def reshuffle(state) -> None:
    """Shuffle the discard pile, except its top card, into the draw pile."""
    top, rest = state["discard_pile"][:1], state["discard_pile"][1:]
    cards = state["draw_pile"] + rest
    next_rng(state).shuffle(cards)
    state["draw_pile"], state["discard_pile"] = cards, top
    state["log"].append({"event": "reshuffled", "seat": None})


def draw_top(state):
    """Take the top card of the draw pile, reshuffling the discard pile first when the draw pile is empty."""
    if not state["draw_pile"]:
        reshuffle(state)
    return state["draw_pile"].pop(0)
