"""Helpers for the Cat Tower tests: games with chosen dice and sheets, actions in few words, a round in one call."""

import json

from games.cat_tower import engine


def game(seats=3, seed=1, roll=None, first=None, **options):
    """A new game; roll and first replace round 1's dice and first player (to set up a scenario)."""
    state = engine.new_game(seats, seed, options)
    return with_roll(state, roll, first) if roll is not None or first is not None else state


def with_roll(state, roll=None, first=None):
    """The same game at the start of its current round's draft, with these dice and this first player."""
    state = json.loads(json.dumps(state))
    roll = state["roll"] if roll is None else list(roll)
    assert len(roll) == state["seats"] + 1
    first = state["first_player"] if first is None else first
    state.update(roll=roll, taken_by=[None] * len(roll), shared=None, first_player=first, draft_turn=first,
                 phase="draft", pending=[None] * state["seats"])
    return state


def with_sheet(state, seat, marks=(), circled=0, crossed=0, cats=None):
    """The same game with seat's sheet holding these marks ({"3-2": "bowl"} or pairs) and footprints."""
    state = json.loads(json.dumps(state))
    sheet = state["sheets"][seat]
    sheet["marks"].update(dict(marks))
    sheet["footprints"] = {"circled": circled, "crossed": crossed}
    if cats is not None:
        sheet["cats"] = dict(cats)
    return state


def take(die):
    return {"type": "take_die", "die": die}


def mark(item, column, floor, footprints=0, cat=None):
    return {"type": "mark", "item": item, "column": column, "floor": floor, "footprints": footprints, "cat": cat}


PASS = {"type": "pass"}


def draft(state, *dice):
    """Seats take these dice (indices into the roll) in draft order."""
    for die in dice:
        state = engine.apply(state, engine.to_move(state)[0], take(die))
    return state


def submit(state, marks):
    """Each seat's mark, given as {seat: action}; seats left out pass."""
    for seat in range(state["seats"]):
        if seat in engine.to_move(state):
            state = engine.apply(state, seat, marks.get(seat, PASS))
    return state


def play_round(state, roll, dice, marks, first=None):
    """One whole round: roll these dice, draft them in order from the first player, then everyone marks."""
    state = draft(with_roll(state, roll, first), *dice)
    return submit(state, marks)


def record_sheet(marks=(), cats=None, columns=None, circled=0, crossed=0):
    """A sheet in the records.md shape, for scoring and validation."""
    return {"marks": dict(marks), "cats": dict(cats or {}), "columns": dict(columns or {}),
            "footprints": {"circled": circled, "crossed": crossed}}


def snapshot(state):
    return json.dumps(state, sort_keys=True)


def refused(state, seat, move, code, **params):
    """The action raises IllegalAction with this code (and these params) and leaves the state as it was."""
    before = json.dumps(state, sort_keys=True)
    try:
        engine.apply(state, seat, move)
    except engine.IllegalAction as refusal:
        assert refusal.code == code, refusal
        assert {key: refusal.params.get(key) for key in params} == params, refusal.params
        assert json.dumps(state, sort_keys=True) == before
        return refusal
    raise AssertionError(f"{move} by seat {seat} was accepted")


def events(state, kind):
    """The log's events of one kind, without their "event" key."""
    return [{k: v for k, v in e.items() if k != "event"} for e in state["log"] if e.get("event") == kind]
