"""Rat Hot in Traditional Chinese, and named for screen readers.

In zh-hant the rules page, the table (the player's turn with its form, the other's turn) and every log line,
refusal and label are Chinese, with no run of English words left. Every
visible cell of the board is named with its place, spice and height, in reading order, in both languages; no
element carries an aria-label without a role that takes one; the words the page's script composes are Chinese.
"""
import json
import re
from html import unescape
from pathlib import Path

import pytest
from django.apps import apps
from django.utils import translation

from games.rat_hot import engine, words
from tests.games.chinese import assert_chinese, between, visible_text

from .test_table_page import play_mid_game, refresh, solo, spots_data  # noqa: F401 (a fixture)
from .test_words import log_of_games

pytestmark = pytest.mark.django_db
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-Hant"}
NAMES = ["mia", "leo", "Good bot"]
SPACES_ZH = {"chili": "辣椒", "paprika": "紅椒粉", "saffron": "番紅花", "cinnamon": "肉桂", "basil": "羅勒",
             "mint": "薄荷", "coriander": "香菜", "bay": "月桂葉", "rat-red": "紅鼠", "rat-green": "綠鼠",
             "empty": "空格", "start": "起點"}


def game_part(page: str) -> str:
    return between(page, '<div class="rh"', '<aside class="table-side">')


def chinese(text: str, names=NAMES) -> None:
    assert_chinese(text, names, seats=NAMES)


def test_the_rules_page_is_chinese(client):
    page = client.get("/rules/rat_hot/", **ZH).content.decode()
    text = visible_text(between(page, '<article class="rules">', "</article>"))
    assert "辣鼠" in text and "香料條" in text and "最終計分" in text
    chinese(text, names=["Michael Schacht", "Queen Games"])


def test_the_table_is_chinese_on_both_sides_of_a_turn(client, mia, leo, solo):  # noqa: F811
    match = play_mid_game(solo, 4)
    client.force_login(mia)
    page = client.get(f"/matches/{match.pk}/table/", **ZH).content.decode()
    mine = game_part(page)
    assert "放下香料條" in mine
    chinese(visible_text(mine))
    data = spots_data(page)["words"]  # what the script writes into the menu and the preview
    for key in ("spot", "scores", "for", "nothing", "choose", "spots"):
        chinese(data[key])
    assert data["scored"] == "%(spot)s；%(scores)s"
    assert data["sep"] == "、" and set(data["dirs"].values()) == {"東", "南", "西", "北"}
    client.force_login(leo)  # a spectator: no form, the strips named
    chinese(visible_text(game_part(client.get(f"/matches/{match.pk}/table/", **ZH).content.decode())))


def test_every_log_line_refusal_and_label_is_chinese():
    with translation.override("zh-hant"):
        entries = [*log_of_games(range(3), rats=False), *log_of_games(range(3))]
        assert {e["event"] for e in entries} == {"revealed", "placed", "scored", "final_tally", "game_over",
                                                 "lost_by_rats"}
        for entry in entries:
            chinese(words.event(entry))
        for code in words.REFUSALS:
            chinese(words.refusal(code, {}))
        chinese(words.refusal("out_of_range", {"low": 0, "high": 99}))
        chinese(words.refusal("more_groups_than_chips", {"group": "pairs", "groups": 3, "chip": "grey", "chips": 1}))
        chinese(words.refusal("too_many_groups", {"cells": 50, "spaces": 44}))
        chinese(words.spot(["basil", "empty", "rat-green"], 3, -1, "E", [0, 2]))
        for label, help_text in words.OPTION_LABELS.values():
            chinese(str(label)), chinese(str(help_text))
        config = apps.get_app_config("rat_hot")
        assert str(config.verbose_name) == "辣鼠"
        chinese(str(config.tagline))


def cells(page: str) -> list[dict]:
    """The board's cells as a screen reader meets them: its name, and what is drawn there."""
    found = re.findall(r'<use role="img" aria-label="([^"]+)" href="#rh-([a-z-]+)" x="(-?\d+)" y="(-?\d+)"', page)
    return [{"name": unescape(name), "space": space, "x": int(x), "y": int(y)} for name, space, x, y in found]


