"""A game played with the box, scored at the table: each phone fills only its own seat's part of the game's pad,
the host the rest; the record is saved once, confirmed by the registered players who filled their part."""
import re

import pytest
from django.test import Client

from scoring.models import GameRecord, Participant
from table_mode import services, sheets
from table_mode.models import Member
from tests.scoring.test_record_views import HTR_TIED
from tests.table_mode.conftest import join_as_guest

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(table, mia, leo):
    """Leo (his phone), Ann (a guest) and Bo (a guest) at Mia's table."""
    leo_phone = Client()
    leo_phone.force_login(leo)
    leo_phone.post(f"/table/{table.code}/")
    return {"leo": leo_phone, "ann": join_as_guest(table, "Ann"), "bo": join_as_guest(table, "Bo")}


def start(table, mia, game="hot_tin_roof"):
    players = list(table.members.order_by("joined_at", "id").values_list("pk", flat=True))
    return sheets.start_sheet(table=table, user=mia, game=game, players=players)


def part(seat: int, row: dict) -> dict:
    return {f"s{seat}-{name}": str(value) for name, value in row.items()}


def test_each_phone_fills_only_its_own_seat(table, mia, people):
    sheet = start(table, mia)
    names = ["leo", "ann", "bo"]
    for seat, name in enumerate(names):
        # A phone that also sends another seat's fields is refused, nothing taken; its own part alone is taken.
        response = people[name].post(f"/table/{table.code}/sheet/", {**part(seat, HTR_TIED[seat]),
                                                                      **part((seat + 1) % 3, {"cans": 99})})
        assert response.status_code == 400 and "not your part" in response.content.decode()
        sheet.refresh_from_db()
        assert sheet.filled == list(Member.objects.filter(table=table).order_by("joined_at", "id")
                                    .values_list("pk", flat=True))[:seat]
        response = people[name].post(f"/table/{table.code}/sheet/", part(seat, HTR_TIED[seat]))
        assert response.status_code == 302
    sheet.refresh_from_db()
    assert {k: v for k, v in sheet.data.items() if k.endswith("-cans")} == {"s0-cans": "25", "s1-cans": "15",
                                                                           "s2-cans": "30"}
    assert sheet.filled == list(Member.objects.filter(table=table).order_by("joined_at", "id")
                                .values_list("pk", flat=True))


def test_the_big_screen_shows_the_running_totals(table, mia, people, screen):
    start(table, mia)
    people["leo"].post(f"/table/{table.code}/sheet/", part(0, HTR_TIED[0]))
    page = screen.get(f"/table/{table.code}/screen/").content.decode()
    assert "So far:" in page and "leo: 65" in page.replace("<li>", "")


def test_the_host_saves_once_and_the_registered_player_who_filled_is_confirmed(table, mia, people, screen, leo):
    start(table, mia)
    for seat, name in enumerate(["leo", "ann", "bo"]):
        people[name].post(f"/table/{table.code}/sheet/", part(seat, HTR_TIED[seat]))
    screen.post(f"/table/{table.code}/sheet/shared/", {"trigger_seat": "1"})
    response = screen.post(f"/table/{table.code}/sheet/save/")
    assert response.status_code == 302
    record = GameRecord.objects.get()
    seats = {p.name: p for p in record.participants.all()}
    assert seats["leo"].confirmation == Participant.CONFIRMED and seats["leo"].profile.user == leo
    assert seats["Ann"].profile == Member.objects.get(name="Ann").profile  # the guest, under her name
    assert record.source == "table" and record.recorded_by == mia
    again = screen.post(f"/table/{table.code}/sheet/save/", follow=True).content.decode()
    assert "recorded already" in again and GameRecord.objects.count() == 1
    assert "won by" in screen.get(f"/table/{table.code}/screen/").content.decode()


def test_a_registered_player_who_did_not_fill_their_part_is_asked_to_confirm(table, mia, people):
    sheet = start(table, mia)
    everything = {**part(0, HTR_TIED[0]), **part(1, HTR_TIED[1]), **part(2, HTR_TIED[2]), "trigger_seat": "1"}
    sheets.fill_shared(sheet=sheet, user=mia, posted=everything)
    sheet.refresh_from_db()
    assert sheet.data == {"trigger_seat": "1", "home_tiles_break_ties": ""}  # the host's form: the shared fields
    for seat, name in ((1, "ann"), (2, "bo")):
        people[name].post(f"/table/{table.code}/sheet/", part(seat, HTR_TIED[seat]))
    sheet.refresh_from_db()
    sheet.data = {**sheet.data, **part(0, HTR_TIED[0])}  # Leo's part typed for him (not from his phone)
    sheet.save()
    record = sheets.save(sheet=sheet, user=mia)
    leo = Member.objects.get(name="leo")
    assert isinstance(record, GameRecord), sheets.pad(sheet, live=False).errors
    assert record.participants.get(profile=leo.profile).confirmation == Participant.AWAITING


