"""Rat-a-Tat Cat bots: "easy" plays any legal move; "good" remembers what it saw and keeps its row low.

Bots see only `view(state, seat)` and the legal actions: never the state itself.
"""

from .deck import NUMBER_AVERAGE

UNKNOWN = NUMBER_AVERAGE  # what an unseen card is worth on average (a power card is replaced by one at the reveal)
KNOCK_AT = 9  # knock when the expected total is this low ...
KNOCK_LEAD = 6  # ... or this much lower than every opponent's expected total


def choose(level: str, view: dict, legal_actions: list, rng) -> dict:
    return LEVELS[level](view, legal_actions, rng)


def easy(view: dict, legal_actions: list, rng) -> dict:
    """Any legal move, at random (the opening peek is always confirmed first)."""
    for action in legal_actions:
        if action["type"] == "memorised":
            return action
    return rng.choice(legal_actions)


def good(view: dict, legal_actions: list, rng) -> dict:
    kinds = {action["type"] for action in legal_actions}
    if "memorised" in kinds:
        return {"type": "memorised"}
    row = own_row(view)
    if "draw" in kinds:
        return _start_turn(view, row, kinds)
    if "knock" in kinds:
        return {"type": "knock" if _should_knock(view, row) else "end_turn"}
    if view["drawn"] == "peek":
        return _use_peek(row, legal_actions)
    if view["drawn"] == "swap":
        return _use_swap(view, row, legal_actions)
    return _keep_or_discard(view["drawn"], row)


LEVELS = {"easy": easy, "good": good}


def known_rows(view: dict) -> dict:
    """{seat: [value or None] * 4} from the bot's memory."""
    rows = {row["seat"]: [None] * len(row["cards"]) for row in view["rows"] if not row["out"]}
    for entry in view["memory"]:
        if entry["seat"] in rows:
            rows[entry["seat"]][entry["position"]] = entry["value"]
    return rows


def own_row(view: dict) -> list:
    return known_rows(view)[view["seat"]]


def worth(card) -> float:
    """Expected points of a card in a row: its value, or the average for an unseen or power card."""
    return card if isinstance(card, int) else UNKNOWN


def expected_total(row: list) -> float:
    return sum(worth(card) for card in row)


def worst_position(row: list) -> int:
    """The position to get rid of: the highest expected card, an unseen one first among equals."""
    return max(range(len(row)), key=lambda p: (worth(row[p]), row[p] is None))


def _start_turn(view: dict, row: list, kinds: set) -> dict:
    top, worst = view["discard"], worst_position(row)
    if "take_discard" in kinds and top <= worth(row[worst]) - 2:
        return {"type": "take_discard", "position": worst}
    return {"type": "draw"}


def _keep_or_discard(card: int, row: list) -> dict:
    worst = worst_position(row)
    if card <= worth(row[worst]) - 1:
        return {"type": "replace", "position": worst}
    return {"type": "discard"}


def _use_peek(row: list, legal_actions: list) -> dict:
    unseen = [a for a in legal_actions if a["type"] == "peek" and row[a["position"]] is None]
    return unseen[0] if unseen else {"type": "discard"}


def _use_swap(view: dict, row: list, legal_actions: list) -> dict:
    """Give away a known high card for an opponent's known low card, or for an unseen one if ours is high enough."""
    rows = known_rows(view)

    def gain(action):
        mine, theirs = row[action["position"]], rows[action["opponent"]][action["their_position"]]
        if not isinstance(mine, int):
            return 0
        return mine - worth(theirs) - (0 if theirs is not None else 1)

    swaps = [a for a in legal_actions if a["type"] == "swap"]
    best = max(swaps, key=gain, default=None)
    return best if best is not None and gain(best) >= 2 else {"type": "discard"}


def _should_knock(view: dict, row: list) -> bool:
    mine = expected_total(row)
    theirs = [expected_total(r) for seat, r in known_rows(view).items() if seat != view["seat"]]
    return mine <= KNOCK_AT or (row.count(None) <= 1 and mine <= min(theirs) - KNOCK_LEAD)
