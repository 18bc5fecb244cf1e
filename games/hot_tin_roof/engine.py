"""Hot Tin Roof rules as a pure engine: a JSON state in, a new JSON state out, no Django, no I/O, no clock.

A turn: the ante (automatic, fish exchanged as needed; a player who cannot pay takes 2 cans and is skipped),
one dumpster dive, then rooftop racing until the player ends the turn or has nothing left to move. The game
ends at once when the last fish leaves the market; the pairs left are then settled (settle.py).
"""

import json

from games.contract import (
    LOG_KEPT,
    IllegalAction,
    bounded_log,
    check_action,
    check_seat,
    check_seat_count,
    copied,
    next_rng,
)

from . import dumpsters, purse, racing, rules, settle
from .board import board
from .dumpsters import DUMPSTERS, HOME, PAIRS
from .refusals import refuse

SLUG = "hot_tin_roof"
NAME = "Hot Tin Roof"
MIN_SEATS, MAX_SEATS = rules.MIN_PLAYERS, rules.MAX_PLAYERS
OPTIONS = rules.OPTIONS  # their labels and help for people are in words.py
normalise_options = rules.normalise_options

__all__ = ["SLUG", "NAME", "MIN_SEATS", "MAX_SEATS", "OPTIONS", "LOG_KEPT", "IllegalAction", "normalise_options",
           "new_game", "to_move", "legal_actions", "apply", "view", "is_over", "outcome", "final"]

ACTION_KEYS = {  # every key an action of each type may carry
    "dive": {"type", "dumpster", "gap", "patio", "from", "tile", "pair"},
    "move": {"type", "pair", "cat", "path"},
    "end_turn": {"type"},
    "settle": {"type", "pair", "path"},
}
PHASE_ACTIONS = {"dive": {"dive"}, "race": {"move", "end_turn"}, "settle": {"settle"}, "over": set()}


# ---------------------------------------------------------------- setup and turns

def new_game(seats: int, seed, options: dict | None = None) -> dict:
    """A new game: tiles shuffled (seeded), three turned up, dumpsters filled; seat 0 antes and dives first."""
    check_seat_count(seats, MIN_SEATS, MAX_SEATS)
    state = {
        "seats": seats, "seed": seed, "draws": 0, "options": rules.normalise_options(options),
        "phase": "dive", "turn": 0, "moved": [],
        "players": [{"cans": rules.START_CANS, "fish": 0, **rules.RESERVE, "home_tiles": 0,
                     "cats": {pair: [None, None] for pair in PAIRS}, "pairs_left": 0, "penalties": 0}
                    for _ in range(seats)],
        "catwalks": {}, "shelters": {},
        "dumpsters": dict(dumpsters.FIRST_CANS), "tiles": {}, "pile": list(board().tile_order), "discards": [],
        "market": rules.FISH_IN_MARKET[seats], "bank": 0, "fish_exchanged": 0,
        "trigger": None, "settle_order": [], "log": [],
    }
    next_rng(state).shuffle(state["pile"])
    for dumpster in HOME:
        state["tiles"][dumpster] = state["pile"].pop(0)
    start_turn(state, 0)
    return state


def start_turn(state: dict, seat: int) -> None:
    """The ante, automatically: exchange a fish if needed, pay 1 can onto each dumpster. A player who cannot pay
    takes 2 cans from the bank and the turn passes on at once (several players in a row if need be)."""
    state["moved"] = []
    while True:
        player = state["players"][seat]
        purse.exchange_for(state, seat, rules.ANTE)
        if player["cans"] >= rules.ANTE:
            player["cans"] -= rules.ANTE
            for dumpster in DUMPSTERS:
                state["dumpsters"][dumpster] += rules.ANTE // len(DUMPSTERS)
            state.update(turn=seat, phase="dive")
            state["log"].append({"event": "ante", "seat": seat, "cans": rules.ANTE})
            return
        purse.from_bank(state, seat, rules.HANDOUT)
        state["log"].append({"event": "skipped", "seat": seat, "cans": rules.HANDOUT})
        seat = (seat + 1) % state["seats"]


def end_turn(state: dict, seat: int, by_itself: bool) -> None:
    state["log"].append({"event": "turn_over" if by_itself else "ended_turn", "seat": seat})
    start_turn(state, (seat + 1) % state["seats"])


def _race_on(state: dict, seat: int) -> None:
    """After the dive or a move: the turn ends by itself when no cat can move any more."""
    state["phase"] = "race"
    if not racing.move_actions(state, seat):
        end_turn(state, seat, by_itself=True)


# ---------------------------------------------------------------- the contract

def to_move(state: dict) -> list[int]:
    return [] if is_over(state) else [state["turn"]]


def is_over(state: dict) -> bool:
    return state["phase"] == "over"


def legal_actions(state: dict, seat) -> list[dict]:
    if seat is None or is_over(state) or seat != state["turn"]:
        return []
    phase = state["phase"]
    if phase == "dive":
        return dumpsters.dive_actions(state, seat)
    if phase == "race":
        return [*racing.move_actions(state, seat), {"type": "end_turn"}]
    return settle.settle_actions(state, seat)


