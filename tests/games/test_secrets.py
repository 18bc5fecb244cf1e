"""Secrets: for every playable game, random matches played through HTTP, watched by each seat and a spectator,
over HTTP (the match page) and the websocket (the pushed table). Nothing reaches a seat that it may not know.

Each game's tests have a `hidden.secrets(state, seat, rng)`: a twin of the state that differs exactly in what
that seat may not know (hidden cards, the draw order, the others' pending choices, the seed before the end). Every
page and every frame a seat gets must be the same, byte for byte, for the real state and for its twin: then
nothing in them depends on a secret, whatever the templates or views do with the state. A new playable game
joins these tests by itself, and fails them until its tests say what its seats may not know.
"""
import json
import random
import re
from importlib import import_module

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from catsite.asgi import application
from games import lobby, registry
from games.lobby import SeatPlan
from games.models import Match
from tests.sockets import Socket

pytestmark = pytest.mark.django_db
GAMES = [game.slug for game in registry.playable_games()]
MATCHES, MOVES = 1, 30  # per game: random matches, and the moves of each that are watched
TOKENS = re.compile(r'(name="csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"')
HTMX = {"HTTP_HX_REQUEST": "true"}


def hidden(slug: str):
    """The game's `hidden` helper: in its tests' folder, or in its own package for a game made for the tests."""
    module = registry.get(slug).module
    return import_module(f"{module}.hidden" if module.startswith("tests.") else f"tests.games.{slug}.hidden")


def seat_plans(slug: str) -> list[SeatPlan]:
    """Mia in seat 0, Leo invited to seat 1, and bots in the seats a game needs beyond two."""
    game = registry.get(slug)
    level = sorted(game.bot_levels)[0]
    return [SeatPlan("me"), SeatPlan("invite")] + [SeatPlan("bot", bot_level=level)] * (game.engine.MIN_SEATS - 2)


GONE_IN = re.compile(r' data-gone-in="\d+"')


def same_page(html: str) -> str:
    """The page without its CSRF tokens, which are masked afresh for every response, nor the seconds before an
    away seat is gone (games/presence.py: a clock, not the state)."""
    return GONE_IN.sub("", TOKENS.sub(r"\1-", html))


def page_of(browser, url: str) -> str:
    """The page at `url` as `same_page` compares it; it must have been served (two error pages would be the same
    page for a state and its twin, and a test comparing them would pass without looking)."""
    response = browser.get(url)
    assert response.status_code == 200, f"{url}: {response.status_code}"
    return same_page(response.content.decode())


def start(slug, mia, leo, seed) -> Match:
    match = lobby.create_match(host=mia, game=slug, options={}, seats=seat_plans(slug))
    Match.objects.filter(pk=match.pk).update(seed=seed)
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    return Match.objects.get(pk=match.pk)


def viewers(mia, leo) -> dict:
    """A browser for seat 0 (Mia), seat 1 (Leo) and a spectator (not logged in)."""
    browsers = {0: Client(), 1: Client(), None: Client()}
    browsers[0].force_login(mia)
    browsers[1].force_login(leo)
    return browsers


def swap_in(match_id: int, state: dict, seed: int) -> None:
    Match.objects.filter(pk=match_id).update(state=state, seed=seed)


def settle(match_id: int, browsers: dict) -> None:
    """Let the bots make their moves (opening the page wakes them; they move at once in the tests) until they
    have none left to make, so that no bot moves on a twin."""
    while True:
        match = Match.objects.get(pk=match_id)
        waiting = match.status == Match.PLAYING and set(match.engine.to_move(match.state)) - set(browsers)
        if not waiting:
            return
        browsers[None].get(f"/matches/{match_id}/")
        if Match.objects.get(pk=match_id).version == match.version:
            return  # a bot's seat is to move with the people (a simultaneous step): it has moved or will wait


