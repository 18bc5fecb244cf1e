"""In real Chromium (issue 30.5): a player who turned the text-first mode on plays a whole match of each game against
the easy bot through the command line alone: she types into the labelled input and presses Enter, hears the answer
in its live region, and asks "moves" when she wants to know what she may type. axe reads the page mid-game and at
the end. No deal is fixed (the lobby draws a seed): she chooses each move from what the page tells her, as a
person would, so any deal is played to its end."""
import itertools
import re
from collections.abc import Callable
from typing import NamedTuple

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.tables import create_match

pytestmark = pytest.mark.browser

_names = itertools.count()
MOVE_LIMIT = 400  # typed lines in one match: far more than any of these takes


def turn_text_mode_on(page, handle: str) -> None:
    page.goto(f"/players/{handle}/edit/")
    page.get_by_label("Text-first mode for screen readers").check()
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**/players/{handle}/")


def version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def type_line(page, line: str) -> tuple[int, str]:
    """Type a line into the command line and press Enter: its answer's status and words, once the live region says
    them."""
    field = page.get_by_label(re.compile("Your command"))
    field.fill(line)
    with page.expect_response(re.compile(r"/matches/\d+/command/$")) as info:
        field.press("Enter")
    response = info.value
    words = re.sub(r"<[^>]+>", " ", response.text().split('<div id="table"')[0])
    words = " ".join(words.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&").split())
    expect(page.locator("#command-answer")).to_contain_text(words[:60])
    return response.status, words


def offered(page) -> list[str]:
    """What the page says she may type now ("moves"), or [] when it is not her turn."""
    status, words = type_line(page, "moves")
    assert status == 200, words
    return re.findall("“([^”]+)”", words)


def finished(page) -> bool:
    return page.locator("#table").get_attribute("data-status") == "finished"


def play_by_typing(page, choose) -> int:
    """Play to the end: ask what may be typed, type the chosen move, and wait for the bot when nothing is offered
    (for the table of a newer version, never for a fixed time). Returns how many moves she typed."""
    played = 0
    while played < MOVE_LIMIT:  # each wait ends with a newer table (or fails after its timeout)
        if finished(page):
            return played
        before = version(page)
        moves = offered(page)
        if not moves:
            page.wait_for_function(
                "v => { const t = document.getElementById('table');"
                " return Number(t.dataset.version) > v || t.dataset.status === 'finished'; }", arg=before)
            continue
        for line in choose(moves, page):  # tried in turn: a refused line changes nothing, the next is tried
            status, words = type_line(page, line)
            if status in (200, 409):
                break
            assert status == 400 and version(page) == before, words
        if status == 409:  # a bot moved while she typed: the answer brought the table as it is now; read it again
            assert words.startswith("The table changed before your move arrived"), words
            expect(page.locator("#table")).not_to_have_attribute("data-version", str(before))
            continue
        assert status == 200 and words.startswith("Done."), words
        expect(page.locator("#table")).not_to_have_attribute("data-version", str(before))
        played += 1
    raise AssertionError(f"the match did not end within {MOVE_LIMIT} typed lines")


def first_of(*preferred):
    """A chooser: the first offered move that starts with one of `preferred` words, else the first offered."""
    def choose(moves, page):
        for word in preferred:
            for move in moves:
                if move.startswith(word):
                    return [move]
        return [moves[0]]
    return choose


def the_page_reads_as_text(page) -> None:
    for heading in ("The table", "Log"):
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    expect(page.locator("#command-answer")).to_have_attribute("aria-live", "polite")
    expect(page.get_by_label(re.compile("Your command"))).to_be_focused()


def questions_change_nothing(page) -> None:
    before = version(page)
    for line, words in (("help", "Type a move"), ("whose turn", "It is"), ("scores", ""), ("last", "")):
        status, said = type_line(page, line)
        assert status == 200 and words in said, (line, said)
    status, said = type_line(page, "fly to the moon")
    assert status == 400 and "not a move" in said, said
    assert version(page) >= before  # the bot may have moved meanwhile; nothing of hers was played


def join_a_pair_or_dive(moves, page):
    """Hot Tin Roof as a beginner plays it: a home tile when a pair is off the board, else a catwalk; then try to
    bring each pair's cats together (the command line finds the cheapest path, or says why not), else end the
    turn."""
    if any(move.startswith("dive") for move in moves):
        return [next((m for m in moves if m.startswith(("dive home", "dive catwalk"))), moves[0])]
    if any(move.startswith(("join", "pay")) for move in moves):
        return [next(m for m in moves if m.startswith(("join", "pay")))]
    mine = page.locator("section[aria-labelledby=text-hand-title]").inner_text()
    tries = []
    for pair in ("sitting", "standing"):
        found = re.search(rf"{pair.capitalize()} pair at ([A-O]) \\w+, ([A-O]) ", mine)
        if found:
            a, b = found.groups()
            tries += [f"move {pair} from {a} to {b}", f"move {pair} from {b} to {a}"]
    return [*tries, "end turn"]



class Game(NamedTuple):
    seats: list[str]
    options: dict
    headings: tuple[str, ...]  # her own part of the table, read as text
    choose: Callable
    at_least: int  # moves she types in any deal
    scores: str  # words of the "scores" answer at the end


GAMES = {
    "rat_a_tat_cat": Game(["me", "bot:easy"], {"rounds": 1}, ("Your hand", "The others"),
                          first_of("memorised", "draw", "discard", "knock", "end turn"), 3, "Rounds played: 1"),
    "cat_tower": Game(["me", "bot:easy"], {}, ("Your sheet",), first_of("take", "mark", "pass"), 6,
                      "higher is better"),
    "hot_tin_roof": Game(["me", "bot:easy", "bot:easy"], {}, ("Your cats and supplies",), join_a_pair_or_dive, 5,
                         "cans plus 10"),
    "rat_hot": Game(["me", "bot:easy"], {}, ("Your strips and chips",), first_of("place"), 1, "Strips left"),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_by_typing(signed_up, game):
    case = GAMES[game]
    handle = f"reader{next(_names)}{game.replace('_', '')}"
    (page,) = signed_up((handle, "Ann"))
    turn_text_mode_on(page, handle)
    create_match(page, game, case.seats, **case.options)
    the_page_reads_as_text(page)
    for heading in case.headings:
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
    questions_change_nothing(page)
    assert_accessible(page, f"{game} text mode, mid-game")
    assert play_by_typing(page, case.choose) >= case.at_least
    expect(page.locator(".table-status")).to_contain_text("The match is over")
    status, said = type_line(page, "scores")
    assert status == 200 and case.scores in said, said
    assert_accessible(page, f"{game} text mode, finished")
