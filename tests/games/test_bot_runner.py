"""The bot runner: bots move off the human's request, see only their own view, and stop when a human is to move."""
import random

import pytest

from games import bot_runner, lobby, turns
from games.lobby import SeatPlan

pytestmark = pytest.mark.django_db


@pytest.fixture
def against_a_bot(mia):
    return lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                              seats=[SeatPlan("me"), SeatPlan("bot", bot_level="good")])


def test_in_production_the_bots_move_on_a_worker_not_in_the_request(settings, against_a_bot, monkeypatch):
    settings.BOT_RUNNER = "thread"
    handed_over = []
    monkeypatch.setattr(bot_runner._executor, "submit", lambda fn, match_id: handed_over.append(match_id))
    monkeypatch.setattr(bot_runner, "play_bots", lambda *a, **k: pytest.fail("a bot moved inside the request"))
    bot_runner.kick(against_a_bot.pk)
    assert handed_over == [against_a_bot.pk]
    bot_runner._running.pop(against_a_bot.pk, None)


def test_a_bot_chooses_from_its_own_view_only(against_a_bot, monkeypatch):
    from games.rat_a_tat_cat import bots

    seen = []
    real_choose = bots.choose
    monkeypatch.setattr(bots, "choose", lambda level, view, legal, rng, notes: seen.append((view, notes)) or
                        real_choose(level, view, legal, rng, notes))
    assert bot_runner.play_bots(against_a_bot.pk) == 1  # the bot's opening peek: "memorised"
    engine = against_a_bot.engine
    view = engine.view(against_a_bot.state, 1)
    assert seen == [(view, bots.remember(None, view))]


def play_a_while(match, moves=12):
    """The human's seat played by the easy bot's choices through the service, the bot's by the bot runner."""
    from games.rat_a_tat_cat import bots

    for _ in range(moves):
        match.refresh_from_db()
        if match.status != "playing":
            return
        seat = match.engine.to_move(match.state)[0]
        if seat == 0:
            action = bots.choose("easy", match.engine.view(match.state, 0),
                                 match.engine.legal_actions(match.state, 0), random.Random(seat))
            turns.play(match_id=match.pk, seat=0, action=action, version=match.version)
        else:
            bot_runner.play_one_bot_move(match.pk)


def test_a_bots_notes_are_its_views_after_every_move_kept_or_rebuilt_from_the_moves(against_a_bot):
    from games.rat_a_tat_cat import bots

    play_a_while(against_a_bot)
    match = against_a_bot
    match.refresh_from_db()
    engine = match.engine
    state = engine.new_game(2, match.seed, match.options)
    expected = bots.remember(None, engine.view(state, 1))
    for move in match.moves.order_by("seq"):
        state = engine.apply(state, move.seat, move.action)
        expected = bots.remember(expected, engine.view(state, 1))
    assert bot_runner.bot_notes(match, 1, bots) == expected  # kept in this process, caught up
    bot_runner._notes.clear()
    assert bot_runner.bot_notes(match, 1, bots) == expected  # rebuilt from the moves alone


def test_notes_kept_for_another_history_are_not_used(against_a_bot):
    from games.rat_a_tat_cat import bots

    match = against_a_bot
    match.refresh_from_db()
    wrong = bots.remember(None, match.engine.view(match.state, 1))
    wrong["rows"][0] = [9, 9, 9, 9]
    bot_runner._notes[(match.pk, match.seed, 1)] = (match.version, {"not": "this match"}, wrong)
    assert bot_runner.bot_notes(match, 1, bots) == bots.remember(None, match.engine.view(match.state, 1))


def test_bots_stop_when_a_human_is_to_move(against_a_bot):
    bot_runner.play_bots(against_a_bot.pk)
    assert bot_runner.play_bots(against_a_bot.pk) == 0
    against_a_bot.refresh_from_db()
    assert against_a_bot.engine.to_move(against_a_bot.state) == [0]


def test_a_bots_turn_is_logged_like_anyones(against_a_bot):
    engine = against_a_bot.engine
    for kind in ["draw", "discard", "discard", "discard", "end_turn"]:  # the human's turn (Draw 2 may repeat)
        against_a_bot.refresh_from_db()
        legal = [a for a in engine.legal_actions(against_a_bot.state, 0) if a["type"] == kind]
        if legal:
            turns.play(match_id=against_a_bot.pk, seat=0, action=legal[0], version=against_a_bot.version)
    assert bot_runner.play_bots(against_a_bot.pk) >= 2  # its peek, then its turn
    against_a_bot.refresh_from_db()
    assert against_a_bot.moves.filter(seat=1).count() >= 2
    assert any(entry["seat"] == 1 for entry in against_a_bot.state["log"])


def test_a_match_saved_before_the_log_was_events_is_replayed_once_for_the_notes(against_a_bot, monkeypatch):
    from games.rat_a_tat_cat import bots

    play_a_while(against_a_bot, moves=4)
    match = against_a_bot
    match.refresh_from_db()
    match.state = {**match.state, "log": [{"seat": None, "text": "Round 1: {seat:1} deals."}]}
    del match.state["logged"]
    bot_runner._notes.clear()
    rebuilt = []
    first_notes = bot_runner._first_notes
    monkeypatch.setattr(bot_runner, "_first_notes", lambda *args: rebuilt.append(1) or first_notes(*args))
    notes = bot_runner.bot_notes(match, 1, bots)
    assert bot_runner.bot_notes(match, 1, bots) == notes and rebuilt == [1]
