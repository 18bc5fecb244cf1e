"""Rat-a-Tat Cat rules as a pure engine: a JSON state in, a new JSON state out, no Django, no I/O, no clock.

The log holds events and refusals carry codes (games/contract.py); games/rat_a_tat_cat/words.py puts them into words.
"""


from games import contract
from games.contract import LOG_KEPT

from . import memory
from .deck import OUTER, POSITIONS, draw_top, is_power, put_in_middle, shuffled_deck
from .scoring import MAX_SEATS, MIN_SEATS, OPTIONS, end_round, is_over, normalise_options, outcome
from .visibility import final, reveal, view

SLUG = "rat_a_tat_cat"
NAME = "Rat-a-Tat Cat"

__all__ = ["SLUG", "NAME", "MIN_SEATS", "MAX_SEATS", "OPTIONS", "LOG_KEPT", "IllegalAction", "normalise_options",
           "new_game", "to_move", "legal_actions", "apply", "view", "reveal", "is_over", "outcome", "final",
           "deal_round"]

IllegalAction = contract.IllegalAction


# ---------------------------------------------------------------- setup

def new_game(seats: int, seed, options: dict | None = None, deck: list | None = None) -> dict:
    """A new match, round 1 dealt. The dealer of round 1 is the last seat, so seat 0 starts.

    `deck` (top card first) replaces the shuffled deck of round 1: tests use it to stack the deck.
    """
    contract.check_seat_count(seats, MIN_SEATS, MAX_SEATS)
    state = {
        "seats": seats, "seed": seed, "draws": 0, "options": normalise_options(options),
        "round": 0, "dealer": seats - 1, "turn": None, "phase": "play",
        "rows": [[] for _ in range(seats)], "out": [False] * seats, "out_round": [None] * seats,
        "draw_pile": [], "discard_pile": [], "drawn": None, "draws_left": 0,
        "known": memory.fresh(seats), "showing": [[] for _ in range(seats)], "peeking": [],
        "knocked_by": None, "last_turns": None, "time_up": False,
        "totals": [0] * seats, "rounds": [], "log": [], "logged": 0,
    }
    deal_round(state, list(deck) if deck is not None else shuffled_deck(state))
    state["logged"] = len(state["log"])
    return state


def players_in(state) -> list:
    return [seat for seat in range(state["seats"]) if not state["out"][seat]]


def left_of(state, seat: int) -> int:
    """The next player still in, to the left (seat + 1, going round)."""
    for step in range(1, state["seats"] + 1):
        nxt = (seat + step) % state["seats"]
        if not state["out"][nxt]:
            return nxt
    return seat


def deal_round(state, cards: list) -> None:
    """Deal 4 cards one at a time to each player still in, from the dealer's left, then turn the first discard."""
    state["round"] += 1
    first = left_of(state, state["dealer"])
    order = sorted(players_in(state), key=lambda seat: (seat - first) % state["seats"])
    state["log"].append({"event": "dealt", "seat": None, "round": state["round"], "dealer": state["dealer"]})
    state["rows"] = [[] for _ in range(state["seats"])]
    for _ in POSITIONS:
        for seat in order:
            state["rows"][seat].append(cards.pop(0))
    state["draw_pile"], state["discard_pile"] = cards, []
    _turn_first_discard(state)
    state.update(turn=first, phase="play", drawn=None, draws_left=0, knocked_by=None, last_turns=None)
    _opening_peek(state, order)


def _turn_first_discard(state) -> None:
    card = state["draw_pile"].pop(0)
    while is_power(card):
        put_in_middle(state, card)
        state["log"].append({"event": "power_turned_up", "seat": None, "card": card})
        card = state["draw_pile"].pop(0)
    state["discard_pile"] = [card]


def _opening_peek(state, players: list) -> None:
    """Each player sees their outer cards; with the memory aid they lie face up for everyone instead."""
    state["known"] = memory.fresh(state["seats"])
    state["showing"] = [[] for _ in range(state["seats"])]
    state["peeking"] = []
    for seat in players:
        for position in OUTER:
            if state["options"]["memory_aid"]:
                memory.learn_publicly(state, seat, position)
            else:
                memory.learn(state, seat, seat, position)
    if not state["options"]["memory_aid"]:
        state["peeking"] = sorted(players)
        for seat in players:
            state["showing"][seat] = list(OUTER)


# ---------------------------------------------------------------- whose move, which moves

def to_move(state) -> list:
    """The player whose turn it is, then every player whose opening peek is still showing."""
    if is_over(state):
        return []
    return [state["turn"]] + [seat for seat in state["peeking"] if seat != state["turn"]]


def legal_actions(state, seat) -> list:
    """The actions `seat` may make now; [] for anyone else (a spectator, or a value that is no seat)."""
    if is_over(state) or not contract.is_whole(seat) or not 0 <= seat < state["seats"]:
        return []
    actions = [{"type": "memorised"}] if seat in state["peeking"] else []
    if seat == state["turn"]:
        actions += PHASE_ACTIONS[state["phase"]](state, seat)
    return actions