def test_an_impossible_pad_is_refused_with_the_games_reasons_and_nothing_is_saved(table, mia, people, screen):
    start(table, mia)
    people["leo"].post(f"/table/{table.code}/sheet/", part(0, HTR_TIED[0]))
    page = screen.post(f"/table/{table.code}/sheet/save/", follow=True).content.decode()
    assert 'role="alert"' in page and not GameRecord.objects.exists()


def test_only_the_players_of_the_sheet_fill_it_and_only_the_host_saves(table, mia, people, leo):
    players = list(table.members.filter(name__in=["leo", "Ann"]).values_list("pk", flat=True))
    sheet = sheets.start_sheet(table=table, user=mia, game="hot_tin_roof", players=players + [
        table.members.get(name="Bo").pk])
    outsider = join_as_guest(table, "Cy")
    assert outsider.post(f"/table/{table.code}/sheet/", part(0, {"cans": 1})).status_code == 400
    assert people["leo"].post(f"/table/{table.code}/sheet/save/").status_code == 404
    sheet.refresh_from_db()
    assert sheet.data == {}


def test_a_game_without_enough_players_or_a_pad_is_refused(table, mia, people):
    one = [table.members.first().pk]
    with pytest.raises(sheets.SheetError):
        sheets.start_sheet(table=table, user=mia, game="hot_tin_roof", players=one)
    with pytest.raises(sheets.SheetError):
        sheets.start_sheet(table=table, user=mia, game="nope", players=one * 2)


def test_a_waiting_phone_follows_the_table_to_the_sheet(table, mia, people):
    assert people["ann"].get(f"/table/{table.code}/part/", {"match": 0, "sheet": 0}).status_code == 200
    sheet = start(table, mia)
    assert people["ann"].get(f"/table/{table.code}/part/", {"match": 0, "sheet": 0})["HX-Refresh"] == "true"
    page = people["ann"].get(f"/table/{table.code}/").content.decode()
    assert 'name="s1-cans"' in page and 'name="s0-cans"' not in page and 'name="trigger_seat"' not in page
    services.start_game(table=table, user=mia, game="rat_a_tat_cat", players=sheet.seats[:2], bots=[])
    assert people["ann"].get(f"/table/{table.code}/part/", {"match": 0, "sheet": sheet.pk})["HX-Refresh"] == "true"


# --- Rat Hot: each phone its own player's chips and final tally; Rat-a-Tat Cat: each phone its round scores ---------

RAT_HOT = [  # Leo (red): chips 5 + 8 x 2 = 21, groups 3 + 4 x 2 = 11, 32 in all; Kim (green): 19 + 8 = 27
    {"grey": 5, "yellow": 8, "pairs": 3, "large": 4},
    {"grey": 7, "yellow": 6, "pairs": 2, "large": 3},
]
RAT_A_TAT_CAT = [[12, 20, 7], [9, 4, 15]]  # two rounds of Leo, Kim, Ann: 21, 24 and 22 in all


@pytest.fixture
def kim(make_user):
    return make_user("kim")


@pytest.fixture
def kim_phone(table, people, kim):
    """Kim, a second registered player, at the table from her own phone (after Leo, Ann and Bo)."""
    phone = Client()
    phone.force_login(kim)
    assert phone.post(f"/table/{table.code}/").status_code == 302
    return phone


def start_with(table, mia, game: str, names: list[str]):
    """A score sheet of `game` whose seats are these members, in this order."""
    members = {m.name: m.pk for m in table.members.all()}
    return sheets.start_sheet(table=table, user=mia, game=game, players=[members[n] for n in names])


def rounds_part(seat: int, scores: list) -> dict:
    """A seat's Rat-a-Tat Cat round scores as its phone posts them: `r<round>-s<seat>`."""
    return {f"r{r}-s{seat}": str(score) for r, score in enumerate(scores)}


def rat_hot_cells(page: str) -> dict:
    """The Rat Hot totals on the big screen: {(seat, category): text}."""
    cells = re.findall(r'data-seat="(\d)" data-category="(\w+)">([^<]*)<', page)
    return {(int(seat), category): text.strip() for seat, category, text in cells}


