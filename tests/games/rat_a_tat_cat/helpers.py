"""Helpers for the Rat-a-Tat Cat tests: games dealt from a stacked deck, moves played in a row, what a seat sees."""

import json

import pytest

from games.rat_a_tat_cat import engine, memory
from games.rat_a_tat_cat.deck import POWER_CARDS, full_deck, is_power


def stacked_deck(rows, discard=None, draw=()):
    """A full deck, top card first, that deals `rows` (seat 0 first, as in round 1), turns `discard`, then `draw`.

    The remaining cards follow in order: numbers low to high, then the power cards at the bottom.
    """
    top = [rows[seat][position] for position in range(4) for seat in range(len(rows))]
    top += ([discard] if discard is not None else []) + list(draw)
    rest = full_deck()
    for card in top:
        rest.remove(card)
    rest.sort(key=lambda card: (is_power(card), POWER_CARDS.index(card) if is_power(card) else card))
    return top + rest


def stacked_game(rows, discard=None, draw=(), seed=1, **options):
    """A new game whose round 1 is dealt from a stacked deck (see stacked_deck)."""
    return engine.new_game(len(rows), seed, options, deck=stacked_deck(rows, discard, draw))


def play(state, *moves):
    """Apply (seat, action) moves in order; an action may be a plain type string such as "draw"."""
    for seat, action in moves:
        state = engine.apply(state, seat, {"type": action} if isinstance(action, str) else action)
    return state


def all_memorised(state):
    """Every player confirms the opening peek."""
    for seat in list(engine.to_move(state)):
        if {"type": "memorised"} in engine.legal_actions(state, seat):
            state = engine.apply(state, seat, {"type": "memorised"})
    return state


def shown(state, seat, owner):
    """The values `seat` sees on `owner`'s row, position by position (None: face down or unseen)."""
    return [card["shown"] for card in engine.view(state, seat)["rows"][owner]["cards"]]


def memory_of(state, seat):
    """What the rules let `seat` (None: the public) know of every row: the engine's knowledge, not a view."""
    return {(owner, position): memory.value(state, seat, owner, position)
            for owner, row in enumerate(state["rows"]) for position in range(len(row))
            if memory.value(state, seat, owner, position) is not None}


def on_screen(state, seat):
    """The cards the view gives `seat` in its "memory": what its screen shows now."""
    return {(m["seat"], m["position"]): m["value"] for m in engine.view(state, seat)["memory"]}


def last_log(state, count=1):
    return state["log"][-count:]


def refused(state, seat, move, code=None, **params):
    """The action raises IllegalAction (with that code and those params) and leaves the state as it was."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(engine.IllegalAction) as caught:
        engine.apply(state, seat, move)
    assert json.dumps(state, sort_keys=True) == before
    if code:
        assert caught.value.code == code, caught.value
    for key, value in params.items():
        assert caught.value.params[key] == value, caught.value.params
    return caught.value
