"""Rat-a-Tat Cat scoring, for the engine and the table pad alike: player counts, options, card values, round
scores, eliminations, ranks; and the engine's reveal at a round's end."""

from games import contract

from . import memory
from .deck import NUMBER_COUNTS, POSITIONS, is_power, reshuffle

MIN_SEATS, MAX_SEATS = 2, 6
CARDS_IN_ROW = len(POSITIONS)
CARD_VALUES = tuple(sorted(NUMBER_COUNTS))  # what a number card counts: its number, 0 to 9
HIGHEST_CARD = max(CARD_VALUES)
HIGHEST_ROUND = CARDS_IN_ROW * HIGHEST_CARD

OPTIONS = {
    "end": {"default": "rounds", "choices": ["rounds", "time", "elimination"], "time_limit": "time"},
    "rounds": {"default": 5, "min": 1, "max": 20, "when": {"end": "rounds"}},
    "limit": {"default": 100, "min": 10, "max": 500, "when": {"end": "elimination"}},
    "memory_aid": {"default": False},
}


def normalise_options(options: dict | None = None) -> dict:
    """The match options with defaults filled in; IllegalAction for an unknown option or a bad value."""
    return contract.normalise_options(OPTIONS, options)


def round_score(row: list) -> int:
    """A row's score at the reveal: the sum of its four number cards (power cards were replaced first)."""
    return sum(row)


def reaches_limit(total: int, limit: int) -> bool:
    """The elimination rule: a total reaching the limit is out."""
    return total >= limit


def rank_key(end: str, total: int, out_round: int | None) -> tuple:
    """Lower is better. In elimination, players still in come first, then the later out, each by total."""
    if end != "elimination":
        return (total,)
    return (0, 0, total) if out_round is None else (1, -out_round, total)


def ranks(state) -> list:
    """1 = best (the lowest); equal keys share a place (1, 1, 3). `state` needs options, totals and out_round."""
    end = state["options"]["end"]
    keys = [rank_key(end, state["totals"][seat], state["out_round"][seat]) for seat in range(state["seats"])]
    return contract.ranks(keys, lower_wins=True)


def winners(state) -> list:
    return [seat for seat, rank in enumerate(ranks(state)) if rank == 1]


# ---------------------------------------------------------------- the engine's end of a round


def is_over(state) -> bool:
    return state["phase"] == "over"


def end_round(state) -> None:
    """Reveal every row, score it, put out whoever reached the limit, and end the game if it is over."""
    _replace_power_cards(state)
    scores = [None if state["out"][seat] else round_score(row) for seat, row in enumerate(state["rows"])]
    for seat, score in enumerate(scores):
        if score is not None:
            state["totals"][seat] += score
    rows = [None if state["out"][seat] else list(row) for seat, row in enumerate(state["rows"])]
    state["rounds"].append({"round": state["round"], "rows": rows, "scores": scores})
    memory.learn_everything(state)
    state["showing"] = [[] for _ in state["showing"]]
    state["peeking"] = []
    _announce(state, "round_ended", round=state["round"], scores=list(scores))
    _eliminate(state)
    if _game_ends(state):
        state["phase"], state["drawn"], state["draws_left"] = "over", None, 0
        _announce(state, "game_over", winners=winners(state))


def _replace_power_cards(state) -> None:
    """Each power card in a row goes to the bottom of the draw pile and the top card replaces it, until a number."""
    for owner, row in enumerate(state["rows"]):
        for position, card in enumerate(row):
            while is_power(card):
                if not any(not is_power(c) for c in state["draw_pile"]):
                    reshuffle(state)
                state["draw_pile"].append(card)
                row[position] = state["draw_pile"].pop(0)
                _announce(state, "power_replaced", card=card, owner=owner, position=position,
                          replacement=row[position])
                card = row[position]


def _eliminate(state) -> None:
    if state["options"]["end"] != "elimination":
        return
    for seat, total in enumerate(state["totals"]):
        if not state["out"][seat] and reaches_limit(total, state["options"]["limit"]):
            state["out"][seat], state["out_round"][seat] = True, state["round"]
            state["log"].append({"event": "went_out", "seat": seat, "total": total})


def _game_ends(state) -> bool:
    return game_ends(state["options"], rounds_played=state["round"], still_in=sum(not out for out in state["out"]),
                     time_up=state["time_up"])


def game_ends(options: dict, *, rounds_played: int, still_in: int, time_up: bool) -> bool:
    """Whether the game ends after a round, as chosen: that many rounds played, the time up, or (elimination) at
    most one player left in. The engine and the table tally both ask this."""
    if options["end"] == "rounds":
        return rounds_played >= options["rounds"]
    if options["end"] == "time":
        return time_up
    return still_in <= 1


def _announce(state, event: str, **fields) -> None:
    state["log"].append({"event": event, "seat": None, **fields})


def outcome(state) -> dict:
    """The record's result: totals as scores, ranks, and per seat its round scores (None: sat out) and total."""
    return {
        "scores": list(state["totals"]),
        "ranks": ranks(state),
        "breakdown": [
            {"rounds": [r["scores"][seat] for r in state["rounds"]], "total": state["totals"][seat]}
            for seat in range(state["seats"])
        ],
    }