def standings(page: str) -> dict:
    """The Rat-a-Tat Cat running totals on the big screen: {round: [each seat's cell, as read]}."""
    body = re.search(r'<table class="record-result ratc-standings">.*?<tbody>(.*?)</tbody>', page, re.S)
    assert body, "the big screen shows no running totals"
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>(.*?)</tr>', body.group(1), re.S)
    return {int(number): [" ".join(re.sub(r"<[^>]+>", " ", cell).split())
                          for cell in re.findall(r'<td class="num">(.*?)</td>', cells, re.S)]
            for number, cells in rows}


def send(phone, table, part: dict):
    return phone.post(f"/table/{table.code}/sheet/", part)


def test_each_rat_hot_phone_shows_and_fills_only_its_own_players_chips(table, mia, people, kim_phone):
    sheet = start_with(table, mia, "rat_hot", ["leo", "kim"])
    page = kim_phone.get(f"/table/{table.code}/").content.decode()
    assert all(f'name="s1-{name}"' in page for name in RAT_HOT[1])
    assert 'name="s0-' not in page and 'name="lost_by_rats"' not in page  # Leo's part, and the host's
    assert send(people["leo"], table, part(0, RAT_HOT[0])).status_code == 302
    assert send(kim_phone, table, part(1, RAT_HOT[1])).status_code == 302
    sheet.refresh_from_db()
    assert {k: v for k, v in sheet.data.items() if sheets.seat_of(k) is not None} == {
        **part(0, RAT_HOT[0]), **part(1, RAT_HOT[1])}
    assert sheet.filled == [Member.objects.get(name="leo").pk, Member.objects.get(name="kim").pk]


def test_the_big_screen_adds_up_the_rat_hot_chips_as_each_phone_sends_them(table, mia, people, kim_phone, screen):
    start_with(table, mia, "rat_hot", ["leo", "kim"])
    send(people["leo"], table, part(0, RAT_HOT[0]))
    cells = rat_hot_cells(screen.get(f"/table/{table.code}/screen/").content.decode())
    assert [cells[0, "chips"], cells[0, "final_tally"], cells[0, "total"]] == ["21", "11", "32"]
    assert [cells[1, "chips"], cells[1, "total"]] == ["0", "0"]  # Kim's part is still to come
    assert "Still to send their part: kim. Nobody has won until everyone has." in html_text(screen, table)
    send(kim_phone, table, part(1, RAT_HOT[1]))
    totals = screen.get(f"/table/{table.code}/screen/totals/").content.decode()  # what the big screen polls
    cells = rat_hot_cells(totals)
    assert [cells[1, "chips"], cells[1, "final_tally"], cells[1, "total"]] == ["19", "8", "27"]
    assert cells[0, "total"] == "32" and "leo wins." in totals and "Still to send" not in totals


def test_a_rat_hot_phone_cannot_fill_the_other_players_chips(table, mia, people, kim_phone):
    sheet = start_with(table, mia, "rat_hot", ["leo", "kim"])
    send(people["leo"], table, part(0, RAT_HOT[0]))
    sheet.refresh_from_db()
    before = (dict(sheet.data), list(sheet.filled))
    for posted in (part(0, {"grey": 0, "yellow": 0}),  # Kim sends Leo's chips
                   {**part(1, RAT_HOT[1]), **part(0, {"yellow": 0})},  # hers, and Leo's yellow chips with them
                   {}):  # nothing of hers at all
        response = send(kim_phone, table, posted)
        assert response.status_code == 400
        assert "not your part" in response.content.decode()
        sheet.refresh_from_db()
        assert (sheet.data, sheet.filled) == before
    outsider = send(people["ann"], table, part(0, RAT_HOT[1]))  # Ann sits at the table but not in this game
    assert outsider.status_code == 400 and "You do not play in this game." in outsider.content.decode()
    sheet.refresh_from_db()
    assert (sheet.data, sheet.filled) == before


@pytest.mark.parametrize(("value", "says"), [
    ("-1", "greater than or equal to 0"), ("many", "Enter a whole number."), ("2.5", "Enter a whole number."),
    ("1000", "less than or equal to 999"),
])
def test_a_bad_rat_hot_count_is_refused_and_nothing_changes(table, mia, people, kim_phone, value, says):
    sheet = start_with(table, mia, "rat_hot", ["leo", "kim"])
    send(kim_phone, table, part(1, RAT_HOT[1]))
    response = send(kim_phone, table, {**part(1, RAT_HOT[1]), "s1-yellow": value})
    text = response.content.decode()
    assert response.status_code == 400 and 'role="alert"' in text
    assert "yellow chips" in text and says in text, text[text.find('role="alert"'):][:300]
    sheet.refresh_from_db()
    assert sheet.data["s1-yellow"] == "6"


