"""Hot Tin Roof's table pad: scores from cans and fish, the seat tie-break, the home-tile option, impossible pads."""

import pytest

from games.hot_tin_roof import tally


def player(cans, fish, home_tiles, pairs_left=0, penalties=0):
    return {"cans": cans, "fish": fish, "home_tiles": home_tiles, "pairs_left": pairs_left, "penalties": penalties}


def pad(*players, trigger=1):
    return {"players": list(players), "trigger_seat": trigger}


# Three players, 12 fish: 4 + 5 + 3 pairs joined. Seats 0 and 1 tie on 65; seat 1 took the last fish.
TIED = pad(player(25, 4, 5, pairs_left=1, penalties=15), player(15, 5, 5), player(30, 3, 3), trigger=1)


def test_score_is_cans_plus_ten_per_fish_and_the_breakdown_counts_points():
    result = tally.outcome(TIED, {})
    assert result["scores"] == [65, 65, 60]
    assert result["breakdown"] == [
        {"cans": 25, "fish": 40, "total": 65},
        {"cans": 15, "fish": 50, "total": 65},
        {"cans": 30, "fish": 30, "total": 60},
    ]


def test_a_tie_goes_to_the_player_furthest_left_of_the_trigger_player():
    assert tally.outcome(TIED, {})["ranks"] == [1, 2, 3]  # seat 1 took the last fish: it loses the tie


def test_the_trigger_player_loses_every_tie_and_distance_counts_in_turn_order():
    # Everybody on 60; trigger seat 2: seat 0 is 1 to its left, seat 1 is 2 to its left.
    assert tally.ranks([60, 60, 60], 2) == [2, 1, 3]
    assert tally.ranks([60, 60, 60, 60], 0) == [4, 3, 2, 1]
    assert tally.ranks([50, 60, 60, 70], 1) == [4, 3, 2, 1]


def test_home_tiles_break_ties_first_when_the_option_is_on():
    # Seat 1 now has one more home tile (its pair still on the board, paid for).
    more_tiles = pad(player(25, 4, 5, pairs_left=1, penalties=15), player(15, 5, 6, pairs_left=1, penalties=15),
                     player(30, 3, 3), trigger=1)
    assert tally.outcome(more_tiles, {})["ranks"] == [1, 2, 3]
    assert tally.outcome(more_tiles, {"home_tiles_break_ties": True})["ranks"] == [2, 1, 3]
    # Equal home tiles: the seat rule still decides.
    assert tally.outcome(TIED, {"home_tiles_break_ties": True})["ranks"] == [1, 2, 3]


def test_four_players_share_fourteen_fish():
    four = pad(player(10, 4, 4), player(20, 4, 4), player(0, 3, 3), player(40, 3, 3), trigger=0)
    assert tally.outcome(four, {})["scores"] == [50, 60, 30, 70]
    assert tally.outcome(four, {})["ranks"] == [3, 2, 4, 1]


def test_a_player_who_ran_out_pays_less_than_fifteen_a_pair():
    broke = pad(player(0, 0, 1, pairs_left=1, penalties=7), player(40, 6, 6), player(30, 6, 6), trigger=2)
    assert tally.outcome(broke, {})["scores"] == [0, 100, 90]


def test_a_player_who_ran_out_may_hold_cans_again_from_tolls_paid_after_settling():
    # Seat 0 paid its last 7 cans, then seat 1 joined its own pair across seat 0's catwalk and paid it 1 can.
    later = pad(player(1, 0, 1, pairs_left=1, penalties=7), player(40, 6, 7, pairs_left=1), player(30, 6, 6),
                trigger=0 + 2)
    assert tally.outcome(later, {})["scores"] == [1, 100, 90]


def test_the_input_is_not_changed():
    copy = {"players": [dict(p) for p in TIED["players"]], "trigger_seat": 1}
    tally.outcome(copy, {"home_tiles_break_ties": True})
    assert copy == TIED


@pytest.mark.parametrize("players, trigger, reason", [
    ([player(10, 6, 6), player(10, 6, 6)], 0, "for 3 or 4 players, not 2"),
    ([player(-1, 4, 4), player(10, 4, 4), player(10, 4, 4)], 0, "Player 1: cans must be a whole number, 0 or more"),
    ([player(10, 4, 4), player(10, "4", 4), player(10, 4, 4)], 0, "Player 2: fish must be a whole number"),
    ([player(10, 4, 4), player(10, True, 4), player(10, 4, 4)], 0, "Player 2: fish must be a whole number"),
    ([player(10, 4, 7, pairs_left=3, penalties=45), player(10, 4, 4), player(10, 4, 4)], 0,
     "Player 1: 3 pairs left on the board, but a player has only 2 pairs"),
    ([player(10, 4, 5, pairs_left=1, penalties=30), player(10, 4, 4), player(10, 4, 4)], 0,
     "Player 1: 15 cans for each pair left: 1 pair left is at most 15 cans, not 30"),
    ([player(10, 5, 4), player(10, 4, 4), player(10, 3, 4)], 0,
     "Player 1: one home tile for each fish and each pair left: 5 fish and 0 pairs on the board need at least "
     "5 home tiles, not 4"),
    ([player(10, 5, 5), player(10, 5, 5), player(10, 3, 3)], 0, "the market has only 12 with 3 players"),
    ([player(10, 4, 5), player(10, 4, 4), player(10, 4, 4)], 0,
     "pairs left must add up to 12, not 13"),
    ([player(10, 4, 4), player(10, 4, 4), player(10, 4, 4)], None, "Say who took the last fish"),
    ([player(10, 4, 4), player(10, 4, 4), player(10, 4, 4)], 3, "Say who took the last fish"),
    ([player(10, 0, 1, pairs_left=1, penalties=15), player(10, 6, 6), player(10, 6, 6)], 0,
     "Player 1 took the last fish but joined no pair"),
])
def test_impossible_pads_are_refused_with_the_reason(players, trigger, reason):
    with pytest.raises(ValueError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        tally.outcome(pad(*players, trigger=trigger), {})


def test_options_are_checked():
    with pytest.raises(ValueError, match="no option 'rats'"):
        tally.outcome(TIED, {"rats": True})
    with pytest.raises(ValueError, match="true or false"):
        tally.outcome(TIED, {"home_tiles_break_ties": "yes"})
    assert tally.normalise_options(None) == {"home_tiles_break_ties": False}


def test_a_pad_that_is_not_a_pad():
    for bad in (None, {}, {"players": "three"}, {"players": [1, 2, 3], "trigger_seat": 0}):
        with pytest.raises(ValueError):
            tally.outcome(bad, {})
