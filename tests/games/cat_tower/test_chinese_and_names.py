"""Cat Tower in Traditional Chinese, and named for screen readers.

In zh-hant the rules page, the table (drafting, marking, waiting) and every log line, refusal and label are Chinese,
with no run of English words left. Every hex of every sheet is named with
its column, floor and item (in both languages), and no element carries an aria-label without a role that takes one.
"""
import random
import re

import pytest
from django.apps import apps
from django.utils import translation

from games import lobby, turns
from games.cat_tower import engine, words
from games.lobby import SeatPlan
from tests.games.chinese import CJK, assert_chinese, between, visible_text

from .test_table_page import draft_until_marking, page_of, refresh, solo  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-Hant"}
NAMES = ["mia", "Easy bot", "Good bot"]  # the players' names are theirs, not words to translate
ITEMS_ZH = {"house": "貓屋", "yarn": "毛線球", "butterfly": "蝴蝶", "bowl": "貓碗", "cushion": "坐墊", "mouse": "老鼠"}


def game_part(page: str) -> str:
    return between(page, '<div class="ct"', '<aside class="table-side">')


def chinese(text: str, names=NAMES) -> None:
    assert_chinese(text, names, seats=NAMES)


def test_the_rules_page_is_chinese(client):
    page = client.get("/rules/cat_tower/", **ZH).content.decode()
    text = visible_text(between(page, '<article class="rules">', "</article>"))
    assert "貓塔" in text and "貓抓柱" in text and "共用骰" in text
    chinese(text, names=["Cat Café"])


def test_the_table_is_chinese_while_drafting_marking_and_waiting(client, mia, solo):  # noqa: F811
    client.force_login(mia)
    drafting = game_part(client.get(f"/matches/{solo.pk}/table/", **ZH).content.decode())
    assert "拿 " in drafting  # a die to take
    chinese(visible_text(drafting))
    match = draft_until_marking(refresh(solo), humans=(0,))
    marking = game_part(client.get(f"/matches/{match.pk}/table/", **ZH).content.decode())
    assert "在你的貓塔上畫格" in marking
    chinese(visible_text(marking))
    action = engine.legal_actions(match.state, 0)[0]
    turns.play(match_id=match.pk, seat=0, action=action, version=match.version)
    page = client.get(f"/matches/{match.pk}/table/", **ZH).content.decode()
    chinese(visible_text(game_part(page)))


def every_event() -> list[dict]:
    """The log of a few whole games played at random, every kind of event included."""
    entries = []
    for seed in range(4):
        rng, state = random.Random(seed), engine.new_game(3, seed, {})
        while not engine.is_over(state):
            seat = engine.to_move(state)[0]
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        entries += state["log"]
    assert {e["event"] for e in entries} == set(words.EVENTS)
    return entries


PARAMS = {"field": "item", "die": 7, "last": 3, "value": 5, "column": 2, "floor": 3, "item": "bowl",
          "house_floor": 5, "dice": (2, 4), "needed": 2, "spare": 1, "cat": "mouse", "cats": ["mouse", "bowl"]}


# What the record pad's checks carry (scoring.located_reasons, tally.problems).
PROBLEM_PARAMS = {"hex": "9-9", "column": 2, "floor": 3, "item": "bowl", "cat": "mouse", "times": 2, "points": 7,
                  "cats": 3, "houses": 2, "items": 3, "first": 8, "later": 4, "which": "circled", "value": "1.5",
                  "circled": 4, "most": 18, "crossed": 5, "seats": [1, 3], "needed": 3, "low": 1, "high": 4,
                  "count": 5}


def test_every_record_pad_problem_is_chinese():
    with translation.override("zh-hant"):
        for code in words.PROBLEMS:
            chinese(words.refusal(code, PROBLEM_PARAMS), names=["9-9", "bowl", "mouse"])  # values said back as sent
        chinese(words.refusal("impossible_cat_points", {**PROBLEM_PARAMS, "cat": "house"}))
        chinese(words.refusal("footprints_not_whole", {**PROBLEM_PARAMS, "which": "crossed"}))


