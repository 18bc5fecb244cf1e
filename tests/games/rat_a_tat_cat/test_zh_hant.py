"""Rat-a-Tat Cat in Traditional Chinese, and its cards' accessible names: the rules page, the table, the log and
the refusals read in Chinese; a card says its position from 1 and its face, or that it lies face down; every named
element has a role; the record pad's round-score boxes have labels."""
import random
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.log_words import with_names
from games.rat_a_tat_cat import bots, engine, words
from games.tables import context, load
from games.viewer import viewpoint
from tests.games.chinese import NamedElements, assert_chinese, in_chinese, visible_text

from .helpers import all_memorised, play, stacked_game
from .test_words import codes_in, events_written

NAMES = ["Mia", "Leo", "Ada"]
ROWS = [[1, 2, 3, 4], [5, 6, 7, 9]]


@pytest.mark.django_db
def test_the_rules_page_is_in_chinese(client):
    page = client.get("/rules/rat_a_tat_cat/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    text = visible_text(re.search(r'<article class="rules">(.*?)</article>', page, re.S).group(1))
    assert "貓咪萬歲" in text and "偷看" in text and "抽兩張" in text and "棄牌堆" in text
    allowed = ["Gamewright", "Mensa Select"]
    assert_chinese(text, allowed)


def whole_game_log(seed: int) -> list[dict]:
    state, rng, log = engine.new_game(3, seed, {"rounds": 2}), random.Random(seed), []
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        seen = len(state["log"])
        state = engine.apply(state, seat, bots.choose("good", engine.view(state, seat),
                                                      engine.legal_actions(state, seat), rng))
        log += state["log"][seen:] if len(state["log"]) > seen else state["log"][-1:]
    return log


def test_every_log_event_and_refusal_reads_in_chinese():
    entries = whole_game_log(7)
    assert {"dealt", "knocked", "round_ended", "game_over"} <= {e["event"] for e in entries}
    for entry in entries:
        assert_chinese(in_chinese(words.event, entry), NAMES, seats=NAMES)
    assert set(words.EVENTS) == events_written()
    for code in codes_in("IllegalAction") | set(words.REFUSALS):
        text = in_chinese(words.refusal, code, {"phase": "decide", "card": 8})
        assert_chinese(text)
    ended = {"event": "round_ended", "seat": None, "round": 1, "scores": [18, None, 20]}
    assert with_names(in_chinese(words.event, ended), NAMES) == "第 1 局結束：Mia 18 分、Ada 20 分。"


def rendered(match, user, language, confirmed=None):
    with translation.override(language):
        match, seats = load(match.pk)
        return render_to_string("games/table.html", context(match, seats, viewpoint(match, seats, user, confirmed)))


def game_part(page: str) -> str:
    return re.search(r'<div class="table-main">(.*?)<aside', page, re.S).group(1)


@pytest.mark.django_db
def test_the_table_and_its_log_are_in_chinese(duel, mia):
    duel.state = play(all_memorised(stacked_game(ROWS, discard=5, draw=[8], rounds=1)), (0, "draw"))
    duel.save()
    page = rendered(duel, mia, "zh-hant")
    text = visible_text(game_part(page))
    assert "你抽到一張 8：選你的一張牌來替換，或棄掉它。" in text
    assert "位置 1：蓋著，把抽到的牌放在這裡" in text and "位置 1：蓋著" in text
    assert_chinese(text, ["mia", "leo"])
    log = re.findall(r"<li>(.*?)</li>", re.search(r'<ol class="log".*?</ol>', page, re.S).group(0), re.S)
    assert log
    for line in map(visible_text, log):
        assert_chinese(line, ["mia", "leo"])


@pytest.mark.django_db
def test_a_card_says_face_down_or_its_value_and_its_position_from_1(duel, mia, leo):
    duel.state = all_memorised(stacked_game(ROWS, discard=5, rounds=1))
    duel.save()
    page = game_part(rendered(duel, leo, "en-gb"))
    named = NamedElements(page)
    cards = [e for e in named.elements if "card" in e.get("class", "").split()]
    # Leo sees Mia's four cards face down and his own four (after the opening peek, face down too), and the discard.
    faces = [e["aria-label"] for e in cards if e["aria-label"].startswith("Position")]
    assert faces == [f"Position {n}: face down" for n in (1, 2, 3, 4)] * 2
    assert all(e["role"] == "img" for e in cards if e["tag"] == "div")
    assert 'aria-label="Top of the discard pile: 5"' in page
    assert not named.without_role(), named.without_role()
    # Mia, to move, may take the discard into any position: each card is a button saying where and what it does.
    mine = game_part(rendered(duel, mia, "en-gb"))
    buttons = [e for e in NamedElements(mine).elements if e["tag"] == "button" and "card" in e.get("class", "")]
    assert [b["aria-label"] for b in buttons] == [
        f"Position {n}: face down, take the discard into this position" for n in (1, 2, 3, 4)]
    assert not NamedElements(mine).without_role()


@pytest.mark.django_db
def test_a_known_card_is_named_by_its_value(duel, mia):
    duel.state = stacked_game(ROWS, discard=5, rounds=1)  # the opening peek: Mia sees her outer cards, 1 and 4
    duel.save()
    page = game_part(rendered(duel, mia, "en-gb"))
    labels = [e["aria-label"] for e in NamedElements(page).elements if e["aria-label"].startswith("Position")]
    assert labels[-4:] == ["Position 1: 1, take the discard into this position",
                           "Position 2: face down, take the discard into this position",
                           "Position 3: face down, take the discard into this position",
                           "Position 4: 4, take the discard into this position"]


@pytest.mark.django_db
def test_every_round_score_box_of_the_record_pad_has_a_label(client, mia):
    client.force_login(mia)
    page = client.get("/record/rat_a_tat_cat/").content.decode()
    boxes = re.findall(r'<input[^>]*name="r(\d+)-s(\d+)"[^>]*id="([^"]+)"', page)
    assert len(boxes) >= 10
    for r, s, box in boxes:
        assert f'<label class="visually-hidden" for="{box}">Round {int(r) + 1}, seat {int(s) + 1}</label>' in page
    chinese = client.get("/record/rat_a_tat_cat/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    assert ">第 1 局，座位 1</label>" in chinese and "新增一局" in chinese
