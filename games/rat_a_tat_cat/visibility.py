"""What each seat of a Rat-a-Tat Cat game may see: the view of a state for a seat or a spectator, and the final."""

from . import memory
from .deck import OUTER
from .scoring import is_over, winners

LOG_IN_VIEW = 200


def view(state, seat=None) -> dict:
    """Everything `seat` may see (None: a spectator), and nothing else."""
    viewer = seat if type(seat) is int and 0 <= seat < state["seats"] else None
    drawer = viewer is not None and viewer == state["turn"]
    return {
        "seat": viewer,
        "seats": state["seats"],
        "options": dict(state["options"]),
        "round": state["round"],
        "dealer": state["dealer"],
        "turn": state["turn"],
        "phase": state["phase"],
        "knocked_by": state["knocked_by"],
        "last_turns": state["last_turns"],
        "opening_peek": list(state["peeking"]),
        "draw_pile": len(state["draw_pile"]),
        "discard": state["discard_pile"][0] if state["discard_pile"] else None,
        "discard_pile": len(state["discard_pile"]),
        "drawn": state["drawn"] if drawer else None,
        "draws_left": state["draws_left"],
        "rows": [_row_view(state, viewer, owner) for owner in range(state["seats"])],
        "memory": memory.entries(state, viewer),
        "totals": list(state["totals"]),
        "rounds": [{"round": r["round"], **_round_record(r)} for r in state["rounds"]],
        "log": [dict(entry) for entry in state["log"][-LOG_IN_VIEW:]],
        "time_up": state["time_up"],
        "is_over": is_over(state),
        "winners": winners(state) if is_over(state) else [],
    }


def reveal(state) -> dict:
    """The table with every card in every row face up: for replays of finished matches, never for one in play."""
    table = view(state, None)
    for row in table["rows"]:
        for card in row["cards"]:
            card["shown"], card["face_up"] = state["rows"][row["seat"]][card["position"]], True
    return table


def _row_view(state, viewer, owner: int) -> dict:
    cards = [
        {"position": position, "shown": _shown(state, viewer, owner, position),
         "face_up": is_over(state) or (state["options"]["memory_aid"] and position in OUTER)}
        for position in range(len(state["rows"][owner]))
    ]
    return {"seat": owner, "cards": cards, "out": state["out"][owner]}


def _shown(state, viewer, owner: int, position: int):
    """The value on the viewer's screen: face-up cards, their own glimpses, and with the memory aid all they know."""
    value = memory.value(state, viewer, owner, position)
    if is_over(state) or state["options"]["memory_aid"]:
        return value
    if viewer == owner and position in state["showing"][owner]:
        return value
    return None


def final(state) -> dict:
    """The record's public end state: every finished round's rows and scores."""
    return {"rounds": [_round_record(r) for r in state["rounds"]]}


def _round_record(finished: dict) -> dict:
    """A finished round's rows (None for a player already out) and scores, copied."""
    rows = [None if row is None else list(row) for row in finished["rows"]]
    return {"rows": rows, "scores": list(finished["scores"])}
