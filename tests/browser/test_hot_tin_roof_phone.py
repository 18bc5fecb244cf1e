"""In real Chromium, Hot Tin Roof on a phone, 360 and 390 px wide (issue 30.2): the whole board there draws the
families' names some 5 px high and the patios as 13 px circles, so the board starts zoomed in on the player's cat
(static/js/zoom.js, shared with Rat Hot): names at least 10 px high, drawn above the catwalks, patios of 24 px or
more (WCAG 2.5.8). The zoom buttons work by keyboard, the patio the keyboard's focus lands on is brought into view,
a move is made by tapping the board, and the zoom outlasts the bots' moves pushed to the page. Axe finds nothing.
"Fit" shows the whole board, where the same checks fail: they can."""
import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.keyboard import is_focused, tab_to
from tests.browser.tables import version, wait_for_version
from tests.browser.test_signup import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the page in the browser, not the database: once, on SQLite

HANDLE = "roofphone"
PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 780}]
PHONE_IDS = ["390px", "360px"]
TARGET_PX = 24  # WCAG 2.5.8
NAME_PX = 10
# Each patio as drawn: its circle's box on the screen, whether the board's view holds it whole, and the height of
# its family's name on the screen (the glyphs' box, without the outline).
PATIOS = """svg => {
  const s = svg.getBoundingClientRect();
  const whole = (r) => r.left >= s.left - 0.5 && r.right <= s.right + 0.5 && r.top >= s.top - 0.5
    && r.bottom <= s.bottom + 0.5;
  return [...svg.querySelectorAll(".htr-patio")].map((patio) => {
    const circle = patio.querySelector("circle").getBoundingClientRect(), name = patio.querySelector("text.fam");
    return {id: patio.dataset.patio, inView: whole(circle), side: Math.min(circle.width, circle.height),
            name: name.getBBox().height * name.getScreenCTM().a, nameInView: whole(name.getBoundingClientRect())};
  });
}"""
# Whether every family's name comes after every gap and route in the drawing (so is painted over them) and keeps
# an outline of the board's own colour, a few units wide, painted first (a halo where a catwalk runs under it).
NAMES_OVER_CATWALKS = """svg => {
  const lines = [...svg.querySelectorAll(".htr-gap, .htr-routes line")], last = lines[lines.length - 1];
  const ground = getComputedStyle(svg).backgroundColor;
  return [...svg.querySelectorAll("text.fam")].every((name) => {
    const style = getComputedStyle(name);
    return Boolean(last.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING)
      && style.paintOrder.startsWith("stroke") && style.stroke === ground && parseFloat(style.strokeWidth) >= 4;
  });
}"""


def a_cat_on_the_roof(handle: str) -> None:
    """Run in the server's Django (`manage shell`): a match of the player `handle` and two easy bots, played until the
    player has a cat on the board and is to dive: the player dives into a home dumpster whenever one places a pair,
    otherwise chooses as the easy bot. Prints {"match": id, "patio": where the player's first cat stands}."""
    from django.conf import settings

    from games import bot_runner, turns
    from games.hot_tin_roof.board import board
    from games.models import Match
    from tests.browser.positions import _made

    settings.BOT_RUNNER, settings.BOT_DELAY = "inline", 0
    match_id = _made("hot_tin_roof", handle, ["me", "bot:easy", "bot:easy"], None)
    while True:
        match = Match.objects.get(pk=match_id)
        if 0 not in match.engine.to_move(match.state):
            bot_runner.play_bots(match_id)
            continue
        cats = {patio for cats in match.state["players"][0]["cats"].values() for patio in cats if patio}
        if cats and match.state["phase"] == "dive":
            break
        actions = match.engine.legal_actions(match.state, 0)
        home = [a for a in actions if "tile" in a]
        action = home[0] if home else bot_runner.choose(match, 0, "easy")
        try:
            turns.play(match_id=match_id, seat=0, action=action, version=match.version)
        except turns.StaleVersion:
            pass  # the server's bot runner moved meanwhile: look again
    print(json.dumps({"match": match_id, "patio": next(p for p in board().patios if p in cats)}))


def made(manage, call: str) -> dict:
    out = manage("shell", "-c", f"from tests.browser import test_hot_tin_roof_phone as t; t.{call}").stdout
    return json.loads(out.strip().splitlines()[-1])


