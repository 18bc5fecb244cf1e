"""Rules page, "Ending a round": the knock, one more turn each, the reveal, round scores and the next deal."""

from collections import Counter

from games.rat_a_tat_cat import engine
from games.rat_a_tat_cat.deck import full_deck

from .helpers import all_memorised, play, shown, stacked_game

ROWS = [[1, 7, 8, 2], [9, 0, 4, 6], [3, 3, 5, 9]]


def a_game(rows=ROWS, draw=(6, 0, 8, 5, 7), **options):
    return all_memorised(stacked_game(rows, discard=4, draw=draw, **options))


def draw_and_discard(state):
    """The player to move draws and discards (again after a Draw 2) until their card play ends."""
    seat = state["turn"]
    state = play(state, (seat, "draw"))
    while state["phase"] == "decide" and state["turn"] == seat:
        state = play(state, (seat, "discard"))
    return state


def test_a_player_knocks_at_the_end_of_their_turn_and_every_other_player_gets_one_more_turn():
    state = play(draw_and_discard(a_game()), (0, "knock"))
    assert state["knocked_by"] == 0 and state["last_turns"] == 2
    assert state["log"][-1] == {"event": "knocked", "seat": 0}
    assert state["turn"] == 1 and state["phase"] == "play"
    state = draw_and_discard(state)
    assert state["turn"] == 2 and state["phase"] == "play" and state["last_turns"] == 1
    state = draw_and_discard(state)
    assert state["round"] == 2 and len(state["rounds"]) == 1


def test_after_a_knock_nobody_else_may_knock_and_the_turn_passes_at_once():
    state = play(draw_and_discard(a_game()), (0, "knock"), (1, {"type": "take_discard", "position": 0}))
    assert state["turn"] == 2 and state["phase"] == "play"
    assert all(action["type"] != "knock" for action in engine.legal_actions(state, 2))


def test_with_two_players_the_round_ends_after_the_other_players_turn():
    state = play(draw_and_discard(a_game(rows=ROWS[:2])), (0, "knock"))
    assert state["round"] == 1
    state = draw_and_discard(state)
    assert state["round"] == 2


def test_a_round_scores_the_sum_of_each_row_and_adds_it_to_the_totals():
    state = play(draw_and_discard(a_game()), (0, "knock"))
    state = draw_and_discard(draw_and_discard(state))
    assert state["rounds"] == [{"round": 1, "rows": ROWS, "scores": [18, 19, 20]}]
    assert state["totals"] == [18, 19, 20]
    assert {"event": "round_ended", "seat": None, "round": 1, "scores": [18, 19, 20]} in state["log"]


def test_power_cards_in_a_row_are_replaced_from_the_draw_pile_at_the_reveal_again_if_a_power_card():
    rows = [[5, "swap", 2, 3], [1, 1, 1, 1]]
    state = play(draw_and_discard(a_game(rows=rows, draw=[6, 7, "peek", 4])), (0, "knock"))
    state = draw_and_discard(state)
    assert state["rounds"][0]["rows"] == [[5, 4, 2, 3], [1, 1, 1, 1]]
    assert state["rounds"][0]["scores"] == [14, 4]
    replaced = [entry for entry in state["log"] if entry["event"] == "power_replaced"]
    assert replaced == [
        {"event": "power_replaced", "seat": None, "card": "swap", "owner": 0, "position": 1, "replacement": "peek"},
        {"event": "power_replaced", "seat": None, "card": "peek", "owner": 0, "position": 1, "replacement": 4},
    ]


def test_the_next_round_is_dealt_at_once_from_a_full_deck_by_the_next_dealer_to_the_left():
    state = play(draw_and_discard(a_game()), (0, "knock"))
    state = draw_and_discard(draw_and_discard(state))
    assert state["round"] == 2 and state["dealer"] == 0 and state["turn"] == 1
    cards = state["draw_pile"] + state["discard_pile"] + [card for row in state["rows"] for card in row]
    assert Counter(cards) == Counter(full_deck())
    assert engine.to_move(state) == [1, 0, 2]  # the opening peek again
    assert shown(state, 1, 1) == [state["rows"][1][0], None, None, state["rows"][1][3]]


def test_the_dealer_rotates_to_the_left_every_round():
    state, dealers = engine.new_game(3, 5, {"rounds": 4}), []
    while not engine.is_over(state):
        dealers.append((state["dealer"], state["turn"]))
        round_ = state["round"]
        state = play(draw_and_discard(all_memorised(state)), (state["turn"], "knock"))
        while state["round"] == round_ and not engine.is_over(state):
            state = draw_and_discard(state)
    assert dealers == [(2, 0), (0, 1), (1, 2), (2, 0)]


def test_everybody_sees_the_last_finished_round_revealed():
    state = play(draw_and_discard(a_game()), (0, "knock"))
    state = draw_and_discard(draw_and_discard(state))
    for seat in (None, 0, 1, 2):
        assert engine.view(state, seat)["rounds"] == [{"round": 1, "rows": ROWS, "scores": [18, 19, 20]}]
        assert engine.view(state, seat)["totals"] == [18, 19, 20]
