"""The Rat-a-Tat Cat bots: they play only legal moves, "good" clearly beats "easy", "medium" sits between them,
and a round always ends."""

import random

import pytest

from games.rat_a_tat_cat import bots, engine

from ..bot_levels import LEVELS, lone_wins
from .helpers import play, stacked_game


def bot_game(levels, seed, options, rng=None):
    """Play a whole game with one bot level per seat; every move must be one of the legal ones.

    Each bot keeps its notes as the bot runner does: its view after every move, folded by bots.remember.
    """
    rng = rng or random.Random(seed)
    state = engine.new_game(len(levels), seed, options)
    notes = [bots.remember(None, engine.view(state, seat)) for seat in range(len(levels))]
    while not engine.is_over(state):
        seat = rng.choice(engine.to_move(state))
        legal = engine.legal_actions(state, seat)
        action = bots.choose(levels[seat], engine.view(state, seat), legal, rng, notes[seat])
        assert action in legal
        state = engine.apply(state, seat, action)
        notes = [bots.remember(notes[s], engine.view(state, s)) for s in range(len(levels))]
    return state


@pytest.mark.slow
def test_the_good_bot_beats_the_easy_bot_in_at_least_70_percent_of_two_player_rounds():
    wins = 0
    for game in range(500):
        good = game % 2  # alternate who starts
        levels = ["easy", "easy"]
        levels[good] = "good"
        totals = bot_game(levels, seed=game, options={"rounds": 1})["totals"]
        wins += totals[good] < totals[1 - good]
    assert wins >= 350, f"good won only {wins} of 500"


def ranks(levels, seed):
    """A whole game with the default options (five rounds)."""
    return engine.outcome(bot_game(levels, seed, {}))["ranks"]


@pytest.mark.slow
def test_the_medium_bot_beats_the_easy_bot_clearly():
    wins = lone_wins(ranks, "medium", "easy", 200, seats=2)
    assert wins >= 150, f"the medium bot won only {wins} of 200 games against the easy bot"


@pytest.mark.slow
def test_the_medium_bot_loses_clearly_to_the_good_bot():
    wins = lone_wins(ranks, "medium", "good", 200, seats=2)
    assert wins <= 70, f"the medium bot won {wins} of 200 games against the good bot"


def test_the_medium_bot_beats_the_easy_bot_in_a_few_games():
    assert lone_wins(ranks, "medium", "easy", 10, seats=2) >= 7


def test_there_are_three_levels_weakest_first():
    assert list(bots.LEVELS) == LEVELS


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("memory_aid", [False, True])
def test_both_bots_play_only_legal_moves_to_the_end(seats, memory_aid):
    for seed in range(10):
        levels = [random.Random(seed * 7 + s).choice(list(bots.LEVELS)) for s in range(seats)]
        assert engine.is_over(bot_game(levels, seed, {"rounds": 2, "memory_aid": memory_aid}))


class Table:
    """A game played move by move while every seat's bot keeps its notes, as the bot runner does."""

    def __init__(self, state):
        self.state = state
        self.notes = [bots.remember(None, engine.view(state, seat)) for seat in range(state["seats"])]

    def play(self, *moves):
        for move in moves:
            self.state = play(self.state, move)
            self.notes = [bots.remember(notes, engine.view(self.state, seat)) for seat, notes in enumerate(self.notes)]
        return self

    def all_memorised(self):
        for seat in list(engine.to_move(self.state)):
            if {"type": "memorised"} in engine.legal_actions(self.state, seat):
                self.play((seat, "memorised"))
        return self

    def choice(self, seat=None):
        seat = self.state["turn"] if seat is None else seat
        return bots.choose("good", engine.view(self.state, seat), engine.legal_actions(self.state, seat),
                           random.Random(0), self.notes[seat])


def dealt(rows, **stack):
    return Table(stacked_game(rows, **stack)).all_memorised()


def test_the_good_bot_confirms_its_opening_peek_first():
    assert Table(stacked_game([[1, 2, 3, 4], [5, 6, 7, 8]], discard=0)).choice() == {"type": "memorised"}


def test_the_good_bot_takes_a_low_discard_in_place_of_its_highest_known_card():
    assert dealt([[1, 2, 3, 9], [5, 6, 7, 8]], discard=0).choice() == {"type": "take_discard", "position": 3}


def test_the_good_bot_remembers_its_opening_peek_only_through_its_notes():
    table = dealt([[1, 2, 3, 9], [5, 6, 7, 8]], discard=0)
    view = engine.view(table.state, 0)
    assert view["memory"] == []  # the view no longer shows the outer cards ...
    assert table.notes[0]["rows"][0] == [1, None, None, 9]  # ... but the bot noted them while they showed
    without_notes = bots.choose("good", view, engine.legal_actions(table.state, 0), random.Random(0))
    assert without_notes == {"type": "take_discard", "position": 0}  # it would replace an unknown card instead


