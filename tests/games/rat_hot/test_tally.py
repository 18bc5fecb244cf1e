"""Rat Hot's plain table pad: chips plus the final tally, a draw on equal totals, a loss by rats, bad pads."""

import pytest

from games.rat_hot import tally


def pad(red, green, ended_by=None):
    final = {"players": [red, green]}
    if ended_by:
        final["ended_by"] = ended_by
    return final


def test_chips_plus_final_tally_most_points_wins():
    result = tally.outcome(pad({"chips": 21, "final_tally": 9}, {"chips": 25, "final_tally": 3}), {})
    assert result == {
        "scores": [30, 28],
        "ranks": [1, 2],
        "breakdown": [{"chips": 21, "final_tally": 9, "total": 30}, {"chips": 25, "final_tally": 3, "total": 28}],
    }


def test_equal_points_are_a_draw():
    result = tally.outcome(pad({"chips": 20, "final_tally": 8}, {"chips": 22, "final_tally": 6}), {})
    assert result["ranks"] == [1, 1]


def test_a_loss_by_rats_whatever_the_chips():
    final = pad({"chips": 30, "lost_by_rats": True}, {"chips": 12}, ended_by="rats")
    result = tally.outcome(final, {})
    assert result["ranks"] == [2, 1]
    assert result["scores"] == [30, 12]
    assert result["breakdown"] == [{"lost_by_rats": True}, {"chips": 12, "final_tally": 0, "total": 12}]
    # ended_by follows from the flag when the pad leaves it out
    assert tally.outcome(pad({"chips": 30, "lost_by_rats": True}, {"chips": 12}), {}) == result


@pytest.mark.parametrize("final, options, reason", [
    ({"players": [{"chips": 3}]}, {}, "Rat Hot is for two players"),
    (pad({"chips": -3}, {"chips": 4}), {}, "Player 1: chips must be a whole number, 0 or more"),
    (pad({"chips": 3}, {"chips": 4, "final_tally": 2.5}), {}, "Player 2: final tally must be a whole number"),
    (pad({"chips": 3}, {"chips": 4}, ended_by="fire"), {}, "ends with the last strip or with the rats"),
    (pad({"chips": 3, "lost_by_rats": True}, {"chips": 4}, ended_by="last_strip"), {},
     "A player lost by rats, so the game did not end with the last strip"),
    (pad({"chips": 3, "lost_by_rats": True}, {"chips": 4}), {"rats": False}, "played without rats"),
    (pad({"chips": 3}, {"chips": 4}, ended_by="rats"), {}, "say which one player showed three of their rats"),
    (pad({"chips": 3, "lost_by_rats": True}, {"chips": 4, "lost_by_rats": True}), {}, "which one player"),
    (pad({"chips": 3, "lost_by_rats": True}, {"chips": 4, "final_tally": 5}), {}, "there is no final tally"),
    (pad({"chips": 3}, {"chips": 4}), {"rats": "no"}, "true or false"),
    (pad({"chips": 3}, {"chips": 4}), {"dice": 2}, "no option 'dice'"),
])
def test_impossible_pads_are_refused_with_the_reason(final, options, reason):
    with pytest.raises(ValueError, match=reason):
        tally.outcome(final, options)


def test_the_input_is_not_changed():
    final = pad({"chips": 3}, {"chips": 4})
    tally.outcome(final, {})
    assert final == {"players": [{"chips": 3}, {"chips": 4}]}
