"""Rules page, "What each player may see": the shape of a view, the drawn card, the public log."""

import pytest

from games.rat_a_tat_cat import engine

from .helpers import all_memorised, memory_of, on_screen, play, stacked_game

ROWS = [[1, 7, 8, 2], [9, 0, 4, 6]]
VIEW_KEYS = {
    "seat", "seats", "options", "round", "dealer", "turn", "phase", "knocked_by", "last_turns", "opening_peek",
    "draw_pile", "discard", "discard_pile", "drawn", "draws_left", "rows", "memory", "totals", "rounds", "log",
    "log_start", "time_up", "is_over", "winners",
}


def test_a_view_has_the_documented_keys_and_row_shapes():
    view = engine.view(stacked_game(ROWS, discard=4, draw=[5]), 0)
    assert set(view) == VIEW_KEYS
    assert view["seat"] == 0 and view["seats"] == 2 and view["round"] == 1 and view["dealer"] == 1
    assert view["turn"] == 0 and view["phase"] == "play" and view["opening_peek"] == [0, 1]
    assert view["draw_pile"] == 54 - 9 and view["discard"] == 4 and view["discard_pile"] == 1
    assert view["rows"][0] == {"seat": 0, "out": False, "cards": [
        {"position": 0, "shown": 1, "face_up": False}, {"position": 1, "shown": None, "face_up": False},
        {"position": 2, "shown": None, "face_up": False}, {"position": 3, "shown": 2, "face_up": False}]}
    assert view["memory"] == [{"seat": 0, "position": 0, "value": 1}, {"seat": 0, "position": 3, "value": 2}]
    assert view["totals"] == [0, 0] and view["rounds"] == [] and view["winners"] == [] and not view["is_over"]
    assert view["log"] == [{"event": "dealt", "seat": None, "round": 1, "dealer": 1}] and view["log_start"] == 0


def test_a_spectator_sees_only_public_things():
    state = play(stacked_game(ROWS, discard=4, draw=[5]), (0, "draw"))
    view = engine.view(state, None)
    assert view["seat"] is None and view["drawn"] is None and view["memory"] == []
    assert all(card["shown"] is None for row in view["rows"] for card in row["cards"])


def test_the_log_is_events_that_never_carry_a_hidden_value():
    state = play(stacked_game(ROWS, discard=4, draw=["swap", 5, 3]), (0, "draw"),
                 (0, {"type": "swap", "position": 0, "opponent": 1, "their_position": 3}), (0, "end_turn"),
                 (1, "draw"), (1, {"type": "replace", "position": 1}))
    assert [entry for entry in state["log"] if entry["seat"] is not None] == [
        {"event": "swapped", "seat": 0, "position": 0, "opponent": 1, "their_position": 3},
        {"event": "replaced", "seat": 1, "position": 1, "discarded": 0},
    ]


def test_the_reveal_for_replays_turns_every_card_face_up_and_hides_nothing_else():
    state = play(stacked_game(ROWS, discard=4, draw=[5]), (0, "draw"))
    revealed = engine.reveal(state)
    assert [[card["shown"] for card in row["cards"]] for row in revealed["rows"]] == ROWS
    assert all(card["face_up"] for row in revealed["rows"] for card in row["cards"])
    spectator = engine.view(state, None)
    assert {k: v for k, v in revealed.items() if k != "rows"} == {k: v for k, v in spectator.items() if k != "rows"}


# ---------------------------------------------------------------- a view holds only what the screen shows


def test_without_the_memory_aid_the_view_carries_only_the_glimpses_still_showing():
    state = all_memorised(stacked_game(ROWS, discard=4, draw=["peek", 5]))
    assert on_screen(state, 0) == {} and on_screen(state, 1) == {}
    state = play(state, (0, "draw"), (0, {"type": "peek", "position": 1}))
    assert on_screen(state, 0) == {(0, 1): 7}  # the card just looked at
    state = play(state, (0, "end_turn"))
    assert on_screen(state, 0) == {}  # hidden again: the player remembers it, the view does not
    assert memory_of(state, 0) == {(0, 0): 1, (0, 1): 7, (0, 3): 2}


def test_a_card_taken_from_the_discard_pile_is_on_the_takers_screen_until_their_next_move_and_nobody_elses():
    state = play(all_memorised(stacked_game(ROWS, discard=4, draw=[5])), (0, {"type": "take_discard", "position": 2}))
    assert on_screen(state, 0) == {(0, 2): 4}
    assert on_screen(state, 1) == {} and on_screen(state, None) == {}
    assert memory_of(state, 1)[(0, 2)] == 4  # everybody saw it go there: the event says so
    assert state["log"][-1] == {"event": "took_discard", "seat": 0, "card": 4, "position": 2, "discarded": 8}
    assert on_screen(play(state, (0, "end_turn")), 0) == {}


def test_with_the_memory_aid_the_view_carries_everything_the_seat_has_seen():
    state = all_memorised(stacked_game(ROWS, discard=4, draw=["peek", 5], memory_aid=True))
    state = play(state, (0, "draw"), (0, {"type": "peek", "position": 1}), (0, "end_turn"))
    assert on_screen(state, 0) == {(0, 0): 1, (0, 1): 7, (0, 3): 2, (1, 0): 9, (1, 3): 6}
    assert on_screen(state, 1) == {(0, 0): 1, (0, 3): 2, (1, 0): 9, (1, 3): 6}


def test_the_memory_in_a_view_is_exactly_the_cards_its_rows_show():
    state = play(all_memorised(stacked_game(ROWS, discard=4, draw=["peek", 5])), (0, "draw"),
                 (0, {"type": "peek", "position": 2}))
    for seat in (None, 0, 1):
        view = engine.view(state, seat)
        shown = {(row["seat"], card["position"]): card["shown"] for row in view["rows"] for card in row["cards"]
                 if card["shown"] is not None}
        assert on_screen(state, seat) == shown


@pytest.mark.parametrize("seat", [True, False, 1.0, -1, 2, 7, "0"])
def test_a_value_that_is_no_seat_of_the_match_has_no_view_and_no_moves(seat):
    state = stacked_game(ROWS, discard=4)
    with pytest.raises(engine.IllegalAction) as caught:
        engine.view(state, seat)
    assert caught.value.code == "not_a_seat"
    assert engine.legal_actions(state, seat) == []
    with pytest.raises(engine.IllegalAction) as caught:
        engine.apply(state, seat, {"type": "memorised"})
    assert caught.value.code == "not_a_seat"


def test_a_spectator_has_a_view_but_no_moves():
    state = stacked_game(ROWS, discard=4)
    assert engine.view(state, None)["seat"] is None
    assert engine.legal_actions(state, None) == []


def test_log_start_counts_the_events_no_longer_in_the_bounded_log():
    state = stacked_game(ROWS, discard=4, draw=[5] * 0)
    state["log"] = [{"event": "knocked", "seat": 0}] * engine.LOG_KEPT
    state["logged"] = engine.LOG_KEPT + 30
    state = engine.apply(all_memorised(state), 0, {"type": "draw"})
    state = engine.apply(state, 0, {"type": "discard"})
    assert len(state["log"]) == engine.LOG_KEPT and state["logged"] == engine.LOG_KEPT + 31
    view = engine.view(state, 0)
    assert view["log_start"] == 31 and view["log"][-1]["event"] == "discarded"
