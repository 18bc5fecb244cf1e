"""Rules page, the power cards drawn from the draw pile: Peek, Swap and Draw 2."""

from games.rat_a_tat_cat import engine

from .helpers import all_memorised, last_log, memory_of, on_screen, play, refused, shown, stacked_game

ROWS = [[1, 7, 8, 2], [9, 0, 4, 6], [3, 3, 5, 9]]


def a_game(*draw):
    return all_memorised(stacked_game(ROWS, discard=4, draw=draw))


def test_a_drawn_peek_looks_at_one_own_card_shown_to_the_drawer_alone():
    state = play(a_game("peek"), (0, "draw"))
    assert engine.legal_actions(state, 0) == [{"type": "peek", "position": p} for p in range(4)] + [
        {"type": "discard"}]
    state = play(state, (0, {"type": "peek", "position": 2}))
    assert shown(state, 0, 0) == [None, None, 8, None]
    assert memory_of(state, 0)[(0, 2)] == 8
    for seat in (None, 1, 2):
        assert shown(state, seat, 0) == [None] * 4 and (0, 2) not in memory_of(state, seat)
    assert state["discard_pile"][0] == "peek"
    assert last_log(state) == [{"event": "peeked", "seat": 0, "position": 2}]
    assert state["phase"] == "knock"


def test_the_peeked_card_is_hidden_again_at_the_players_next_action_for_the_player_to_remember():
    state = play(a_game("peek"), (0, "draw"), (0, {"type": "peek", "position": 2}), (0, "end_turn"))
    assert shown(state, 0, 0) == [None] * 4
    assert memory_of(state, 0)[(0, 2)] == 8  # the player saw it, but their view no longer holds it
    assert (0, 2) not in on_screen(state, 0)


def test_a_drawn_peek_may_go_unused():
    state = play(a_game("peek"), (0, "draw"), (0, "discard"))
    assert state["discard_pile"][0] == "peek" and state["phase"] == "knock"
    assert last_log(state) == [{"event": "discarded", "seat": 0, "card": "peek"}]


def test_a_drawn_swap_exchanges_a_card_with_an_opponents_unseen_by_both():
    state = play(a_game("swap"), (0, "draw"))
    assert {"type": "swap", "position": 0, "opponent": 2, "their_position": 3} in engine.legal_actions(state, 0)
    assert len(engine.legal_actions(state, 0)) == 4 * 2 * 4 + 1
    state = play(state, (0, {"type": "swap", "position": 1, "opponent": 1, "their_position": 2}))
    assert state["rows"][0] == [1, 4, 8, 2] and state["rows"][1] == [9, 0, 7, 6]
    assert (0, 1) not in memory_of(state, 0) and (1, 2) not in memory_of(state, 1)
    assert last_log(state) == [{"event": "swapped", "seat": 0, "position": 1, "opponent": 1, "their_position": 2}]
    assert state["discard_pile"][0] == "swap"


def test_what_a_player_knew_of_a_swapped_card_moves_with_the_card():
    state = play(a_game("swap"), (0, "draw"), (0, {"type": "swap", "position": 0, "opponent": 1, "their_position": 3}))
    assert memory_of(state, 0) == {(1, 3): 1, (0, 3): 2}
    assert memory_of(state, 1) == {(1, 0): 9, (0, 0): 6}
    assert memory_of(state, 2) == {(2, 0): 3, (2, 3): 9}


def test_a_drawn_swap_may_be_declined():
    state = play(a_game("swap"), (0, "draw"), (0, "discard"))
    assert state["rows"][:2] == ROWS[:2]
    assert last_log(state) == [{"event": "discarded", "seat": 0, "card": "swap"}]


def test_a_swap_is_only_with_an_opponent():
    state = play(a_game("swap"), (0, "draw"))
    refused(state, 0, {"type": "swap", "position": 0, "opponent": 0, "their_position": 1}, "not_an_opponent")
    refused(state, 0, {"type": "replace", "position": 0}, "not_for_drawn_card", card="swap")


def test_a_drawn_draw_2_is_discarded_and_the_next_card_drawn_at_once():
    state = play(a_game("draw2", 6, 3), (0, "draw"))
    assert state["discard_pile"][0] == "draw2"
    assert engine.view(state, 0)["drawn"] == 6 and engine.view(state, 0)["draws_left"] == 2
    assert last_log(state) == [{"event": "drew_draw2", "seat": 0}]


def test_after_a_draw_2_a_used_card_ends_the_card_play():
    state = play(a_game("draw2", 6, 3), (0, "draw"), (0, {"type": "replace", "position": 2}))
    assert state["rows"][0] == [1, 7, 6, 2]
    assert state["phase"] == "knock" and state["draw_pile"][0] == 3


def test_after_a_draw_2_a_discarded_card_is_followed_by_a_second_played_as_a_normal_draw():
    state = play(a_game("draw2", 6, 3), (0, "draw"), (0, "discard"))
    assert engine.view(state, 0)["drawn"] == 3 and state["draws_left"] == 1
    state = play(state, (0, "discard"))
    assert state["phase"] == "knock" and state["discard_pile"][:3] == [3, 6, "draw2"]


def test_a_power_card_not_used_after_a_draw_2_is_followed_by_a_second_draw():
    state = play(a_game("draw2", "peek", 3), (0, "draw"), (0, "discard"))
    assert engine.view(state, 0)["drawn"] == 3


def test_a_draw_2_drawn_inside_a_draw_2_starts_the_sequence_again():
    state = play(a_game("draw2", 7, "draw2", 8, 3, 5), (0, "draw"), (0, "discard"))
    assert engine.view(state, 0)["drawn"] == 8 and state["draws_left"] == 2
    state = play(state, (0, "discard"))
    assert engine.view(state, 0)["drawn"] == 3 and state["draws_left"] == 1
    state = play(state, (0, "discard"))
    assert state["phase"] == "knock" and state["draw_pile"][0] == 5


def test_power_cards_count_only_when_drawn_from_the_draw_pile():
    state = play(a_game("swap"), (0, "draw"), (0, "discard"), (0, "end_turn"))
    assert state["discard_pile"][0] == "swap"
    assert all(action["type"] == "draw" for action in engine.legal_actions(state, 1))
