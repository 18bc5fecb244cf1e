"""Rat-a-Tat Cat bots: "easy" plays any legal move; "good" remembers what it saw and keeps its row low; "medium"
plays as good does from a shorter memory: nothing of the others' rows, and each card of its own it cannot see now
only half the time. Good and medium knock once a round has gone on long enough, so that every round ends.

Bots see only `view(state, seat)` and the legal actions: never the state itself. Like a player at the table, the
good bot remembers what its views showed: `remember(notes, view)` folds each view into its notes (the cards it
glimpsed, the cards it saw go into rows from the discard pile, the swaps it saw), and the bot runner keeps the
notes between moves. A view holds only what the seat sees now, so the notes are all the bot knows of the past.
"""

from games.contract import LOG_KEPT

from .deck import NUMBER_AVERAGE

UNKNOWN = NUMBER_AVERAGE  # what an unseen card is worth on average (a power card is replaced by one at the reveal)
KNOCK_AT = 9  # knock when the expected total is this low ...
KNOCK_LEAD = 6  # ... or this much lower than every opponent's expected total
LONG_ROUND = 8  # turns per player still in after which the bot knocks whatever its row: every round must end
FORGETS = 0.5  # how likely medium is to forget a card of its own it cannot see now, at each move


def choose(level: str, view: dict, legal_actions: list, rng, notes: dict | None = None) -> dict:
    """The bot's move; `notes` are what it remembers (remember() over its earlier views), else only this view."""
    return LEVELS[level](view, legal_actions, rng, remember(None, view) if notes is None else notes)


# ---------------------------------------------------------------- memory


def remember(notes: dict | None, view: dict) -> dict:
    """The notes after one more view: {"seen": events read, "rows": per seat, what each card is (None: unknown)}.

    The public log's new events say what moved in plain sight; the cards on the bot's screen (its glimpses, and
    face-up cards) say what is there now.
    """
    if notes is None:
        notes = {"seen": 0, "rows": _unknown_rows(view)}
    notes = {"seen": notes["seen"], "rows": [list(row) for row in notes["rows"]]}
    rows = notes["rows"]
    for entry in view["log"][max(0, notes["seen"] - view.get("log_start", 0)):]:
        event = entry.get("event")
        if event == "dealt":
            rows[:] = _unknown_rows(view)
        elif event == "took_discard":
            rows[entry["seat"]][entry["position"]] = entry["card"]
        elif event == "replaced":
            rows[entry["seat"]][entry["position"]] = None
        elif event == "swapped":
            mine, theirs = (entry["seat"], entry["position"]), (entry["opponent"], entry["their_position"])
            rows[mine[0]][mine[1]], rows[theirs[0]][theirs[1]] = rows[theirs[0]][theirs[1]], rows[mine[0]][mine[1]]
    notes["seen"] = view.get("log_start", 0) + len(view["log"])
    for card in view["memory"]:
        rows[card["seat"]][card["position"]] = card["value"]
    return notes


def _unknown_rows(view: dict) -> list:
    return [[None] * len(row["cards"]) for row in view["rows"]]


# ---------------------------------------------------------------- levels


def easy(view: dict, legal_actions: list, rng, notes: dict) -> dict:
    """Any legal move, at random (the opening peek is always confirmed first)."""
    for action in legal_actions:
        if action["type"] == "memorised":
            return action
    return rng.choice(legal_actions)


def good(view: dict, legal_actions: list, rng, notes: dict) -> dict:
    return _play(view, legal_actions, known_rows(view, notes))


def medium(view: dict, legal_actions: list, rng, notes: dict) -> dict:
    """Good's move, but it knows nothing of the others' rows and each card of its own it cannot see now slips its
    mind with probability FORGETS."""
    seat = view["seat"]
    rows = {s: [None] * len(row) for s, row in known_rows(view, notes).items()}
    showing = {card["position"] for card in view["memory"] if card["seat"] == seat}
    rows[seat] = [card if p in showing or rng.random() >= FORGETS else None
                  for p, card in enumerate(notes["rows"][seat])]
    return _play(view, legal_actions, rows)


def _play(view: dict, legal_actions: list, rows: dict) -> dict:
    """Good's move, knowing of the rows what `rows` says."""
    kinds = {action["type"] for action in legal_actions}
    if "memorised" in kinds:
        return {"type": "memorised"}
    row = rows[view["seat"]]
    if "draw" in kinds:
        return _start_turn(view, row, kinds)
    if "knock" in kinds:
        return {"type": "knock" if _should_knock(view, rows) or round_is_long(view) else "end_turn"}
    if view["drawn"] == "peek":
        return _use_peek(row, legal_actions)
    if view["drawn"] == "swap":
        return _use_swap(rows, row, legal_actions)
    return _keep_or_discard(view["drawn"], row)


LEVELS = {"easy": easy, "medium": medium, "good": good}  # in the order a player picks from


def known_rows(view: dict, notes: dict) -> dict:
    """{seat: [value or None] * 4} for the players still in, from the bot's notes."""
    return {row["seat"]: list(notes["rows"][row["seat"]]) for row in view["rows"] if not row["out"]}


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


def _use_swap(rows: dict, row: list, legal_actions: list) -> dict:
    """Give away a known high card for an opponent's known low card, or for an unseen one if ours is high enough."""

    def gain(action):
        mine, theirs = row[action["position"]], rows[action["opponent"]][action["their_position"]]
        if not isinstance(mine, int):
            return 0
        return mine - worth(theirs) - (0 if theirs is not None else 1)

    swaps = [a for a in legal_actions if a["type"] == "swap"]
    best = max(swaps, key=gain, default=None)
    return best if best is not None and gain(best) >= 2 else {"type": "discard"}


def _should_knock(view: dict, rows: dict) -> bool:
    row = rows[view["seat"]]
    mine = expected_total(row)
    theirs = [expected_total(r) for seat, r in rows.items() if seat != view["seat"]]
    return mine <= KNOCK_AT or (row.count(None) <= 1 and mine <= min(theirs) - KNOCK_LEAD)


def round_is_long(view: dict) -> bool:
    """Whether the round has gone on for LONG_ROUND turns of every player still in (or as long as the kept log).

    Only the view is needed, so a bot without its notes (which may never think its row low enough) still ends
    a round: once every bot at the table thinks so, the next one to finish a turn knocks.
    """
    players = sum(not row["out"] for row in view["rows"])
    return events_this_round(view) >= min(LONG_ROUND * players, LOG_KEPT)


def events_this_round(view: dict) -> int:
    """Events logged since this round's deal: every turn logs at least one (the card taken, kept, discarded or
    used). When the deal has left the kept log, the whole kept log came after it."""
    for back, entry in enumerate(reversed(view["log"])):
        if entry.get("event") == "dealt":
            return back
    return max(len(view["log"]), LOG_KEPT)
