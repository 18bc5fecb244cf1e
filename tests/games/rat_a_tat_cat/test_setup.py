"""Rules page, "Deck" and "Players and setup": the 54 cards, the deal, the first discard and the opening peek."""

from collections import Counter

import pytest

from games.rat_a_tat_cat import engine
from games.rat_a_tat_cat.deck import full_deck

from .helpers import memory_of, on_screen, refused, shown, stacked_game

ROWS = [[1, 7, 8, 2], [9, 0, 4, 6], [3, 3, 5, 9]]


def all_cards(state):
    rows = [card for row in state["rows"] for card in row]
    drawn = [] if state["drawn"] is None else [state["drawn"]]
    return Counter(state["draw_pile"] + state["discard_pile"] + rows + drawn)


def test_the_deck_has_54_cards_four_of_each_number_nine_9s_and_three_of_each_power_card():
    deck = Counter(full_deck())
    assert sum(deck.values()) == 54
    assert all(deck[number] == 4 for number in range(9))
    assert deck[9] == 9
    assert deck["peek"] == deck["swap"] == deck["draw2"] == 3


@pytest.mark.parametrize("seats", [2, 6])
def test_each_player_is_dealt_four_cards_and_one_card_starts_the_discard_pile(seats):
    state = engine.new_game(seats, 42, {})
    assert [len(row) for row in state["rows"]] == [4] * seats
    assert len(state["discard_pile"]) == 1
    assert len(state["draw_pile"]) == 54 - 4 * seats - 1
    assert all_cards(state) == Counter(full_deck())


@pytest.mark.parametrize("seats", [1, 7])
def test_the_game_is_for_two_to_six_players(seats):
    with pytest.raises(engine.IllegalAction, match="2 to 6 players"):
        engine.new_game(seats, 42, {})


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left():
    state = engine.new_game(3, 1, {}, deck=list(range(9)) * 4 + [9] * 9 + ["peek", "swap", "draw2"] * 3)
    assert state["dealer"] == 2
    assert state["rows"] == [[0, 3, 6, 0], [1, 4, 7, 1], [2, 5, 8, 2]]


def test_seat_0_starts_round_1_because_the_last_seat_deals_it():
    state = stacked_game(ROWS, discard=4)
    assert state["round"] == 1 and state["dealer"] == 2 and state["turn"] == 0


def test_a_power_card_turned_as_first_discard_goes_back_into_the_middle_of_the_draw_pile():
    state = stacked_game(ROWS, discard="swap", draw=[5])
    assert state["discard_pile"] == [5]
    pile = state["draw_pile"]
    assert pile.count("swap") == 3
    assert 1 <= pile.index("swap") < len(pile) - 3  # the other Swaps lie at the stacked deck's bottom
    assert state["log"][-1] == {"event": "power_turned_up", "seat": None, "card": "swap"}


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    assert engine.new_game(4, 7, {}) == engine.new_game(4, 7, {})
    assert engine.new_game(4, 7, {})["rows"] != engine.new_game(4, 8, {})["rows"]


def test_the_opening_peek_shows_each_player_their_outer_cards_and_nobody_else():
    state = stacked_game(ROWS, discard=4)
    assert shown(state, 0, 0) == [1, None, None, 2]
    assert shown(state, 1, 1) == [9, None, None, 6]
    assert shown(state, 1, 0) == [None] * 4
    assert shown(state, None, 0) == [None] * 4


def test_every_player_holding_the_opening_peek_may_confirm_it_even_out_of_turn():
    state = stacked_game(ROWS, discard=4)
    assert engine.to_move(state) == [0, 1, 2]
    assert engine.legal_actions(state, 1) == [{"type": "memorised"}]
    assert {"type": "memorised"} in engine.legal_actions(state, 0)
    assert {"type": "draw"} in engine.legal_actions(state, 0)
    refused(state, 1, {"type": "draw"}, "not_your_turn")


def test_memorised_hides_the_opening_peek_which_the_player_must_now_remember():
    before = stacked_game(ROWS, discard=4)
    assert on_screen(before, 1) == {(1, 0): 9, (1, 3): 6}
    state = engine.apply(before, 1, {"type": "memorised"})
    assert shown(state, 1, 1) == [None] * 4
    assert engine.to_move(state) == [0, 2]
    assert engine.legal_actions(state, 1) == []
    assert memory_of(state, 1) == {(1, 0): 9, (1, 3): 6}  # seen, so a bot's notes may hold them
    assert on_screen(state, 1) == {}  # but the view no longer carries them
    refused(state, 1, {"type": "memorised"}, "peek_already_hidden")


def test_the_first_action_of_a_player_also_hides_their_opening_peek():
    state = engine.apply(stacked_game(ROWS, discard=4), 0, {"type": "draw"})
    assert shown(state, 0, 0) == [None] * 4
    assert engine.to_move(state) == [0, 1, 2]
    assert {"type": "memorised"} not in engine.legal_actions(state, 0)


def test_a_power_card_dealt_into_a_row_has_no_power():
    state = stacked_game([["swap", 1, 2, "peek"], [3, 4, 5, 6]], discard=7)
    assert engine.legal_actions(state, 0)[1:] == [{"type": "take_discard", "position": p} for p in range(4)] + [
        {"type": "draw"}]


def test_options_are_filled_with_their_defaults():
    assert engine.normalise_options({}) == {"end": "rounds", "rounds": 5, "limit": 100, "memory_aid": False}
    assert engine.normalise_options({"end": "elimination", "limit": 50})["limit"] == 50


@pytest.mark.parametrize("options", [
    {"end": "forever"}, {"rounds": 0}, {"rounds": 21}, {"rounds": "3"}, {"limit": 9}, {"memory_aid": 1},
    {"colour": "red"}, {"rounds": True},
])
def test_bad_options_are_refused(options):
    with pytest.raises(engine.IllegalAction):
        engine.normalise_options(options)


def test_the_engine_and_the_tally_share_the_contract_and_one_rules_module():
    from games import contract
    from games.rat_a_tat_cat import deck, scoring, tally

    assert engine.IllegalAction is contract.IllegalAction and deck.next_rng is contract.next_rng
    assert engine.OPTIONS is scoring.OPTIONS
    assert engine.normalise_options is tally.normalise_options is scoring.normalise_options
    assert (engine.MIN_SEATS, engine.MAX_SEATS) == (tally.MIN_PLAYERS, tally.MAX_PLAYERS) == (2, 6)
    assert tally.HIGHEST_ROUND == 4 * 9 and scoring.CARD_VALUES == tuple(range(10))
    assert scoring.ranks({"seats": 3, "options": {"end": "rounds"}, "totals": [20, 12, 12],
                          "out_round": [None] * 3}) == [3, 1, 1]