def test_a_rat_hot_game_is_saved_once_confirmed_by_both_players_who_sent_their_chips(
        table, mia, people, kim_phone, screen, leo, kim):
    sheet = start_with(table, mia, "rat_hot", ["leo", "kim"])
    send(people["leo"], table, part(0, RAT_HOT[0]))
    send(kim_phone, table, part(1, RAT_HOT[1]))
    assert screen.post(f"/table/{table.code}/sheet/save/").status_code == 302
    record = GameRecord.objects.get()
    seats = {p.profile.user: p for p in record.participants.select_related("profile")}
    assert {user: (p.score, p.rank, p.confirmation) for user, p in seats.items()} == {
        leo: (32, 1, Participant.CONFIRMED), kim: (27, 2, Participant.CONFIRMED)}
    assert record.record["final"]["players"][1] == {**RAT_HOT[1], "lost_by_rats": False}
    assert screen.post(f"/table/{table.code}/sheet/save/").status_code == 302
    late = send(kim_phone, table, part(1, RAT_HOT[0]))  # a change after the save changes nothing
    assert late.status_code == 400 and "recorded already" in late.content.decode()
    sheet.refresh_from_db()
    assert GameRecord.objects.count() == 1 and sheet.game_record == record and sheet.data["s1-grey"] == "7"


def test_each_rat_a_tat_cat_phone_shows_and_fills_only_its_round_scores(table, mia, people, kim_phone, screen):
    sheet = start_with(table, mia, "rat_a_tat_cat", ["leo", "kim", "Ann"])
    screen.post(f"/table/{table.code}/sheet/shared/", {"end": "rounds", "rounds": "2"})
    page = people["ann"].get(f"/table/{table.code}/").content.decode()
    assert re.findall(r'name="(r\d+-s\d+)"', page) == ["r0-s2", "r1-s2"]  # her two rounds, nobody else's
    assert 'name="end"' not in page and 'name="rounds"' not in page  # the host's, on the big screen
    for seat, phone in enumerate([people["leo"], kim_phone, people["ann"]]):
        assert send(phone, table, rounds_part(seat, [scores[seat] for scores in RAT_A_TAT_CAT])).status_code == 302
    sheet.refresh_from_db()
    assert {k: v for k, v in sheet.data.items() if sheets.seat_of(k) is not None} == {
        "r0-s0": "12", "r0-s1": "20", "r0-s2": "7", "r1-s0": "9", "r1-s1": "4", "r1-s2": "15"}
    assert sheet.filled == [Member.objects.get(name=n).pk for n in ("leo", "kim", "Ann")]


def test_the_big_screen_keeps_the_rat_a_tat_cat_running_totals(table, mia, people, kim_phone, screen):
    start_with(table, mia, "rat_a_tat_cat", ["leo", "kim", "Ann"])
    screen.post(f"/table/{table.code}/sheet/shared/", {"end": "rounds", "rounds": "2"})
    send(people["leo"], table, rounds_part(0, [12, 9]))
    send(people["ann"], table, rounds_part(2, [7, ""]))  # Ann has sent her first round only
    page = screen.get(f"/table/{table.code}/screen/").content.decode()
    assert standings(page) == {1: ["12", "score missing", "7"], 2: ["21", "score missing", "score missing"]}
    send(kim_phone, table, rounds_part(1, [20, 4]))
    send(people["ann"], table, rounds_part(2, [7, 15]))
    totals = screen.get(f"/table/{table.code}/screen/totals/").content.decode()
    assert standings(totals) == {1: ["12", "20", "7"], 2: ["21", "24", "22"]}
    places = re.findall(r'data-seat="(\d)" data-category="rank">(.*?)</td>', totals, re.S)
    assert [(int(seat), " ".join(re.sub(r"<[^>]+>", " ", text).split())) for seat, text in places] == [
        (0, "winner"), (1, "#3"), (2, "#2")]


def test_a_rat_a_tat_cat_phone_cannot_fill_another_seats_round_scores(table, mia, people, kim_phone, screen):
    sheet = start_with(table, mia, "rat_a_tat_cat", ["leo", "kim", "Ann"])
    screen.post(f"/table/{table.code}/sheet/shared/", {"end": "rounds", "rounds": "2"})
    send(people["leo"], table, rounds_part(0, [12, 9]))
    sheet.refresh_from_db()
    before = (dict(sheet.data), list(sheet.filled))
    for posted in (rounds_part(0, [0, 0]),  # Ann sends Leo's rounds
                   {**rounds_part(2, [7, 15]), "r1-s0": "0"},  # hers, and one of Leo's with them
                   rounds_part(2, [7, 15, 3])):  # a third round the host did not ask for
        response = send(people["ann"], table, posted)
        assert response.status_code == 400 and "not your part" in response.content.decode()
        sheet.refresh_from_db()
        assert (sheet.data, sheet.filled) == before


