"""Every scoring page in Traditional Chinese (zh-hant): Chinese words on it, and none of scoring's English left.

Two checks per page. The page's own content (<main>, with the attributes people read: aria-label, title,
placeholder, alt) holds no run of two or more English words once the names on it (players, games, handles) are
taken out. And no English sentence of scoring's own catalogue (scoring/locale/zh_Hant) is left anywhere on it:
that one also covers the parts drawn by the games (a pad, a replay's table), whose words are their own.
"""
import html
import json
import re
from functools import cache
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from games import lobby
from games.hot_tin_roof.board import board
from games.lobby import SeatPlan
from games.registry import GAMES
from scoring import linking, services
from scoring.records import save_record
from tests.i18n.english import PROPER_NAMES, english_runs
from tests.matches import play_out
from tests.scoring.test_transfer import finished_match, table_record_from

pytestmark = pytest.mark.django_db

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-hant"}
CATALOGUE = Path(__file__).resolve().parents[2] / "scoring" / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"
CJK = re.compile(r"[\u4e00-\u9fff]")
HOT_TIN_ROOF_FAMILIES = sorted(board().family.values())  # the board's names, kept in English (docs/i18n.md)
ENGLISH_RUN = re.compile(r"\b[A-Za-z][a-z]+(?:['’][a-z]+)?(?:[ ,;:]+[A-Za-z][a-z]+(?:['’][a-z]+)?)+\b")
PEOPLE_ATTRIBUTES = re.compile(r'\s(?:aria-label|title|placeholder|alt)="([^"]*)"')
# Words that are names, not English: the rating system, file formats, the site.
NAMES = ["OpenSkill", "Plackett-Luce", "Top Cat", "JSON", "CSV", "JPEG", "PNG", "WebP", "GIF", "QR Code", "Home", "End"]


@cache
def english_sentences() -> list[str]:
    """The pieces of scoring's English msgids between their placeholders and tags, long enough to mean something."""
    text = CATALOGUE.read_text(encoding="utf-8")
    msgids = []
    for block in text.split("\n\n"):
        found = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        if found:
            msgids.append("".join(json.loads(line) for line in found.group(1).split("\n") if line.strip()))
    pieces = []
    for msgid in msgids:
        for piece in re.split(r"%\(\w+\)\w|\{\w*\}|<[^>]+>", msgid):
            piece = piece.strip(" ,.:;()")
            if len(piece.split()) >= 3:
                pieces.append(piece)
    return pieces


def main_text(page: str) -> str:
    """What people read in the page's content: its text and the attributes read aloud or shown on hover."""
    main = re.search(r'<main id="main"[^>]*>(.*)</main>', page, re.S).group(1)
    main = re.sub(r"<(script|style)\b.*?</\1>", " ", main, flags=re.S)
    said = " ".join(PEOPLE_ATTRIBUTES.findall(main))
    return html.unescape(re.sub(r"<[^>]+>", " ", main) + " " + said)


def assert_in_chinese(response, *, names=(), whole_main=True, games_own=()):
    assert response.status_code in (200, 400), response.status_code
    page = response.content.decode()
    text = main_text(page)
    assert CJK.search(text), "no Chinese on the page"
    # Only <main>: the site's header and footer (templates/base.html) are the project's, in its own catalogue.
    main = html.unescape(re.search(r'<main id="main"[^>]*>(.*)</main>', page, re.S).group(1))
    for sentence in games_own:  # a game's own template, translated in the game's catalogue
        main = main.replace(sentence, " ")
    left = [piece for piece in english_sentences() if piece in main]
    assert not left, f"English of scoring's catalogue left on the page: {left}"
    if whole_main:
        for name in sorted([*names, *NAMES, *(g.name for g in GAMES)], key=len, reverse=True):
            text = text.replace(name, " ")
        runs = ENGLISH_RUN.findall(text)
        assert not runs, f"English words left on the page: {runs}"


@pytest.fixture
def world(alice, bob, settings):
    """Alice and Bob after an online Rat-a-Tat Cat match, a table match Bob recorded with Alice in it (awaiting her
    answer), and a table player of Bob's that he asks Alice to take over."""
    settings.LEADERBOARD_MIN_GAMES = 1
    online = finished_match(alice, guest=bob).game_record
    table = table_record_from(online.record)
    table["finished_at"] = table["started_at"] = "2026-11-20T12:00:00Z"
    awaiting = save_record(table, recorded_by=bob, location="Grandma's kitchen")
    granny = services.create_table_player(created_by=bob, display_name="Granny Smith")
    linking.request_link(table_player=granny, account_handle="alice", requested_by=bob)
    return {"online": online, "awaiting": awaiting, "granny": granny}