def test_every_cell_is_named_with_its_place_spice_and_height_in_reading_order(client, mia, solo):  # noqa: F811
    match = play_mid_game(solo, 6)
    client.force_login(mia)
    view = engine.view(match.state, 0)
    top = {(x, y): (height, space) for x, y, height, space, _strip in view["cells"]}
    assert max(h for h, _ in top.values()) > 1, "a position with strips on strips"
    for language, say in (("en-gb", "Column {x}, row {y}: {space}, height {h}"),
                          ("zh-hant", "欄 {x}、列 {y}：{space}，高度 {h}")):
        page = client.get(f"/matches/{match.pk}/table/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        board = between(page, '<svg class="rh-board"', "</svg>")
        assert 'role="group"' in board.split(">", 1)[0]
        named = cells(board)
        assert {(c["x"], c["y"]) for c in named} == set(top), "every visible cell, once"
        assert [(c["y"], c["x"]) for c in named] == sorted((c["y"], c["x"]) for c in named), "row by row"
        for c in named:
            height, space = top[c["x"], c["y"]]
            assert c["space"] == space
            shown = words.space(space) if language == "en-gb" else SPACES_ZH[space]
            assert c["name"] == say.format(x=c["x"], y=c["y"], space=shown, h=height)
        # The printed heights, edges and flashes are hidden from screen readers: the names carry them
        assert re.search(r'<g aria-hidden="true"><g class="hn" [^>]*><text ', board)


def test_no_aria_label_without_a_role_that_takes_one(client, mia, solo):  # noqa: F811
    client.force_login(mia)
    page = game_part(client.get(f"/matches/{refresh(solo).pk}/table/").content.decode())
    labelled = re.findall(r"<([a-z0-9]+)\b([^>]*\baria-label=[^>]*)>", page)
    assert labelled
    for tag, attrs in labelled:
        if tag in {"div", "span", "i", "b", "p", "li", "g", "use", "svg", "strong", "small", "label", "text"}:
            assert "role=" in attrs, f"<{tag}{attrs}>"


def test_red_and_green_differ_by_more_than_colour():
    """Each red spice and rat is drawn with another shape than every green one (the symbols' paths)."""
    symbols = (Path(words.__file__).parent / "templates" / "rat_hot" / "symbols.html").read_text()
    drawn = {name: re.sub(r'\s(fill|stroke)="#[0-9a-f]+"', "", body)
             for name, body in re.findall(r'<g id="rh-([a-z-]+)">(.*?)</g>', symbols, re.S)}
    red = ["chili", "paprika", "saffron", "cinnamon", "rat-red"]
    green = ["basil", "mint", "coriander", "bay", "rat-green"]
    for r in red:
        for g in green:
            assert drawn[r] != drawn[g], f"{r} and {g} differ only by colour"
    assert json.dumps(sorted(drawn)) and len(set(drawn[s] for s in red + green)) == len(red + green)


def test_the_long_score_headers_may_break_between_words_only(client, mia, solo):  # noqa: F811
    """In Chinese a table header breaks only at a space or punctuation (static/css/site.css, issue 30.6: narrow
    columns stood it one character a line): the long ones of the scores carry a zero-width space between their
    words, where a phone's narrow column may break them, and read the same."""
    match = play_mid_game(solo, 4)
    client.force_login(mia)
    page = client.get(f"/matches/{match.pk}/table/", **ZH).content.decode()
    scores = between(page, '<section class="card rh-scores"', "</thead>")
    heads = re.findall(r'<th scope="col"[^>]*>([^<]*)</th>', scores)
    assert heads[1:4] == ["灰色\u200b籌碼", "黃色\u200b籌碼", "分數"], heads
    with translation.override("zh-hant"):
        assert translation.gettext("Own rats showing").split("\u200b") == ["露出的", "自己", "老鼠"]
