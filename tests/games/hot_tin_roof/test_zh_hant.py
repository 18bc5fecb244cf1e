"""Hot Tin Roof in Traditional Chinese, and its board's accessible names: the rules page, the table, the log and
the refusals read in Chinese with the seed review's terms, the board's families by their Chinese names; every patio,
gap and cat has a name that says what it holds, a patio's beginning with the words it shows; nothing named is a bare
element without a role."""
import json
import random
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games import lobby
from games.hot_tin_roof import bots, engine, words
from games.hot_tin_roof.board import board
from games.lobby import SeatPlan
from games.models import Match
from games.tables import context, load
from games.viewer import viewpoint
from tests.games.chinese import NamedElements, assert_chinese, in_chinese, visible_text

from .test_words import emitted_events, refusal_codes

FAMILIES = sorted(board().family.values())  # the board's data names them in English
CHINESE_FAMILIES = {"Adams": "亞當斯家", "Chens": "陳家", "Fischers": "費雪家", "Kims": "金家", "Oscars": "奧斯卡家"}
NAMES = ["Mia", "Ann", "Bo", "Cy"]
SEED_TERMS = ["貓橋", "貓窩", "垃圾箱", "沙丁魚罐頭", "沙丁魚", "魚市場", "回家板塊", "貓伴侶", "頂級貓咪"]
PARAMS = {"cannot_afford": {"cans": 3, "have": 1}, "not_your_turn": {"turn": 2}, "pair_on_board": {"pair": "sitting"},
          "unknown_field": {"field": "x"}}