NAMES_OF_WORLD = ["Alice Cooper", "Bob Dylan", "Granny Smith", "Grandma's kitchen", "alice", "bob", "granny-smith"]


def test_the_history_in_chinese(client, world):
    response = client.get(reverse("history"), **ZH)
    assert "歷史紀錄" in response.text and "等待確認" in response.text
    assert_in_chinese(response, names=NAMES_OF_WORLD)


def test_bad_history_filters_are_explained_in_chinese(client, world):
    response = client.get(reverse("history") + "?since=2026-11-28&until=2026-11-01", **ZH)
    assert "起始日期晚於結束日期。" in response.text
    assert_in_chinese(response, names=NAMES_OF_WORLD)


def test_the_player_page_with_statistics_and_awaiting_confirmations(client, world, alice):
    client.force_login(alice)
    response = client.get(reverse("player", args=["alice"]), **ZH)
    text = response.text
    for words in ("等待確認", "等待你回覆的桌邊玩家", "統計", "最近的對局", "你的帳號", "紀錄"):
        assert words in text, words
    assert "由 Bob Dylan 記錄" in text  # the awaiting match, in a whole sentence
    assert "2026年11月20日" in text  # dates in the language's own format
    assert_in_chinese(response, names=NAMES_OF_WORLD)


def test_the_rating_chart_speaks_chinese(client, world):
    text = client.get(reverse("player", args=["alice"]), **ZH).text
    chart = re.search(r"<svg class=\"chart\".*?</svg>", text, re.S).group(0)
    assert "Alice Cooper：各遊戲的評分走勢" in chart and "場計分對局" in chart
    assert re.search(r">\d{1,2}月\d{1,2}日", chart)  # the time axis in Chinese order, not "30 Nov"


def test_the_players_list(client, world):
    response = client.get(reverse("players"), **ZH)
    assert "桌邊玩家" in response.text
    assert_in_chinese(response, names=NAMES_OF_WORLD)
    assert "沒有符合「zzz」的玩家。" in client.get(reverse("players") + "?q=zzz", **ZH).text


def test_the_statistics_and_a_leaderboard(client, world):
    index = client.get(reverse("stats"), **ZH)
    assert "排行榜" in index.text
    assert_in_chinese(index, names=NAMES_OF_WORLD)
    board = client.get(reverse("leaderboard", args=["rat_a_tat_cat"]), **ZH)
    assert "勝率" in board.text
    assert_in_chinese(board, names=NAMES_OF_WORLD)


def test_the_record_page(client, world):
    response = client.get(world["awaiting"].get_absolute_url(), **ZH)
    text = response.text
    assert "在桌邊確認" in text and "各項得分" in text and "回合 1" in text and "總分" in text
    assert_in_chinese(response, names=NAMES_OF_WORLD)
    online = client.get(world["online"].get_absolute_url(), **ZH)
    assert "重播這場對局" in online.text
    assert_in_chinese(online, names=NAMES_OF_WORLD)


def test_the_confirmation_page_and_its_answer(client, world, alice):
    client.force_login(alice)
    url = reverse("record_confirm", args=[world["awaiting"].pk, 0])
    response = client.get(url, **ZH)
    assert "確認這個結果" in response.text and "由 Bob Dylan 在Grandma's kitchen記錄。" in main_text(response.text)
    assert_in_chinese(response, names=NAMES_OF_WORLD)
    answered = client.post(url, {"answer": "confirm"}, follow=True, **ZH)
    assert "已確認：這場對局現在會計入你的統計與評分。" in answered.text


def test_the_records_that_need_you_and_a_disputed_record(client, world, alice, bob):
    client.force_login(alice)
    response = client.get(reverse("records_needing"), **ZH)
    assert "等待你的回覆" in response.text and "1 筆紀錄需要你處理" in response.text
    assert_in_chinese(response, names=NAMES_OF_WORLD)
    seat = world["awaiting"].participants.get(profile__handle="alice")
    client.post(reverse("record_confirm", args=[world["awaiting"].pk, seat.seat]), {"answer": "dispute"}, **ZH)
    client.force_login(bob)
    response = client.get(reverse("records_needing"), **ZH)
    assert "你記錄、但有人提出異議的紀錄" in response.text and "Alice Cooper 提出異議" in response.text
    assert_in_chinese(response, names=NAMES_OF_WORLD)
    record = client.get(world["awaiting"].get_absolute_url(), **ZH)
    assert "有玩家對這個結果提出異議" in record.text
    assert_in_chinese(record, names=NAMES_OF_WORLD)


