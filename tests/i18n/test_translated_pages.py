"""Every main page, rendered in Traditional Chinese, has no English left for people to read: only names (the
site's, the players', the test-only game's). A page fails here until every template and string behind it is
marked and translated; each page is its own test, so the failures say which parts are left."""
import pytest

from games import registry
from tests.i18n.english import PROPER_NAMES, english_runs
from tests.i18n.pages import USERS, World, open_page, pages

# The brand stays in Latin letters (docs/i18n.md); names of the players in the fixtures; the game that exists only
# for the tests is not translated (it is listed on the home page, the lobby and the rules index).
ALLOWED = ["Top Cat", *USERS, *USERS.values()]


def only_for_tests() -> list[str]:
    game = registry.get("take_away")
    return [game.name, str(game.tagline), *(str(label) for label, _ in game.words.OPTION_LABELS.values())]


@pytest.mark.django_db
@pytest.mark.parametrize("page", pages(), ids=str)
def test_page_has_no_english_left(client, page):
    world = World()
    response = open_page(client, page, world, HTTP_ACCEPT_LANGUAGE="zh-TW")
    assert response.headers["Content-Language"] == "zh-hant"
    left = english_runs(response.content.decode(), ALLOWED + PROPER_NAMES + only_for_tests() + world.data)
    assert not left, f"{page.name}: {len(left)} runs of English: {left[:25]}"
