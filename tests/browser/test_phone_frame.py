"""In real Chromium (issue 30.1 and 30.3): the status line says what the player may do now, in the game's words, and
what they act on (Hot Tin Roof's board, Cat Tower's dice or tower, Rat Hot's table, Rat-a-Tat Cat's row) is on the
screen at 1280 x 800 and 390 x 844 without scrolling; no page scrolls sideways at 360 px; a finished match shows
its result before the table; on a phone the header is one line whose Menu button opens and folds the rest by
keyboard. axe finds nothing on the states reached."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser import positions
from tests.browser.axe import assert_accessible
from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.keyboard import is_focused, tab_to
from tests.browser.test_languages import OVERFLOWS
from tests.browser.test_signup import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the page in the browser, not the database: once, on SQLite

HANDLE = "framer"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NARROWEST = {"width": 360, "height": 780}
GAMES = ["hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"]
SEATS = {"hot_tin_roof": ["me", "bot:easy", "bot:easy"], "rat_a_tat_cat": ["me", "bot:easy"],
         "cat_tower": ["me", "bot:easy"], "rat_hot": ["me", "bot:easy"]}
SHORT = {"rat_a_tat_cat": {"rounds": 1}}

# The states the player is to move in: the game, the player's own moves played before (by the easy bot's choice),
# what they act on, and what the status line says (the game's words for what may be done now).
TURNS = {
    "hot_tin_roof": ("hot_tin_roof", 6, ".htr-board",
                     r"Your move:\s+(choose a dumpster below the board|pick a cat on the board|no cat of yours can "
                     r"move now|the last fish is gone)"),
    "rat_a_tat_cat": ("rat_a_tat_cat", 2, ".ratc-row.mine", r"Your move:\s+(draw|put|peek|swap|knock|choose)"),
    "cat_tower-pick": ("cat_tower", 4, ".ct-dice",
                       r"Your move:\s+take one die from the roll; you will mark your tower with it"),
    "cat_tower-mark": ("cat_tower", 5, ".ct-sheet.mine .ct-tower",
                       r"Your move:\s+(mark one item on your tower with your \d and the shared \d|no mark fits)"),
    "rat_hot": ("rat_hot", 2, ".rh-board", r"Your move:\s+place (your strip|both strips) on the table"),
}


@pytest.fixture(scope="module")
def world(browser, live_server_url, manage):
    """A signed-up player, a finished match of every game and each of the TURNS states, the player to move."""
    context = browser.new_context(base_url=live_server_url)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    sign_up(context.new_page(), HANDLE, "Frances Framer")
    state = context.storage_state()
    context.close()
    calls = [f"played({game!r}, {HANDLE!r}, {SEATS[game]!r}, {SHORT.get(game)!r})" for game in GAMES]
    calls += [f"played({game!r}, {HANDLE!r}, {SEATS[game]!r}, moves={moves})" for game, moves, *_ in TURNS.values()]
    made = positions.setup_all(manage, calls)
    ends, turns = made[:len(GAMES)], made[len(GAMES):]
    assert all(end["status"] == "finished" for end in ends), ends
    assert all(turn["status"] == "playing" for turn in turns), turns
    return {"state": state, "end": {game: end["match"] for game, end in zip(GAMES, ends, strict=True)},
            "turn": {name: turn["match"] for name, turn in zip(TURNS, turns, strict=True)}}


def visit(new_context, world, viewport, **options):
    return new_context(viewport=viewport, storage_state=world["state"], **options).new_page()


def inside(box, viewport) -> bool:
    return (box["x"] >= -1 and box["y"] >= -1 and box["x"] + box["width"] <= viewport["width"] + 1
            and box["y"] + box["height"] <= viewport["height"] + 1)


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
@pytest.mark.parametrize("name", list(TURNS))
def test_the_status_line_says_what_to_do_and_what_you_act_on_is_in_view(world, new_context, name, viewport):
    _game, _moves, part, words = TURNS[name]
    page = visit(new_context, world, viewport)
    page.goto(f"/matches/{world['turn'][name]}/")
    status = page.locator("#table .table-status")
    expect(status).to_have_text(re.compile(words))
    expect(page.locator("#live-status")).to_have_text("Live")
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(f"#table {part}").first.bounding_box()
    assert inside(box, viewport), f"{part} is not wholly on the screen at {viewport}: {box}"
    assert inside(status.bounding_box(), viewport)
    assert_accessible(page, f"{name} at {viewport['width']} px, the player to move")


def test_the_check_sees_a_part_below_the_fold(world, new_context):
    """The measure above can fail: Rat Hot's table pushed down by a tall block before it is found off the screen."""
    page = visit(new_context, world, LAPTOP)
    page.goto(f"/matches/{world['turn']['rat_hot']}/")
    expect(page.locator("#table .rh-board")).to_be_visible()
    page.evaluate("document.querySelector('#table .table-status').style.paddingBottom = '700px'")
    assert not inside(page.locator("#table .rh-board").bounding_box(), LAPTOP)