def assert_nothing_hidden_shows(slug, match_id: int, browsers: dict, rng) -> bool:
    """Every viewer's page is the same for the real state and for that viewer's twin; True if a twin differed."""
    settle(match_id, browsers)
    match = Match.objects.get(pk=match_id)
    real, seed, changed = match.state, match.seed, False
    for seat, browser in browsers.items():
        twin = hidden(slug).secrets(real, seat, rng)
        changed |= twin != real
        pages = []
        for state, shown_seed in ((real, seed), (twin, seed + 1 if twin != real else seed)):
            swap_in(match_id, state, shown_seed)
            pages.append(page_of(browser, f"/matches/{match_id}/"))
        swap_in(match_id, real, seed)
        assert pages[0] == pages[1], f"seat {seat} can tell a secret of the {slug} state at version {match.version}"
    return changed


def play_a_random_move(match_id: int, browsers: dict, rng) -> bool:
    """A random legal move of a random seat to move, posted by that seat's browser; False once the match is over."""
    settle(match_id, browsers)
    match = Match.objects.get(pk=match_id)
    if match.status != Match.PLAYING:
        return False
    seat = rng.choice([seat for seat in match.engine.to_move(match.state) if seat in browsers])
    action = rng.choice(match.engine.legal_actions(match.state, seat))
    response = browsers[seat].post(f"/matches/{match_id}/move/", {
        "seat": seat, "version": match.version, "action": json.dumps(action)}, **HTMX)
    assert response.status_code == 200, response.content.decode()[:500]
    return True


@pytest.mark.parametrize("slug", GAMES)
def test_no_page_shows_a_seat_what_it_may_not_know(slug, mia, leo):
    rng = random.Random(f"secrets:{slug}")
    browsers = viewers(mia, leo)
    secrets_seen = False
    for number in range(MATCHES):
        match = start(slug, mia, leo, seed=1000 + number)
        for _ in range(MOVES):
            secrets_seen |= assert_nothing_hidden_shows(slug, match.pk, browsers, rng)
            if not play_a_random_move(match.pk, browsers, rng):
                break
    assert secrets_seen, "the twins never differed: the test would not see a leak"


@pytest.mark.parametrize("slug", GAMES)
def test_a_finished_match_hides_nothing_and_its_twin_is_itself(slug, mia, leo):
    """At the end everything may be known (the seed too): the twin is the state itself."""
    rng = random.Random(f"end:{slug}")
    browsers = viewers(mia, leo)
    match = start(slug, mia, leo, seed=7)
    while play_a_random_move(match.pk, browsers, rng):
        pass
    state = Match.objects.get(pk=match.pk).state
    assert all(hidden(slug).secrets(state, seat, rng) == state for seat in (0, 1, None))


# --- The websocket ------------------------------------------------------------------------------------------


async def frame(match_id: int, user, state, seed) -> str:
    """The table pushed to a socket of this user when the match holds `state` (sockets get the table on connect)."""
    await database_sync_to_async(swap_in)(match_id, state, seed)
    socket = Socket(application, f"/ws/matches/{match_id}/",
                                   headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
    if user is not None:
        socket.scope["user"] = user
    connected, _ = await socket.connect()
    assert connected
    html = await socket.receive_from(timeout=10)
    await socket.disconnect()
    return same_page(html)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("slug", GAMES)
async def test_no_pushed_frame_shows_a_seat_what_it_may_not_know(slug, mia, leo, settings):
    settings.BOT_RUNNER = "inline"
    rng = random.Random(f"frames:{slug}")
    browsers = await database_sync_to_async(viewers)(mia, leo)
    match = await database_sync_to_async(start)(slug, mia, leo, 99)
    users = {0: mia, 1: leo, None: None}
    secrets_seen = False
    for _ in range(MOVES // 2):
        current = await database_sync_to_async(Match.objects.get)(pk=match.pk)
        for seat, user in users.items():
            twin = hidden(slug).secrets(current.state, seat, rng)
            secrets_seen |= twin != current.state
            real_frame = await frame(match.pk, user, current.state, current.seed)
            twin_frame = await frame(match.pk, user, twin, current.seed + 1 if twin != current.state else current.seed)
            await database_sync_to_async(swap_in)(match.pk, current.state, current.seed)
            assert real_frame == twin_frame, f"seat {seat}'s socket can tell a secret at version {current.version}"
        if not await database_sync_to_async(play_a_random_move)(match.pk, browsers, rng):
            break
    assert secrets_seen
