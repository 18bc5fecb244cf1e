"""Rat-a-Tat Cat rules as a pure engine: a JSON state in, a new JSON state out, no Django, no I/O, no clock."""

import json

from . import memory
from .deck import OUTER, POSITIONS, card_name, draw_top, is_power, put_in_middle, shuffled_deck, with_article
from .scoring import end_round, is_over, outcome
from .visibility import final, reveal, view

SLUG = "rat_a_tat_cat"
NAME = "Rat-a-Tat Cat"
MIN_SEATS = 2
MAX_SEATS = 6
OPTIONS = {
    "end": {"default": "rounds", "choices": ["rounds", "time", "elimination"], "time_limit": "time",
            "label": "The game ends by",
            "help": "Rounds: after a number of rounds. Time: when the time limit passes (the round is finished). "
                    "Elimination: a player reaching the limit is out; the last player in wins."},
    "rounds": {"default": 5, "min": 1, "max": 20, "label": "Rounds", "help": "When the game ends by rounds."},
    "limit": {"default": 100, "min": 10, "max": 500, "label": "Elimination limit",
              "help": "When the game ends by elimination: a total reaching this is out."},
    "memory_aid": {"default": False, "choices": [False, True], "label": "Memory aid",
                   "help": "Cards you have seen stay visible to you; outer cards lie face up (for young players)."},
}

__all__ = ["SLUG", "NAME", "MIN_SEATS", "MAX_SEATS", "OPTIONS", "IllegalAction", "normalise_options", "new_game",
           "to_move", "legal_actions", "apply", "view", "reveal", "is_over", "outcome", "final", "deal_round"]


LOG_KEPT = 200


class IllegalAction(Exception):
    """A move the rules do not allow now; the message says why in plain English."""


# ---------------------------------------------------------------- options and setup

def normalise_options(options=None) -> dict:
    """The match options with defaults filled in; IllegalAction for an unknown option or a bad value."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise IllegalAction(f"Unknown option: {', '.join(unknown)}.")
    return {name: _checked_option(name, spec, options.get(name, spec["default"])) for name, spec in OPTIONS.items()}


def _checked_option(name: str, spec: dict, value):
    if "choices" in spec:
        if type(value) is not type(spec["default"]) or value not in spec["choices"]:
            raise IllegalAction(f"Option {name} must be one of {spec['choices']}.")
    elif type(value) is not int or not spec["min"] <= value <= spec["max"]:
        raise IllegalAction(f"Option {name} must be a whole number from {spec['min']} to {spec['max']}.")
    return value


def new_game(seats: int, seed, options: dict | None = None, deck: list | None = None) -> dict:
    """A new match, round 1 dealt. The dealer of round 1 is the last seat, so seat 0 starts.

    `deck` (top card first) replaces the shuffled deck of round 1: tests use it to stack the deck.
    """
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise IllegalAction(f"Rat-a-Tat Cat is for {MIN_SEATS} to {MAX_SEATS} players.")
    state = {
        "seats": seats, "seed": seed, "draws": 0, "options": normalise_options(options),
        "round": 0, "dealer": seats - 1, "turn": None, "phase": "play",
        "rows": [[] for _ in range(seats)], "out": [False] * seats, "out_round": [None] * seats,
        "draw_pile": [], "discard_pile": [], "drawn": None, "draws_left": 0,
        "known": memory.fresh(seats), "showing": [[] for _ in range(seats)], "peeking": [],
        "knocked_by": None, "last_turns": None, "time_up": False,
        "totals": [0] * seats, "rounds": [], "log": [],
    }
    deal_round(state, list(deck) if deck is not None else shuffled_deck(state))
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
    state["log"].append({"seat": None, "text": f"Round {state['round']}: {{seat:{state['dealer']}}} deals."})
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
        state["log"].append({"seat": None, "text": f"A {card_name(card)} turned up as the first "
                                                   "discard and went back into the middle of the draw pile."})
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
    if is_over(state) or seat is None:
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
    reason = refusal(state, seat, action)
    if reason:
        raise IllegalAction(reason)
    state = json.loads(json.dumps(state))
    if action["type"] == "time_up":
        state["time_up"] = True
        state["log"].append({"seat": None, "text": "Time is up: the round in progress is the last."})
        return state
    _hide_glimpses(state, seat)
    HANDLERS[action["type"]](state, seat, action)
    # The state keeps only the recent log: views show no more, and the match's moves are the full record.
    del state["log"][:-LOG_KEPT]
    return state


def refusal(state, seat, action) -> str | None:
    """Why the action is not allowed now, in plain English, or None when it is."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return "An action must be an object with a type."
    if is_over(state):
        return "The game is over."
    if action["type"] == "time_up":
        return _time_up_refusal(state, seat, action)
    if type(seat) is not int or not 0 <= seat < state["seats"]:
        return "Only a player at the table can make that move."
    if action["type"] not in HANDLERS:
        return f"There is no move called {action['type']!r}."
    if any(type(value) is not int for key, value in action.items() if key != "type"):
        return "Positions and seats must be whole numbers."
    if action in legal_actions(state, seat):
        return None
    return _why_not(state, seat, action)


