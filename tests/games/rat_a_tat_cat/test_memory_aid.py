"""Rules page, the "Memory aid" option: outer cards face up, seen cards stay visible, only face-down cards swap."""

from games.rat_a_tat_cat import engine

from .helpers import play, refused, shown, stacked_game

ROWS = [[1, 7, 8, 2], [9, 0, 4, 6]]


def a_game(*draw, memory_aid=True):
    return stacked_game(ROWS, discard=4, draw=draw, memory_aid=memory_aid)


def test_outer_cards_lie_face_up_for_everybody_so_there_is_no_opening_peek():
    state = a_game()
    for seat in (None, 0, 1):
        assert shown(state, seat, 0) == [1, None, None, 2]
        assert shown(state, seat, 1) == [9, None, None, 6]
        assert [card["face_up"] for card in engine.view(state, seat)["rows"][1]["cards"]] == [True, False, False, True]
    assert engine.to_move(state) == [0]
    assert {"type": "memorised"} not in engine.legal_actions(state, 0)


def test_cards_a_player_has_seen_stay_visible_to_them():
    state = play(a_game("peek", 3), (0, "draw"), (0, {"type": "peek", "position": 1}), (0, "end_turn"),
                 (1, "draw"), (1, {"type": "replace", "position": 2}))
    assert shown(state, 0, 0) == [1, 7, None, 2]
    assert shown(state, 1, 0) == [1, None, None, 2]
    assert shown(state, 1, 1) == [9, None, 3, 6]
    assert shown(state, 0, 1) == [9, None, None, 6]


def test_without_the_memory_aid_a_seen_card_is_hidden_again():
    state = play(a_game("peek", memory_aid=False), (0, "memorised"), (0, "draw"),
                 (0, {"type": "peek", "position": 1}), (0, "end_turn"))
    assert shown(state, 0, 0) == [None] * 4


def test_a_card_placed_in_an_outer_position_lies_face_up_for_everybody():
    state = play(a_game(5), (0, "draw"), (0, {"type": "replace", "position": 3}))
    assert state["discard_pile"][0] == 2
    for seat in (None, 0, 1):
        assert shown(state, seat, 0) == [1, None, None, 5]


def test_a_card_taken_from_the_discard_pile_was_seen_by_everybody():
    state = play(a_game(), (0, {"type": "take_discard", "position": 2}))
    for seat in (None, 0, 1):
        assert shown(state, seat, 0) == [1, None, 4, 2]


def test_only_face_down_cards_can_be_swapped():
    state = play(a_game("swap"), (0, "draw"))
    swaps = [action for action in engine.legal_actions(state, 0) if action["type"] == "swap"]
    assert {(a["position"], a["their_position"]) for a in swaps} == {(1, 1), (1, 2), (2, 1), (2, 2)}
    refused(state, 0, {"type": "swap", "position": 0, "opponent": 1, "their_position": 1}, "face_up_card")
    refused(state, 0, {"type": "swap", "position": 1, "opponent": 1, "their_position": 3}, "face_up_card")


def test_a_peek_looks_only_at_a_face_down_card():
    state = play(a_game("peek"), (0, "draw"))
    assert [a for a in engine.legal_actions(state, 0) if a["type"] == "peek"] == [
        {"type": "peek", "position": 1}, {"type": "peek", "position": 2}]
