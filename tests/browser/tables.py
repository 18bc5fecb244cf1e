"""Helpers for browser tests of match pages: making and joining matches, and waiting for the table to move on.

Every helper waits for what it needs (a button, the table at a version, the answer to a post) and never sleeps for
a fixed time: on a loaded machine a push or an answer can take seconds, and a test must not read the page before.
"""
import re
import time

STALE = 409  # the table changed under the click (a push was on its way): the page shows the fresh one
ATTEMPTS = 3


def version(page) -> int:
    """The version of the table the page shows."""
    return int(page.locator("#table").get_attribute("data-version"))


def wait_for_version(page, at_least: int, seconds: float = 15) -> None:
    """Poll from Python: the site's content security policy forbids the eval that wait_for_function needs."""
    deadline = time.monotonic() + seconds
    while version(page) < at_least:
        assert time.monotonic() < deadline, f"the table never reached version {at_least}"
        page.wait_for_timeout(20)


def act(page, label: str) -> int:
    """Click the move button with this label and wait for the table that answers it; returns the move's version.

    A move made on a table that changed on its way (another seat's or a bot's move still arriving as a push) is
    refused as stale and the page shows the fresh table: the button is then clicked again on that one.
    """
    for _ in range(ATTEMPTS):
        button = page.locator("#table button", has_text=label).first
        with page.expect_response(lambda r: r.request.method == "POST" and "/move/" in r.url) as answer:
            button.click()
        response = answer.value
        if response.status != STALE:
            break
    assert response.status == 200, f"the move {label!r} was refused with {response.status}"
    made = int(re.search(r"version=(\d+)", response.request.post_data).group(1)) + 1
    wait_for_version(page, made)
    return made


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
