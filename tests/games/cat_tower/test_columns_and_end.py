"""Column bonuses (big for the first completers of a round, crossed out for the rest, small later) and the end
of the game at the end of the round in which someone completes three columns."""


from games.cat_tower import engine

from .helpers import PASS, events, game, mark, play_round, refused, with_sheet

COLUMN_5_BUT_TOP = {"5-1": "yarn", "5-3": "house"}  # 5-4 still empty
THREE_COLUMNS_BUT_ONE_HEX = {
    "1-1": "yarn", "1-2": "yarn", "1-3": "bowl", "1-5": "house",
    "5-1": "cushion", "5-3": "house", "5-4": "mouse",
    "3-1": "butterfly", "3-2": "mouse", "3-4": "house", "3-5": "cushion",  # 3-6 still empty
}


def three_players(**sheets):
    state = game(3)
    for seat, marks in sheets.items():
        state = with_sheet(state, int(seat[-1]), marks)
    return state


def test_the_first_completers_of_a_column_score_the_big_number_and_everyone_else_crosses_it_out():
    state = three_players(seat0=COLUMN_5_BUT_TOP, seat1=COLUMN_5_BUT_TOP)
    # Seats 0 and 1 each take a 6 and share the 4: a mouse on 5-4 completes column 5 for both at once.
    state = play_round(state, [6, 6, 2, 4], [0, 1, 2], {0: mark(6, 5, 4), 1: mark(6, 5, 4)}, first=0)
    assert [s["columns"] for s in state["sheets"]] == [{"5": 3}, {"5": 3}, {}]
    assert [s["crossed_out"] for s in state["sheets"]] == [[], [], [5]]
    assert state["claimed_columns"] == [5]
    assert events(state, "completed_column") == [{"seat": 0, "column": 5, "first": True, "points": 3},
                                                 {"seat": 1, "column": 5, "first": True, "points": 3}]
    assert events(state, "crossed_out") == [{"seat": 2, "column": 5, "number": 3}]
    assert engine.view(state, 2)["sheets"][2]["crossed_out"] == [5]


def test_a_later_completer_scores_the_small_number():
    state = three_players(seat0=COLUMN_5_BUT_TOP, seat2=COLUMN_5_BUT_TOP)
    state = play_round(state, [6, 1, 1, 4], [0, 1, 2], {0: mark(6, 5, 4)}, first=0)
    assert state["sheets"][2]["crossed_out"] == [5]
    # Next round seat 1 drafts first; seat 2 takes the 6 and the 4 is shared again.
    state = play_round(state, [1, 6, 1, 4], [0, 1, 2], {2: mark(6, 5, 4)})
    assert [s["columns"] for s in state["sheets"]] == [{"5": 3}, {}, {"5": 2}]
    assert state["sheets"][2]["crossed_out"] == [5]  # crossed out the big number, scored the small one
    assert {"seat": 2, "column": 5, "first": False, "points": 2} in events(state, "completed_column")


def test_the_game_goes_on_while_nobody_has_three_complete_columns():
    two_and_a_bit = {h: item for h, item in THREE_COLUMNS_BUT_ONE_HEX.items() if not h.startswith("5-")}
    state = play_round(three_players(seat0=two_and_a_bit), [6, 1, 1, 4], [0, 1, 2], {0: mark(4, 3, 6)}, first=0)
    assert state["sheets"][0]["columns"] == {"3": 7}
    assert not engine.is_over(state) and state["round"] == 2 and state["phase"] == "draft"


def test_the_game_ends_at_the_end_of_the_round_in_which_someone_completes_three_columns():
    state = three_players(seat0=THREE_COLUMNS_BUT_ONE_HEX)
    # Seat 0 puts a bowl on 3-6 (its 6, the shared 4); seat 1 still marks in that last round.
    state = play_round(state, [6, 2, 1, 4], [0, 1, 2], {0: mark(4, 3, 6), 1: mark(2, 2, 4)}, first=0)
    assert engine.is_over(state)
    assert state["sheets"][1]["marks"] == {"2-4": "yarn"}
    assert engine.to_move(state) == [] and engine.legal_actions(state, 0) == []
    refused(state, 0, PASS, "game_over")
    assert {"event": "game_ended", "seat": None, "enders": [0], "columns": 3} in state["log"]
    view = engine.view(state, None)
    assert view["phase"] == "over" and view["is_over"] and view["winners"] == [0]
    assert state["log"][-1] == {"event": "won", "seat": None, "winners": [0],
                                "points": engine.outcome(state)["scores"][0]}


def test_columns_to_end_is_an_option():
    state = game(2, columns_to_end=1)
    state = with_sheet(state, 1, COLUMN_5_BUT_TOP)
    state = play_round(state, [1, 6, 4], [0, 1], {1: mark(6, 5, 4)}, first=0)
    assert engine.is_over(state)
    assert engine.outcome(state)["ranks"] == [2, 1]


def test_outcome_scores_ranks_and_breakdown():
    state = three_players(seat0=THREE_COLUMNS_BUT_ONE_HEX)
    state = play_round(state, [6, 2, 1, 4], [0, 1, 2], {0: mark(4, 3, 6)}, first=0)
    result = engine.outcome(state)
    # Seat 0: yarn 9 (alone in column 1), one butterfly 2, bowls 1-3 (touching yarn on 1-2; 2-3 and 2-4
    # empty) and 3-6 (touching the cushion on 3-5) 2 + 2, cushions on floors 5 and 1, mice on 3-2 and 5-4
    # apart 1 + 1, and column 3 first: 7. Columns 1 and 5 were set up complete without a bonus.
    assert result["breakdown"][0] == {"cats": 0, "yarn": 9, "butterfly": 2, "bowl": 4, "cushion": 6, "mouse": 2,
                                      "columns": 7, "total": 30}
    # Seats 1 and 2 passed: a circled footprint each and nothing to score.
    assert result["scores"] == [30, 0, 0] and result["ranks"] == [1, 2, 2]


def test_tied_players_win_together():
    state = three_players(seat0=THREE_COLUMNS_BUT_ONE_HEX, seat1=THREE_COLUMNS_BUT_ONE_HEX)
    state = play_round(state, [6, 6, 1, 4], [0, 1, 2], {0: mark(4, 3, 6), 1: mark(4, 3, 6)}, first=0)
    # As above, but the two yarn majorities in column 1 tie: 9 + 3 shared, 6 each.
    assert engine.outcome(state)["scores"] == [27, 27, 0]
    assert engine.view(state, 2)["winners"] == [0, 1]
    assert state["log"][-2:] == [{"event": "game_ended", "seat": None, "enders": [0, 1], "columns": 3},
                                 {"event": "won", "seat": None, "winners": [0, 1], "points": 27}]
