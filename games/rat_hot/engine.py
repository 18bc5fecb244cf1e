"""Rat Hot engine: the pure rules of the two-player spice-strip game (../docs/games/rat_hot.md).

Pure: no Django, no I/O, no clock. The shuffle draws from games.contract.next_rng, whose counter lives in the
state, so the same seed and the same actions always give the same game. The state is JSON:
  cells      {"x,y": [height, space, strip]} the top strip of every occupied cell
  placements [[strip, x, y, dir], ...] every strip on the table in the order placed, the start strip first
  deck       the strips still face down, in the order they will be revealed (hidden from every view)
  drawn      the strips revealed so far, in the order revealed; revealed: those of this turn not yet placed
  chips      per seat {"grey": n, "yellow": n}; tally: per seat the final tally once the last strip is placed
"""
from __future__ import annotations

from games.contract import (
    LOG_KEPT,
    IllegalAction,
    bounded_log,
    check_action,
    check_seat,
    check_seat_count,
    is_whole,
    next_rng,
)

from . import layout as geometry
from . import scoring
from .scoring import BY_RATS, LAST_STRIP, OPTIONS, normalise_options
from .strips import COLOURS, ORDER, OWNER, RATS, START_ID, spaces_of

__all__ = ["IllegalAction", "LOG_KEPT", "OPTIONS", "normalise_options"]

SLUG = "rat_hot"
NAME = "Rat Hot"
MIN_SEATS = MAX_SEATS = scoring.PLAYERS
PLACE_FIELDS = {"type", "strip", "x", "y", "dir"}


# --------------------------------------------------------------------------------------------- the state


def new_game(seats: int, seed: int, options: dict | None = None) -> dict:
    check_seat_count(seats, MIN_SEATS, MAX_SEATS)
    state = {
        "seats": seats, "seed": seed, "draws": 0, "options": normalise_options(options),
        "cells": {_key(c): [1, space, START_ID] for c, space in zip(geometry.START_CELLS, spaces_of(START_ID),
                                                                    strict=True)},
        "placements": [[START_ID, -1, 0, "E"]],
        "deck": list(ORDER), "drawn": [], "revealed": [], "turn": 0, "turn_number": 0,
        "chips": [{"grey": 0, "yellow": 0} for _ in range(seats)],
        "scored": [], "tally": None, "ended_by": None, "loser": None, "log": [],
    }
    next_rng(state).shuffle(state["deck"])
    _start_turn(state, 0, 1)  # the first turn reveals one strip
    return state