def new_match(manage) -> int:
    out = manage("shell", "-c", "from tests.browser import positions; "
                 f"positions.new('hot_tin_roof', {HANDLE!r}, ['me', 'bot:easy', 'bot:easy'])").stdout
    return json.loads(out.strip().splitlines()[-1])["match"]


@pytest.fixture(scope="module")
def player(browser, live_server_url):
    """The player's signed-in browser state."""
    context = browser.new_context(base_url=live_server_url)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    sign_up(context.new_page(), HANDLE, "Pip")
    state = context.storage_state()
    context.close()
    return state


def phone(new_context, player, viewport):
    page = new_context(viewport=viewport, storage_state=player).new_page()
    page.console_errors = []
    page.on("console", lambda message: message.type == "error" and page.console_errors.append(message.text))
    page.on("pageerror", lambda error: page.console_errors.append(str(error)))
    return page


def view_box(board) -> list[float]:
    return [float(n) for n in board.get_attribute("viewBox").split()]


def assert_readable_and_large(board, at_least: int = 3) -> list[dict]:
    """The patios the view shows whole: at least a few, each a target of 24 px or more under a name of 10 px or
    more; the names drawn over the catwalks. The patios shown."""
    shown = [p for p in board.evaluate(PATIOS) if p["inView"]]
    assert len(shown) >= at_least, shown
    assert all(p["side"] >= TARGET_PX for p in shown), [(p["id"], p["side"]) for p in shown]
    assert all(p["name"] >= NAME_PX for p in shown), [(p["id"], p["name"]) for p in shown]
    assert board.evaluate(NAMES_OVER_CATWALKS), "a family's name without its halo, or under a catwalk"
    return shown