def test_the_import_page_and_a_refused_file(client, world, alice):
    client.force_login(alice)
    assert_in_chinese(client.get(reverse("import_records"), **ZH), names=NAMES_OF_WORLD)
    bad = SimpleUploadedFile("records.json", b'{"format": "catsite-record/1", "game": "chess"}')
    refused = client.post(reverse("import_records"), {"file": bad}, **ZH)
    assert refused.status_code == 400
    assert "沒有匯入任何紀錄" in refused.text and "未知的遊戲 &#x27;chess&#x27;：本站支援" in refused.text
    assert_in_chinese(refused, names=NAMES_OF_WORLD)
    broken = client.post(reverse("import_records"), {"file": SimpleUploadedFile("r.json", b"[1,")}, **ZH)
    assert "檔案不是有效的 JSON" in broken.text


def test_an_import_reports_in_chinese(client, world, alice):
    client.force_login(alice)
    again = json.dumps(world["online"].record).encode()
    response = client.post(reverse("import_records"), {"file": SimpleUploadedFile("r.json", again)}, **ZH)
    assert "已匯入 0 筆紀錄，略過 1 筆重複紀錄。" in response.text
    assert_in_chinese(response, names=NAMES_OF_WORLD)


def test_the_replay_page(client, world):
    url = reverse("record_replay", args=[world["online"].pk])
    # The replay draws the game's own table and log lines, in the game's words: only scoring's are checked here.
    for step in (0, 1):
        response = client.get(f"{url}?step={step}", **ZH)
        assert "重播" in response.text and "開局" in response.text and "步驟" in response.text
        assert_in_chinese(response, names=NAMES_OF_WORLD, whole_main=False,
                          games_own=["The match is over, so nothing is hidden any more."])
    step = client.get(f"{url}?step=1", **ZH)
    assert "第 <strong>1</strong> 步，共" in step.text and "第 1 步：" in step.text


def test_the_player_edit_page_and_its_errors(client, world, alice):
    client.force_login(alice)
    url = reverse("player_edit", args=["alice"])
    response = client.get(url, **ZH)
    assert "顯示名稱" in response.text and "頭像" in response.text
    assert_in_chinese(response, names=NAMES_OF_WORLD)
    picture = SimpleUploadedFile("cat.jpg", b"MZ not a picture")
    refused = client.post(url, {"display_name": "Alice", "avatar": picture}, **ZH)
    assert "這個檔案不是可用的圖片" in refused.text
    assert_in_chinese(refused, names=NAMES_OF_WORLD)
    saved = client.post(url, {"display_name": "Alice C."}, follow=True, **ZH)
    assert "玩家檔案已儲存。" in saved.text


def test_sign_up_errors_in_chinese(client, world):
    """The sign-up page is the project's; its form and its refusals are scoring's."""
    response = client.post(reverse("signup"), {"username": "tom cat", "email": "alice@example.com",
                                               "password1": "x", "password2": "y"}, **ZH)
    assert "使用者名稱只能用英文字母、數字、- 和 _（不能有空格）。" in response.text
    assert "已有帳號使用這個電子郵件地址。請試著登入。" in response.text


def test_a_new_table_player_and_its_errors(client, world, alice):
    client.force_login(alice)
    url = reverse("table_player_new")
    assert_in_chinese(client.get(url, **ZH), names=NAMES_OF_WORLD)
    refused = client.post(url, {"display_name": "Tom", "handle": "tom cat"}, **ZH)
    assert "代稱只能用英文字母、數字、- 和 _" in refused.text
    assert_in_chinese(refused, names=NAMES_OF_WORLD)
    taken = client.post(url, {"display_name": "Tom", "handle": "bob"}, **ZH)
    assert "這個代稱已經有人使用" in taken.text
    added = client.post(url, {"display_name": "Tom"}, follow=True, **ZH)
    assert "已新增桌邊玩家 Tom。" in added.text


