"""Helpers for browser tests of match pages: making and joining matches, and waiting for the table to move on."""
import time


def version(page) -> int:
    """The version of the table the page shows."""
    return int(page.locator("#table").get_attribute("data-version"))


def wait_for_version(page, at_least: int, seconds: float = 10) -> None:
    """Poll from Python: the site's content security policy forbids the eval that wait_for_function needs."""
    deadline = time.monotonic() + seconds
    while version(page) < at_least:
        assert time.monotonic() < deadline, f"the table never reached version {at_least}"
        page.wait_for_timeout(20)


def act(page, label: str) -> int:
    """Click the move button with this label and wait for the table it answers; returns its version."""
    before = version(page)
    page.locator("#table button", has_text=label).first.click()
    wait_for_version(page, before + 1)
    return version(page)


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
