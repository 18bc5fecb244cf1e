"""A round: the first player rolls players + 1 dice, the draft goes round from them, one die is left to share,
everyone marks at once in secret, and the first player passes to the left."""

import pytest

from games.cat_tower import engine

from .helpers import PASS, draft, game, mark, play_round, refused, snapshot, submit, take, with_sheet


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_there_is_one_die_more_than_players(seats):
    state = game(seats)
    assert len(state["roll"]) == seats + 1
    assert all(1 <= value <= 6 for value in state["roll"])
    assert [d["taken_by"] for d in engine.view(state, 0)["roll"]] == [None] * (seats + 1)


def test_the_first_player_is_drawn_from_the_seed():
    firsts = {engine.new_game(4, seed, {})["first_player"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert engine.new_game(4, 99, {})["first_player"] == engine.new_game(4, 99, {})["first_player"]


def test_the_roll_is_logged_by_the_first_player():
    state = game(3, roll=[1, 2, 3, 4], first=2)
    state = submit(draft(state, 0, 1, 2), {})
    assert state["log"][-1] == {"event": "rolled", "seat": 0, "round": 2, "dice": state["roll"]}


def test_the_draft_starts_with_the_first_player_and_goes_to_the_left():
    state = game(4, roll=[6, 5, 4, 3, 2], first=2)
    order = []
    for die in (0, 1, 2, 3):
        (seat,) = engine.to_move(state)
        order.append(seat)
        state = engine.apply(state, seat, take(die))
    assert order == [2, 3, 0, 1]
    assert [d["taken_by"] for d in engine.view(state, None)["roll"]] == [2, 3, 0, 1, None]
    assert state["log"][-4:] == [{"event": "took_die", "seat": 2, "die": 0, "value": 6},
                                 {"event": "took_die", "seat": 3, "die": 1, "value": 5},
                                 {"event": "took_die", "seat": 0, "die": 2, "value": 4},
                                 {"event": "took_die", "seat": 1, "die": 3, "value": 3}]


def test_a_player_takes_only_an_untaken_die_on_their_own_turn():
    state = draft(game(3, roll=[1, 2, 3, 4], first=0), 1)
    refused(state, 1, take(1), "die_taken", die=1, value=2)
    refused(state, 2, take(2), "not_your_turn")
    refused(state, 1, take(4), "no_such_die", die=4, last=3)
    assert engine.legal_actions(state, 1) == [take(0), take(2), take(3)]
    assert engine.legal_actions(state, 2) == []


def test_the_die_nobody_takes_is_shared():
    state = draft(game(2, roll=[3, 6, 2], first=1), 1, 2)
    view = engine.view(state, 0)
    assert view["phase"] == "mark"
    assert view["shared"] == {"die": 0, "value": 3}
    assert view["my_die"] == {"die": 2, "value": 2}
    assert engine.view(state, 1)["my_die"] == {"die": 1, "value": 6}
    assert engine.view(state, None)["my_die"] is None


def test_no_die_is_taken_while_marking_and_no_mark_is_made_while_drafting():
    state = game(2, roll=[3, 6, 2], first=0)
    refused(state, 0, PASS, "drafting_now")
    state = draft(state, 0, 1)
    refused(state, 0, take(2), "marking_now")


def test_the_first_player_passes_to_the_left_each_round_and_new_dice_are_rolled():
    state = game(3, roll=[1, 1, 1, 1], first=1)
    firsts = []
    for number in (1, 2, 3, 4):
        assert state["round"] == number
        firsts.append(state["first_player"])
        state = submit(draft(state, *range(3)), {})
        assert engine.to_move(state) == [state["first_player"]]
        assert len(state["roll"]) == 4 and state["phase"] == "draft"
    assert firsts == [1, 2, 0, 1]


def test_everyone_marks_at_the_same_time():
    state = draft(game(3, roll=[2, 4, 6, 3], first=0), 0, 1, 2)
    assert engine.to_move(state) == [0, 1, 2]
    state = engine.apply(state, 1, PASS)
    assert engine.to_move(state) == [0, 2]
    assert engine.view(state, 0)["submitted"] == [False, True, False]
    refused(state, 1, PASS, "already_marked")


def test_a_submitted_mark_stays_hidden_from_the_others_until_the_last_is_in():
    state = with_sheet(game(3, roll=[2, 4, 6, 3], first=0), 0)
    state = draft(state, 0, 1, 2)  # seat 0 has the 2, the 3 is shared
    before = {seat: engine.view(state, seat) for seat in (None, 1, 2)}
    yarn = mark(2, 2, 3)  # a yarn (the 2) on floor 3 (the shared 3)
    state = engine.apply(state, 0, yarn)
    for seat in (None, 1, 2):
        seen = engine.view(state, seat)
        assert seen["sheets"] == before[seat]["sheets"]
        assert seen["log"] == before[seat]["log"]
        assert seen["pending"] is None
        assert "2-3" not in str(seen["sheets"])
    mine = engine.view(state, 0)
    assert mine["pending"] == yarn
    assert "2-3" not in mine["sheets"][0]["marks"]  # the sheets show revealed marks only
    state = submit(state, {1: mark(4, 1, 3)})  # seat 1: a bowl (its 4) on floor 3 (the shared 3)
    assert [s["marks"] for s in state["sheets"]] == [{"2-3": "yarn"}, {"1-3": "bowl"}, {}]


def test_all_marks_are_revealed_together_in_turn_order():
    # Seat 1 drafts first and takes the 2, seat 2 the 4, seat 0 the 6; the 3 is shared.
    state = play_round(game(3), [2, 4, 6, 3], [0, 1, 2], {0: mark(6, 4, 3), 1: mark(2, 2, 3), 2: mark(4, 1, 3)},
                       first=1)
    assert [(e["seat"], e["item"], e["column"], e["floor"]) for e in state["log"][-4:-1]] == [
        (1, "yarn", 2, 3), (2, "bowl", 1, 3), (0, "mouse", 4, 3)]
    assert [s["marks"] for s in state["sheets"]] == [{"4-3": "mouse"}, {"2-3": "yarn"}, {"1-3": "bowl"}]
    assert engine.view(state, None)["submitted"] == [False, False, False]


def test_a_refused_action_changes_nothing():
    state = draft(game(3, roll=[2, 4, 6, 3], first=0), 0, 1, 2)
    before = snapshot(state)
    for seat, action in [(0, mark(2, 1, 4)), (0, {"type": "mark"}), (5, PASS), (0, take(3)), (0, None)]:
        with pytest.raises(engine.IllegalAction):
            engine.apply(state, seat, action)
    assert snapshot(state) == before


def test_the_reveal_for_replays_shows_every_submitted_mark_and_hides_nothing_else():
    state = engine.new_game(2, 5, {})
    while state["phase"] != "mark":
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    seat = engine.to_move(state)[0]
    mark = engine.legal_actions(state, seat)[0]
    state = engine.apply(state, seat, mark)
    revealed, spectator = engine.reveal(state), engine.view(state, None)
    assert spectator["pending"] is None and revealed["pending"][seat] == mark
    del revealed["pending"], spectator["pending"]
    assert revealed == spectator