def test_every_log_line_refusal_and_label_is_chinese():
    with translation.override("zh-hant"):
        for entry in every_event():
            chinese(words.event(entry))
        for code in words.REFUSALS:
            chinese(words.refusal(code, {**PARAMS, "item": 4} if code in ("too_few_footprints", "wrong_footprints")
                                  else PARAMS), names=[*NAMES, "item"])  # a field's name, said back as it came
        for label, help_text in words.OPTION_LABELS.values():
            chinese(str(label)), chinese(str(help_text))
        for label in [*words.CATEGORY_LABELS.values(), *words.ITEM_LABELS.values()]:
            assert CJK.search(str(label))
        config = apps.get_app_config("cat_tower")
        assert str(config.verbose_name) == "貓塔"
        chinese(str(config.tagline))
        chinese(words.describe_mark({"type": "mark", "item": 1, "column": 4, "floor": 6, "footprints": 2,
                                     "cat": "mouse"}, "house"))


def hexes(page: str, seat: int) -> dict[str, str]:
    """Each hex of a seat's sheet ("column-floor") and what a screen reader reads of it."""
    sheet = re.search(rf'<section class="ct-sheet[^"]*"[^>]*data-seat="{seat}">(.*?)</section>', page, re.S).group(1)
    found = {}
    for column, body in re.findall(r'<ol class="ct-col c(\d)[^>]*>(.*?)</ol>', sheet, re.S):
        for floor, inner in re.findall(r'<li class="f(\d)[^"]*">(.*?)</li>', body, re.S):
            found[f"{column}-{floor}"] = visible_text(inner)
    return found


def test_every_hex_is_named_with_its_column_floor_and_item(client, mia, solo):  # noqa: F811
    """A lit hex is a choice of its own: it names its column, floor and what may go there. Any other hex is read
    within its column's list, which names the column: it names its floor and item."""
    client.force_login(mia)
    marks = {"3-2": "bowl", "4-6": "house"}
    for _deal in range(50):  # a deal's dice may allow no mark at all: deal again until some hex is lit
        match = draft_until_marking(refresh(solo), humans=(0,))
        for seat in range(3):
            match.state["sheets"][seat]["marks"] = dict(marks)
        match.save()
        legal = engine.legal_actions(match.state, 0)
        lit = {f"{a['column']}-{a['floor']}" for a in legal if a.get("type") == "mark"}
        if lit:
            break
        solo = lobby.create_match(host=mia, game="cat_tower", options={}, seats=[
            SeatPlan("me"), SeatPlan("bot", bot_level="easy"), SeatPlan("bot", bot_level="good")])
    assert lit
    for language, say, plain, column_says in (
            ("en-gb", "Column {c}, floor {f}: {what}", "Floor {f}: {what}", "Column {c}, "),
            ("zh-hant", "第 {c} 欄第 {f} 層：{what}", "第 {f} 層：{what}", "第 {c} 欄")):
        page = client.get(f"/matches/{match.pk}/table/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for seat in range(3):
            named = hexes(page, seat)
            assert set(named) == set(engine.TOWER.hexes), "every hex of every sheet, and nothing else"
            for key, name in named.items():
                column, floor = key.split("-")
                item = marks.get(key)
                what = (item if language == "en-gb" else ITEMS_ZH[item]) if item else ""
                chosen = seat == 0 and key in lit
                assert name.startswith((say if chosen else plain).format(c=column, f=floor, what=what)), name
                if chosen:  # a lit hex is empty (marks go only there) and says what may go there, not "empty"
                    assert ("may take" in name) if language == "en-gb" else ("可以放" in name), name
                    assert "empty" not in name and "空的" not in name, name
                elif not item:
                    assert ("empty" in name) if language == "en-gb" else ("空的" in name), name
            for column, label in columns(page, seat):
                assert label.startswith(column_says.format(c=column)), label


def columns(page: str, seat: int) -> list[tuple[str, str]]:
    """Each column of a seat's sheet and its list's accessible name."""
    sheet = re.search(rf'<section class="ct-sheet[^"]*"[^>]*data-seat="{seat}">(.*?)</section>', page, re.S).group(1)
    return re.findall(r'<ol class="ct-col c(\d)[^"]*" aria-label="([^"]*)"', sheet)


def test_no_aria_label_without_a_role_that_takes_one(client, mia, solo):  # noqa: F811
    match = draft_until_marking(refresh(solo), humans=(0,))
    client.force_login(mia)
    page = game_part(page_of(client, match))
    for tag, attrs in re.findall(r"<([a-z0-9]+)\b([^>]*\baria-label=[^>]*)>", page):
        if tag in {"div", "span", "i", "b", "p", "li", "g", "use", "strong", "small", "label"}:
            assert "role=" in attrs, f"<{tag}{attrs}>"