def test_the_good_bot_notes_the_cards_others_take_from_the_discard_pile_and_the_swaps_it_sees():
    table = dealt([[1, 2, 3, 9], [5, 6, 7, 8], [4, 4, 4, 4]], discard=0, draw=["swap"])
    table.play((0, {"type": "take_discard", "position": 3}), (0, "end_turn"))
    assert table.notes[1]["rows"][0] == [None, None, None, 0] and table.notes[2]["rows"][0][3] == 0
    table.play((1, "draw"), (1, {"type": "swap", "position": 0, "opponent": 0, "their_position": 1}))
    assert table.notes[1]["rows"][1][0] is None and table.notes[1]["rows"][0][1] == 5
    assert table.notes[2]["rows"][0] == [None, None, None, 0]  # seat 2 never saw seat 1's 5
    assert table.notes[0]["rows"][0] == [1, None, None, 0]  # seat 0 lost its card at position 2 to seat 1


def test_the_good_bot_draws_rather_than_take_a_high_discard_and_discards_a_high_card():
    table = dealt([[1, 2, 3, 4], [5, 6, 7, 8]], discard=8, draw=[9])
    assert table.choice() == {"type": "draw"}
    assert table.play((0, "draw")).choice() == {"type": "discard"}


def test_the_good_bot_peeks_at_a_card_it_has_not_seen():
    table = dealt([[1, 2, 3, 4], [5, 6, 7, 8]], discard=8, draw=["peek"]).play((0, "draw"))
    assert table.choice() in ({"type": "peek", "position": 1}, {"type": "peek", "position": 2})


def test_the_good_bot_swaps_away_its_highest_known_card():
    action = dealt([[9, 2, 3, 1], [5, 6, 7, 8]], discard=8, draw=["swap"]).play((0, "draw")).choice()
    assert action["type"] == "swap" and action["position"] == 0


def test_the_good_bot_knocks_with_a_low_row_and_plays_on_with_a_high_one():
    low = dealt([[0, 1, 1, 0], [5, 6, 7, 8]], discard=8, draw=[0])
    low.play((0, "draw"), (0, {"type": "replace", "position": 1}), (0, "end_turn"), (1, "draw"),
             (1, "discard"), (1, "end_turn"), (0, "draw"), (0, {"type": "replace", "position": 2}))
    assert low.choice() == {"type": "knock"}
    high = dealt([[9, 1, 1, 9], [5, 6, 7, 8]], discard=8, draw=[9])
    assert high.play((0, "draw"), (0, "discard")).choice() == {"type": "end_turn"}


def test_the_medium_bot_forgets_some_of_its_own_hidden_cards():
    """With its opening peek hidden again, medium sometimes replaces the known 9 and sometimes a card it forgot."""
    table = dealt([[1, 2, 3, 9], [5, 6, 7, 8]], discard=0)
    legal, view = engine.legal_actions(table.state, 0), engine.view(table.state, 0)
    chosen = {str(bots.choose("medium", view, legal, random.Random(seed), table.notes[0])) for seed in range(20)}
    assert str({"type": "take_discard", "position": 3}) in chosen and len(chosen) > 1


def test_a_long_round_makes_the_good_and_medium_bots_knock_whatever_their_row():
    high = dealt([[9, 1, 1, 9], [5, 6, 7, 8]], discard=8, draw=[9]).play((0, "draw"), (0, "discard"))
    view, legal = engine.view(high.state, 0), engine.legal_actions(high.state, 0)
    for level in ("good", "medium"):
        assert bots.choose(level, view, legal, random.Random(0), high.notes[0]) == {"type": "end_turn"}
    more = bots.LONG_ROUND * 2 - bots.events_this_round(view)  # two players: LONG_ROUND turns each
    long = dict(view, log=view["log"] + [{"event": "discarded", "seat": 1, "card": 8}] * more)
    assert bots.round_is_long(long) and not bots.round_is_long(view)
    for level in ("good", "medium"):
        assert bots.choose(level, long, legal, random.Random(0), high.notes[0]) == {"type": "knock"}


@pytest.mark.parametrize("level", ["good", "medium"])
def test_every_round_ends_when_the_bots_decide_from_their_view_alone(level):
    """Without notes a bot knows only what shows now and may never think its row low enough to knock (six good
    bots, seed 776287, played on for ever in round 2): it knocks once the round has gone on long enough."""
    seed, version = 776287, 0
    state = engine.new_game(6, seed, {})
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        rng = random.Random(f"{seed}:{version}:{seat}")
        state = engine.apply(state, seat, bots.choose(level, engine.view(state, seat),
                                                      engine.legal_actions(state, seat), rng))
        version += 1
        assert version < 3000, f"round {state['round']} is still going"
    assert len(state["rounds"]) == state["options"]["rounds"]
