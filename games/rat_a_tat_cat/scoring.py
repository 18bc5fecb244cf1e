"""Rat-a-Tat Cat scoring: the reveal at a round's end, round scores, eliminations, the game's end and the ranks."""

from . import memory
from .deck import card_name, is_power, reshuffle, with_article


def is_over(state) -> bool:
    return state["phase"] == "over"


def end_round(state) -> None:
    """Reveal every row, score it, put out whoever reached the limit, and end the game if it is over."""
    _replace_power_cards(state)
    scores = [None if state["out"][seat] else sum(row) for seat, row in enumerate(state["rows"])]
    for seat, score in enumerate(scores):
        if score is not None:
            state["totals"][seat] += score
    rows = [None if state["out"][seat] else list(row) for seat, row in enumerate(state["rows"])]
    state["rounds"].append({"round": state["round"], "rows": rows, "scores": scores})
    memory.learn_everything(state)
    state["showing"] = [[] for _ in state["showing"]]
    state["peeking"] = []
    listed = ", ".join(f"{{seat:{seat}}} {score}" for seat, score in enumerate(scores) if score is not None)
    _announce(state, f"Round {state['round']} ends: {listed}.")
    _eliminate(state)
    if _game_ends(state):
        state["phase"], state["drawn"], state["draws_left"] = "over", None, 0
        _announce_winners(state)


def _replace_power_cards(state) -> None:
    """Each power card in a row goes to the bottom of the draw pile and the top card replaces it, until a number."""
    for owner, row in enumerate(state["rows"]):
        for position, card in enumerate(row):
            while is_power(card):
                if not any(not is_power(c) for c in state["draw_pile"]):
                    reshuffle(state)
                state["draw_pile"].append(card)
                row[position] = state["draw_pile"].pop(0)
                _announce(state, f"The {card_name(card)} in position {position + 1} of {{seat:{owner}}} goes to the "
                                 f"bottom of the draw pile and is replaced by {with_article(row[position])}.")
                card = row[position]


def reaches_limit(total: int, limit: int) -> bool:
    """The elimination rule, for the engine and the table pad alike: a total reaching the limit is out."""
    return total >= limit


def _eliminate(state) -> None:
    if state["options"]["end"] != "elimination":
        return
    for seat, total in enumerate(state["totals"]):
        if not state["out"][seat] and reaches_limit(total, state["options"]["limit"]):
            state["out"][seat], state["out_round"][seat] = True, state["round"]
            _announce(state, f"{{seat:{seat}}} reaches {total} and is out.")


def _game_ends(state) -> bool:
    options = state["options"]
    if options["end"] == "rounds":
        return state["round"] >= options["rounds"]
    if options["end"] == "time":
        return state["time_up"]
    return sum(not out for out in state["out"]) <= 1


def _announce_winners(state) -> None:
    names = " and ".join(f"{{seat:{seat}}}" for seat in winners(state))
    verb = "wins" if len(winners(state)) == 1 else "share the win"
    _announce(state, f"The game is over: {names} {verb}.")


def _announce(state, text: str) -> None:
    state["log"].append({"seat": None, "text": text})


def _rank_key(state, seat: int) -> tuple:
    """Lower is better. In elimination, players still in come first, then the later out, each by total."""
    total = state["totals"][seat]
    if state["options"]["end"] != "elimination":
        return (total,)
    out_round = state["out_round"][seat]
    return (0, 0, total) if out_round is None else (1, -out_round, total)


def ranks(state) -> list:
    """1 = best; equal keys share a place (1, 1, 3)."""
    keys = [_rank_key(state, seat) for seat in range(state["seats"])]
    return [1 + sum(other < key for other in keys) for key in keys]


def winners(state) -> list:
    return [seat for seat, rank in enumerate(ranks(state)) if rank == 1]


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
