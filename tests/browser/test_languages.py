"""In real Chromium: the language menu works by keyboard alone and its choice stays; and at a phone's width (390 px)
no page in Traditional Chinese is wider than the screen."""
import pytest
from playwright.sync_api import expect

from tests.browser.test_signup import sign_up

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
GAMES = ["hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"]
SEATS = {"hot_tin_roof": ["me", "bot:easy", "bot:easy"], "rat_a_tat_cat": ["me", "bot:easy"],
         "cat_tower": ["me", "bot:easy"], "rat_hot": ["me", "bot:easy"]}
OVERFLOWS = "document.documentElement.scrollWidth - window.innerWidth"


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


def test_no_translated_page_is_wider_than_a_phone(new_context):
    page = new_context(viewport=PHONE).new_page()
    sign_up(page, "narrow", "Nora")  # in English: the profile keeps no language until one is chosen
    page.goto("/?lang=zh-hant")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    addresses = ["/", "/rules/", *[f"/rules/{slug}/" for slug in GAMES], "/play/",
                 *[f"/play/new/{slug}/" for slug in GAMES], "/history/", "/stats/", "/players/", "/players/narrow/",
                 "/record/", "/accounts/password_change/"]
    too_wide = {}
    for address in addresses:
        page.goto(address)
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
        if (extra := page.evaluate(OVERFLOWS)) > 0:
            too_wide[address] = extra
    for slug in GAMES:
        create_match_in_chinese(page, slug)
        if (extra := page.evaluate(OVERFLOWS)) > 0:
            too_wide[f"match {slug}"] = extra
    for address in ["/accounts/login/", "/accounts/signup/", "/accounts/password_reset/"]:
        visitor = new_context(viewport=PHONE).new_page()
        visitor.goto(f"{address}?lang=zh-hant")
        expect(visitor.locator("html")).to_have_attribute("lang", "zh-Hant")
        if (extra := visitor.evaluate(OVERFLOWS)) > 0:
            too_wide[address] = extra
    assert not too_wide, f"wider than 390 px (by so many px): {too_wide}"


def create_match_in_chinese(page, slug: str) -> None:
    """tests/browser/tables.create_match, with the Chinese words of the form and of the live badge."""
    page.goto(f"/play/new/{slug}/")
    for index, kind in enumerate(SEATS[slug]):
        page.select_option(f"#id_seat_{index}", kind)
    page.click("button:text('建立對局')")
    page.wait_for_url("**/matches/*/")
    expect(page.locator("#live-status")).to_have_text("即時")