@pytest.mark.parametrize("viewport", PHONES, ids=PHONE_IDS)
def test_a_phone_shows_the_rooftops_zoomed_in_on_the_players_cat_readable_and_large_enough_to_tap(
        manage, new_context, player, viewport):
    at = made(manage, f"a_cat_on_the_roof({HANDLE!r})")
    page = phone(new_context, player, viewport)
    page.goto(f"/matches/{at['match']}/")
    expect(page.locator("#live-status")).to_have_text("Live")
    board = page.locator("#table svg.htr-board")
    expect(board, "a phone starts zoomed in").to_have_class(re.compile(r"\bzoomed\b"))
    assert board.bounding_box()["width"] <= viewport["width"]
    shown = assert_readable_and_large(board)
    assert at["patio"] in {p["id"] for p in shown}, (at["patio"], shown)  # the player's cat is in view
    assert_accessible(page, f"Hot Tin Roof zoomed in at {viewport['width']} px")
    zoomed = view_box(board)

    # "Fit" shows the whole board: there the names are too small and the patios too, as the checks find.
    tab_to(page, page.locator("#table .htr-zoom [data-zoom=fit]"))
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("viewBox", "0 0 1000 700")
    expect(board).not_to_have_class(re.compile(r"\bzoomed\b"))
    with pytest.raises(AssertionError):
        assert_readable_and_large(board)

    # Zoom in by keyboard, thrice: the first goes straight to readable names, the others closer still; Zoom out
    # widens the view again; pan right moves it.
    zoom_in = page.locator("#table .htr-zoom [data-zoom=in]")
    expect(zoom_in).to_have_accessible_name("Zoom in")
    expect(page.locator("#table .htr-zoom")).to_have_accessible_name("Zoom and pan the rooftops")
    tab_to(page, zoom_in)
    widths = []
    for _ in range(3):
        page.keyboard.press("Enter")
        page.wait_for_function("([svg, w]) => svg.viewBox.baseVal.width < w",
                               arg=[board.element_handle(), widths[-1] if widths else 1000])
        widths.append(view_box(board)[2])
        if len(widths) == 1:
            assert_readable_and_large(board)
    assert is_focused(zoom_in)
    assert_readable_and_large(board, at_least=1)
    page.keyboard.press("Tab")  # Zoom out
    page.keyboard.press("Enter")
    page.wait_for_function("([svg, w]) => svg.viewBox.baseVal.width > w", arg=[board.element_handle(), widths[-1]])
    before = view_box(board)
    page.locator("#table .htr-zoom [data-pan='1,0']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("([svg, x]) => svg.viewBox.baseVal.x > x", arg=[board.element_handle(), before[0]])
    assert view_box(board)[2:] == before[2:]
    assert zoomed != view_box(board)
    assert not page.console_errors, page.console_errors


@pytest.mark.parametrize("viewport", PHONES, ids=PHONE_IDS)
def test_on_a_phone_a_patio_tapped_on_the_board_is_the_move_and_the_zoom_outlasts_the_bots_moves(
        manage, new_context, player, viewport):
    match = new_match(manage)
    page = phone(new_context, player, viewport)
    page.goto(f"/matches/{match}/")
    expect(page.locator("#live-status")).to_have_text("Live")
    expect(page.locator("#table .table-status")).to_contain_text("Your move")
    board = page.locator("#table svg.htr-board")
    expect(board).to_have_class(re.compile(r"\bzoomed\b"))
    # Zoom in once more, by keyboard: the view the bots' moves must not undo is the player's own.
    start = view_box(board)
    tab_to(page, page.locator("#table .htr-zoom [data-zoom=in]"))
    page.keyboard.press("Enter")
    page.wait_for_function("([svg, w]) => svg.viewBox.baseVal.width < w", arg=[board.element_handle(), start[2]])

    # The shelter's dumpster: every free patio is offered, on the board and in the panel. The keyboard's focus goes
    # to the first choice in the panel, and the board shows that patio.
    page.locator('#table .htr-pick[data-dumpster="shelter"]').click()
    first = page.locator("#htr-choices button").first
    expect(first).to_be_focused()
    first_patio = first.inner_text().split(" (")[0].split()[-1]  # "Adams A (patio); ..." -> "A"
    spot = board.locator(f'[data-patio="{first_patio}"]')
    expect(spot).to_have_attribute("role", "button")
    page.wait_for_function(f"svg => ({PATIOS})(svg).find((p) => p.id === {first_patio!r}).inView",
                           arg=board.element_handle())
    # Its name holds the words drawn on it, first (label in name, WCAG 2.5.3).
    drawn = " ".join(t.strip() for t in spot.locator("text").all_text_contents())
    expect(spot).to_have_accessible_name(re.compile("^" + re.escape(drawn) + r" \(patio\); "))

    # Back by keyboard from the panel into the board: the patio the focus lands on (the last one offered, far from
    # the first) is brought into the view.
    for _ in range(12):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("() => document.activeElement.matches('.htr-patio')"):
            break
    focused = page.evaluate("() => document.activeElement.dataset.patio")
    assert focused and focused != first_patio, focused
    page.wait_for_function(f"svg => ({PATIOS})(svg).find((p) => p.id === {focused!r}).inView",
                           arg=board.element_handle())
    assert_readable_and_large(board, at_least=1)
    assert_accessible(page, f"Hot Tin Roof at {viewport['width']} px, a patio to choose on a zoomed board")

    # A tap on that patio, on the board, is the move: a shelter there.
    chosen = view_box(board)
    size = board.evaluate("svg => [svg.clientWidth, svg.clientHeight]")
    # Every size the board has on the page from now on: a table drawn with the whole board for a moment would show.
    board.evaluate("""svg => {
      window.boardSizes = new Set();
      const note = () => document.querySelectorAll(".htr-board").forEach(
        (b) => window.boardSizes.add(`${b.clientWidth},${b.clientHeight}`));
      new ResizeObserver(note).observe(svg.closest("#table").parentNode);
      new MutationObserver(note).observe(document.body, {subtree: true, childList: true});
    }""")
    before = version(page)
    with page.expect_response(lambda r: r.request.method == "POST" and "/move/" in r.url) as answer:
        board.locator(f'[data-patio="{focused}"] circle').click()
    assert answer.value.status == 200, answer.value.text()
    wait_for_version(page, before + 1)
    expect(page.locator(".match-log")).to_contain_text("Pip built a shelter")
    assert view_box(board) == chosen, "the move's answer kept the view"

    # The bots play their turns, pushed to the page; it is the player's turn again: the view is as it was, and the
    # board never changed its size on the way (so never moved the page under the reader).
    wait_for_version(page, before + 3)
    expect(page.locator("#table .table-status")).to_contain_text("Your move")
    expect(board).to_have_class(re.compile(r"\bzoomed\b"))
    assert view_box(board) == chosen, "a push changed the view"
    assert board.evaluate("svg => [svg.clientWidth, svg.clientHeight]") == size
    assert page.evaluate("() => [...window.boardSizes]") == [f"{size[0]},{size[1]}"], "the board changed size"
    assert not page.console_errors, page.console_errors
