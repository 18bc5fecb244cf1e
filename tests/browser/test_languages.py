"""In real Chromium: the language menu works by keyboard alone and its choice stays; at a phone's width (390 px) no
page in Traditional Chinese is wider than the screen, nor has anything sticking out of it (every match page in the
middle of a game and every record pad included); and the sticky header never takes much of the window."""
import pytest
from playwright.sync_api import expect

from tests.browser import positions
from tests.browser.test_signup import sign_up

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
GAMES = ["hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"]
SEATS = {"hot_tin_roof": ["me", "bot:easy", "bot:easy"], "rat_a_tat_cat": ["me", "bot:easy"],
         "cat_tower": ["me", "bot:easy"], "rat_hot": ["me", "bot:easy"]}
MID_MOVES = {"hot_tin_roof": 6, "rat_a_tat_cat": 2, "cat_tower": 4, "rat_hot": 2}
# How far the page is wider than the window, and the elements that stick out of it on either side: an element is
# let off when something around it scrolls or clips (a wide table in its .table-wrap, a board inside its svg), when
# it is hidden for all but screen readers (1 px), or when it is the skip link waiting off-screen for the focus.
OVERFLOWS = """() => {
  const width = window.innerWidth, out = [];
  const clipped = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest(".skip-link") || (el.ownerSVGElement)) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    if ((box.right > width + 1 || box.left < -1) && !clipped(el)) {
      const name = `${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className}`;
      out.push(`${name}: ${Math.round(box.left)} to ${Math.round(box.right)}`);
    }
  }
  const extra = document.documentElement.scrollWidth - width;
  return extra > 0 || out.length ? {extra, out: out.slice(0, 5)} : null;
}"""


def tab_to(page, element_id: str, presses: int = 60) -> None:
    """Press Tab until the element has the focus (it must be reachable by keyboard)."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return
    raise AssertionError(f"#{element_id} never got the focus by Tab")


def test_switch_language_by_keyboard_and_it_stays(page):
    page.goto("/rules/")
    expect(page.locator("html")).to_have_attribute("lang", "en-gb")
    expect(page.get_by_label("Language")).to_be_visible()
    tab_to(page, "language-menu")
    page.keyboard.press("ArrowDown")  # a closed menu takes the next choice: 繁體中文
    expect(page.locator("#language-menu")).to_have_value("zh-hant")
    page.keyboard.press("Tab")
    expect(page.locator(".language-menu button")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(page.locator("h1")).to_have_text("規則")
    assert page.url.endswith("/rules/")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(page.locator("nav .nav-links")).to_contain_text("歷史紀錄")
    expect(page.get_by_label("語言 (Language)")).to_have_value("zh-hant")
    page.goto("/play/")
    expect(page.locator("h1")).to_have_text("開始玩")


def test_no_translated_page_is_wider_than_a_phone(new_context, manage):
    page = new_context(viewport=PHONE).new_page()
    sign_up(page, "narrow", "Nora")  # in English: the profile keeps no language until one is chosen
    page.goto("/?lang=zh-hant")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    addresses = ["/", "/rules/", *[f"/rules/{slug}/" for slug in GAMES], "/play/",
                 *[f"/play/new/{slug}/" for slug in GAMES], "/history/", "/stats/", "/players/", "/players/narrow/",
                 "/record/", *[f"/record/{slug}/" for slug in GAMES], "/accounts/password_change/"]
    too_wide = {}
    for address in addresses:
        page.goto(address)
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
        if sticking_out := page.evaluate(OVERFLOWS):
            too_wide[address] = sticking_out
    for slug in GAMES:
        create_match_in_chinese(page, slug)
        if sticking_out := page.evaluate(OVERFLOWS):
            too_wide[f"match {slug}"] = sticking_out
        match = positions.setup(manage, f"new({slug!r}, 'narrow', {SEATS[slug]!r})")["match"]
        played = positions.setup(manage, f"play({match}, moves={MID_MOVES[slug]})")
        assert played["status"] == "playing", played
        page.goto(f"/matches/{match}/")
        expect(page.locator("#live-status")).to_have_text("即時")
        if sticking_out := page.evaluate(OVERFLOWS):
            too_wide[f"match {slug}, mid-game"] = sticking_out
    for address in ["/accounts/login/", "/accounts/signup/", "/accounts/password_reset/"]:
        visitor = new_context(viewport=PHONE).new_page()
        visitor.goto(f"{address}?lang=zh-hant")
        expect(visitor.locator("html")).to_have_attribute("lang", "zh-Hant")
        if sticking_out := visitor.evaluate(OVERFLOWS):
            too_wide[address] = sticking_out
    assert not too_wide, f"wider than 390 px (by so many px), or sticking out: {too_wide}"


def test_the_overflow_check_sees_a_page_wider_than_the_phone(new_context):
    """The check above can fail: an element wider than the window is found, and so is the page's extra width."""
    page = new_context(viewport=PHONE).new_page()
    page.goto("/rules/?lang=zh-hant")
    assert page.evaluate(OVERFLOWS) is None
    page.evaluate("document.querySelector('main h1').style.width = '500px'")
    found = page.evaluate(OVERFLOWS)
    assert found["extra"] > 0 and any(line.startswith("h1") for line in found["out"]), found


# The header stays at the top of the window only where it covers little of it: at most this part of its height.
STICKY_AT_MOST = 0.15
HEADER = """() => {
  const header = document.querySelector(".site-header");
  return {position: getComputedStyle(header).position, height: header.getBoundingClientRect().height};
}"""


@pytest.mark.parametrize("language", ["en-gb", "zh-hant"])
def test_the_sticky_header_covers_little_of_the_window_or_scrolls_away(language, new_context):
    """Signed in (the longest header: the player's name, Log out, the language menu) at a phone's size, a short
    landscape window, a small and a wide one: the header either scrolls away with the page or takes at most 15 %
    of the window's height."""
    page = new_context().new_page()
    sign_up(page, f"tall{language[:2]}", "Maximilian Tabbycat")
    found = {}
    for width, height in [(390, 844), (800, 480), (800, 600), (1280, 800)]:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"/rules/?lang={language}")
        header = page.evaluate(HEADER)
        found[f"{width}x{height}"] = header
        if header["position"] == "sticky":
            assert header["height"] <= STICKY_AT_MOST * height, f"{width}x{height}: {header}"
    assert found["1280x800"]["position"] == "sticky", found  # where there is room, it stays


def create_match_in_chinese(page, slug: str) -> None:
    """tests/browser/tables.create_match, with the Chinese words of the form and of the live badge."""
    page.goto(f"/play/new/{slug}/")
    for index, kind in enumerate(SEATS[slug]):
        page.select_option(f"#id_seat_{index}", kind)
    page.click("button:text('建立對局')")
    page.wait_for_url("**/matches/*/")
    expect(page.locator("#live-status")).to_have_text("即時")



def test_a_games_name_stays_on_one_line_in_the_history_on_a_phone(new_context, manage):
    page = new_context(viewport=PHONE).new_page()
    sign_up(page, "longname", "Lena")
    played = positions.setup(manage, "played('hot_tin_roof', 'longname', ['me', 'bot:easy', 'bot:easy'])")
    assert played["record"], played
    page.goto("/history/?lang=zh-hant")
    name = page.locator(".records .game-name", has_text="坐立不安的貓").first
    expect(name).to_be_visible()
    lines = name.evaluate("el => el.getClientRects().length")  # an inline element has a box for each line it is on
    assert lines == 1, f"坐立不安的貓 stands on {lines} lines"
    assert page.evaluate(OVERFLOWS) is None
