"""The ante: 1 can onto each dumpster, fish exchanged automatically when needed, 2 cans for a player who cannot pay."""

from .helpers import can_balance, events, play, start_balance, table


def next_turn(state, seat):
    """End seat's racing at once, so the next player antes."""
    return play(state, seat, {"type": "end_turn"})


def test_the_ante_puts_one_can_on_each_dumpster():
    state = table(seats=3, turn=0, cans={1: 10})
    before = dict(state["dumpsters"])
    after = next_turn(state, 0)
    assert after["players"][1]["cans"] == 5
    assert after["dumpsters"] == {d: n + 1 for d, n in before.items()}
    assert (after["turn"], after["phase"]) == (1, "dive")


def test_a_fish_is_exchanged_with_the_bank_only_when_needed():
    state = table(seats=3, turn=0, cans={1: 3}, fish={1: 2})
    after = next_turn(state, 0)
    assert (after["players"][1]["cans"], after["players"][1]["fish"]) == (8, 1)  # 3 + 10 - 5
    assert events(after, "exchanged")[-1] == {"event": "exchanged", "seat": 1, "fish": 1, "cans": 10}
    assert after["market"] == state["market"]  # never with the fish market
    rich = next_turn(table(seats=3, turn=0, cans={1: 5}, fish={1: 2}), 0)
    assert (rich["players"][1]["cans"], rich["players"][1]["fish"]) == (0, 2)


def test_a_player_who_cannot_pay_takes_two_cans_and_the_turn_passes():
    state = table(seats=3, turn=0, cans={1: 4})
    after = next_turn(state, 0)
    assert after["players"][1]["cans"] == 6
    assert after["dumpsters"] == {d: n + 1 for d, n in state["dumpsters"].items()}  # seat 2 paid
    assert (after["turn"], after["phase"]) == (2, "dive")
    assert events(after, "skipped") == [{"event": "skipped", "seat": 1, "cans": 2}]


def test_several_players_in_a_row_can_be_skipped():
    state = table(seats=4, turn=0, cans={0: 0, 1: 1, 2: 4, 3: 2})
    after = next_turn(state, 0)
    # 1, 2, 3 and 0 cannot pay and take 2 each; seat 1 (now 3 cans) still cannot; seat 2 (now 6) pays.
    assert [e["seat"] for e in events(after, "skipped")] == [1, 2, 3, 0, 1]
    assert [p["cans"] for p in after["players"]] == [2, 5, 1, 4]
    assert (after["turn"], after["phase"]) == (2, "dive")
    assert events(after, "ante")[-1]["seat"] == 2
    assert can_balance(after) == can_balance(state)
    assert can_balance(table(seats=4)) == start_balance(4)
