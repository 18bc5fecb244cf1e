"""What each seat of a Rat-a-Tat Cat game may see: the view of a state for a seat or a spectator, and the final."""

from games import contract
from games.contract import LOG_KEPT

from . import memory
from .deck import OUTER
from .scoring import is_over, winners


def view(state, seat=None) -> dict:
    """Everything `seat` may see (None: a spectator), and nothing else; IllegalAction for a value that is no seat.

    "memory" lists the cards on the seat's screen: without the memory aid only its glimpses still showing (its
    opening peek, the card it just put in or looked at) and, once the game is over, every card; with the memory
    aid everything it has seen. A card seen earlier and hidden again is the player's to remember (bots keep
    their own notes from their views: bots.remember).
    """
    viewer = contract.check_seat(state["seats"], seat, spectator=True)
    drawer = viewer is not None and viewer == state["turn"]
    rows = [_row_view(state, viewer, owner) for owner in range(state["seats"])]
    log = state["log"][-LOG_KEPT:]
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
        "rows": rows,
        "memory": [{"seat": row["seat"], "position": card["position"], "value": card["shown"]}
                   for row in rows for card in row["cards"] if card["shown"] is not None],
        "totals": list(state["totals"]),
        "rounds": [{"round": r["round"], **_round_record(r)} for r in state["rounds"]],
        "log": [dict(entry) for entry in log],
        # How many events came before the first one in "log" (states saved before the count: as if none).
        "log_start": state.get("logged", len(state["log"])) - len(log),
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