@pytest.mark.django_db
def test_the_rules_page_is_in_chinese_with_the_seed_reviews_terms(client):
    page = client.get("/rules/hot_tin_roof/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    rules = re.search(r'<article class="rules">(.*?)</article>', page, re.S).group(1)
    text = visible_text(rules)
    assert "坐立不安的貓" in text and all(term in text for term in SEED_TERMS)
    assert_chinese(text, ["Leo Colovini"])
    english = client.get("/rules/hot_tin_roof/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Top Cat" in english and "頂級貓咪" not in english


def whole_game_log(seed: int) -> list[dict]:
    state, rng, log = engine.new_game(4, seed, {}), random.Random(seed), []
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        before = len(state["log"])
        state = engine.apply(state, seat, bots.choose("good", engine.view(state, seat),
                                                      engine.legal_actions(state, seat), rng))
        log += state["log"][min(before, len(state["log"]) - 1):] if len(state["log"]) < engine.LOG_KEPT \
            else state["log"][-3:]
    return log


def test_every_log_event_and_refusal_reads_in_chinese():
    entries = whole_game_log(3)
    seen = {e["event"] for e in entries}
    assert {"ante", "dived", "moved", "joined", "game_over"} <= seen
    for entry in entries:
        text = in_chinese(words.event, entry)
        assert_chinese(text, NAMES, seats=NAMES)
    assert set(words.EVENTS) == emitted_events()
    for code in refusal_codes():
        text = in_chinese(words.refusal, code, PARAMS.get(code, {}))
        assert_chinese(text)
    assert in_chinese(words.event, {"event": "paid_toll", "seat": 1, "to": 2, "cans": 3, "catwalks": 1,
                                    "shelters": 1}) == "付給 {seat:2} 3 個罐頭：經過 1 座貓橋、進入 1 個貓窩。"


@pytest.fixture
def table(mia):
    """Mia with two players at her screen, at a busy racing turn: shelters, catwalks and every cat out."""
    match = lobby.create_match(host=mia, game="hot_tin_roof", options={},
                               seats=[SeatPlan("me"), SeatPlan("local", "Ann"), SeatPlan("local", "Bo")])
    state = json.loads(json.dumps(match.state))
    state["catwalks"] = {f"g{n}": n % 3 for n in range(1, 13)}
    state["shelters"] = {"A": 1, "F": 2, "L": 0}
    cats = {0: (["A", "K"], ["E", "N"]), 1: (["B", "J"], ["D", "G"]), 2: (["A", "M"], ["F", "H"])}
    for seat, (sitting, standing) in cats.items():
        state["players"][seat]["cats"] = {"sitting": sitting, "standing": standing}
        state["players"][seat]["cans"] = 30
    state.update(phase="race", turn=0, moved=[])
    state["log"] = [{"event": "ante", "seat": 0, "cans": 5},
                    {"event": "dived", "seat": 0, "dumpster": "home1", "cans": 6},
                    {"event": "moved", "seat": 1, "pair": "sitting", "cat": 0, "path": ["A", "C", "D"], "cans": 3},
                    {"event": "paid_toll", "seat": 1, "to": 0, "cans": 3, "catwalks": 1, "shelters": 1}]
    Match.objects.filter(pk=match.pk).update(state=state)
    return match


def rendered(match, user, language):
    with translation.override(language):
        match, seats = load(match.pk)
        return render_to_string("games/table.html", context(match, seats, viewpoint(match, seats, user, 0)))


def game_part(page: str) -> str:
    return re.search(r'<div class="table-main">(.*?)<aside', page, re.S).group(1)


@pytest.mark.django_db
def test_the_table_and_its_log_are_in_chinese(table, mia):
    page = rendered(table, mia, "zh-hant")
    names = ["mia", "Ann", "Bo"]
    text = visible_text(game_part(page))
    assert "亞當斯家 A（露臺）；橘色貓窩；貓咪：白色坐姿貓、咖啡色坐姿貓" in text
    assert "魚市場" in text and "垃圾箱" in text
    assert_chinese(text, names)
    data = json.loads(re.search(r'<template id="htr-data">(.*?)</template>', page, re.S).group(1))
    assert data["words"]["move_cat"] == "移動這隻貓" and "個罐頭" in data["words"]["cans_to"]
    log = re.findall(r"<li>(.*?)</li>", re.search(r'<ol class="log".*?</ol>', page, re.S).group(0), re.S)
    assert len(log) == 4
    for line in log:
        line = visible_text(line)
        assert_chinese(line, names)


@pytest.mark.django_db
def test_every_patio_names_its_family_shelter_and_cats_and_every_named_element_has_a_role(table, mia):
    page = game_part(rendered(table, mia, "en-gb"))
    assert 'aria-label="Adams A (patio); Orange shelter; cats: White sitting cat, Brown sitting cat"' in page
    assert 'aria-label="Chens C (patio); no shelter; no cats"' in page
    assert 'aria-label="Fischers F (patio); Brown shelter; cats: Brown standing cat"' in page
    named = NamedElements(page)
    patios = [e for e in named.elements if "data-patio" in e]
    assert len(patios) == 15 and all(e["role"] == "img" for e in patios)
    gaps = [e for e in named.elements if "data-gap" in e]
    assert len(gaps) == 18 and all(e["aria-label"].startswith("Gap ") for e in gaps)
    assert 'aria-label="Gap Chens–Diaz: Brown catwalk"' in page
    # Mia's own cats are buttons she can reach by keyboard, named by colour, pair and patio.
    cats = [e for e in named.elements if "htr-cat" in e.get("class", "")]
    assert len(cats) == 4 and all(e["role"] == "button" and e["tabindex"] == "0" for e in cats)
    assert {e["aria-label"] for e in cats} == {"White sitting cat on A", "White sitting cat on K",
                                                "White standing cat on E", "White standing cat on N"}
    assert not named.without_role(), named.without_role()


@pytest.mark.django_db
def test_player_pieces_carry_a_mark_besides_their_colour(table, mia):
    page = game_part(rendered(table, mia, "en-gb"))
    board_svg = re.search(r'<svg class="htr-board".*?</svg>', page, re.S).group(0)
    marks = {colour: re.findall(rf'<g class="htr-cat c-{colour}[^"]*"[^>]*><use href="#h-\w+"/>(<use href="#m-\w+"/>)?',
                                board_svg) for colour in ("white", "orange", "brown")}
    assert marks["white"] and all(m == "" for m in marks["white"])
    assert marks["orange"] and all(m == '<use href="#m-orange"/>' for m in marks["orange"])
    assert marks["brown"] and all(m == '<use href="#m-brown"/>' for m in marks["brown"])
    assert all(f'id="m-{colour}"' in board_svg for colour in ("orange", "brown", "blue"))


@pytest.mark.django_db
def test_the_final_scores_are_written_with_the_languages_punctuation(mia):
    """Each line of the final scores in Chinese: 「名字：分數（…個罐頭、…條沙丁魚；…）」 with the separators of the
    catalogue, not English commas and semicolons."""
    from tests.matches import play_out

    match = lobby.create_match(host=mia, game="hot_tin_roof", options={},
                               seats=[SeatPlan("me"), SeatPlan("local", "Ann"), SeatPlan("local", "Bo")])
    play_out(match.pk)
    page = rendered(match, mia, "zh-hant")
    lines = [visible_text(line) for line in
             re.findall(r"<li[^>]*>(.*?)</li>", re.search(r'<ol class="htr-final">(.*?)</ol>', page, re.S).group(1))]
    assert len(lines) == 3
    for line in lines:
        assert "：" in line and "、" in line and "；" in line, line
        assert ", " not in line and "; " not in line and ": " not in line, line


def test_every_family_of_the_board_has_a_chinese_name_and_the_letter_stays():
    """The families are words of the game like any other (issue 30: they were left in English): each family of
    board.json is in the words module, and in Chinese has a name of its own; the letter stays the patio's id."""
    assert set(words.FAMILIES) == set(FAMILIES)
    with translation.override("zh-hant"):
        chinese = {name: str(words.FAMILIES[name]) for name in FAMILIES}
        assert all(re.fullmatch(r"[\u4e00-\u9fff]+家", said) for said in chinese.values()), chinese
        assert len(set(chinese.values())) == len(FAMILIES)
        assert {board().family[p]: words.family(p) for p in "ACFKO"} == CHINESE_FAMILIES
        assert words.patio("A") == "亞當斯家的露臺（A）"
        assert words.gap("g1").startswith("缺口 ") and "家–" in words.gap("g1")
        assert "移到奧斯卡家" in words.event({"event": "moved", "seat": 0, "pair": "sitting", "cat": 0,
                                              "path": ["N", "O"], "cans": 0})
    with translation.override("en-gb"):
        assert words.family("A") == "Adams" and words.patio("A") == "the Adams' patio (A)"


BOARD_TEXT = re.compile(r'<g class="htr-patio" data-patio="(\w)" role="img" aria-label="([^"]*)">(.*?)</g>', re.S)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hant", "en-gb"])
def test_a_patios_name_begins_with_the_words_the_board_shows_on_it(table, mia, language):
    """WCAG 2.5.3 (label in name): the family and the letter drawn on a patio, in the order they are read, begin its
    accessible name (axe's label-content-name-mismatch, when the page's script makes the patio a button)."""
    page = game_part(rendered(table, mia, language))
    patios = BOARD_TEXT.findall(page)
    assert len(patios) == 15
    for patio, label, drawn in patios:
        shown = " ".join(visible_text(text).strip() for text in re.findall(r"<text[^>]*>(.*?)</text>", drawn))
        with translation.override(language):
            assert shown == f"{words.family(patio)} {patio}"
        assert label.startswith(shown + (" (patio); " if language == "en-gb" else "（露臺）；")), (label, shown)
    if language == "zh-hant":
        assert_chinese(" ".join(label for _, label, _ in patios), NAMES)
