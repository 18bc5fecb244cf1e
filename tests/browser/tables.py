"""Helpers for browser tests of match pages: making and joining matches, and waiting for the table to move on.

Every helper waits for what it needs (a button, the table at a version, the answer to a post) and never sleeps for
a fixed time: on a loaded machine a push or an answer can take seconds, and a test must not read the page before.
"""
import re

from playwright.sync_api import expect

STALE = 409  # the table changed under the click (a push was on its way): the page shows the fresh one
BUSY = 503  # the database was too busy to take the move at once: the page shows the table and "try again"
RETRY = (STALE, BUSY)
ATTEMPTS = 3


def version(page) -> int:
    """The version of the table the page shows."""
    return int(page.locator("#table").get_attribute("data-version"))


def wait_for_version(page, at_least: int, seconds: float = 60) -> None:
    """Wait until the page shows the table at this version or a later one (a push or the answer to a move)."""
    page.wait_for_function("least => Number(document.querySelector('#table')?.dataset.version) >= least",
                           arg=at_least, timeout=seconds * 1000)


def act(page, label: str, keyboard: bool = False) -> int:
    """Click the move button with this label (or, by keyboard, focus it and press Enter) and wait for the table
    that answers it; returns the move's version.

    A move made on a table that changed on its way (another seat's or a bot's move still arriving as a push) is
    refused as stale, and one that meets a busy database is refused with "try again": either way the page shows
    the table of the answer, and the button is clicked again once that table is on the page.
    """
    for _ in range(ATTEMPTS):
        button = page.locator("#table button", has_text=label).first
        with page.expect_response(lambda r: r.request.method == "POST" and "/move/" in r.url) as answer:
            if keyboard:
                button.focus()
                page.keyboard.press("Enter")
            else:
                button.click()
        response = answer.value
        if response.status not in RETRY:
            break
        wait_for_version(page, int(re.search(r'data-version="(\d+)"', response.text()).group(1)))
    assert response.status == 200, f"the move {label!r} was refused with {response.status}"
    made = int(re.search(r"version=(\d+)", response.request.post_data).group(1)) + 1
    wait_for_version(page, made)
    return made


def memorise(page, keyboard: bool = False) -> int:
    """Rat-a-Tat Cat: end the opening peek (Memorised); the move's version, once the peek is gone."""
    made = act(page, "Memorised", keyboard=keyboard)
    expect(page.locator("#table .ratc-peek")).to_have_count(0)
    return made


def throw_away_the_draw(page, keyboard: bool = False) -> int | None:
    """Rat-a-Tat Cat: throw away the card drawn (and what a Draw 2 brings after it); the last move's version, or
    None when nothing was drawn. Each act() waits for the table that answers it, so what it offers next is there
    to read."""
    latest = None
    while True:
        offered = page.locator("#table button", has_text=re.compile("Discard it|Don't use it"))
        if not offered.count():
            return latest
        latest = act(page, "Discard it" if page.locator("#table button", has_text="Discard it").count()
                     else "Don't use it", keyboard=keyboard)


def create_match(page, game: str, seats: list[str], names: dict[int, str] | None = None, **options) -> None:
    """Fill in the new-match form (seats as its choices: "me", "invite", "local", "bot:easy"...; names of local
    players and bots by seat) and open the match."""
    page.goto(f"/play/new/{game}/")
    for index, kind in enumerate(seats):
        page.select_option(f"#id_seat_{index}", kind)
    for index, name in (names or {}).items():
        page.fill(f"#id_name_{index}", name)
    for name, value in options.items():
        page.fill(f"#id_option_{name}", str(value))
    page.click("button:text('Create the match')")
    page.wait_for_url("**/matches/*/")
    page.locator("#live-status", has_text="Live").wait_for()


def join_by_invitation(host, guest) -> None:
    """The guest follows the invitation link the host's page shows, and takes a seat."""
    guest.goto(host.locator("#invite-link").input_value())
    guest.click("button:text('Take a seat')")
    guest.wait_for_url("**/matches/*/")
    guest.locator("#live-status", has_text="Live").wait_for()
