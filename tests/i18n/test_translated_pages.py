"""Every main page, rendered in Traditional Chinese, has no English left for people to read: only names (the
site's, the players', the test-only game's). A page fails here until every template and string behind it is
marked and translated; each page is its own test, so the failures say which parts are left."""
import pytest

from games import registry
from games.hot_tin_roof.board import board
from tests.i18n.english import PROPER_NAMES, english_runs
from tests.i18n.pages import USERS, World, open_page, pages

# The brand stays in Latin letters (docs/i18n.md); names of the players in the fixtures; the game that exists only
# for the tests is not translated (it is listed on the home page, the lobby and the rules index).
ALLOWED = ["Top Cat", *USERS, *USERS.values()]
# Hot Tin Roof's families stay in English, as the seed review keeps them: the board's own names.
FAMILIES = sorted(board().family.values())


def only_for_tests() -> list[str]:
    game = registry.get("take_away")
    return [game.name, str(game.tagline)]


@pytest.mark.django_db
@pytest.mark.parametrize("page", pages(), ids=str)
def test_page_has_no_english_left(client, page):
    response = open_page(client, page, World(), HTTP_ACCEPT_LANGUAGE="zh-TW")
    assert response.headers["Content-Language"] == "zh-hant"
    left = english_runs(response.content.decode(), ALLOWED + PROPER_NAMES + FAMILIES + only_for_tests())
    assert not left, f"{page.name}: {len(left)} runs of English: {left[:25]}"
