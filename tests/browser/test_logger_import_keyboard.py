"""In real Chromium, by keyboard alone and in Traditional Chinese: the import page of BG Stats and BoardGameGeek files
refuses bad files with their reason in Chinese and imports nothing, then reads a good file, says who is who and
imports it. Every control is reached with Tab and used with Space or Enter; no English is left on the way."""
import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.keyboard import tab_to
from tests.browser.keyboard_zh import (
    catch_file_choosers,
    chinese_backup,
    choose_file_by_keyboard,
    expect_no_english,
    expect_page,
)

pytestmark = pytest.mark.browser
USER = "zhlogger"  # this file's own player: the browser tests share one server
DISPLAY_NAME = "美美"  # the file's owner: a name no other browser test gives a player (else it is offered too)
BAD_FILES = [
    # (file name, content, MIME type, what the refusal says)
    ("對局.xml", b"<plays><play id='1'></plays>", "text/xml",
     "這不是 BoardGameGeek 對局檔：檔案不是格式正確的 XML（在第 1 行第"),
    ("備份.json", b'{"games": [], "plays": [}', "application/json",
     "檔案既不是 BG Stats 備份檔（JSON），也不是 BoardGameGeek 對局 XML：第 1 行第"),
    ("清單.json", b"[1, 2]", "application/json", "這個 JSON 檔不是 BG Stats 備份檔"),
]


def records_listed(page) -> list[str]:
    """The records the page links to ("/history/12/")."""
    return page.locator("main a[href]").evaluate_all(
        "links => links.map(a => a.getAttribute('href')).filter(h => /^\\/history\\/\\d+\\/$/.test(h))")


def send_the_file(page, name: str, data: bytes, mime: str) -> None:
    """From the top of the import page: Tab to the file input, choose the file, Tab past the time zone to the
    button, Enter."""
    file_input = page.get_by_label("BG Stats 備份檔或 BoardGameGeek 對局檔")
    tab_to(page, file_input)
    choose_file_by_keyboard(page, name, data, mime)
    page.keyboard.press("Tab")
    expect(page.get_by_label("對局的時區")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="讀取檔案")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")


def test_a_logger_file_is_refused_or_imported_by_keyboard_in_chinese(signed_up):
    (mia,) = signed_up((USER, DISPLAY_NAME))
    catch_file_choosers(mia)
    mia.goto("/records/import/plays/?lang=zh-hant")
    expect_page(mia, "從 BG Stats 或 BoardGameGeek 匯入對局")
    expect_no_english(mia, USER, what="the import page")
    assert_accessible(mia, "the import page in Chinese")

    for name, data, mime, reason in BAD_FILES:
        mia.goto("/records/import/plays/")
        send_the_file(mia, name, data, mime)
        alert = mia.get_by_role("alert")
        expect(alert).to_contain_text("沒有匯入任何東西：")
        expect(alert).to_contain_text(reason)
        expect_no_english(mia, USER, what=f"the refusal of {name}")
    assert_accessible(mia, "the import page refusing a file")
    mia.goto("/history/?player=" + USER)
    expect(mia.locator("table.records")).to_be_visible()
    assert records_listed(mia) == [], "a refused file imported something"

    mia.goto("/records/import/plays/")
    send_the_file(mia, "美美的備份.json", chinese_backup(USER), "application/json")
    expect_page(mia, "誰是誰")
    expect(mia.locator("main")).to_contain_text("要匯入 1 場對局")
    expect(mia.locator("main")).to_contain_text("美美：分數 '五分' 不是整數")  # the skipped play, and why
    expect(mia.locator("main")).to_contain_text("卡坦島")  # the other game's play, skipped
    expect(mia.get_by_label("阿明")).to_have_value("new")  # nobody here by that name: a new table player
    expect_no_english(mia, USER, "美美的備份.json", what="who is who")
    assert_accessible(mia, "who is who, in Chinese")
    tab_to(mia, mia.get_by_label("美美"))
    mia.keyboard.press("Tab")
    expect(mia.get_by_label("阿明")).to_be_focused()
    mia.keyboard.press("Tab")
    expect(mia.get_by_role("button", name="匯入", exact=True)).to_be_focused()
    with mia.expect_navigation():
        mia.keyboard.press("Enter")

    expect_page(mia, "對局已匯入")
    expect(mia.get_by_role("status")).to_contain_text("已匯入 1 場對局")
    expect_no_english(mia, USER, what="the plays imported")
    assert_accessible(mia, "the plays imported, in Chinese")
    record = mia.locator("main ul li a").first
    expect(record).to_contain_text("貓咪萬歲")
    tab_to(mia, record)
    with mia.expect_navigation():
        mia.keyboard.press("Enter")
    expect(mia.locator("h1")).to_contain_text("貓咪萬歲")
    expect(mia.locator("table.result tbody")).to_contain_text("阿明")
    mia.goto("/history/?player=" + USER)
    expect(mia.locator("table.records")).to_contain_text("貓咪萬歲")
    assert len(records_listed(mia)) == 1  # the refused files added nothing, the good one its one play of our games