@pytest.mark.parametrize(("value", "says"), [
    ("37", "A round score is at most 36: four cards of 9, not 37."), ("-2", "A round score is at least 0, not -2."),
    ("seven", "A round score is a whole number."),
])
def test_a_bad_round_score_is_refused_and_nothing_changes(table, mia, people, kim_phone, screen, value, says):
    sheet = start_with(table, mia, "rat_a_tat_cat", ["leo", "kim", "Ann"])
    screen.post(f"/table/{table.code}/sheet/shared/", {"end": "rounds", "rounds": "2"})
    send(kim_phone, table, rounds_part(1, [20, 4]))
    response = send(kim_phone, table, rounds_part(1, [20, value]))
    text = response.content.decode()
    assert response.status_code == 400 and 'role="alert"' in text
    assert f"Round 2, seat 2: {says}" in text, text[text.find('role="alert"'):][:300]
    sheet.refresh_from_db()
    assert (sheet.data["r0-s1"], sheet.data["r1-s1"]) == ("20", "4")


def test_a_rat_a_tat_cat_game_is_saved_once_confirmed_by_the_players_who_sent_their_rounds(
        table, mia, people, kim_phone, screen, leo, kim):
    sheet = start_with(table, mia, "rat_a_tat_cat", ["leo", "kim", "Ann"])
    screen.post(f"/table/{table.code}/sheet/shared/", {"end": "rounds", "rounds": "2"})
    for seat, phone in enumerate([people["leo"], kim_phone, people["ann"]]):
        send(phone, table, rounds_part(seat, [scores[seat] for scores in RAT_A_TAT_CAT]))
    assert screen.post(f"/table/{table.code}/sheet/save/").status_code == 302
    record = GameRecord.objects.get()
    seats = {p.name: p for p in record.participants.select_related("profile")}
    assert {name: (p.score, p.rank, p.confirmation) for name, p in seats.items()} == {
        "leo": (21, 1, Participant.CONFIRMED), "kim": (24, 3, Participant.CONFIRMED),
        "Ann": (22, 2, Participant.CONFIRMED)}  # Ann is a guest: her seat needs no confirmation
    assert (seats["leo"].profile.user, seats["kim"].profile.user) == (leo, kim) and seats["Ann"].profile.user is None
    assert record.record["final"]["rounds"] == [{"rows": None, "scores": s} for s in RAT_A_TAT_CAT]
    again = screen.post(f"/table/{table.code}/sheet/save/", follow=True).content.decode()
    assert "recorded already" in again and GameRecord.objects.count() == 1
    sheet.refresh_from_db()
    assert sheet.game_record == record


def test_a_rat_a_tat_cat_elimination_longer_than_the_pads_rows_is_scored_round_by_round(table, mia, people, screen):
    """An elimination (or timed) game has no set number of rounds: each phone gets a next row once a round is in."""
    sheet = start_with(table, mia, "rat_a_tat_cat", ["leo", "Ann"])
    screen.post(f"/table/{table.code}/sheet/shared/", {"end": "elimination", "limit": "60"})
    leo_rounds, ann_rounds = [8] * 7, [9] * 7  # Ann reaches 63 after the 7th round and is out: Leo wins
    for played in range(1, 8):
        page = people["ann"].get(f"/table/{table.code}/").content.decode()
        assert f'name="r{played - 1}-s1"' in page, f"no row for round {played} on Ann's phone"
        assert send(people["leo"], table, rounds_part(0, leo_rounds[:played])).status_code == 302
        assert send(people["ann"], table, rounds_part(1, ann_rounds[:played])).status_code == 302
    assert standings(screen.get(f"/table/{table.code}/screen/totals/").content.decode())[7][:2] == ["56", "63 out"]
    assert screen.post(f"/table/{table.code}/sheet/save/").status_code == 302
    record = GameRecord.objects.get()
    assert len(record.record["final"]["rounds"]) == 7
    assert [(p.name, p.rank) for p in record.participants.order_by("seat")] == [("leo", 1), ("Ann", 2)]
    sheet.refresh_from_db()
    assert sheet.game_record == record


def html_text(screen, table) -> str:
    return screen.get(f"/table/{table.code}/screen/totals/").content.decode()