def _key(action) -> str:
    return json.dumps(action, sort_keys=True)


def apply(state: dict, seat, action: dict) -> dict:
    """The state after `seat` plays `action`; IllegalAction (with a code) and no change when it is not legal."""
    kind = check_action(action)
    check_seat(state["seats"], seat)
    if is_over(state):
        refuse("game_over", "The game is over.")
    if kind not in ACTION_KEYS:
        refuse("unknown_action", "There is no such move in Hot Tin Roof.", type=kind)
    if seat != state["turn"]:
        refuse("not_your_turn", "It is not your turn.", turn=state["turn"])
    if kind not in PHASE_ACTIONS[state["phase"]]:
        refuse(f"no_{kind}_now", "That move is not allowed now.", phase=state["phase"])
    extra = sorted(set(action) - ACTION_KEYS[kind])
    if extra:
        refuse("unknown_field", f"A {kind} has no field {extra[0]!r}.", field=extra[0])
    if _key(action) not in {_key(a) for a in legal_actions(state, seat)}:
        DIAGNOSE[kind](state, seat, action)
        refuse("not_allowed", "That move is not allowed now.")
    new = copied(state)
    action = json.loads(json.dumps(action))
    if kind == "dive":
        dumpsters.dive(new, seat, action)
        _race_on(new, seat)
    elif kind == "move":
        if racing.move(new, seat, action) and rules.market_empty(new["market"]):
            settle.start(new, seat)
        else:
            _race_on(new, seat)
    elif kind == "end_turn":
        end_turn(new, seat, by_itself=False)
    else:
        settle.settle(new, seat, action)
    bounded_log(new["log"])
    return new


DIAGNOSE = {"dive": dumpsters.diagnose, "move": racing.diagnose, "end_turn": lambda *_: None,
            "settle": settle.diagnose}


def undoable(before: dict, seat: int, action: dict, after: dict) -> bool:
    """Whether `seat` may take `action` back (games/undo.py): a rooftop move or an ended turn, which turn up no
    tile (a dive turns the next one up from the pile; settling ends the game)."""
    return action.get("type") in ("move", "end_turn") and len(after["pile"]) == len(before["pile"])


# ---------------------------------------------------------------- what players see, and the end

def _player_view(state: dict, seat: int) -> dict:
    player = state["players"][seat]
    return {"seat": seat, "cans": player["cans"], "fish": player["fish"], "catwalks": player["catwalks"],
            "shelters": player["shelters"], "home_tiles": player["home_tiles"],
            "cats": {pair: list(player["cats"][pair]) for pair in PAIRS},
            "pairs_left": player["pairs_left"], "penalties": player["penalties"]}


def view(state: dict, seat) -> dict:
    """Everything on the table: the board, every player's holdings, dumpsters, market, the number of tiles left.
    Never the order of the pile, the discards' order or the seed."""
    check_seat(state["seats"], seat, spectator=True)
    tiles = {d: ({"id": t, "patios": list(board().tiles[t])} if t else None) for d, t in state["tiles"].items()}
    shown = {
        "seat": seat, "seats": state["seats"], "phase": state["phase"], "turn": state["turn"],
        "moved": list(state["moved"]), "options": dict(state["options"]),
        "players": [_player_view(state, s) for s in range(state["seats"])],
        "catwalks": dict(state["catwalks"]), "shelters": dict(state["shelters"]),
        "dumpsters": [{"id": d, "cans": state["dumpsters"][d], "tile": tiles.get(d)} for d in DUMPSTERS],
        "market": state["market"], "tiles_left": len(state["pile"]), "discards": len(state["discards"]),
        "trigger_seat": state["trigger"], "log": [dict(entry) for entry in state["log"]],
    }
    if is_over(state):
        shown["result"] = outcome(state)
        trigger, options = state["trigger"], state["options"]
        tiles_taken = [p["home_tiles"] for p in state["players"]] if options["home_tiles_break_ties"] else None
        shown["ties"] = rules.tie_break(shown["result"]["scores"], trigger, tiles_taken)
    return shown


def final(state: dict) -> dict:
    """The record's `final` (design/records.md)."""
    fields = ("cans", "fish", "home_tiles", "pairs_left", "penalties")
    return {"players": [{name: p[name] for name in fields} for p in state["players"]],
            "trigger_seat": state["trigger"]}


def outcome(state: dict) -> dict:
    """The record's `result`: scores (cans + 10 per fish), strict ranks (the seat tie-break), the breakdown.

    A match ended early (a resignation, docs/live-matches.md) has no trigger player yet: the seat tie-break then
    counts from the player whose turn it was, as if they had taken the last fish."""
    done = final(state)
    trigger = done["trigger_seat"] if done["trigger_seat"] is not None else state["turn"]
    return rules.result(done["players"], trigger, state["options"])
