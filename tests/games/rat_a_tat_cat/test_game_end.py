"""Rules page, "Ending the game": after N rounds, when time is up, or by elimination; lowest total wins, ties share."""

from games.rat_a_tat_cat import engine

from .helpers import all_memorised, play, refused, stacked_game

ROWS = [[1, 7, 8, 2], [9, 0, 4, 6], [3, 3, 5, 9]]  # rows worth 18, 19 and 20


def a_game(rows=ROWS, discard=4, draw=(6, 0, 8, 5, 7, 1, 2, 3), **options):
    return all_memorised(stacked_game(rows, discard=discard, draw=draw, **options))


def draw_and_discard(state):
    seat = state["turn"]
    state = play(state, (seat, "draw"))
    while state["phase"] == "decide" and state["turn"] == seat:
        state = play(state, (seat, "discard"))
    return state


def knock_round(state):
    """The player to move draws, discards and knocks; everybody else draws and discards: the round ends."""
    round_ = state["round"]
    state = play(draw_and_discard(all_memorised(state)), (state["turn"], "knock"))
    while state["round"] == round_ and not engine.is_over(state):
        state = draw_and_discard(state)
    return state


def test_a_game_of_n_rounds_ends_after_the_nth_round_and_lowest_total_wins():
    state = knock_round(a_game(rounds=2))
    assert not engine.is_over(state) and state["round"] == 2
    state = knock_round(state)
    assert engine.is_over(state) and len(state["rounds"]) == 2
    assert engine.to_move(state) == [] and engine.legal_actions(state, 0) == []
    out = engine.outcome(state)
    assert out["scores"] == state["totals"]
    assert out["breakdown"][0] == {"rounds": [18, state["rounds"][1]["scores"][0]], "total": state["totals"][0]}
    best = min(state["totals"])
    assert engine.view(state, None)["winners"] == [s for s, total in enumerate(state["totals"]) if total == best]
    refused(state, 0, {"type": "draw"}, "game_over")


def test_the_final_record_holds_every_rounds_rows_and_scores():
    state = knock_round(a_game(rounds=1))
    assert engine.final(state) == {"rounds": [{"rows": ROWS, "scores": [18, 19, 20]}]}
    assert engine.outcome(state) == {
        "scores": [18, 19, 20],
        "ranks": [1, 2, 3],
        "breakdown": [{"rounds": [18], "total": 18}, {"rounds": [19], "total": 19}, {"rounds": [20], "total": 20}],
    }
    assert state["log"][-1] == {"event": "game_over", "seat": None, "winners": [0]}


def test_at_the_end_every_row_lies_face_up_for_everybody():
    state = knock_round(a_game(rounds=1))
    for seat in (None, 1):
        row = engine.view(state, seat)["rows"][2]["cards"]
        assert [card["shown"] for card in row] == ROWS[2] and all(card["face_up"] for card in row)


def test_ties_share_the_win():
    state = knock_round(a_game(rows=[[1, 2, 3, 4], [4, 3, 2, 1], [9, 9, 9, 9]], rounds=1))
    assert engine.outcome(state)["ranks"] == [1, 1, 3]
    assert engine.view(state, 2)["winners"] == [0, 1]
    assert state["log"][-1] == {"event": "game_over", "seat": None, "winners": [0, 1]}


def test_time_up_is_sent_by_the_match_service_and_the_round_in_progress_is_finished():
    state = a_game(end="time")
    assert all(action["type"] != "time_up" for seat in range(3) for action in engine.legal_actions(state, seat))
    refused(state, 0, {"type": "time_up"}, "not_the_clock")
    state = engine.apply(draw_and_discard(state), None, {"type": "time_up"})
    assert state["time_up"] and not engine.is_over(state) and state["phase"] == "knock"
    refused(state, None, {"type": "time_up"}, "time_already_up")
    state = play(state, (0, "end_turn"))
    state = knock_round(state)
    assert engine.is_over(state) and state["round"] == 1
    assert engine.outcome(state)["ranks"] == [1, 2, 3]


def test_time_up_is_refused_when_the_game_does_not_end_on_time():
    refused(a_game(end="rounds"), None, {"type": "time_up"}, "not_timed")
    refused(a_game(end="elimination"), None, {"type": "time_up"}, "not_timed")


def test_without_time_up_a_timed_game_goes_on_round_after_round():
    state = knock_round(knock_round(knock_round(a_game(end="time"))))
    assert state["round"] == 4 and not engine.is_over(state)


def test_a_player_whose_total_reaches_the_limit_is_out_and_later_rounds_deal_only_to_players_still_in():
    state = knock_round(a_game(end="elimination", limit=20))
    assert state["out"] == [False, False, True] and state["out_round"] == [None, None, 1]
    assert {"event": "went_out", "seat": 2, "total": 20} in state["log"]
    assert state["rows"][2] == [] and len(state["draw_pile"]) == 54 - 8 - 1
    assert state["dealer"] == 0 and state["turn"] == 1
    assert engine.to_move(state) == [1, 0]
    assert engine.view(state, 0)["rows"][2] == {"seat": 2, "cards": [], "out": True}
    state = play(state, (1, "draw"))
    if state["drawn"] == "swap":
        assert {action["opponent"] for action in engine.legal_actions(state, 1) if action["type"] == "swap"} == {0}


def test_the_last_player_in_wins():
    state = knock_round(a_game(rows=ROWS[:2], end="elimination", limit=19))
    assert engine.is_over(state)
    assert engine.outcome(state)["ranks"] == [1, 2]


def test_when_everybody_left_is_out_at_once_the_lowest_total_wins():
    state = knock_round(a_game(end="elimination", limit=10))
    assert engine.is_over(state) and state["out"] == [True, True, True]
    assert engine.outcome(state)["ranks"] == [1, 2, 3]
    state = knock_round(a_game(rows=[[1, 2, 3, 4], [4, 3, 2, 1], [9, 9, 9, 9]], end="elimination", limit=10))
    assert engine.outcome(state)["ranks"] == [1, 1, 3]


def test_in_elimination_players_out_later_rank_higher_whatever_their_total():
    state = {"seats": 4, "options": {"end": "elimination"}, "rounds": [],
             "totals": [60, 130, 101, 120], "out_round": [None, 3, 2, 3]}
    assert engine.outcome(state)["ranks"] == [1, 3, 4, 2]


def test_six_players_each_get_one_more_turn_after_a_knock():
    rows = [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6], [4, 5, 6, 7], [5, 6, 7, 8]]
    state = play(draw_and_discard(a_game(rows=rows, discard=9, draw=[9] * 6)), (0, "knock"))
    turns = []
    while state["round"] == 1:
        turns.append(state["turn"])
        state = draw_and_discard(state)
    assert turns == [1, 2, 3, 4, 5]
    assert state["rounds"][0]["scores"] == [6, 10, 14, 18, 22, 26]