def _play_actions(state, seat) -> list:
    take = [] if is_power(state["discard_pile"][0]) else [
        {"type": "take_discard", "position": position} for position in POSITIONS]
    return take + [{"type": "draw"}]


def _decide_actions(state, seat) -> list:
    card = state["drawn"]
    if card == "peek":
        used = [{"type": "peek", "position": position} for position in face_down(state)]
    elif card == "swap":
        used = [{"type": "swap", "position": position, "opponent": other, "their_position": theirs}
                for position in face_down(state) for other in players_in(state) if other != seat
                for theirs in face_down(state)]
    else:
        used = [{"type": "replace", "position": position} for position in POSITIONS]
    return used + [{"type": "discard"}]


def _knock_actions(state, seat) -> list:
    return [{"type": "knock"}, {"type": "end_turn"}]


PHASE_ACTIONS = {"play": _play_actions, "decide": _decide_actions, "knock": _knock_actions}


def face_down(state) -> list:
    """Positions whose cards lie face down: all four, or the middle two with the memory aid."""
    return [1, 2] if state["options"]["memory_aid"] else list(POSITIONS)


# ---------------------------------------------------------------- apply

def apply(state, seat, action) -> dict:
    """The state after `seat` makes `action`; the input is never changed. IllegalAction if not allowed now."""
    problem = refusal(state, seat, action)
    if problem:
        raise problem
    state = contract.copied(state)
    logged = len(state["log"])
    if action["type"] == "time_up":
        state["time_up"] = True
        state["log"].append({"event": "time_up", "seat": None})
    else:
        _hide_glimpses(state, seat)
        HANDLERS[action["type"]](state, seat, action)
    # "logged" counts every event ever written, so a bot can tell which ones in its view are new.
    state["logged"] = state.get("logged", logged) + len(state["log"]) - logged
    contract.bounded_log(state["log"])
    return state


def refusal(state, seat, action) -> IllegalAction | None:
    """Why the action is not allowed now (an IllegalAction with a code for the words module), or None."""
    try:
        kind = contract.check_action(action)
        if is_over(state):
            return IllegalAction("game_over", "The game is over.")
        if kind == "time_up":
            return _time_up_refusal(state, seat, action)
        contract.check_seat(state["seats"], seat)
        if kind not in HANDLERS:
            return IllegalAction("unknown_action", f"There is no move called {kind!r}.", action=kind)
        for key, value in action.items():
            if key != "type":
                contract.whole(value, key)
    except IllegalAction as problem:
        return problem
    if action in legal_actions(state, seat):
        return None
    return _why_not(state, seat, action)


def _time_up_refusal(state, seat, action) -> IllegalAction | None:
    if seat is not None or len(action) != 1:
        return IllegalAction("not_the_clock", "Only the match service says when time is up.")
    if state["options"]["end"] != "time":
        return IllegalAction("not_timed", "This game does not end on time.")
    return IllegalAction("time_already_up", "Time is already up.") if state["time_up"] else None


PHASE_KINDS = {
    "play": ("take_discard", "draw"),
    "decide": ("replace", "peek", "swap", "discard"),
    "knock": ("knock", "end_turn"),
}
USED_AS = {"peek": "peek", "swap": "swap"}


def _why_not(state, seat, action) -> IllegalAction:
    kind = action["type"]
    if kind == "memorised":
        return IllegalAction("peek_already_hidden", "Your opening peek is already hidden.")
    if seat != state["turn"]:
        return IllegalAction("not_your_turn", "It is not your turn.")
    if kind not in PHASE_KINDS[state["phase"]]:
        return IllegalAction("not_now", f"Not now: the turn is in its {state['phase']} step.", phase=state["phase"])
    if kind == "take_discard" and is_power(state["discard_pile"][0]):
        return IllegalAction("power_on_discard", "A power card can never be taken from the discard pile.",
                             card=state["discard_pile"][0])
    if state["phase"] == "decide" and kind != "discard" and kind != USED_AS.get(state["drawn"], "replace"):
        return IllegalAction("not_for_drawn_card", f"The drawn card ({state['drawn']}) is not played that way.",
                             card=state["drawn"])
    if kind == "swap" and (action.get("opponent") == seat or action.get("opponent") not in players_in(state)):
        return IllegalAction("not_an_opponent", "Swap with the card of an opponent still in the game.")
    if kind in ("peek", "swap") and state["options"]["memory_aid"] and _outer_chosen(action):
        return IllegalAction("face_up_card", "With the memory aid on, only face-down cards can be peeked at or "
                             "swapped.")
    if _bad_position(action):
        return IllegalAction("no_such_position", "Positions run from 0 to 3.")
    return IllegalAction("not_allowed", "That move is not allowed now.")


def _outer_chosen(action) -> bool:
    return action.get("position") in OUTER or action.get("their_position") in OUTER


def _bad_position(action) -> bool:
    return any(action.get(key, 0) not in POSITIONS for key in ("position", "their_position"))


def _hide_glimpses(state, seat: int) -> None:
    """A player's own move hides their opening peek and the card they last looked at."""
    state["showing"][seat] = []
    if seat in state["peeking"]:
        state["peeking"].remove(seat)


