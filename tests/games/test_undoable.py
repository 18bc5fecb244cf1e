"""Which moves each game lets a player take back (games/undo.py): only a move that showed nothing hidden (no card
drawn or seen, no tile or strip turned up) and left nothing to chance (no dice, no shuffle). Each engine says which
of its actions can be (`undoable`); no random draw may have been made, whatever it says (`turns.can_take_back`)."""
from games.cat_tower import engine as cat_tower
from games.hot_tin_roof import engine as hot_tin_roof
from games.rat_a_tat_cat import engine as rat_a_tat_cat
from games.rat_hot import engine as rat_hot
from games.turns import can_take_back
from tests.games.rat_a_tat_cat.helpers import all_memorised


def step(engine, state, seat, action):
    """The state after the move, and whether its player may take it back."""
    after = engine.apply(state, seat, action)
    return after, can_take_back(engine, state, seat, action, after)


def first_of(engine, state, seat, kind):
    return next(action for action in engine.legal_actions(state, seat) if action["type"] == kind)


def test_rat_a_tat_cat_a_knock_or_an_ended_turn_can_be_taken_back_a_card_play_cannot():
    state = all_memorised(rat_a_tat_cat.new_game(2, 3))
    seat = rat_a_tat_cat.to_move(state)[0]
    drawn, undoable = step(rat_a_tat_cat, state, seat, {"type": "draw"})
    assert not undoable  # the drawn card is seen
    played, undoable = step(rat_a_tat_cat, drawn, seat, {"type": "discard"})
    assert not undoable  # it lies face up on the discard pile
    if played["phase"] != "knock":  # a Draw 2 lets the player draw again: discard that one too
        played, _ = step(rat_a_tat_cat, played, seat, {"type": "discard"})
    assert played["phase"] == "knock"
    assert step(rat_a_tat_cat, played, seat, {"type": "knock"})[1]
    assert step(rat_a_tat_cat, played, seat, {"type": "end_turn"})[1]


def test_a_move_that_made_a_random_draw_is_never_taken_back_whatever_the_engine_says():
    """The framework's own rule, over every engine's: here a knock, which Rat-a-Tat Cat lets be taken back, had a
    draw been made with it (as a round's new deal is)."""
    state = all_memorised(rat_a_tat_cat.new_game(2, 3))
    seat = rat_a_tat_cat.to_move(state)[0]
    after = rat_a_tat_cat.apply(state, seat, {"type": "draw"})
    assert not can_take_back(rat_a_tat_cat, state, seat, {"type": "knock"}, {**after, "draws": state["draws"] + 1})


def test_hot_tin_roof_a_rooftop_move_or_an_ended_turn_can_be_taken_back_a_dive_cannot():
    state = hot_tin_roof.new_game(3, 5)
    dived, undoable = step(hot_tin_roof, state, 0, first_of(hot_tin_roof, state, 0, "dive"))
    assert not undoable  # the dumpster's tile is taken and the next one turned up from the pile
    assert dived["phase"] == "race"
    moves = [a for a in hot_tin_roof.legal_actions(dived, 0) if a["type"] == "move"]
    assert moves and step(hot_tin_roof, dived, 0, moves[0])[1]
    ended, undoable = step(hot_tin_roof, dived, 0, {"type": "end_turn"})
    assert undoable and ended["turn"] == 1  # the next player's ante is paid by rule, not by chance


def test_cat_tower_a_die_taken_or_a_mark_the_others_have_not_seen_can_be_taken_back():
    state = cat_tower.new_game(2, 7)
    for _ in range(2):
        seat = cat_tower.to_move(state)[0]
        state, undoable = step(cat_tower, state, seat, first_of(cat_tower, state, seat, "take_die"))
        assert undoable  # the dice lie face up: taking one shows nothing
    assert state["phase"] == "mark"
    first, last = cat_tower.to_move(state)
    marked, undoable = step(cat_tower, state, first, {"type": "pass"})
    assert undoable  # a mark stays hidden until the last one is in
    _, undoable = step(cat_tower, marked, last, {"type": "pass"})
    assert not undoable  # the last mark shows every mark, and the next round's dice are rolled


def test_rat_hot_the_first_strip_of_a_turn_of_two_can_be_taken_back_the_last_cannot():
    state = rat_hot.new_game(2, 11)
    state, undoable = step(rat_hot, state, 0, rat_hot.legal_actions(state, 0)[0])
    assert not undoable  # Mia's one strip ended her turn: Leo's two are turned up
    state, undoable = step(rat_hot, state, 1, rat_hot.legal_actions(state, 1)[0])
    assert undoable  # the other strip was already face up: nothing new is seen
    _, undoable = step(rat_hot, state, 1, rat_hot.legal_actions(state, 1)[0])
    assert not undoable


def test_each_of_the_four_games_says_which_of_its_moves_can_be_taken_back():
    assert all(callable(engine.undoable) for engine in (rat_a_tat_cat, hot_tin_roof, cat_tower, rat_hot))
