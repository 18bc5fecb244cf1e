"""Rat Hot's table tally: the plain pad (chips plus the final tally, a draw on equal totals, a loss by rats, bad
pads) and the final-tally sheet (chips by colour, groups by size, every problem at once), scored as the engine does."""

import random

import pytest

from games.rat_hot import engine, tally


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


# --- the final-tally sheet: chips by colour, groups by size -----------------------------------------------------

def sheet(red, green, ended_by=None):
    final = {"players": [red, green]}
    if ended_by:
        final["ended_by"] = ended_by
    return final


def test_the_sheet_counts_chips_by_colour_and_groups_by_size():
    result = tally.outcome(sheet({"grey": 5, "yellow": 8, "pairs": 3, "large": 4},
                                 {"grey": 7, "yellow": 6, "pairs": 2, "large": 2}), {})
    # red: chips 5 x 1 + 8 x 2 = 21, final tally 3 x 1 + 4 x 2 = 11; green: 7 + 12 = 19, 2 + 4 = 6
    assert result == {"scores": [32, 25], "ranks": [1, 2], "breakdown": [
        {"chips": 21, "final_tally": 11, "total": 32}, {"chips": 19, "final_tally": 6, "total": 25}]}


def test_the_sheet_of_a_loss_by_rats():
    result = tally.outcome(sheet({"grey": 2, "yellow": 1, "lost_by_rats": True}, {"grey": 1}, ended_by="rats"), {})
    assert result == {"scores": [4, 1], "ranks": [2, 1],
                      "breakdown": [{"lost_by_rats": True}, {"chips": 1, "final_tally": 0, "total": 1}]}


def test_every_problem_of_a_sheet_is_found_at_once_with_its_field():
    with pytest.raises(tally.SheetProblems) as refused:
        tally.outcome(sheet({"grey": -1, "yellow": 2.5, "pairs": 1, "large": 0},
                            {"grey": 1, "yellow": 1, "pairs": "x", "large": 0}), {})
    assert [(p.seat, p.field, p.code) for p in refused.value.problems] == [
        (0, "grey", "not_a_count"), (0, "yellow", "not_a_count"), (1, "pairs", "not_a_count")]
    with pytest.raises(tally.SheetProblems) as refused:
        tally.outcome(sheet({"grey": 1, "yellow": 0, "pairs": 2, "large": 1},
                            {"grey": 30, "yellow": 30, "pairs": 10, "large": 9}), {})
    assert [(p.seat, p.field, p.code) for p in refused.value.problems] == [
        (0, "pairs", "more_groups_than_chips"), (0, "large", "more_groups_than_chips"),
        (1, "large", "too_many_groups")]  # 2 x 10 + 3 x 9 = 47 spaces of green's spices: the strips have 44
    assert "each such group took a grey chip when it got its final shape" in str(refused.value)


def test_a_sheet_ended_by_rats_has_one_loser_no_final_tally_and_rats_in_play():
    with pytest.raises(tally.SheetProblems) as refused:
        tally.outcome(sheet({"grey": 1, "pairs": 1, "lost_by_rats": True}, {"grey": 1, "large": 1,
                                                                            "lost_by_rats": True}), {"rats": False})
    assert [(p.seat, p.field, p.code) for p in refused.value.problems] == [
        (None, "ended_by", "played_without_rats"), (None, "ended_by", "one_loser"),
        (0, "pairs", "no_final_tally"), (1, "large", "no_final_tally")]


def test_the_sheet_and_the_engine_score_a_game_alike():
    for seed in range(30):
        rng, state = random.Random(seed), engine.new_game(2, seed, {"rats": seed % 3 == 0})
        while not engine.is_over(state):
            state = engine.apply(state, state["turn"], rng.choice(engine.legal_actions(state, state["turn"])))
        players = []
        for seat in range(2):
            entry = {**state["chips"][seat], "lost_by_rats": state["loser"] == seat}
            if state["tally"]:
                entry.update(pairs=state["tally"][seat]["pairs"], large=state["tally"][seat]["large"])
            players.append(entry)
        final = {"ended_by": state["ended_by"], "players": players}
        assert tally.outcome(final, state["options"]) == engine.outcome(state)


def test_options_use_the_shared_specs():
    assert tally.normalise_options(None) == {"rats": True}
    with pytest.raises(ValueError, match="true or false"):
        tally.normalise_options({"rats": 1})