def _say(state, event: str, seat: int, **fields) -> None:
    state["log"].append({"event": event, "seat": seat, **fields})


# ---------------------------------------------------------------- the turn

def _memorised(state, seat, action) -> None:
    """Nothing more: _hide_glimpses already hid the opening peek."""


def _take_discard(state, seat, action) -> None:
    card = state["discard_pile"].pop(0)
    position = action["position"]
    old = _place(state, seat, position, card)
    memory.learn_publicly(state, seat, position)
    _say(state, "took_discard", seat, card=card, position=position, discarded=old)
    _end_card_play(state, seat)


def _draw(state, seat, action) -> None:
    state["draws_left"] = 1
    _draw_next(state, seat)


def _draw_next(state, seat) -> None:
    """Draw for the player; a Draw 2 is discarded at once and allows two more draws."""
    card = draw_top(state)
    while card == "draw2":
        state["discard_pile"].insert(0, card)
        state["draws_left"] = 2
        _say(state, "drew_draw2", seat)
        card = draw_top(state)
    state["drawn"], state["phase"] = card, "decide"


def _replace(state, seat, action) -> None:
    position = action["position"]
    old = _place(state, seat, position, state["drawn"])
    memory.forget(state, seat, position)
    if state["options"]["memory_aid"] and position in OUTER:
        memory.learn_publicly(state, seat, position)
    else:
        memory.learn(state, seat, seat, position)
    _say(state, "replaced", seat, position=position, discarded=old)
    _end_card_play(state, seat)


def _discard(state, seat, action) -> None:
    card = state["drawn"]
    state["discard_pile"].insert(0, card)
    state["drawn"] = None
    _say(state, "discarded", seat, card=card)
    state["draws_left"] -= 1
    if state["draws_left"] > 0:
        _draw_next(state, seat)
    else:
        _end_card_play(state, seat)


def _peek(state, seat, action) -> None:
    position = action["position"]
    memory.learn(state, seat, seat, position)
    state["showing"][seat] = [position]
    _discard_used_power(state)
    _say(state, "peeked", seat, position=position)
    _end_card_play(state, seat)


def _swap(state, seat, action) -> None:
    position, other, theirs = action["position"], action["opponent"], action["their_position"]
    rows = state["rows"]
    rows[seat][position], rows[other][theirs] = rows[other][theirs], rows[seat][position]
    memory.carry_swap(state, seat, position, other, theirs)
    _unshow(state, seat, position)
    _unshow(state, other, theirs)
    _discard_used_power(state)
    _say(state, "swapped", seat, position=position, opponent=other, their_position=theirs)
    _end_card_play(state, seat)


def _knock(state, seat, action) -> None:
    state["knocked_by"] = seat
    state["last_turns"] = len(players_in(state)) - 1
    _say(state, "knocked", seat)
    _pass_turn(state, seat)


def _end_turn(state, seat, action) -> None:
    _pass_turn(state, seat)


HANDLERS = {
    "memorised": _memorised, "take_discard": _take_discard, "draw": _draw, "replace": _replace,
    "discard": _discard, "peek": _peek, "swap": _swap, "knock": _knock, "end_turn": _end_turn,
}

# Knocking or not is a choice on a table everyone has seen: nothing turns face up and nothing is drawn. Every card
# play shows a card (the one drawn, the one a peek sees, the one put face up on the discard pile).
TAKEN_BACK = frozenset({"knock", "end_turn"})


def undoable(before: dict, seat: int, action: dict, after: dict) -> bool:
    """Whether `seat` may take `action` back (games/undo.py): a knock, or a turn ended without one."""
    return action.get("type") in TAKEN_BACK


def _place(state, seat: int, position: int, card):
    """Put a card into the row; the card it replaces goes face up on the discard pile and is returned."""
    old = state["rows"][seat][position]
    state["rows"][seat][position] = card
    state["discard_pile"].insert(0, old)
    state["drawn"] = None
    state["showing"][seat] = [position]
    return old


def _unshow(state, seat: int, position: int) -> None:
    if position in state["showing"][seat]:
        state["showing"][seat].remove(position)


def _discard_used_power(state) -> None:
    state["discard_pile"].insert(0, state["drawn"])
    state["drawn"] = None


def _end_card_play(state, seat: int) -> None:
    """The card play is over: before any knock the player may knock; after one, the turn passes at once."""
    state["drawn"], state["draws_left"] = None, 0
    if state["knocked_by"] is None:
        state["phase"] = "knock"
        return
    state["last_turns"] -= 1
    if state["last_turns"] > 0:
        _pass_turn(state, seat)
    else:
        _finish_round(state)


def _pass_turn(state, seat: int) -> None:
    state["turn"], state["phase"] = left_of(state, seat), "play"


def _finish_round(state) -> None:
    """Reveal and score the round, then deal the next one unless the game is over."""
    end_round(state)
    if is_over(state):
        state["turn"] = None
        return
    state["dealer"] = left_of(state, state["dealer"])
    deal_round(state, shuffled_deck(state))
