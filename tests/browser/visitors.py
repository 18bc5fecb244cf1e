"""Helpers for browser tests of the site around the tables: signing up, recording a game on a pad, finding it in
the history.

Like tables.py, every helper waits for what it needs (a page, a message, a row) with Playwright's `expect` or
`wait_for_url`, and never sleeps for a fixed time.
"""
import re

from playwright.sync_api import expect

PASSWORD = "whiskers-and-sardines-42"


def fill_sign_up(page, username: str) -> None:
    """Fill in the sign-up form (username, e-mail, password twice: all it asks) and send it."""
    page.fill("#id_username", username)
    page.fill("#id_email", f"{username}@example.com")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("button:text('Create my account')")


def sign_up(page, username: str, display_name: str | None = None) -> None:
    """Sign up and, when given, set the name others see; ends on the player's own page."""
    page.goto("/accounts/signup/")
    expect(page.locator("main form input:visible:not([type=hidden])")).to_have_count(4)
    fill_sign_up(page, username)
    page.wait_for_url(f"**/players/{username.lower()}/")
    expect(page.locator(".messages")).to_contain_text(f"Welcome, {username}!")
    if display_name and display_name != username:
        page.click("text=Edit profile")
        page.wait_for_url(f"**/players/{username.lower()}/edit/")
        page.fill("#id_display_name", display_name)
        page.click("button:text('Save')")
        page.wait_for_url(f"**/players/{username.lower()}/")
        expect(page.locator("h1")).to_have_text(display_name)


def open_pad(page, game_name: str, slug: str) -> None:
    """From the header, open the pad that records a table game of this game."""
    page.click("nav >> text=Record a game")
    page.wait_for_url("**/record/")
    page.click(f"text=Record {game_name}")
    page.wait_for_url(f"**/record/{slug}/")


def save_the_game(page, game_name: str) -> str:
    """Save the pad, wait for the record's page and its message; the record's path ("/history/12/")."""
    # As a player would, wait for the totals of what was typed: a preview on its way would be cut short.
    expect(page.locator("form.record-form.htmx-request")).to_have_count(0)
    page.click("button:text('Save the game')")
    page.wait_for_url(re.compile(r"/history/\d+/$"))
    expect(page.locator(".messages")).to_contain_text(f"The game of {game_name} is recorded.")
    return "/" + page.url.split("/", 3)[3]


def history_line(page, record_path: str):
    """The line of the history list on the page that links this record."""
    return page.locator("table.records tbody tr", has=page.locator(f'a[href="{record_path}"]'))


def expect_rows(rows, texts: list[str]) -> None:
    """The rows (a locator) come to be exactly these, in order, each read as a reader sees it: its cells apart by
    white space (`to_have_text` with a string squeezes white space on both sides)."""
    expect(rows).to_have_text(texts, use_inner_text=True)