def _time_up_refusal(state, seat, action) -> str | None:
    if seat is not None or len(action) != 1:
        return "Only the match service says when time is up."
    if state["options"]["end"] != "time":
        return "This game does not end on time."
    return "Time is already up." if state["time_up"] else None


PHASE_KINDS = {
    "play": ("take_discard", "draw"),
    "decide": ("replace", "peek", "swap", "discard"),
    "knock": ("knock", "end_turn"),
}
USED_AS = {"peek": "peek", "swap": "swap"}
WAITING_FOR = {
    "play": "take the top discard or draw a card",
    "decide": "play or discard the card you drew",
    "knock": "knock or end your turn",
}


def _why_not(state, seat, action) -> str:
    kind = action["type"]
    if kind == "memorised":
        return "Your opening peek is already hidden."
    if seat != state["turn"]:
        return "It is not your turn."
    if kind not in PHASE_KINDS[state["phase"]]:
        return f"Not now: {WAITING_FOR[state['phase']]}."
    if kind == "take_discard" and is_power(state["discard_pile"][0]):
        return "A power card can never be taken from the discard pile."
    if state["phase"] == "decide" and kind != "discard" and kind != USED_AS.get(state["drawn"], "replace"):
        return f"You drew {with_article(state['drawn'])}: {WAITING_FOR['decide']}."
    if kind == "swap" and (action.get("opponent") == seat or action.get("opponent") not in players_in(state)):
        return "Swap with the card of an opponent still in the game."
    if kind in ("peek", "swap") and state["options"]["memory_aid"] and _outer_chosen(action):
        return "With the memory aid on, only face-down cards can be peeked at or swapped."
    return "Positions run from 0 to 3." if _bad_position(action) else "That move is not allowed now."


def _outer_chosen(action) -> bool:
    return action.get("position") in OUTER or action.get("their_position") in OUTER


def _bad_position(action) -> bool:
    return any(action.get(key, 0) not in POSITIONS for key in ("position", "their_position"))


def _hide_glimpses(state, seat: int) -> None:
    """A player's own move hides their opening peek and the card they last looked at."""
    state["showing"][seat] = []
    if seat in state["peeking"]:
        state["peeking"].remove(seat)


def _say(state, seat, text: str) -> None:
    state["log"].append({"seat": seat, "text": text})


# ---------------------------------------------------------------- the turn

def _memorised(state, seat, action) -> None:
    """Nothing more: _hide_glimpses already hid the opening peek."""


def _take_discard(state, seat, action) -> None:
    card = state["discard_pile"].pop(0)
    position = action["position"]
    old = _place(state, seat, position, card)
    memory.learn_publicly(state, seat, position)
    _say(state, seat, f"took the {card_name(card)} from the discard pile and put it in position {position + 1}, "
                      f"discarding {with_article(old)}")
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
        _say(state, seat, "drew a Draw 2 and discarded it: up to two more draws")
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
    _say(state, seat, f"drew a card and put it in position {position + 1}, discarding {with_article(old)}")
    _end_card_play(state, seat)


def _discard(state, seat, action) -> None:
    card = state["drawn"]
    state["discard_pile"].insert(0, card)
    state["drawn"] = None
    if is_power(card):
        _say(state, seat, f"drew {with_article(card)} and did not use it")
    else:
        _say(state, seat, f"drew a card and discarded it: {card}")
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
    _say(state, seat, f"drew a Peek and looked at position {position + 1}")
    _end_card_play(state, seat)


def _swap(state, seat, action) -> None:
    position, other, theirs = action["position"], action["opponent"], action["their_position"]
    rows = state["rows"]
    rows[seat][position], rows[other][theirs] = rows[other][theirs], rows[seat][position]
    memory.carry_swap(state, seat, position, other, theirs)
    _unshow(state, seat, position)
    _unshow(state, other, theirs)
    _discard_used_power(state)
    _say(state, seat, f"drew a Swap and swapped their position {position + 1} with position {theirs + 1} "
                      f"of {{seat:{other}}}")
    _end_card_play(state, seat)


def _knock(state, seat, action) -> None:
    state["knocked_by"] = seat
    state["last_turns"] = len(players_in(state)) - 1
    _say(state, seat, "knocked: Rat-a-tat cat!")
    _pass_turn(state, seat)


def _end_turn(state, seat, action) -> None:
    _pass_turn(state, seat)


HANDLERS = {
    "memorised": _memorised, "take_discard": _take_discard, "draw": _draw, "replace": _replace,
    "discard": _discard, "peek": _peek, "swap": _swap, "knock": _knock, "end_turn": _end_turn,
}


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
