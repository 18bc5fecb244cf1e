"""games/contract.py: what every engine and tally shares (refusals, strict values, options, randomness, ranks)."""
import pytest

from games import contract
from games.contract import IllegalAction

SPECS = {
    "end": {"default": "rounds", "choices": ["rounds", "time"]},
    "rounds": {"default": 5, "min": 1, "max": 20, "when": {"end": "rounds"}},
    "memory_aid": {"default": False},
}


def test_a_refusal_carries_a_code_its_parameters_and_an_english_fallback():
    error = IllegalAction("not_your_turn", "It is not your turn.", seat=2)
    assert (error.code, error.params, str(error)) == ("not_your_turn", {"seat": 2}, "It is not your turn.")
    assert isinstance(error, ValueError)  # score pads catch ValueError
    assert str(IllegalAction("game_over")) == "game over"


def test_options_get_their_defaults():
    assert contract.normalise_options(SPECS, None) == {"end": "rounds", "rounds": 5, "memory_aid": False}
    assert contract.normalise_options(SPECS, {"rounds": 3})["rounds"] == 3


@pytest.mark.parametrize("options, code", [
    ({"speed": 1}, "unknown_option"),
    ({"rounds": 3.0}, "bad_option"),    # 3.0 is not a whole number
    ({"rounds": True}, "bad_option"),   # nor is True
    ({"rounds": 21}, "bad_option"),
    ({"end": "never"}, "bad_option"),
    ({"memory_aid": 1}, "bad_option"),  # 1 is not true
    ("rounds", "bad_options"),
])
def test_options_are_checked_strictly(options, code):
    with pytest.raises(IllegalAction) as refused:
        contract.normalise_options(SPECS, options)
    assert refused.value.code == code


def test_an_option_may_apply_only_when_another_has_a_value():
    assert contract.option_applies(SPECS["rounds"], {"end": "rounds"})
    assert not contract.option_applies(SPECS["rounds"], {"end": "time"})
    assert contract.option_applies(SPECS["memory_aid"], {"end": "time"})


@pytest.mark.parametrize("seat", [None, True, 1.0, -1, 3, "0"])
def test_a_seat_is_an_int_of_the_match(seat):
    with pytest.raises(IllegalAction) as refused:
        contract.check_seat(3, seat)
    assert refused.value.code == "not_a_seat"


def test_a_spectator_is_none_where_spectators_are_allowed():
    assert contract.check_seat(3, None, spectator=True) is None
    assert contract.check_seat(3, 2) == 2


@pytest.mark.parametrize("action", [None, [], "draw", {}, {"type": 7}])
def test_an_action_is_an_object_with_a_type(action):
    with pytest.raises(IllegalAction) as refused:
        contract.check_action(action)
    assert refused.value.code == "not_an_action"


def test_whole_numbers_are_ints_within_their_range():
    assert contract.whole(4, "die", low=1, high=6) == 4
    for value, code in [(4.0, "not_whole"), (False, "not_whole"), (7, "out_of_range"), (0, "out_of_range")]:
        with pytest.raises(IllegalAction) as refused:
            contract.whole(value, "die", low=1, high=6)
        assert refused.value.code == code and refused.value.params["field"] == "die"


def test_the_seeded_generator_depends_on_the_seed_and_the_draw_counter_only():
    a, b = {"seed": 9, "draws": 0}, {"seed": 9, "draws": 0}
    first = [contract.next_rng(a).random() for _ in range(3)]
    assert first == [contract.next_rng(b).random() for _ in range(3)]
    assert len(set(first)) == 3 and a["draws"] == 3
    assert contract.next_rng({"seed": 10, "draws": 0}).random() != first[0]


def test_ties_share_a_place_and_the_next_place_is_skipped():
    assert contract.ranks([30, 50, 30, 10]) == [2, 1, 2, 4]
    assert contract.ranks([30, 50, 30, 10], lower_wins=True) == [2, 4, 2, 1]
    assert contract.ranks([(5, 1), (5, 2), (4, 9)]) == [2, 1, 3]  # a tie-break decides within the key


def test_a_bounded_log_keeps_the_newest_events():
    log = list(range(10))
    contract.bounded_log(log, 3)
    assert log == [7, 8, 9]


def test_a_copied_state_is_equal_and_shares_nothing_with_the_original():
    state = {"seats": 2, "log": [{"event": "draw", "seat": 0}], "rows": [[1, None, "peek"], [9, 0, 5]],
             "rng": 2 ** 70, "score": -1.5, "over": False}
    copy = contract.copied(state)
    assert copy == state
    copy["log"][0]["seat"] = 1
    copy["rows"][1].append(7)
    assert state["log"] == [{"event": "draw", "seat": 0}] and state["rows"][1] == [9, 0, 5]


def test_a_copied_state_shares_nothing_even_with_itself_as_a_json_round_trip_would():
    row = [1, 2]
    copy = contract.copied({"mine": row, "theirs": row})
    copy["mine"].append(3)
    assert copy == {"mine": [1, 2, 3], "theirs": [1, 2]}
