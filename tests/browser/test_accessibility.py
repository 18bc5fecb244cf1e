"""In real Chromium: axe-core finds no WCAG 2.2 A/AA violation on any kind of page, one test per
page so that a failure names the page. The pages show real data: a player with finished matches of every game (their
records, replays and ratings), matches of every game in the middle and at the end, open and hot-seat tables."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import positions
from tests.browser.axe import describe, violations
from tests.browser.conftest import DEFAULT_TIMEOUT_MS
from tests.browser.test_signup import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the page in the browser, not the database: once, on SQLite

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
    and one in the middle; besides, a match waiting for an invited player, a hot-seat one, and a table record
    someone else made naming the player (awaiting their answer: the header's badge)."""
    context = browser.new_context(base_url=live_server_url)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    sign_up(context.new_page(), HANDLE, "Axel Tabby")
    state = context.storage_state()
    context.close()

    # Every match in one `manage shell`: one start of Django for the ten of them, not one a match.
    calls = [f"played({game!r}, {HANDLE!r}, {SEATS[game]!r}, {SHORT.get(game)!r})" for game in GAMES]
    calls += [f"played({game!r}, {HANDLE!r}, {SEATS[game]!r}, moves={MID_MOVES[game]})" for game in GAMES]
    calls += [f"new('rat_a_tat_cat', {HANDLE!r}, {seats!r})" for seats in (["me", "invite"], ["me", "local"])]
    calls += [f"awaiting({HANDLE!r})"]  # a table record naming the player: the header's badge shows on every page
    made = positions.setup_all(manage, calls)
    ends, mids = made[:len(GAMES)], made[len(GAMES):2 * len(GAMES)]
    found_open, hot_seat, _awaiting = made[2 * len(GAMES):]
    found = {"state": state, "mid": {}, "end": {}, "record": {}, "open": found_open["match"],
             "hot_seat": hot_seat["match"]}
    for game, end, mid in zip(GAMES, ends, mids, strict=True):
        assert end["status"] == "finished" and end["record"], end
        assert mid["status"] == "playing", mid
        found["end"][game], found["record"][game], found["mid"][game] = end["match"], end["record"], mid["match"]
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
    "needs-you": ("/history/needs-you/", True),
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


# Elements whose title says what their visible text does not: a tooltip shows only to a mouse, on hover.
HOVER_ONLY = """() => [...document.querySelectorAll("[title]")].filter((el) => {
  const squash = (text) => (text || "").replace(/\\s+/g, " ").trim().toLowerCase();
  const title = squash(el.getAttribute("title"));
  return title && el.tagName !== "svg" && !squash(el.innerText || el.textContent).includes(title);
}).map((el) => `${el.outerHTML.slice(0, 160)}`)"""


def open_page(new_context, world, name):
    address, signed_in = PAGES[name]
    address = address.format(**world)
    page = new_context(**({"storage_state": world["state"]} if signed_in else {})).new_page()
    response = page.goto(address)
    assert response.ok, f"{name}: {address} answered {response.status}"
    if page.locator("#live-status").count():
        # The badge settles once the socket is open (or the table says the match is over): check that page.
        page.locator("#live-status:not(:text('Connecting'))").wait_for()
    return page


@pytest.mark.parametrize("name", list(PAGES))
def test_no_violations(name, world, new_context):
    page = open_page(new_context, world, name)
    found, hover_only = violations(page), page.evaluate(HOVER_ONLY)
    problems = [f"{len(found)} accessibility violations:\n{describe(found)}"] if found else []
    if hover_only:
        problems.append("said only in a tooltip (title), which only a mouse shows:\n    " + "\n    ".join(hover_only))
    assert not problems, f"{name}: " + "\n".join(problems)


# Every animation and transition of the page, with its duration, that still moves under prefers-reduced-motion.
MOVING = """() => {
  const moving = [];
  const long = (value) => value.split(",").some((part) => parseFloat(part) > 0);
  for (const el of document.querySelectorAll("*")) {
    for (const pseudo of [null, "::before", "::after"]) {
      const style = getComputedStyle(el, pseudo);
      if ((style.animationName !== "none" && long(style.animationDuration)) || long(style.transitionDuration)) {
        moving.push(`${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className}${pseudo || ""}: `
                    + `${style.animationName} ${style.animationDuration} / ${style.transitionDuration}`);
      }
    }
  }
  return moving;
}"""


@pytest.mark.parametrize("name", ["home", "match-rat_hot-mid", "match-cat_tower-mid", "match-hot_tin_roof-mid",
                                  "match-rat_a_tat_cat-mid", "replay-rat_a_tat_cat"])
def test_nothing_moves_for_those_who_ask_for_reduced_motion(name, world, new_context):
    page = open_page(lambda **options: new_context(reduced_motion="reduce", **options), world, name)
    assert page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert page.evaluate(MOVING) == []
    # htmx scrolls swapped content into view ("show:") at once, never smoothly.
    assert page.evaluate("() => htmx.config.scrollBehavior") != "smooth"


FOCUSED = """() => {
  const el = document.activeElement, style = getComputedStyle(el), box = el.getBoundingClientRect();
  const header = document.querySelector(".site-header").getBoundingClientRect();
  return {what: el.outerHTML.slice(0, 120), outline: style.outlineStyle, width: parseFloat(style.outlineWidth),
          colour: style.outlineColor, top: box.top, bottom: box.bottom, headerBottom: header.bottom,
          inHeader: !!el.closest(".site-header, .skip-link"), body: el === document.body};
}"""
FOCUS_RING = "rgb(26, 95, 180)"  # --focus


@pytest.mark.parametrize("name", ["home", "history", "new-match-rat_a_tat_cat", "signup"])
def test_the_keyboard_focus_shows_and_is_not_hidden_under_the_header(name, world, new_context):
    """Forwards through the page, then backwards from its end (the sticky header covers the top of the window: in
    a shorter one it is not sticky, site.css)."""
    page = open_page(lambda **options: new_context(viewport={"width": 800, "height": 600}, **options), world, name)
    seen = []
    for key in ["Tab"] * 30 + ["footer"] + ["Shift+Tab"] * 30:
        if key == "footer":
            page.locator("footer p").click()  # Tab starts again from the end of the page, and goes backwards
            continue
        page.keyboard.press(key)
        now = page.evaluate(FOCUSED)
        if now["body"]:
            continue
        seen.append(now)
        assert now["outline"] == "solid" and now["width"] >= 2 and now["colour"] == FOCUS_RING, \
            f"{name}: no focus ring on {now}"
        if not now["inHeader"]:
            assert now["top"] >= now["headerBottom"] - 1, f"{name}: the focused control is under the header: {now}"
    assert len(seen) > 5, f"{name}: the keyboard reaches almost nothing: {seen}"


def test_the_header_says_in_words_how_many_records_need_the_player_and_leads_there(world, new_context):
    page = open_page(new_context, world, "home")
    badge = page.get_by_role("link", name="1 record needs you", exact=True)
    expect(badge).to_be_visible()
    badge.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/history/needs-you/$"))
    expect(page.get_by_role("button", name="Confirm", exact=True)).to_be_visible()
    page.close()
