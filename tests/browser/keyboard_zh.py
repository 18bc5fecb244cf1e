"""Helpers for the browser tests of issue 29's pages by keyboard alone and in Traditional Chinese: reach a control
with Tab, choose a file from a focused file input with the keyboard, find the English left on a page, and a BG
Stats backup whose people, games and places have Chinese names only (so that any English left is the site's)."""
import json
import re

from playwright.sync_api import expect

from tests.i18n.english import PROPER_NAMES, english_runs

# Names that stay in Latin letters on a Chinese page: the brand, the loggers (PROPER_NAMES), and file extensions
# named in a sentence (".json", ".xml"). Acronyms (JSON, XML, JPEG, PNG) pass english_runs by themselves.
ALLOWED = ["Top Cat", *PROPER_NAMES, "json", "xml", "WebP"]
# The time zones are named as the tz database names them ("Asia/Taipei"): identifiers, not words of the site.
ZONE_MENU = re.compile(r'<select[^>]*name="zone".*?</select>', re.S)


def _ignore(chooser) -> None:
    """A file chooser nobody waits for is left as it is (none opens unless a test presses a key for it)."""


def catch_file_choosers(page) -> None:
    """Have the page hand every file chooser it opens to the test, from now on. Playwright asks the browser for
    them only while someone listens, and asks without waiting for the answer: a listener added just before the key
    that opens the chooser sometimes comes too late, and the chooser opens unseen."""
    if not getattr(page, "catches_file_choosers", False):
        page.on("filechooser", _ignore)
        page.catches_file_choosers = True
        page.evaluate("() => true")  # a round trip: the request has reached the browser before any key is pressed


def choose_file_by_keyboard(page, name: str, data: bytes, mime: str) -> None:
    """The focused file input opens its chooser on Space, as it does for a person; the file is chosen there."""
    assert getattr(page, "catches_file_choosers", False), "call catch_file_choosers(page) when the page is opened"
    with page.expect_file_chooser() as chooser:
        page.keyboard.press("Space")
    chooser.value.set_files(files=[{"name": name, "mimeType": mime, "buffer": data}])


def english_left(page, *names: str, within: str = "html") -> list[str]:
    """The runs of English words a person reads in this part of the page, but for the allowed names."""
    html = ZONE_MENU.sub(" ", page.locator(within).first.evaluate("element => element.outerHTML"))
    return english_runs(html, [*ALLOWED, *names])


def expect_no_english(page, *names: str, within: str = "html", what: str = "") -> None:
    left = english_left(page, *names, within=within)
    assert not left, f"{what or page.url}: English left in Chinese: {left}"


def chinese_backup(owner: str, scores=(("12", "7"), ("五分", "3"))) -> bytes:
    """A BG Stats backup of the importer 美美 and 阿明 at 阿美家: a play of 貓咪萬歲 (Rat-a-Tat Cat, matched by its
    Chinese name) per pair of scores, and one of 卡坦島, another game. Play ids are the owner's own."""
    prefix = f"{owner[:8].upper():0<8}"
    plays = [{
        "uuid": f"{prefix}-0000-4000-8000-{number:012d}", "playDate": f"2026-10-16 {19 + number}:30:00",
        "durationMin": 25, "gameRefId": 11, "locationRefId": 21, "comments": "", "ignored": False,
        "playerScores": [
            {"playerRefId": 1, "score": mine, "winner": False, "seatOrder": 1, "startPlayer": True},
            {"playerRefId": 2, "score": theirs, "winner": False, "seatOrder": 2, "startPlayer": False},
        ],
    } for number, (mine, theirs) in enumerate(scores)]
    plays.append({**plays[0], "uuid": f"{prefix}-0000-4000-8000-999999999999", "gameRefId": 12})
    backup = {
        "userInfo": {"meRefId": 1},
        "games": [{"id": 11, "uuid": f"{prefix}-1111-4000-8000-000000000011", "name": "貓咪萬歲", "bggName": "",
                   "bggId": 0, "highestWins": False},
                  {"id": 12, "uuid": f"{prefix}-1111-4000-8000-000000000012", "name": "卡坦島", "bggName": "",
                   "bggId": 0, "highestWins": True}],
        "players": [{"id": 1, "uuid": f"{prefix}-2222-4000-8000-000000000001", "name": "美美", "isAnonymous": False,
                     "bggUsername": ""},
                    {"id": 2, "uuid": f"{prefix}-2222-4000-8000-000000000002", "name": "阿明", "isAnonymous": False,
                     "bggUsername": ""}],
        "locations": [{"id": 21, "uuid": f"{prefix}-3333-4000-8000-000000000021", "name": "阿美家"}],
        "plays": plays,
    }
    return json.dumps(backup, ensure_ascii=False).encode()


def expect_page(page, heading: str) -> None:
    expect(page.locator("h1")).to_have_text(heading)
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
