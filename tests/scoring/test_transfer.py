"""Data portability: records exported as JSON and CSV, and imported back only when they check out."""
import copy
import csv
import io
import json
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.urls import reverse

from games import lobby
from games.lobby import SeatPlan
from games.models import Match
from scoring import transfer
from scoring.models import GameRecord, Participant
from scoring.records import fingerprint, save_record
from tests.matches import play_out

pytestmark = pytest.mark.django_db


# --- Helpers the other record tests share (plain functions, not fixtures) -----------------------------------


def finished_match(host, game="rat_a_tat_cat", options=None, guest=None, local="Ann") -> Match:
    """A real online match played to its end: the host in seat 0, then a registered guest or a local player."""
    if options is None:
        options = {"rounds": 2} if game == "rat_a_tat_cat" else {}
    plans = [SeatPlan("me"), SeatPlan("invite") if guest else SeatPlan("local", local)]
    match = lobby.create_match(host=host, game=game, options=options, seats=plans)
    if guest:
        lobby.take_seat(match_id=match.pk, user=guest, token=match.invite_token)
    return play_out(match.pk)


def table_record_from(online: dict) -> dict:
    """A table record of the same end: what a score sheet would hold (its final and result, no seed or moves)."""
    record = {k: copy.deepcopy(v) for k, v in online.items() if k not in ("seed", "moves")}
    record["source"] = "table"
    return record


def problems_of(records) -> list[str]:
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_records(records)
    return refused.value.problems


@pytest.fixture
def duel(alice, bob):
    """A finished two-round Rat-a-Tat Cat match between Alice and Bob."""
    return finished_match(alice, guest=bob)


@pytest.fixture
def tower(alice):
    """A finished Cat Tower match between Alice and a local player, Ann."""
    return finished_match(alice, game="cat_tower")


# --- Export -------------------------------------------------------------------------------------------------


