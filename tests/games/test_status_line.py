"""The table's status line says what the viewing seat may do now: the game's own sentence when it words one
(<slug>/status.html), else the framework's, which never says "Your move" to a seat whose turn it is not."""
import re

import pytest
from django.template.loader import render_to_string

from games import registry
from games.tables import context, load
from games.viewer import Viewpoint, viewpoint
from tests.matches import play_out

pytestmark = pytest.mark.django_db


def status_line(match, user) -> str:
    match, seats = load(match.pk)
    html = render_to_string("games/table.html", context(match, seats, viewpoint(match, seats, user, None)))
    line = re.search(r'<div class="table-status">(.*?)</div>', html, re.S).group(1)
    return " ".join(re.sub(r"<[^>]+>", "", line).split())


def test_a_player_who_does_not_start_is_told_to_memorise_not_to_move(duel, leo):
    line = status_line(duel, leo)
    assert "Your move" not in line
    assert line.startswith("Remember your two outer cards, then press Memorised.")
    assert "It is mia's turn" in line.replace("Mia", "mia")


def test_the_starting_player_may_draw_or_take_and_still_memorise(duel, mia):
    line = status_line(duel, mia)
    assert line.startswith("Your move: draw a card, or take the discard into your row.")
    assert "until you press Memorised" in line


def test_after_the_peek_the_line_follows_the_phase(duel, mia):
    from games import turns

    duel = turns.play(match_id=duel.pk, seat=0, action={"type": "memorised"}, version=duel.version)
    assert "Memorised" not in status_line(duel, mia)
    duel = turns.play(match_id=duel.pk, seat=0, action={"type": "draw"}, version=duel.version)
    drawn = duel.engine.view(duel.state, 0)["drawn"]
    expected = {"peek": "peek at one of your cards", "swap": "swap one of your cards",
                "draw2": "put the card you drew"}.get(drawn, "put the card you drew in your row, or discard it")
    assert expected in status_line(duel, mia)


def test_the_framework_line_never_claims_a_turn_that_is_not_the_seat_s(duel, leo):
    """A game without its own sentence: a seat that may act out of turn is told it may act, not that it moves."""
    match, seats = load(duel.pk)
    ctx = context(match, seats, Viewpoint(seat=1, controlled=[1], to_move=[0, 1]))
    html = render_to_string("games/status.html", ctx)
    assert "Your move" not in html and "You may act now." in html and "turn" in html
    ctx = context(match, seats, Viewpoint(seat=0, controlled=[0], to_move=[0, 1]))
    assert "Your move." in render_to_string("games/status.html", ctx)


def test_a_game_words_its_status_line_in_its_own_folder():
    assert registry.get("rat_a_tat_cat").status_template == "rat_a_tat_cat/status.html"
    assert registry.get("take_away").status_template is None


def test_a_finished_match_says_so(duel, mia):
    play_out(duel.pk)
    assert status_line(duel, mia) == "The match is over."


@pytest.mark.parametrize("game, players", [("hot_tin_roof", 3), ("cat_tower", 2), ("rat_hot", 2)])
def test_the_seat_to_move_is_told_what_it_may_do_in_the_game_s_words(mia, game, players):
    """Issue 30.1: not only "Your move." but what to do, made by the game's words module from the seat's view and
    the moves it is offered (the bots, playing inline, have moved until it is Mia's turn)."""
    from games import bot_runner, lobby
    from games.lobby import SeatPlan

    match = lobby.create_match(host=mia, game=game, options={},
                               seats=[SeatPlan("me")] + [SeatPlan("bot", bot_level="easy")] * (players - 1))
    bot_runner.play_bots(match.pk)  # a bot may pick or place first
    match.refresh_from_db()
    assert 0 in match.engine.to_move(match.state)
    said = registry.get(game).words.instruction(match.engine.view(match.state, 0),
                                                match.engine.legal_actions(match.state, 0))
    assert said and status_line(match, mia) == f"Your move: {said}"
