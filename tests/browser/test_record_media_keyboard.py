"""In real Chromium, by keyboard alone and in Traditional Chinese: on a record's page its player adds a photo with a
caption, writes the notes, removes the photo, and is told in Chinese why a file that is no photo changes nothing.
Every control is reached with Tab (and left with Tab: the notes box keeps nobody in) and used with Space or Enter."""
import io
import re

import pytest
from PIL import Image
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
USER = "zhmedia"  # this file's own player: the browser tests share one server
DISPLAY_NAME = "小玉"  # not 美美: another test imports as 美美, and the import offers every player of that name


def jpeg() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (800, 600), (200, 120, 40)).save(buffer, "JPEG")
    return buffer.getvalue()


def add_photo(page, name: str, data: bytes, mime: str, caption: str = "") -> None:
    """Tab to the photo's file input, choose the file, Tab to the caption and type it, Tab to the button, Enter."""
    tab_to(page, page.get_by_label("照片：", exact=True))
    choose_file_by_keyboard(page, name, data, mime)
    page.keyboard.press("Tab")
    expect(page.get_by_label("說明：", exact=True)).to_be_focused()
    page.keyboard.type(caption)
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="加入照片")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")


def test_photos_and_notes_on_a_record_by_keyboard_in_chinese(signed_up, manage):
    (mia,) = signed_up((USER, DISPLAY_NAME))
    catch_file_choosers(mia)
    result = manage("import_records", "-", "--user", USER, input=chinese_backup(USER, scores=[("12", "7")]).decode())
    assert "1 play imported" in result.stdout, result.stdout + result.stderr
    mia.goto(f"/history/?player={USER}")
    record = mia.locator("main a[href]").evaluate_all(
        "links => links.map(a => a.getAttribute('href')).find(h => /^\\/history\\/\\d+\\/$/.test(h))")
    assert record, "the imported record is not in the player's history"
    mia.goto(f"{record}?lang=zh-hant")
    expect(mia.locator("h1")).to_contain_text("貓咪萬歲")
    media = mia.locator("#photos")
    expect(media.locator("h2")).to_have_text("照片與筆記")
    expect_no_english(mia, USER, within="#photos", what="the photos and notes")
    assert_accessible(mia, "a record's page with its photos and notes form, in Chinese")

    # A photo with its caption.
    add_photo(mia, "貓.jpg", jpeg(), "image/jpeg", caption="最後一輪")
    expect(mia.get_by_role("status")).to_contain_text("已加入照片。")
    expect(media.get_by_role("img", name="最後一輪")).to_be_visible()
    expect(media.locator("figcaption")).to_have_text("最後一輪")
    expect_no_english(mia, USER, within="#photos", what="the photos and notes with a photo")

    # The notes: typed, left with Tab (no trap), sent with Enter on the button.
    tab_to(mia, mia.get_by_label("備註：", exact=True))
    mia.keyboard.type("阿明最後一手敲門，美美贏了。")
    mia.keyboard.press("Tab")
    expect(mia.get_by_role("button", name="儲存筆記")).to_be_focused()
    with mia.expect_navigation():
        mia.keyboard.press("Enter")
    expect(mia.get_by_role("status")).to_contain_text("已儲存筆記。")
    expect(mia.locator(".record-details")).to_contain_text("阿明最後一手敲門，美美贏了。")
    expect(mia.get_by_label("備註：", exact=True)).to_have_value("阿明最後一手敲門，美美贏了。")
    expect_no_english(mia, USER, within="main", what="the record's page with a photo and notes")
    assert_accessible(mia, "a record's page with a photo and notes, in Chinese")

    # Removing the photo: its button names it for a screen reader.
    remove = media.get_by_role("button", name="移除 照片 1")
    tab_to(mia, remove)
    with mia.expect_navigation():
        mia.keyboard.press("Enter")
    expect(mia.get_by_role("status")).to_contain_text("已移除照片。")
    expect(media.get_by_role("img")).to_have_count(0)

    # A file that is no photo: refused with the reason, in Chinese; nothing changes; back by keyboard.
    add_photo(mia, "貓.jpg", b"this is not a picture", "image/jpeg")
    expect_page(mia, "沒有任何變更")
    expect(mia.get_by_role("alert")).to_contain_text("這個檔案不是可用的照片：請上傳 JPEG、PNG 或 WebP 圖片。")
    expect_no_english(mia, USER, what="a photo refused")
    assert_accessible(mia, "a photo refused, in Chinese")
    back = mia.get_by_role("link", name="回到紀錄")
    tab_to(mia, back)
    with mia.expect_navigation():
        mia.keyboard.press("Enter")
    expect(mia).to_have_url(re.compile(re.escape(record) + "#photos$"))
    expect(media.get_by_role("img")).to_have_count(0)
    expect(mia.locator(".record-details")).to_contain_text("阿明最後一手敲門，美美贏了。")
