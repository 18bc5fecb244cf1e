"""The big screen shows only what a spectator may know, for every playable game, even in the browser of a host who
holds a seat: its page and its socket's tables are the same, byte for byte, for the real state and for the
spectator's twin (tests/games/<game>/hidden.py: a state differing exactly in what nobody at the table may see)."""
import random
from unittest import mock

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from catsite.asgi import application
from games import lobby, registry
from games.models import Match
from table_mode import services
from tests.games.test_secrets import hidden, page_of, play_a_random_move, same_page, settle, swap_in

GAMES = [game.slug for game in registry.playable_games()]
MOVES = 30
HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


def seated_table(slug, mia, leo, seed):
    """Mia's table: Mia (the host, seat 0) and Leo (seat 1) from their phones, bots in the seats beyond two."""
    table = services.open_table(host=mia)
    members = [services.join_as_user(table=table, user=user).pk for user in (mia, leo)]
    game = registry.get(slug)
    bots = [sorted(game.bot_levels)[0]] * (game.engine.MIN_SEATS - 2)
    # The game is dealt from this seed (a seed set after start_game would leave the state's own, random one: the
    # match, and so whether the tests see a secret within their moves, would change from run to run).
    with mock.patch.object(lobby, "new_seed", return_value=seed):
        match = services.start_game(table=table, user=mia, game=slug, players=members, bots=bots)
    return table, match


def browsers_of(mia, leo) -> dict:
    browsers = {0: Client(), 1: Client(), None: Client()}
    browsers[0].force_login(mia)
    browsers[1].force_login(leo)
    return browsers


def screen_differs(slug, table, match_id, screen, rng) -> bool:
    """Asserts the big screen is the same for the real state and the spectator's twin; True if the twin differed."""
    match = Match.objects.get(pk=match_id)
    real, seed = match.state, match.seed
    twin = hidden(slug).secrets(real, None, rng)
    pages = []
    for state, shown_seed in ((real, seed), (twin, seed + 1 if twin != real else seed)):
        swap_in(match_id, state, shown_seed)
        pages.append(page_of(screen, f"/table/{table.code}/screen/"))
    swap_in(match_id, real, seed)
    assert pages[0] == pages[1], f"the big screen can tell a secret of the {slug} state at version {match.version}"
    return twin != real


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_big_screen_page_shows_no_secret_though_its_host_holds_a_seat(slug, mia, leo):
    rng = random.Random(f"screen:{slug}")
    table, match = seated_table(slug, mia, leo, seed=4242)
    browsers = browsers_of(mia, leo)
    screen = browsers[0]  # the host's own browser, logged in as the player of seat 0
    secrets_seen = False
    for _ in range(MOVES):
        settle(match.pk, browsers)
        secrets_seen |= screen_differs(slug, table, match.pk, screen, rng)
        if not play_a_random_move(match.pk, browsers, rng):
            break
    assert secrets_seen, "the twins never differed: the test would not see a leak"
    assert "data-stamp=" in screen.get(f"/table/{table.code}/screen/").content.decode()


async def screen_frame(match_id: int, user, state, seed) -> str:
    await database_sync_to_async(swap_in)(match_id, state, seed)
    socket = WebsocketCommunicator(application, f"/ws/screens/{match_id}/", headers=HEADERS)
    socket.scope["user"] = user
    assert (await socket.connect())[0]
    html = await socket.receive_from(timeout=10)
    await socket.disconnect()
    return same_page(html)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("slug", GAMES)
async def test_the_big_screens_socket_shows_no_secret_though_its_host_holds_a_seat(slug, mia, leo):
    rng = random.Random(f"screen-frames:{slug}")
    table, match = await database_sync_to_async(seated_table)(slug, mia, leo, 77)
    browsers = await database_sync_to_async(browsers_of)(mia, leo)
    secrets_seen = False
    for _ in range(MOVES // 2):
        await database_sync_to_async(settle)(match.pk, browsers)
        current = await database_sync_to_async(Match.objects.get)(pk=match.pk)
        twin = hidden(slug).secrets(current.state, None, rng)
        secrets_seen |= twin != current.state
        real_frame = await screen_frame(match.pk, mia, current.state, current.seed)
        twin_frame = await screen_frame(match.pk, mia, twin, current.seed + 1 if twin != current.state
                                        else current.seed)
        await database_sync_to_async(swap_in)(match.pk, current.state, current.seed)
        assert real_frame == twin_frame, f"the big screen's socket can tell a secret at version {current.version}"
        if not await database_sync_to_async(play_a_random_move)(match.pk, browsers, rng):
            break
    assert secrets_seen


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["cat_tower", "rat_a_tat_cat"])
def test_the_same_checks_see_the_hosts_own_match_page_differ(slug, mia, leo):
    """The check can fail: the host's seat's page does change with a secret that the big screen must not show (in
    the games where a seat knows more than the room: its cards, its pending marks; Hot Tin Roof's and Rat Hot's
    only secrets are the draw order and the seed, which no seat sees either)."""
    rng = random.Random(f"control:{slug}")
    table, match = seated_table(slug, mia, leo, seed=4242)
    browsers = browsers_of(mia, leo)
    for _ in range(MOVES):
        settle(match.pk, browsers)
        current = Match.objects.get(pk=match.pk)
        twin = hidden(slug).secrets(current.state, None, rng)
        pages = []
        for state in (current.state, twin):
            swap_in(match.pk, state, current.seed)
            pages.append(page_of(browsers[0], f"/matches/{match.pk}/"))
        swap_in(match.pk, current.state, current.seed)
        if pages[0] != pages[1]:
            return
        if not play_a_random_move(match.pk, browsers, rng):
            break
    pytest.fail("the host's own page never showed what a spectator may not know")
