"""Secrets in the text-first mode (issue 30.5): the text page of each seat and of a spectator, and every answer of
the command line to them, are the same for the real state and for that viewer's twin (tests/games/test_secrets.py:
a state that differs exactly in what the viewer may not know). So the text table and the spoken answers never hold
another seat's hidden cards, draws, pending marks or the seed, whatever the templates do with the state."""
import random

import pytest
from django.test import Client

from games import registry, text_mode
from scoring.services import set_text_mode
from tests.games.test_secrets import hidden, play_a_random_move, same_page, settle, start, swap_in

pytestmark = pytest.mark.django_db
GAMES = [game.slug for game in registry.playable_games() if text_mode.has_text_table(game.slug)]
MOVES = 20
QUESTIONS = ("help", "moves", "last", "scores", "whose turn")


def text_viewers(mia, leo, make_user) -> dict:
    watcher = make_user("watcher")
    for user in (mia, leo, watcher):
        set_text_mode(profile=user.profile, on=True)
    browsers = {0: Client(), 1: Client(), None: Client()}
    for seat, user in ((0, mia), (1, leo), (None, watcher)):
        browsers[seat].force_login(user)
    return browsers


def everything_said(browser, match_id: int) -> list[str]:
    page = same_page(browser.get(f"/matches/{match_id}/").content.decode())
    assert 'id="command-input"' in page
    said = [page]
    for line in QUESTIONS:
        response = browser.post(f"/matches/{match_id}/command/", {"command": line}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.content.decode()
        said.append(response.content.decode())
    return said


@pytest.mark.parametrize("slug", GAMES)
def test_no_text_page_nor_answer_tells_a_seat_what_it_may_not_know(slug, mia, leo, make_user):
    rng = random.Random(f"text secrets:{slug}")
    browsers = text_viewers(mia, leo, make_user)
    match = start(slug, mia, leo, seed=2000)
    secrets_seen = False
    for _ in range(MOVES):
        settle(match.pk, browsers)
        current = type(match).objects.get(pk=match.pk)
        for seat, browser in browsers.items():
            twin = hidden(slug).secrets(current.state, seat, rng)
            secrets_seen |= twin != current.state
            told = []
            for state, seed in ((current.state, current.seed),
                                (twin, current.seed + 1 if twin != current.state else current.seed)):
                swap_in(match.pk, state, seed)
                told.append(everything_said(browser, match.pk))
            swap_in(match.pk, current.state, current.seed)
            assert told[0] == told[1], f"{slug}: seat {seat}'s text page can tell a secret at {current.version}"
        if not play_a_random_move(match.pk, browsers, rng):
            break
    assert secrets_seen, "the twins never differed: the test would not see a leak"
