"""In real Chromium: axe-core finds no serious or critical WCAG 2.2 A/AA violation on any kind of page, one test per
page so that a failure names the page. The pages show real data: a player with finished matches of every game (their
records, replays and ratings), matches of every game in the middle and at the end, open and hot-seat tables."""

import pytest

from tests.browser import positions
from tests.browser.axe import assert_accessible
from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.test_signup import sign_up

pytestmark = pytest.mark.browser

HANDLE = "axel"
GAMES = ["hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"]
SEATS = {
    "hot_tin_roof": ["me", "bot:easy", "bot:easy"],
    "rat_a_tat_cat": ["me", "bot:easy"],
    "cat_tower": ["me", "bot:easy"],
    "rat_hot": ["me", "bot:easy"],
}
SHORT = {"rat_a_tat_cat": {"rounds": 1}}  # to the end quickly; the others end as their rules say
MID_MOVES = {"hot_tin_roof": 6, "rat_a_tat_cat": 2, "cat_tower": 4, "rat_hot": 2}


@pytest.fixture(scope="module")
def world(browser, live_server_url, manage):
    """A signed-up player (their browser state), and for every game a finished match (with its history record)
    and one in the middle; besides, a match waiting for an invited player and a hot-seat one."""
    context = browser.new_context(base_url=live_server_url)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    sign_up(context.new_page(), HANDLE, "Axel Tabby")
    state = context.storage_state()
    context.close()

    def made(game, seats, options=None):
        return positions.setup(manage, f"new({game!r}, {HANDLE!r}, {seats!r}, {options!r})")["match"]

    found = {"state": state, "mid": {}, "end": {}, "record": {}}
    for game in GAMES:
        end = positions.setup(manage, f"play({made(game, SEATS[game], SHORT.get(game))})")
        assert end["status"] == "finished" and end["record"], end
        found["end"][game], found["record"][game] = end["match"], end["record"]
        mid = positions.setup(manage, f"play({made(game, SEATS[game])}, moves={MID_MOVES[game]})")
        assert mid["status"] == "playing", mid
        found["mid"][game] = mid["match"]
    found["open"] = made("rat_a_tat_cat", ["me", "invite"])
    found["hot_seat"] = made("rat_a_tat_cat", ["me", "local"])
    return found


# name -> (address, filled in from the world: "{record[rat_hot]}" is the id of the Rat Hot record; signed in?)
PAGES = {
    "home": ("/", True),
    "home-visitor": ("/", False),
    "rules-index": ("/rules/", False),
    **{f"rules-{g}": (f"/rules/{g}/", False) for g in GAMES},
    "signup": ("/accounts/signup/", False),
    "login": ("/accounts/login/", False),
    "password-reset": ("/accounts/password_reset/", False),
    "password-change": ("/accounts/password_change/", True),
    "players": ("/players/", True),
    "profile": (f"/players/{HANDLE}/", True),
    "profile-edit": (f"/players/{HANDLE}/edit/", True),
    "table-player-new": ("/players/new/", True),
    "history": ("/history/", True),
    **{f"record-{g}": (f"/history/{{record[{g}]}}/", True) for g in GAMES},
    **{f"replay-{g}": (f"/history/{{record[{g}]}}/replay/", True) for g in GAMES},
    "stats": ("/stats/", True),
    **{f"leaderboard-{g}": (f"/stats/{g}/", True) for g in GAMES},
    "import": ("/records/import/", True),
    "lobby": ("/play/", True),
    **{f"new-match-{g}": (f"/play/new/{g}/", True) for g in GAMES},
    "record-picker": ("/record/", True),
    **{f"pad-{g}": (f"/record/{g}/", True) for g in GAMES},
    **{f"match-{g}-mid": (f"/matches/{{mid[{g}]}}/", True) for g in GAMES},
    **{f"match-{g}-end": (f"/matches/{{end[{g}]}}/", True) for g in GAMES},
    "match-open": ("/matches/{open}/", True),
    "match-hot-seat": ("/matches/{hot_seat}/", True),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_no_serious_or_critical_violations(name, world, new_context):
    address, signed_in = PAGES[name]
    address = address.format(**world)
    page = new_context(**({"storage_state": world["state"]} if signed_in else {})).new_page()
    response = page.goto(address)
    assert response.ok, f"{name}: {address} answered {response.status}"
    if page.locator("#live-status").count():
        # The badge settles once the socket is open (or the table says the match is over): check that page.
        page.locator("#live-status:not(:text('Connecting'))").wait_for()
    assert_accessible(page, name)