def _key(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def board(state: dict) -> dict:
    """The layout as geometry and scoring read it: {(x, y): (height, space, strip)}."""
    out = {}
    for key, (height, space, strip) in state["cells"].items():
        x, y = key.split(",")
        out[(int(x), int(y))] = (height, space, strip)
    return out


def _copy(state: dict) -> dict:
    new = dict(state)
    for key in ("placements", "deck", "drawn", "revealed", "log"):
        new[key] = list(state[key])
    new["cells"] = dict(state["cells"])
    new["chips"] = [dict(c) for c in state["chips"]]
    return new


def _start_turn(state: dict, seat: int, count: int) -> None:
    state["turn"] = seat
    state["turn_number"] += 1
    state["revealed"] = state["deck"][:count]
    del state["deck"][:count]
    state["drawn"] += state["revealed"]
    state["log"].append({"event": "revealed", "seat": seat, "strips": list(state["revealed"])})


# --------------------------------------------------------------------------------------------- whose move


def is_over(state: dict) -> bool:
    return state["ended_by"] is not None


def to_move(state: dict) -> list[int]:
    return [] if is_over(state) else [state["turn"]]


def legal_actions(state: dict, seat) -> list[dict]:
    """Every placement of every strip revealed this turn, when `seat` is to move (else nothing)."""
    if seat not in to_move(state):
        return []
    spots = geometry.placements(board(state))
    return [{"type": "place", "strip": strip, "x": x, "y": y, "dir": d}
            for strip in state["revealed"] for x, y, d in spots]


# --------------------------------------------------------------------------------------------- a move


def check_place(state: dict, seat, action) -> tuple[str, tuple]:
    """The strip and cells of a placement `seat` may make now; IllegalAction (with a code) when not."""
    seat = check_seat(state["seats"], seat)
    kind = check_action(action)
    if is_over(state):
        raise IllegalAction("game_over", "The game is over.")
    if seat != state["turn"]:
        raise IllegalAction("not_your_turn", "It is not your turn.", turn=state["turn"])
    if kind != "place":
        raise IllegalAction("unknown_action", f"Rat Hot has no move {kind!r}.", action=kind)
    if set(action) != PLACE_FIELDS or not all(is_whole(action[k]) for k in ("x", "y")) \
            or not isinstance(action["dir"], str) or action["dir"] not in geometry.DIRS \
            or not isinstance(action["strip"], str):
        raise IllegalAction("bad_place", "A placement names a strip, whole numbers x and y, and dir E, S, W or N.")
    if action["strip"] not in state["revealed"]:
        raise IllegalAction("not_revealed", "That strip is not one of this turn's strips.", strip=action["strip"],
                            revealed=list(state["revealed"]))
    where = geometry.cells(action["x"], action["y"], action["dir"])
    code = geometry.refusal(board(state), where)
    if code is not None:
        raise IllegalAction(code, _REFUSALS[code], strip=action["strip"], x=action["x"], y=action["y"],
                            dir=action["dir"])
    return action["strip"], where


_REFUSALS = {
    geometry.OFF_TABLE: "The strip must lie wholly on the table.",
    geometry.HOLLOW: "The three cells under a strip must be of the same height: no hollow under it.",
    geometry.ONE_STRIP: "A strip may not cover one single strip entirely.",
    geometry.NOT_TOUCHING: "A strip on the table must touch the layout.",
}


def apply(state: dict, seat, action: dict) -> dict:
    strip, where = check_place(state, seat, action)
    new = _copy(state)
    layout = board(new)
    spaces = spaces_of(strip)
    placed = dict(zip(where, spaces, strict=True))
    scored = scoring.placement_groups(geometry.tops(layout), placed)
    for cell, space in placed.items():
        height = layout[cell][0] + 1 if cell in layout else 1
        new["cells"][_key(cell)] = [height, space, strip]
    new["placements"].append([strip, action["x"], action["y"], action["dir"]])
    new["revealed"].remove(strip)
    new["log"].append({"event": "placed", "seat": seat, "strip": strip, "spaces": list(spaces), "x": action["x"],
                       "y": action["y"], "dir": action["dir"]})
    new["scored"] = []
    for spice, cells in scored:
        owner, chip = OWNER[spice], scoring.chip_for(len(cells))
        new["chips"][owner][chip] += 1
        new["scored"].append({"seat": owner, "spice": spice, "cells": [list(c) for c in sorted(cells)],
                              "chip": chip})
        new["log"].append({"event": "scored", "seat": owner, "spice": spice, "size": len(cells), "chip": chip,
                           "points": scoring.CHIPS[chip], "by": seat})
    if not new["revealed"]:
        _end_turn(new, seat)
    bounded_log(new["log"])
    return new


def undoable(before: dict, seat: int, action: dict, after: dict) -> bool:
    """Whether `seat` may take `action` back (games/undo.py): the first strip placed of a turn of two, while the
    other is still to place (placing the last one reveals the next player's strips)."""
    return len(after["deck"]) == len(before["deck"]) and not is_over(after)


def _end_turn(state: dict, seat: int) -> None:
    top = {c: space for c, (_, space, _) in board(state).items()}
    if scoring.lost_by_rats(top, seat, state["options"]):
        state.update(ended_by=BY_RATS, loser=seat)
        state["log"].append({"event": "lost_by_rats", "seat": seat, "rats": scoring.rats_visible(top, seat)})
    elif not state["deck"]:
        state.update(ended_by=LAST_STRIP, tally=scoring.final_tally(top))
        for other, entry in enumerate(state["tally"]):
            state["log"].append({"event": "final_tally", "seat": other, **entry})
    else:
        _start_turn(state, 1 - seat, min(2, len(state["deck"])))
    if is_over(state):
        result = outcome(state)
        state["log"].append({"event": "game_over", "seat": None, "scores": result["scores"],
                             "ranks": result["ranks"], "ended_by": state["ended_by"]})


# --------------------------------------------------------------------------------------------- reading it


def points(state: dict, seat: int) -> int:
    """A seat's chips in points: its running score."""
    return scoring.chip_points(state["chips"][seat]["grey"], state["chips"][seat]["yellow"])


def outcome(state: dict) -> dict:
    tally = state["tally"] or [{"points": 0} for _ in range(state["seats"])]
    players = [{"chips": points(state, seat), "final_tally": tally[seat]["points"]}
               for seat in range(state["seats"])]
    return scoring.result(players, state["loser"])


def final(state: dict) -> dict:
    return {"deck": list(state["drawn"]), "ended_by": state["ended_by"]}


def table_final(state: dict) -> dict:
    """The final-tally sheet a table would fill in for this finished game (the record pad's `final`): chips by
    colour, and the visible groups by size unless the rats ended it. tally.outcome of it is this outcome."""
    tally = state["tally"] or [{"pairs": 0, "large": 0} for _ in range(state["seats"])]
    return {"ended_by": state["ended_by"],
            "players": [{"grey": state["chips"][s]["grey"], "yellow": state["chips"][s]["yellow"],
                         "pairs": tally[s]["pairs"], "large": tally[s]["large"], "lost_by_rats": state["loser"] == s}
                        for s in range(state["seats"])]}


def view(state: dict, seat: int | None) -> dict:
    """Everything public: the whole table, both scores, this turn's strips and how many are left. Never the
    order of the face-down strips or the seed."""
    layout = board(state)
    top = geometry.tops(layout)
    return {
        "seat": seat,
        "turn": None if is_over(state) else state["turn"],
        "turn_number": state["turn_number"],
        "colours": list(COLOURS),
        "cells": [[x, y, h, space, strip] for (x, y), (h, space, strip) in sorted(layout.items())],
        "placements": [list(p) for p in state["placements"]],
        "revealed": [{"id": strip, "spaces": list(spaces_of(strip))} for strip in state["revealed"]],
        "first_of_two": len(state["revealed"]) == 2,
        "left": len(state["deck"]),
        "chips": [{**state["chips"][s], "points": points(state, s)} for s in range(state["seats"])],
        "rats": [scoring.rats_visible(top, s) for s in range(state["seats"])],
        "rats_option": state["options"]["rats"],
        "rat_spaces": list(RATS),
        "scored": [dict(entry, cells=[list(c) for c in entry["cells"]]) for entry in state["scored"]],
        "over": is_over(state),
        "ended_by": state["ended_by"],
        "loser": state["loser"],
        "tally": [dict(t) for t in state["tally"]] if state["tally"] else None,
        "log": [dict(entry) for entry in state["log"]],
    }


def reveal(state: dict) -> dict:
    """The view with every secret shown, for replays of a finished match: the face-down strips in their order."""
    return {**view(state, None), "deck": list(state["deck"])}
