"""The engine contract: names, options, JSON state, seeded randomness, the view's and the record's shapes, purity."""

import ast
import json
from pathlib import Path

import pytest

from games.cat_tower import engine

from .helpers import PASS, draft, game, mark, refused, submit

VIEW_KEYS = {
    "seat", "seats", "round", "first_player", "phase", "roll", "shared", "my_die", "draft_turn", "to_move",
    "submitted", "pending", "sheets", "scores", "claimed_columns", "columns_to_end", "is_over", "winners", "log",
}
BREAKDOWN_KEYS = {"cats", "yarn", "butterfly", "bowl", "cushion", "mouse", "columns", "total"}


def test_names_and_seats():
    assert (engine.SLUG, engine.NAME, engine.MIN_SEATS, engine.MAX_SEATS) == ("cat_tower", "Cat Tower", 2, 4)


def test_options_have_defaults_and_allowed_values():
    assert engine.OPTIONS["columns_to_end"]["default"] == 3
    assert engine.normalise_options({}) == engine.normalise_options(None) == {"columns_to_end": 3}
    assert engine.normalise_options({"columns_to_end": 2}) == {"columns_to_end": 2}
    for bad in ({"columns_to_end": 0}, {"columns_to_end": "3"}, {"columns_to_end": True}, {"speed": 1}, [1]):
        with pytest.raises(engine.IllegalAction):
            engine.normalise_options(bad)


@pytest.mark.parametrize("seats", [1, 5, "3", True])
def test_two_to_four_players(seats):
    with pytest.raises(engine.IllegalAction) as refusal:
        engine.new_game(seats, 1, {})
    assert refusal.value.code == "seat_count" and refusal.value.params == {"low": 2, "high": 4}


def test_the_state_is_json_and_a_game_goes_on_after_a_round_trip():
    state = draft(game(3, seed=5), 0, 1, 2)
    copy = json.loads(json.dumps(state))
    assert copy == state
    assert engine.apply(copy, 0, PASS) == engine.apply(state, 0, PASS)


def test_the_same_seed_gives_the_same_game_and_other_seeds_other_dice():
    assert engine.new_game(4, 31, {}) == engine.new_game(4, 31, {})
    assert len({tuple(engine.new_game(4, seed, {})["roll"]) for seed in range(20)}) > 15


def test_the_dice_of_a_round_do_not_depend_on_the_choices_made_before():
    one = submit(draft(game(2, seed=9), 0, 1), {0: PASS, 1: PASS})
    other = submit(draft(game(2, seed=9), 2, 0), {})
    assert one["roll"] == other["roll"] and one["round"] == other["round"] == 2


def test_the_view_shape():
    state = engine.apply(draft(game(3, seed=4, roll=[2, 4, 6, 3], first=0), 0, 1, 2), 0, mark(2, 2, 3))
    for seat in (None, 0, 1, 2):
        view = engine.view(state, seat)
        assert set(view) == VIEW_KEYS
        json.dumps(view)
        assert set(view["sheets"][0]) == {"marks", "cats", "columns", "footprints", "crossed_out",
                                          "complete_columns"}
        assert all(set(b) == BREAKDOWN_KEYS for b in view["scores"])
        assert view["roll"][0] == {"value": 2, "taken_by": 0}
    assert engine.view(state, 0)["pending"] == mark(2, 2, 3)
    with pytest.raises(engine.IllegalAction):
        engine.view(state, 3)


def test_a_view_is_a_copy():
    state = draft(game(2, seed=4), 0, 1)
    before = json.dumps(state, sort_keys=True)
    view = engine.view(state, 0)
    view["sheets"][0]["marks"]["1-1"] = "yarn"
    view["log"].clear()
    assert json.dumps(state, sort_keys=True) == before


def test_final_and_outcome_have_the_record_shapes():
    state = game(2, seed=3)
    assert engine.final(state) == {"sheets": [
        {"marks": {}, "cats": {}, "columns": {}, "footprints": {"circled": 0, "crossed": 0}}] * 2}
    result = engine.outcome(state)
    assert result["scores"] == [0, 0] and result["ranks"] == [1, 1]
    assert [set(b) for b in result["breakdown"]] == [BREAKDOWN_KEYS] * 2


def test_legal_actions_are_empty_for_a_seat_not_to_move():
    state = game(3, roll=[1, 2, 3, 4], first=1)
    assert engine.legal_actions(state, 0) == []
    assert engine.legal_actions(state, 1) == [{"type": "take_die", "die": d} for d in range(4)]


def test_the_log_is_events_in_no_language():
    state = submit(draft(game(3, seed=8), 0, 1, 2), {})
    assert [entry["event"] for entry in state["log"]] == ["rolled", "took_die", "took_die", "took_die", "passed",
                                                          "passed", "passed", "rolled"]
    assert all(isinstance(value, (int, bool, list, type(None))) for entry in state["log"]
               for key, value in entry.items() if key != "event")


@pytest.mark.parametrize("module", ["engine", "sheet", "scoring", "bots"])
def test_the_rules_are_pure_python(module):
    source = Path(engine.__file__).with_name(f"{module}.py").read_text()
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            imported.add(node.module.split(".")[0])
    assert imported <= {"random", "json", "dataclasses", "functools", "pathlib", "collections", "itertools", "games"}
    assert all(node.module in ("games", "games.contract") for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module.startswith("games"))
    if module != "sheet":  # only the sheet reads its data file, once
        assert "open(" not in source and "read_text" not in source
    assert "time" not in imported and "datetime" not in imported


@pytest.mark.parametrize("seat", [True, False, 1.0, -1, 3, 7, "0"])
def test_a_value_that_is_no_seat_of_the_match_has_no_view_and_no_moves(seat):
    state = game(3, roll=[1, 2, 3, 4], first=1)  # seat 1 takes a die first, and True == 1 == 1.0 in Python
    refused(state, seat, {"type": "take_die", "die": 1}, "not_a_seat")
    assert engine.legal_actions(state, seat) == []
    with pytest.raises(engine.IllegalAction) as refusal:
        engine.view(state, seat)
    assert refusal.value.code == "not_a_seat"


def test_a_spectator_has_a_view_but_no_moves_and_none_is_no_player():
    state = game(3, roll=[1, 2, 3, 4], first=1)
    assert engine.view(state, None)["seat"] is None and engine.legal_actions(state, None) == []
    refused(state, None, {"type": "take_die", "die": 1}, "not_a_seat")


def test_the_state_keeps_only_the_recent_log():
    state = game(2, roll=[1, 2, 3], first=0)
    state["log"] = [{"event": "passed", "seat": 0, "circled": True}] * engine.LOG_KEPT
    state = engine.apply(state, 0, {"type": "take_die", "die": 0})
    assert len(state["log"]) == engine.LOG_KEPT
    assert state["log"][-1] == {"event": "took_die", "seat": 0, "die": 0, "value": 1}
    assert engine.view(state, None)["log"] == state["log"]


def test_options_share_one_spec_with_the_tally():
    from games.cat_tower import scoring, tally

    assert engine.OPTIONS is scoring.OPTIONS
    assert engine.normalise_options is tally.normalise_options is scoring.normalise_options
    assert engine.OPTIONS["columns_to_end"] == {"default": 3, "min": 1, "max": 5}