def test_one_record_downloads_as_the_stored_record(client, duel):
    stored = duel.game_record
    response = client.get(reverse("export_record", args=[stored.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"] == f'attachment; filename="rat_a_tat_cat-{stored.pk}.json"'
    assert json.loads(response.content) == stored.record
    assert fingerprint(json.loads(response.content)) == stored.fingerprint


def test_a_players_records_download_as_a_list_oldest_first(client, alice, bob, make_player):
    first = finished_match(alice, guest=bob).game_record
    second = finished_match(alice, game="cat_tower").game_record
    GameRecord.objects.filter(pk=first.pk).update(played_at=second.played_at - timedelta(days=1))
    carol = make_player("carol")
    finished_match(carol, guest=bob)  # not Alice's
    response = client.get(reverse("export_player", args=["alice"]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="alice-records.json"'
    assert json.loads(response.getvalue()) == [transfer.exported(r) for r in (first, second)]
    assert client.get(reverse("export_player", args=["ALICE"])).status_code == 200
    assert client.get(reverse("export_player", args=["nobody"])).status_code == 404


def test_a_player_with_no_matches_downloads_an_empty_list(client, alice):
    assert json.loads(client.get(reverse("export_player", args=["alice"])).getvalue()) == []


def read_csv(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_has_a_row_per_seat_with_the_breakdown(client, tower):
    stored = tower.game_record
    response = client.get(reverse("export_record_csv", args=[stored.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    text = response.content.decode()
    header = text.splitlines()[0].split(",")
    assert header == transfer.CSV_COLUMNS + ["cats", "yarn", "butterfly", "bowl", "cushion", "mouse", "columns",
                                             "total"]
    rows = read_csv(text)
    result = stored.record["result"]
    assert [row["seat"] for row in rows] == ["1", "2"]
    assert [row["name"] for row in rows] == ["Alice Cooper", "Ann"]
    assert [row["player"] for row in rows] == ["alice", ""]
    assert [int(row["score"]) for row in rows] == result["scores"]
    assert [int(row["rank"]) for row in rows] == result["ranks"]
    assert {row["game"] for row in rows} == {"cat_tower"} and {row["source"] for row in rows} == {"online"}
    assert {row["match_id"] for row in rows} == {str(stored.pk)}
    assert rows[0]["date"] == stored.played_at.strftime("%Y-%m-%d %H:%M")
    for row, breakdown in zip(rows, result["breakdown"], strict=True):
        assert {key: int(row[key]) for key in breakdown} == breakdown


def test_csv_spreads_rat_a_tat_cat_rounds_into_columns(client, duel):
    text = client.get(reverse("export_player_csv", args=["bob"])).getvalue().decode()
    rows = read_csv(text)
    breakdown = duel.game_record.record["result"]["breakdown"]
    assert list(rows[0])[-3:] == ["round_1", "round_2", "total"]
    for row, seat in zip(rows, breakdown, strict=True):
        assert [int(row["round_1"]), int(row["round_2"]), int(row["total"])] == seat["rounds"] + [seat["total"]]
    assert [row["player"] for row in rows] == ["alice", "bob"]


def test_flat_breakdown_keeps_simple_values_and_skips_deep_ones():
    flat = transfer.flat_breakdown({"rounds": [3, None], "lost_by_rats": True, "chips": 4, "deep": {"a": 1},
                                    "lists": [[1]]}, "rat_hot")
    assert flat == {"chips": 4, "lost_by_rats": True, "round_1": 3, "round_2": None}
    assert list(flat) == ["chips", "lost_by_rats", "round_1", "round_2"]  # the game's order, unknown keys last


# --- Import: the round trip ---------------------------------------------------------------------------------


def test_an_exported_match_imports_into_an_empty_history_and_twice_is_skipped(client, duel, alice, bob):
    exported = client.get(reverse("export_player", args=["alice"])).getvalue()
    original = duel.game_record
    GameRecord.objects.all().delete()

    report = transfer.import_file(exported, recorded_by=bob)
    assert len(report.imported) == 1 and report.skipped == []
    imported = report.imported[0]
    assert imported.record == original.record and imported.fingerprint == original.fingerprint
    assert (imported.game, imported.source, imported.played_at) == ("rat_a_tat_cat", "online", original.played_at)
    assert imported.recorded_by == bob
    seats = list(imported.participants.all())
    assert [(p.seat, p.profile, p.score, p.rank) for p in seats] == [
        (i, profile, score, rank) for i, (profile, score, rank) in
        enumerate(zip([alice.profile, bob.profile], original.record["result"]["scores"],
                      original.record["result"]["ranks"], strict=True))
    ]

    again = transfer.import_file(exported)
    assert again.imported == [] and again.skipped == [(0, imported)]
    assert GameRecord.objects.count() == 1
    assert "0 records imported, 1 duplicate skipped." == again.summary()


def test_seats_link_to_existing_profiles_by_handle_and_otherwise_keep_the_name(duel):
    record = copy.deepcopy(duel.game_record.record)
    GameRecord.objects.all().delete()
    record["seats"][1]["player"] = "somebody-elsewhere"
    [imported] = transfer.import_records([record]).imported
    alice_seat, other = imported.participants.all()
    assert alice_seat.profile.handle == "alice"
    assert other.profile is None and other.name == "Bob Dylan"


def test_the_same_record_twice_in_one_file_is_imported_once(duel):
    record = duel.game_record.record
    GameRecord.objects.all().delete()
    report = transfer.import_records([record, copy.deepcopy(record)])
    assert len(report.imported) == 1 and report.skipped == [(1, report.imported[0])]


def test_a_cat_tower_match_round_trips_too(tower):
    record = tower.game_record.record
    GameRecord.objects.all().delete()
    [imported] = transfer.import_records([record]).imported
    assert imported.record == record


# --- Import: refusals ---------------------------------------------------------------------------------------


def test_an_illegal_move_is_refused_naming_the_record_and_the_move(duel):
    record = copy.deepcopy(duel.game_record.record)
    move = record["moves"][2]
    move["seat"] = 1 - move["seat"] if move["seat"] in (0, 1) else 0
    move["action"] = {"type": "knock"}
    [problem] = problems_of([record])
    assert problem.startswith("The record (rat_a_tat_cat, online, ")
    assert f"move 3 (seat {move['seat']}, {{\"type\": \"knock\"}}) is illegal: " in problem
    assert GameRecord.objects.count() == 1


def test_an_unknown_action_is_refused_with_the_engines_reason_in_the_games_words(tower):
    record = copy.deepcopy(tower.game_record.record)
    record["moves"][0]["action"] = {"type": "fly"}
    [problem] = problems_of([record])
    assert "move 1 (seat" in problem and "is illegal: Cat Tower has no such move: take a die, mark or pass." in problem


def test_a_wrong_result_is_refused(duel):
    record = copy.deepcopy(duel.game_record.record)
    record["result"]["scores"][0] += 1
    [problem] = problems_of([record])
    assert "the result is not the one the moves lead to" in problem
    assert str(duel.game_record.record["result"]["scores"]) in problem


def test_a_wrong_final_is_refused(duel):
    record = copy.deepcopy(duel.game_record.record)
    record["final"]["rounds"][0]["rows"][0][0] = 99
    assert "the final state is not the one the moves lead to" in problems_of([record])[0]


def test_a_record_that_stops_before_the_end_or_goes_on_after_it_is_refused(duel):
    record = copy.deepcopy(duel.game_record.record)
    short = copy.deepcopy(record)
    short["moves"].pop()
    count = len(record["moves"])
    assert f"the game is not over after the last move ({count - 1})" in problems_of([short])[0]
    longer = copy.deepcopy(record)
    longer["moves"].append({"seq": count + 1, "seat": 0, "action": {"type": "draw"}})
    assert f"the game ended after move {count}, but the record goes on to move {count + 1}" in problems_of([longer])[0]


@pytest.mark.parametrize(("change", "reason"), [
    (lambda r: r.update(format="catsite-record/3"), "the format must be 'catsite-record/1' or 'catsite-record/2'"),
    (lambda r: r.update(external={"bgg": "1"}), "the record holds an unknown key 'external'"),  # version 2 only
    (lambda r: r.update(game="snap"), "unknown game 'snap'"),
    (lambda r: r.update(source="radio"), "the source must be 'online' or 'table'"),
    (lambda r: r.update(seats=[]), "seats must be a non-empty list"),
    (lambda r: r["seats"][1].update(seat=3), "seat 1 is numbered 3"),
    (lambda r: r["seats"][0].update(name=""), "seat 0 needs a name"),
    (lambda r: r["seats"][0].update(player=7), "seat 0: player must be null or text"),
    (lambda r: r.update(finished_at="yesterday"), "finished_at must be an ISO 8601 time"),
    (lambda r: r.update(started_at="2026-11-30T20:00:00"), "started_at must be an ISO 8601 time with its zone"),
    (lambda r: r.pop("final"), "the record has no final"),
    (lambda r: r["result"].update(ranks=[1]), "result.ranks must be a list with one entry per seat (2)"),
    (lambda r: r["result"].update(scores=[1, "x"]), "result.scores must be whole numbers"),
    (lambda r: r.update(seed="1"), "an online record needs its seed"),
    (lambda r: r.update(moves=[]), "an online record needs its moves"),
    (lambda r: r["moves"][1].update(seq=5), "move 2 must be an object with seq 2"),
    (lambda r: r["moves"][1].update(action="draw"), "move 2: the action must be an object with a type"),
    (lambda r: r["moves"][1].update(seat="0"), "move 2: the seat must be a whole number"),
    (lambda r: r.update(options={"rounds": 99}), "the game cannot start as recorded: Option rounds"),
    (lambda r: r.update(seats=r["seats"] * 4), "seat 2 is numbered 0"),
])
def test_a_malformed_record_is_refused_with_the_reason(duel, change, reason):
    record = copy.deepcopy(duel.game_record.record)
    change(record)
    [problem] = problems_of([record])
    assert reason in problem, problem


def test_a_record_that_is_not_an_object_is_refused():
    assert problems_of([[1, 2]]) == ["The record: a record must be a JSON object."]


def test_online_records_of_a_game_without_an_engine_are_refused(duel):
    from games.registry import GAMES

    unplayable = [game for game in GAMES if not game.playable]
    if not unplayable:
        pytest.skip("every game has an engine now")
    record = copy.deepcopy(duel.game_record.record)
    record["game"] = unplayable[0].slug
    assert f"{unplayable[0].name} cannot be played online here" in problems_of([record])[0]


def test_one_bad_record_in_a_file_means_nothing_is_imported(duel, tower):
    good, bad = copy.deepcopy(tower.game_record.record), copy.deepcopy(duel.game_record.record)
    bad["result"]["ranks"] = [rank + 1 for rank in bad["result"]["ranks"]]  # reversed ranks may tie: not wrong
    GameRecord.objects.all().delete()
    problems = problems_of([good, bad])
    assert len(problems) == 1 and problems[0].startswith("Record 2 (rat_a_tat_cat, online, ")
    assert not GameRecord.objects.exists() and not Participant.objects.exists()


def test_every_bad_record_of_a_file_is_reported(duel):
    first, second = copy.deepcopy(duel.game_record.record), copy.deepcopy(duel.game_record.record)
    first["game"], second["format"] = "snap", None
    problems = problems_of([first, second])
    assert [p.split(":")[0] for p in problems] == ["Record 1 (snap, online, " + first["finished_at"].split(":")[0],
                                                   "Record 2 (rat_a_tat_cat, online, "
                                                   + second["finished_at"].split(":")[0]]


@pytest.mark.parametrize(("data", "reason"), [
    (b"{not json", "The file is not valid JSON: it breaks at line 1, column 2."),
    (b"[]", "The file holds an empty list"),
    (b"\xff\xfe", "The file is not UTF-8 text"),
])
def test_an_unreadable_file_is_refused(data, reason):
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_file(data)
    assert refused.value.problems[0].startswith(reason)


# --- Import: table records ----------------------------------------------------------------------------------


def fake_tally(monkeypatch, outcome):
    monkeypatch.setattr(transfer, "tally_for", lambda slug: SimpleNamespace(outcome=outcome))


def test_a_table_record_is_imported_when_its_result_follows_from_its_final(monkeypatch, tower):
    record = table_record_from(tower.game_record.record)
    seen = []

    def outcome(final, options):
        seen.append((final, options))
        return copy.deepcopy(record["result"])

    fake_tally(monkeypatch, outcome)
    [imported] = transfer.import_records([record]).imported
    assert imported.source == "table" and imported.record == record
    assert seen == [(record["final"], record["options"])]


def test_a_table_record_whose_result_does_not_follow_is_refused(monkeypatch, tower):
    record = table_record_from(tower.game_record.record)
    recomputed = copy.deepcopy(record["result"])
    recomputed["scores"] = [s + 1 for s in recomputed["scores"]]
    fake_tally(monkeypatch, lambda final, options: recomputed)
    [problem] = problems_of([record])
    assert "the result does not follow from the final score sheet" in problem and str(recomputed["scores"]) in problem


def test_a_table_record_whose_sheet_is_impossible_is_refused_with_the_tallys_reason(monkeypatch, tower):
    def outcome(final, options):
        raise ValueError("column 3 has two houses")

    fake_tally(monkeypatch, outcome)
    [problem] = problems_of([table_record_from(tower.game_record.record)])
    assert "the final score sheet is not possible: column 3 has two houses" in problem


def test_a_table_record_with_moves_is_refused(monkeypatch, tower):
    record = table_record_from(tower.game_record.record)
    record["moves"] = tower.game_record.record["moves"]
    fake_tally(monkeypatch, lambda final, options: record["result"])
    assert "a table record carries its final and result only" in problems_of([record])[0]


def test_a_table_record_of_a_game_without_a_tally_is_refused(monkeypatch, tower):
    monkeypatch.setattr(transfer, "tally_for", lambda slug: None)
    record = table_record_from(tower.game_record.record)
    assert "cannot yet check table records of Cat Tower" in problems_of([record])[0]


def test_the_real_cat_tower_tally_recomputes_a_table_record(tower):
    pytest.importorskip("games.cat_tower.tally")
    record = table_record_from(tower.game_record.record)
    [imported] = transfer.import_records([record]).imported
    assert imported.record["result"] == tower.game_record.record["result"]
    wrong = copy.deepcopy(record)
    wrong["result"]["scores"][0] += 5
    assert "the result does not follow from the final score sheet" in problems_of([wrong])[0]


GARBLED_SHEET = {"marks": "x", "cats": {}, "columns": {}, "footprints": {"circled": 0, "crossed": 0}}


@pytest.mark.parametrize(("game", "final"), [
    ("cat_tower", {"sheets": [GARBLED_SHEET] * 3}),
    ("rat_hot", {"ended_by": "last_strip", "players": [{}, {}]}),
])
def test_a_table_record_with_a_garbled_sheet_is_refused_not_a_crash(duel, game, final):
    record = table_record_from(duel.game_record.record)
    record.update(game=game, final=final, options={})
    [problem] = problems_of([record])
    assert "the final score sheet" in problem, problem


def test_a_table_record_with_scores_too_large_to_store_is_refused(duel):
    record = table_record_from(duel.game_record.record)
    record.update(game="rat_hot", options={"rats": True}, final={"ended_by": "last_strip", "players": [
        {"chips": 10**12, "final_tally": 0, "lost_by_rats": False},
        {"chips": 1, "final_tally": 0, "lost_by_rats": False}]})
    record["result"] = transfer.tally_for("rat_hot").outcome(record["final"], record["options"])
    [problem] = problems_of([record])
    assert "result.scores must lie between" in problem, problem
    assert not GameRecord.objects.filter(source="table").exists()


def test_the_real_rat_a_tat_cat_tally_recomputes_a_table_record(duel):
    pytest.importorskip("games.rat_a_tat_cat.tally")
    record = table_record_from(duel.game_record.record)
    [imported] = transfer.import_records([record]).imported
    assert imported.source == "table"
    assert [p.score for p in imported.participants.all()] == record["result"]["scores"]


# --- The import page ----------------------------------------------------------------------------------------


def upload(content: bytes, name="records.json"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content, content_type="application/json")


def test_importing_needs_a_login(client, duel):
    url = reverse("import_records")
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    response = client.post(url, {"file": upload(json.dumps(duel.game_record.record).encode())})
    assert response.status_code == 302
    assert GameRecord.objects.count() == 1


def test_the_import_page_imports_a_file_and_reports(alice_client, alice, duel):
    data = json.dumps([duel.game_record.record]).encode()
    GameRecord.objects.all().delete()
    page = alice_client.get(reverse("import_records"))
    assert page.status_code == 200 and 'enctype="multipart/form-data"' in page.text
    response = alice_client.post(reverse("import_records"), {"file": upload(data)})
    assert response.status_code == 200
    imported = GameRecord.objects.get()
    assert imported.recorded_by == alice
    assert "1 record imported, 0 duplicates skipped." in response.text
    assert imported.get_absolute_url() in response.text
    again = alice_client.post(reverse("import_records"), {"file": upload(data)})
    assert "0 records imported, 1 duplicate skipped." in again.text
    assert "Already in the history" in again.text and GameRecord.objects.count() == 1


def test_the_import_page_shows_what_is_wrong_and_imports_nothing(alice_client, duel, tower):
    good, bad = duel.game_record.record, copy.deepcopy(tower.game_record.record)
    bad["moves"][0]["action"] = {"type": "take_die", "die": 99}
    GameRecord.objects.all().delete()
    response = alice_client.post(reverse("import_records"), {"file": upload(json.dumps([good, bad]).encode())})
    assert response.status_code == 400
    assert "Nothing was imported" in response.text
    assert "Record 2 (cat_tower, online," in response.text and "move 1 (seat" in response.text
    assert "There is no die 99: the roll has dice 0 to 2." in response.text
    assert not GameRecord.objects.exists()


def test_the_import_page_refuses_a_missing_file(alice_client):
    response = alice_client.post(reverse("import_records"), {})
    assert response.status_code == 400 and "This field is required" in response.text


def test_a_stored_record_is_what_save_record_keeps(duel):
    """The export is the stored record, byte for byte the engine's: save_record adds nothing to it."""
    record = duel.game_record.record
    GameRecord.objects.all().delete()
    assert save_record(copy.deepcopy(record)).record == record