WIDE = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
PAGES = ["/", "/rules/", *[f"/rules/{game}/" for game in GAMES], "/play/", "/history/", "/stats/", "/players/",
         f"/players/{HANDLE}/", "/record/"]


def test_nothing_scrolls_sideways_at_360_px(world, new_context):
    page = visit(new_context, world, NARROWEST)
    too_wide = {}
    matches = [f"/matches/{world['end'][game]}/" for game in GAMES]
    matches += [f"/matches/{match}/" for match in world["turn"].values()]
    for address in PAGES + matches:
        page.goto(address)
        if address.startswith("/matches/"):
            expect(page.locator("#table .table-status")).not_to_be_empty()
        if page.evaluate(WIDE) > 0:
            too_wide[address] = page.evaluate(OVERFLOWS)
    assert not too_wide, f"wider than 360 px: {too_wide}"


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["390x844", "1280x800"])
@pytest.mark.parametrize("game", GAMES)
def test_a_finished_match_shows_its_result_first(world, new_context, game, viewport):
    page = visit(new_context, world, viewport)
    page.goto(f"/matches/{world['end'][game]}/")
    expect(page.locator("#table .table-status")).to_have_text("The match is over.")
    result = page.locator("#table .result")
    expect(result.locator("tr.winner")).not_to_have_count(0)
    expect(result.locator(".badge", has_text="winner")).not_to_have_count(0)
    page.evaluate("window.scrollTo(0, 0)")
    box, table = result.bounding_box(), page.locator("#table .table-layout").bounding_box()
    assert box["y"] + box["height"] <= table["y"] + 1, f"the result is not before the table: {box} {table}"
    winner = result.locator("tr.winner").first.bounding_box()
    assert inside(winner, viewport), f"the winner is not on the first screen: {winner}"
    assert_accessible(page, f"finished {game} at {viewport['width']} px")


@pytest.mark.parametrize("viewport", [PHONE, NARROWEST], ids=["390px", "360px"])
def test_the_phone_header_is_one_line_and_its_menu_opens_and_folds_by_keyboard(world, new_context, viewport):
    page = visit(new_context, world, viewport)
    page.goto("/rules/")
    menu, links = page.get_by_role("button", name="Menu"), page.locator(".nav-links")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(links).to_be_hidden()
    header = page.locator(".site-header").bounding_box()
    assert header["height"] <= 60, f"the header is {header['height']} px high"
    tab_to(page, menu)
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    rules = links.get_by_role("link", name="Rules", exact=True)
    expect(rules).to_be_visible()
    tab_to(page, rules, most=10)  # the menu's links come right after its button
    assert inside(rules.bounding_box(), viewport), "Rules is cut off"
    assert page.evaluate(WIDE) <= 0
    assert_accessible(page, f"the header's menu open at {viewport['width']} px")
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(links).to_be_hidden()
    assert is_focused(menu), "Escape leaves the focus nowhere"
    page.keyboard.press("Space")  # a button: Space opens it as well as Enter
    expect(links).to_be_visible()
    page.keyboard.press("Enter")
    expect(links).to_be_hidden()


def test_a_wide_window_has_no_menu_button_and_without_a_script_a_phone_shows_every_link(world, new_context):
    page = visit(new_context, world, LAPTOP)
    page.goto("/rules/")
    expect(page.locator(".nav-links").get_by_role("link", name="Rules", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    page = visit(new_context, world, PHONE, java_script_enabled=False)
    page.goto("/rules/")
    expect(page.locator(".nav-links").get_by_role("link", name="History")).to_be_visible()
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
