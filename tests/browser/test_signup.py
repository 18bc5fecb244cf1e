"""In real Chromium: a new player signs up, uploads an avatar and sees it; logging out and in again."""

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.browser.visitors import PASSWORD, sign_up

pytestmark = pytest.mark.browser

# An image the browser has loaded, of this width and height (any size when none is given).
IMAGE_LOADED = """([selector, size]) => {
  const img = document.querySelector(selector);
  return Boolean(img && img.complete && img.naturalWidth
                 && (size === null || (img.naturalWidth === size && img.naturalHeight === size)));
}"""


def wait_for_image(page, selector: str, size: int | None = None) -> None:
    page.wait_for_function(IMAGE_LOADED, arg=[selector, size])


def photo() -> bytes:
    """A small JPEG with a camera name and GPS position in its EXIF (the stored avatar must not keep them)."""
    exif = Image.Exif()
    exif[0x010F] = "SecretCam"
    exif[0x8825] = {1: "N", 2: (51.0, 30.0, 12.5)}
    buffer = io.BytesIO()
    Image.new("RGB", (640, 480), (40, 110, 190)).save(buffer, "JPEG", exif=exif)
    return buffer.getvalue()


def test_sign_up_upload_avatar_and_see_it(page, live_server_url):
    sign_up(page, "tabby", "Tabby Cat")
    expect(page.locator("h1")).to_have_text("Tabby Cat")

    # The site's stylesheet is served (whitenoise under daphne) and applied.
    css = page.request.get(f"{live_server_url}/static/css/site.css")
    assert css.status == 200 and "text/css" in css.headers["content-type"]
    expect(page.locator("html")).to_have_css("background-color", "rgb(251, 247, 241)")

    # Before any upload: the initials avatar (an SVG from the server) shows.
    large = page.locator("main img.avatar-large")
    expect(large).to_have_attribute("src", re.compile(r"/players/tabby/avatar\.svg\?v=TC$"))
    wait_for_image(page, "main img.avatar-large")

    page.click("text=Edit profile")
    page.wait_for_url("**/players/tabby/edit/")
    page.set_input_files("#id_avatar", files=[{"name": "me.jpg", "mimeType": "image/jpeg", "buffer": photo()}])
    page.fill("#id_bio", "Sleeps on the keyboard.")
    page.click("button:text('Save')")
    page.wait_for_url("**/players/tabby/")
    expect(page.locator(".messages")).to_contain_text("Profile saved.")
    expect(page.locator(".profile-about")).to_contain_text("Sleeps on the keyboard.")

    expect(large).to_have_attribute("src", re.compile(r"^/media/avatars/tabby-[0-9a-f]{8}-256\.(webp|png)$"))
    src = large.get_attribute("src")
    wait_for_image(page, "main img.avatar-large", 256)

    small = page.locator(".nav-account img.avatar-small")
    expect(small).to_have_attribute("src", re.compile(r"^/media/avatars/tabby-[0-9a-f]{8}-64\.(webp|png)$"))
    wait_for_image(page, ".nav-account img.avatar-small", 64)

    stored = page.request.get(f"{live_server_url}{src}").body()
    assert b"SecretCam" not in stored and b"Exif" not in stored

    assert page.console_errors == []  # no CSP violations, no failed loads


def test_log_out_and_back_in_with_a_wrong_then_right_password(page):
    sign_up(page, "ginger", "Ginger")
    page.click("button:text('Log out')")
    expect(page.locator(".nav-account").get_by_text("Log in")).to_be_visible()

    page.goto("/accounts/login/")
    page.fill("#id_username", "ginger")
    page.fill("#id_password", "not-my-password")
    page.click("main button:text('Log in')")
    expect(page.locator("[role=alert]")).to_contain_text("Please enter a correct username and password")

    page.fill("#id_password", PASSWORD)
    page.click("main button:text('Log in')")
    expect(page.locator(".nav-account").get_by_text("Ginger")).to_be_visible()
    assert page.console_errors == []
