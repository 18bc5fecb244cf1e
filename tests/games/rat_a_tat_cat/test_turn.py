"""Rules page, "A turn": take the top discard or draw, number cards, knocking or ending the turn, the reshuffle."""

from games.rat_a_tat_cat import engine

from .helpers import all_memorised, last_log, memory_of, play, refused, shown, stacked_game

ROWS = [[1, 7, 8, 2], [9, 0, 4, 6], [3, 3, 5, 9]]


def a_game(draw=(6, 0, 8), discard=4):
    return all_memorised(stacked_game(ROWS, discard=discard, draw=draw))


def test_taking_the_top_discard_replaces_a_card_which_goes_face_up_on_the_discard_pile():
    state = play(a_game(), (0, {"type": "take_discard", "position": 2}))
    assert state["rows"][0] == [1, 7, 4, 2]
    assert state["discard_pile"][0] == 8
    assert last_log(state) == [{"event": "took_discard", "seat": 0, "card": 4, "position": 2, "discarded": 8}]


def test_everybody_saw_which_card_was_taken_and_where_it_went():
    state = play(a_game(), (0, {"type": "take_discard", "position": 2}))
    for seat in (None, 0, 1, 2):
        assert (0, 2) in memory_of(state, seat) and memory_of(state, seat)[(0, 2)] == 4
    assert shown(state, 0, 0) == [None, None, 4, None]  # the taker sees it until their next action
    assert shown(state, 1, 0) == [None] * 4
    assert shown(play(state, (0, "end_turn")), 0, 0) == [None] * 4


def test_a_power_card_can_never_be_taken_from_the_discard_pile():
    state = play(a_game(draw=["peek"]), (0, "draw"), (0, "discard"), (0, "end_turn"))
    assert state["discard_pile"][0] == "peek"
    assert [a["type"] for a in engine.legal_actions(state, 1)] == ["draw"]
    refused(state, 1, {"type": "take_discard", "position": 0}, "power_on_discard")


def test_a_drawn_card_is_seen_by_the_drawer_alone():
    state = play(a_game(), (0, "draw"))
    assert state["phase"] == "decide"
    assert engine.view(state, 0)["drawn"] == 6
    assert engine.view(state, 1)["drawn"] is None
    assert engine.view(state, None)["drawn"] is None
    assert engine.legal_actions(state, 0) == [{"type": "replace", "position": p} for p in range(4)] + [
        {"type": "discard"}]


def test_a_drawn_number_card_may_replace_a_card_known_to_the_drawer_alone():
    state = play(a_game(), (0, "draw"), (0, {"type": "replace", "position": 1}))
    assert state["rows"][0] == [1, 6, 8, 2]
    assert state["discard_pile"][0] == 7
    assert memory_of(state, 0)[(0, 1)] == 6
    assert (0, 1) not in memory_of(state, 1) and (0, 1) not in memory_of(state, None)
    assert last_log(state) == [{"event": "replaced", "seat": 0, "position": 1, "discarded": 7}]


def test_a_card_replaced_by_an_unseen_card_is_forgotten():
    state = play(a_game(), (0, {"type": "take_discard", "position": 1}), (0, "end_turn"))
    assert memory_of(state, 1)[(0, 1)] == 4
    state = play(state, (1, "draw"), (1, "discard"), (1, "end_turn"), (2, "draw"), (2, "discard"),
                 (2, "end_turn"), (0, "draw"), (0, {"type": "replace", "position": 1}))
    assert (0, 1) not in memory_of(state, 1)
    assert memory_of(state, 0)[(0, 1)] == 8


def test_a_drawn_number_card_may_be_discarded():
    state = play(a_game(), (0, "draw"), (0, "discard"))
    assert state["rows"][0] == ROWS[0]
    assert state["discard_pile"][:2] == [6, 4]
    assert last_log(state) == [{"event": "discarded", "seat": 0, "card": 6}]


def test_after_the_card_play_the_player_knocks_or_ends_the_turn():
    state = play(a_game(), (0, "draw"), (0, "discard"))
    assert state["phase"] == "knock" and state["turn"] == 0
    assert engine.legal_actions(state, 0) == [{"type": "knock"}, {"type": "end_turn"}]
    state = play(state, (0, "end_turn"))
    assert state["turn"] == 1 and state["phase"] == "play"


def test_only_the_player_to_move_may_act_and_only_with_a_legal_move():
    state = a_game()
    refused(state, 1, {"type": "draw"}, "not_your_turn")
    refused(state, 0, {"type": "replace", "position": 0}, "not_now", phase="play")
    refused(state, 0, {"type": "take_discard", "position": 4}, "no_such_position")
    refused(state, 0, {"type": "take_discard", "position": True}, "not_whole", field="position")
    refused(state, 0, {"type": "take_discard"}, "not_allowed")
    refused(state, 0, {"type": "fly"}, "unknown_action", action="fly")
    refused(state, 0, "draw", "not_an_action")
    refused(state, 0, {"type": "draw", "extra": 1}, "not_allowed")
    refused(state, 7, {"type": "draw"}, "not_a_seat")
    refused(state, None, {"type": "draw"}, "not_a_seat")


def test_when_the_draw_pile_is_empty_the_discard_pile_except_its_top_card_is_shuffled_into_it():
    state = a_game()
    state["discard_pile"] += state["draw_pile"][1:]  # a state where only one card is left to draw
    state["draw_pile"] = state["draw_pile"][:1]
    state = play(state, (0, "draw"), (0, "discard"), (0, "end_turn"))
    assert state["draw_pile"] == []
    top = state["discard_pile"][0]
    below = sorted(map(str, state["discard_pile"][1:]))
    state = play(state, (1, "draw"))
    assert state["discard_pile"] == [top]
    assert sorted(map(str, state["draw_pile"] + [state["drawn"]])) == below
    assert state["log"][-1] == {"event": "reshuffled", "seat": None}
