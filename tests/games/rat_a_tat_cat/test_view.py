"""Rules page, "What each player may see": the shape of a view, the drawn card, the public log."""

from games.rat_a_tat_cat import engine

from .helpers import play, stacked_game

ROWS = [[1, 7, 8, 2], [9, 0, 4, 6]]
VIEW_KEYS = {
    "seat", "seats", "options", "round", "dealer", "turn", "phase", "knocked_by", "last_turns", "opening_peek",
    "draw_pile", "discard", "discard_pile", "drawn", "draws_left", "rows", "memory", "totals", "rounds", "log",
    "time_up", "is_over", "winners",
}


def test_a_view_has_the_documented_keys_and_row_shapes():
    view = engine.view(stacked_game(ROWS, discard=4, draw=[5]), 0)
    assert set(view) == VIEW_KEYS
    assert view["seat"] == 0 and view["seats"] == 2 and view["round"] == 1 and view["dealer"] == 1
    assert view["turn"] == 0 and view["phase"] == "play" and view["opening_peek"] == [0, 1]
    assert view["draw_pile"] == 54 - 9 and view["discard"] == 4 and view["discard_pile"] == 1
    assert view["rows"][0] == {"seat": 0, "out": False, "cards": [
        {"position": 0, "shown": 1, "face_up": False}, {"position": 1, "shown": None, "face_up": False},
        {"position": 2, "shown": None, "face_up": False}, {"position": 3, "shown": 2, "face_up": False}]}
    assert view["memory"] == [{"seat": 0, "position": 0, "value": 1}, {"seat": 0, "position": 3, "value": 2}]
    assert view["totals"] == [0, 0] and view["rounds"] == [] and view["winners"] == [] and not view["is_over"]
    assert view["log"] == [{"seat": None, "text": "Round 1: {seat:1} deals."}]


def test_a_spectator_sees_only_public_things():
    state = play(stacked_game(ROWS, discard=4, draw=[5]), (0, "draw"))
    view = engine.view(state, None)
    assert view["seat"] is None and view["drawn"] is None and view["memory"] == []
    assert all(card["shown"] is None for row in view["rows"] for card in row["cards"])


def test_the_log_names_positions_from_1_and_other_seats_by_token_never_a_hidden_value():
    state = play(stacked_game(ROWS, discard=4, draw=["swap", 5, 3]), (0, "draw"),
                 (0, {"type": "swap", "position": 0, "opponent": 1, "their_position": 3}), (0, "end_turn"),
                 (1, "draw"), (1, {"type": "replace", "position": 1}))
    assert [entry for entry in state["log"] if entry["seat"] is not None] == [
        {"seat": 0, "text": "drew a Swap and swapped their position 1 with position 4 of {seat:1}"},
        {"seat": 1, "text": "drew a card and put it in position 2, discarding a 0"},
    ]


def test_the_reveal_for_replays_turns_every_card_face_up_and_hides_nothing_else():
    state = play(stacked_game(ROWS, discard=4, draw=[5]), (0, "draw"))
    revealed = engine.reveal(state)
    assert [[card["shown"] for card in row["cards"]] for row in revealed["rows"]] == ROWS
    assert all(card["face_up"] for row in revealed["rows"] for card in row["cards"])
    spectator = engine.view(state, None)
    assert {k: v for k, v in revealed.items() if k != "rows"} == {k: v for k, v in spectator.items() if k != "rows"}