def test_a_link_request_page(client, world, bob):
    client.force_login(bob)
    response = client.get(reverse("link_request", args=["granny-smith"]), **ZH)
    assert "把 Granny Smith 連結到註冊玩家" in response.text
    assert_in_chinese(response, names=NAMES_OF_WORLD)
    refused = client.post(reverse("link_request", args=["granny-smith"]), {"handle": "nobody"}, **ZH)
    assert "沒有 @nobody 這位玩家。" in refused.text


def test_the_record_pages_scoring_words(client, world, alice):
    """The picker and a pad page: scoring's words in Chinese (the pad itself is the game's)."""
    client.force_login(alice)
    picker = client.get(reverse("record_game"), **ZH)
    assert "記錄對局" in picker.text
    assert_in_chinese(picker, whole_main=False)
    pad = client.get(reverse("record_new", args=["rat_a_tat_cat"]), **ZH)
    assert "玩家（依座位順序）" in pad.text and "座位 1（先手）" in pad.text and "選擇玩家…" in pad.text
    assert_in_chinese(pad, whole_main=False)


def test_english_stays_english(client, world):
    """Without a Chinese browser the pages keep their English (the catalogue is only for zh-hant)."""
    text = client.get(reverse("stats")).text
    assert "Nobody on the leaderboard yet." in text or "Leaderboard" in text
    assert not CJK.search(main_text(text).replace("繁體中文", ""))


def test_every_scoring_string_has_a_translation():
    """The catalogue is complete: no empty or fuzzy entry, and every msgid is translated in the compiled file."""
    text = CATALOGUE.read_text(encoding="utf-8")
    assert "#, fuzzy" not in text
    body = text.split("\n\n", 1)[1]
    assert not re.search(r'^msgstr(?:\[0\])? ""\n(?!")', body, re.M), "an empty msgstr"
    with translation.override("zh-hant"):
        assert translation.gettext("Import match records") == "匯入對局紀錄"


def test_the_check_sees_english(client, world):
    """The same page in English fails both checks: they can tell."""
    text = main_text(client.get(reverse("history")).text)
    assert ENGLISH_RUN.search(text)
    assert any(piece in text for piece in english_sentences())


def test_a_bot_is_named_in_chinese_on_the_pages_though_its_record_says_easy_bot(client, alice):
    """A record is data: a bot seat's default name is written in English. The pages that show it (the history, the
    record page, the replay) name the bot in the page's language; a name someone gave a bot is shown as it is."""
    match = lobby.create_match(host=alice, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("bot", bot_level="easy"),
                                      SeatPlan("bot", name="Whiskers", bot_level="good")])
    game_record = play_out(match.pk).game_record
    assert [seat["name"] for seat in game_record.record["seats"][1:]] == ["Easy bot", "Whiskers"]
    client.force_login(alice)
    for address in (reverse("history"), reverse("record", args=[game_record.pk]),
                    reverse("record_replay", args=[game_record.pk])):
        page = client.get(address, **ZH).content.decode()
        assert "簡單機器人" in page and "Whiskers" in page, address
        assert "Easy bot" not in page, address
    english = client.get(reverse("record", args=[game_record.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Easy bot" in english and "簡單機器人" not in english


@pytest.mark.parametrize("game", [g.slug for g in GAMES if g.engine is not None and g.slug != "take_away"])
def test_the_record_page_and_replay_of_every_game_are_chinese(client, alice, game):
    """Every word of a finished match's record page (its scores by category, its end of the match opened) and its
    replay, in Traditional Chinese: the record's keys are named by the game's words."""
    seats = [SeatPlan("me"), SeatPlan("bot", bot_level="easy")] + ([SeatPlan("bot", bot_level="easy")]
                                                                   if game == "hot_tin_roof" else [])
    match = lobby.create_match(host=alice, game=game, options={"rounds": 1} if game == "rat_a_tat_cat" else {},
                               seats=seats)
    game_record = play_out(match.pk).game_record
    client.force_login(alice)
    allowed = [*PROPER_NAMES, "Top Cat", "Alice Cooper", "alice", *HOT_TIN_ROOF_FAMILIES]
    for address in (reverse("record", args=[game_record.pk]), reverse("record_replay", args=[game_record.pk])):
        page = client.get(address, **ZH).content.decode()
        left = english_runs(page, allowed)
        assert left == [], f"{address}: {left}"
