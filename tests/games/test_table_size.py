"""Tables stay small: after every move of a whole seeded game, every seat's table and the spectator's are at most
20 KB, as the websocket pushes them and as the htmx answer to a move or a page's refresh of the table sends them, in
every language of the site (Traditional Chinese takes three bytes a character: its tables are the bigger ones).

Every game the registry can play is measured, so a game added later is held to the same budget. The game is
played by its own bots (`games/<slug>/bots.py`) with the most seats it allows, from the deal to the end (the late
game is the worst case: the longest log, the fullest sheets and boards, the results); after each move the table of
every seat (when it is to move, with all its choices on the page, and when it waits) and of a spectator is
rendered as the websocket push renders it, and as htmx is answered with it (a move's answer, the table fetched
again: games/match_views.py renders both as a push is rendered, without a CSRF field in its forms).
"""
import zlib
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from games import lobby, registry
from games.lobby import SeatPlan
from games.models import Match
from games.tables import as_answer, render_table
from tests.playouts import bot_playout, bots_of

pytestmark = pytest.mark.django_db

BUDGET = 20 * 1024  # bytes of HTML, uncompressed
SEED = 20261201
# The seed of the biggest tables found among seeds 1-5 and SEED, per game (the others: SEED).
WORST_SEED = {"cat_tower": 4, "rat_hot": 1, "hot_tin_roof": 5, "rat_a_tat_cat": 3}


@dataclass
class Measure:
    viewer: str
    push: int = 0  # the biggest websocket push of the game, in bytes
    answer: int = 0  # the biggest table htmx is answered with (a move's, the table fetched again)
    acted: int = 0  # how many of the measured tables offered this seat a move
    over: int = 0  # how many of its tables were over the budget
    zipped: int = 0  # the biggest push deflated as a websocket's permessage-deflate would (no context kept)


def match_for(game, users: list) -> tuple[Match, list]:
    """A started match of this game, each seat a different player (so each table shows one seat's view)."""
    match = lobby.create_match(host=users[0], game=game.slug, options={},
                               seats=[SeatPlan("me")] + [SeatPlan("invite")] * (len(users) - 1))
    for user in users[1:]:
        lobby.take_seat(match_id=match.pk, user=user, token=match.invite_token)
    match.refresh_from_db()
    assert match.status == Match.PLAYING
    return match, list(match.seats.select_related("profile").order_by("index"))


def measure(game, make_user, seats: int | None = None, seed: int = SEED) -> list[Measure]:
    """Play a seeded game, then render every state of it for every seat and for a spectator."""
    seats = seats or game.engine.MAX_SEATS
    users = [make_user(f"{game.slug[:20]}{i}") for i in range(seats)]
    match, seat_rows = match_for(game, users)
    states = bot_playout(game, seats, match.options, seed)
    viewers = [(f"seat {i}", user) for i, user in enumerate(users)] + [("spectator", AnonymousUser())]
    found = {name: Measure(name) for name, _ in viewers}
    for version, state in enumerate(states):
        match.state, match.version = state, version
        if game.engine.is_over(state):
            match.status = Match.FINISHED
        to_move = game.engine.to_move(state)
        for index, (name, user) in enumerate(viewers):
            pushed = render_table(match, seat_rows, user, None, oob=True)
            push, answer = len(pushed.encode()), len(as_answer(pushed).encode())
            m = found[name]
            m.push, m.answer = max(m.push, push), max(m.answer, answer)
            if push > m.push * 0.9:  # the figure printed, for the biggest tables only
                m.zipped = max(m.zipped, len(zlib.compress(pushed.encode(), 6)))
            m.acted += index in to_move
            m.over += push > BUDGET or answer > BUDGET
    return list(found.values())


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
@pytest.mark.parametrize("game", registry.playable_games(), ids=lambda game: game.slug)
def test_every_table_of_a_whole_game_fits_the_budget(game, language, make_user):
    if bots_of(game) is None:
        pytest.skip(f"{game.name} has no bots to play a game")
    with translation.override(language):
        measures = measure(game, make_user, seed=WORST_SEED.get(game.slug, SEED))
    for m in measures:
        print(f"{game.slug:15} {language:8} {m.viewer:10} push {m.push / 1024:6.1f} KB  answer "
              f"{m.answer / 1024:6.1f} KB  deflated {m.zipped / 1024:5.1f} KB  over {m.over}")
    for m in measures:
        if m.viewer != "spectator":
            assert m.acted, f"{game.name}: {m.viewer} never had a move: nothing measured"
        assert m.push <= BUDGET, f"{game.name}: {m.viewer}'s pushed table is {m.push} bytes (budget {BUDGET})"
        assert m.answer <= BUDGET, f"{game.name}: {m.viewer}'s table answered to a request is {m.answer} bytes"
