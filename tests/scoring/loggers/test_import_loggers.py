"""Importing BG Stats backups and BoardGameGeek plays XML: our games' plays become table records, the rest is skipped
with its reason, people are matched, a second import adds nothing, and a bad file imports nothing."""
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scoring.loggers import importing
from scoring.loggers.people import NEW, matches
from scoring.loggers.plays import Skip, read_score
from scoring.models import GameRecord, Participant, PlayerProfile
from scoring.transfer import ImportRefused

pytestmark = pytest.mark.django_db
HERE = Path(__file__).parent
ZONE = ZoneInfo("Europe/London")


def sample(name: str) -> bytes:
    return (HERE / name).read_bytes()


def run(data: bytes, importer, choices=None, zone=ZONE):
    return importing.import_plays(importing.read_file(data), importer=importer, choices=choices or {}, zone=zone)


def reasons(report) -> dict[str, str]:
    return {play.ident + ("" if play.copy == 1 else f"#{play.copy}"): reason for play, reason in report.skipped}


@pytest.mark.parametrize(("text", "score"), [("12", 12), (" -5 ", -5), ("-10+7+22", 19), ("3 + 4", 7), ("12.0", 12),
                                             ("", None), ("  ", None)])
def test_scores_as_loggers_write_them(text, score):
    assert read_score(text) == score


@pytest.mark.parametrize("text", ["5 stars", "12.5", "1e400", "x", "--3"])
def test_scores_that_are_no_whole_number_skip_the_play(text):
    with pytest.raises(Skip, match="not a whole number"):
        read_score(text)


def test_a_bg_stats_backup_imports_our_games_and_says_why_the_rest_is_skipped(alice, bob):
    report = run(sample("bgstats_backup.json"), alice)
    assert len(report.imported) == 4
    assert reasons(report) == {
        "A0000000-0000-4000-8000-000000000002": "Alice has no score (a record here needs every player's score)",
        "A0000000-0000-4000-8000-000000000003": "Alice: the score '5 stars' is not a whole number",
        "A0000000-0000-4000-8000-000000000007": "no players were logged",
        "A0000000-0000-4000-8000-000000000009": "Rat Hot is played by 2 players, not 3",
    }
    assert report.other_games == {"Catan": 1}
    by_play = {r.bgstats_play: r for r in report.imported}
    first = by_play["A0000000-0000-4000-8000-000000000001"]
    assert first.game == "rat_a_tat_cat" and first.record["final"] is None
    assert first.record["result"] == {"scores": [12, 7], "ranks": [2, 1], "breakdown": None}  # lowest wins
    assert first.location == "Mia's kitchen" and first.notes == "Bob knocked early"
    assert first.duration.total_seconds() == 20 * 60
    # No time zone in the file: the importer's (London is on UTC in November).
    assert first.record["started_at"] == "2026-11-27T19:30:00+00:00"
    assert first.record["finished_at"] == "2026-11-27T19:50:00+00:00"
    summed = by_play["A0000000-0000-4000-8000-000000000004"]
    assert [s["name"] for s in summed.record["seats"]] == ["Bob Dylan", "Alice"]  # by seat order
    assert summed.record["result"]["scores"] == [30, 19]
    roof = by_play["A0000000-0000-4000-8000-000000000006"]
    assert roof.game == "hot_tin_roof"  # by its BGG id, whatever the user called it
    assert roof.bgg_play == "987654321"  # synced to BoardGameGeek: both ids kept
    assert roof.record["external"] == {"bgstats": "A0000000-0000-4000-8000-000000000006", "bgg": "987654321"}
    assert roof.record["result"]["ranks"] == [3, 1, 2]
    assert by_play["A0000000-0000-4000-8000-000000000008"].game == "rat_a_tat_cat"  # Biberbande: another name


def test_the_owner_is_the_importer_and_everyone_else_a_named_table_player(alice, bob):
    report = run(sample("bgstats_backup.json"), alice)
    roof = GameRecord.objects.get(bgstats_play="A0000000-0000-4000-8000-000000000006")
    seats = list(roof.participants.order_by("seat"))
    assert seats[0].profile == alice.profile
    assert seats[1].profile is None and seats[1].name == "Anonymous player"  # nobody in particular
    assert seats[2].profile.display_name == "小明" and seats[2].profile.user is None
    assert seats[2].profile.created_by == alice
    # Bob Dylan has an account, but a name alone is not him without the importer's word: a table player.
    bob_seat = GameRecord.objects.get(bgstats_play="A0000000-0000-4000-8000-000000000001").participants.get(seat=1)
    assert bob_seat.profile != bob.profile and bob_seat.profile.user is None
    assert sorted(p.display_name for p in report.new_players) == ["Bob Dylan", "小明"]


def test_names_are_matched_with_the_importers_confirmation(alice, bob):
    logger_file = importing.read_file(sample("bgstats_backup.json"))
    found = {m.person.name: m for m in matches(logger_file.people, alice)}
    assert found["Alice"].suggested == alice.profile and found["Alice"].by_username
    assert found["Bob Dylan"].suggested == bob.profile and not found["Bob Dylan"].by_username
    assert found["小明"].suggested is None
    choices = {m.person.key: str(m.suggested.pk) if m.suggested else NEW for m in found.values()}
    importing.import_plays(logger_file, importer=alice, choices=choices, zone=ZONE)
    seat = GameRecord.objects.get(bgstats_play="A0000000-0000-4000-8000-000000000001").participants.get(seat=1)
    assert seat.profile == bob.profile and seat.confirmation == Participant.AWAITING  # Bob confirms it himself


def test_players_are_matched_by_their_boardgamegeek_username(alice, bob):
    bob.profile.bgg_username = "xiaoming"
    bob.profile.save()
    found = {m.person.name: m for m in matches(importing.read_file(sample("bgstats_backup.json")).people, alice)}
    assert found["小明"].suggested == bob.profile and found["小明"].by_username


def test_importing_the_same_file_twice_adds_nothing(alice):
    first = run(sample("bgstats_backup.json"), alice)
    players = PlayerProfile.objects.count()
    again = run(sample("bgstats_backup.json"), alice, choices={})
    assert again.imported == [] and len(again.already) == len(first.imported)
    assert GameRecord.objects.count() == len(first.imported) and PlayerProfile.objects.count() == players


def test_a_bgg_plays_file_imports_copies_and_skips_with_reasons(alice, bob):
    alice.profile.bgg_username = "alicecats"
    alice.profile.save()
    report = run(sample("bgg_plays.xml"), bob)
    assert sorted(r.bgg_play for r in report.imported) == ["81000001", "81000001#2", "81000007"]
    assert reasons(report) == {
        "81000002": "no players were logged",
        "81000003": "it was logged as incomplete",
        "81000005": "Bob Dylan: the score '5 stars' is not a whole number",
        "81000006": "its date must lie between the years 1900 and 2200, not 1899-12-31T12:00:00+00:00",
    }
    assert report.other_games == {"CATAN": 1}
    copies = GameRecord.objects.filter(bgg_play__startswith="81000001").order_by("bgg_play")
    assert [r.game for r in copies] == ["rat_hot", "rat_hot"]  # Rattenscharf
    assert copies[0].record["finished_at"] == "2026-11-20T12:00:00+00:00"  # a date alone: its noon
    assert copies[0].participants.get(seat=0).profile == alice.profile  # by BGG username: Alice's name is empty
    tie = GameRecord.objects.get(bgg_play="81000007")
    assert tie.notes == "A three-way tie <3"
    assert tie.record["result"]["ranks"] == [3, 1, 1]  # by start position; equal scores share a place
    assert tie.participants.get(seat=0).name == "AliceCats"  # the logger has no name in the file: the username
    roof = GameRecord.objects.filter(game="hot_tin_roof")
    assert roof.count() == 1


@pytest.mark.parametrize(("data", "reason"), [
    (b"", "neither a BG Stats backup"),
    (b"{\"plays\": 3, \"games\": []}", "a BG Stats backup holds a list of plays"),
    (b"[1, 2]", "not a BG Stats backup"),
    (b"<plays><play></plays>", "not well-formed XML"),
    (b"<items/>", "root is <items>"),
    (b'<?xml version="1.0"?><!DOCTYPE plays [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
     b"<plays>&b;</plays>", "declares a document type or entities"),
    (b'<!DOCTYPE plays SYSTEM "file:///etc/passwd"><plays/>', "declares a document type"),
    (b"\xff\xfe{", "not UTF-8"),
])
def test_a_bad_file_is_refused_with_a_clear_reason(data, reason):
    with pytest.raises(ImportRefused) as refused:
        importing.read_file(data)
    assert reason in refused.value.problems[0]


def test_a_file_over_the_size_bound_is_refused_unread(monkeypatch):
    monkeypatch.setattr(importing, "MAX_FILE_BYTES", 100)
    with pytest.raises(ImportRefused, match="larger than"):
        importing.read_file(b"<plays>" + b" " * 200 + b"</plays>")


def test_the_import_command_reads_loggers_files_and_takes_names_as_told(alice, bob):
    import io

    from django.core.management import call_command
    out = io.StringIO()
    call_command("import_records", str(HERE / "bgstats_backup.json"), "--user", "alice", "--time-zone",
                 "America/New_York", "--player", "Bob Dylan=bob", stdout=out)
    text = out.getvalue()
    assert "4 plays imported, 5 skipped." in text
    assert "Skipped Rat Hot, 2026-11-28: no players were logged." in text
    assert "Skipped 1 play of Catan: not a game of this site." in text
    first = GameRecord.objects.get(bgstats_play="A0000000-0000-4000-8000-000000000001")
    assert first.record["started_at"] == "2026-11-27T19:30:00-05:00"
    assert [p.profile for p in first.participants.order_by("seat")] == [alice.profile, bob.profile]
    again = io.StringIO()
    call_command("import_records", str(HERE / "bgstats_backup.json"), "--user", "alice", stdout=again)
    assert "0 plays imported, 4 already imported, 5 skipped." in again.getvalue()


def test_the_import_command_refuses_a_bad_logger_file(tmp_path):
    from django.core.management import CommandError, call_command
    path = tmp_path / "plays.xml"
    path.write_bytes(b"<plays><play></plays>")
    with pytest.raises(CommandError, match="not well-formed XML"):
        call_command("import_records", str(path))
    assert GameRecord.objects.count() == 0


def test_a_backup_of_thousands_of_plays_imports_in_one_go(alice):
    """3,000 plays, most of other games: the import reads them all, imports ours, names the rest."""
    import json
    backup = json.loads(sample("bgstats_backup.json"))
    model = backup["plays"][0]
    plays = []
    for number in range(3000):
        play = json.loads(json.dumps(model))
        play["uuid"] = f"B0000000-0000-4000-8000-{number:012d}"
        play["playDate"] = f"2025-{1 + number % 12:02d}-{1 + number % 28:02d} 20:{number % 60:02d}:00"
        play["gameRefId"] = 11 if number % 15 == 0 else 12
        play["playerScores"][0]["score"] = str(number % 37)
        plays.append(play)
    backup["plays"] = plays
    report = run(json.dumps(backup).encode(), alice)
    assert len(report.imported) == 200 and report.other_games == {"Catan": 2800} and not report.skipped
    assert GameRecord.objects.filter(game="rat_a_tat_cat").count() == 200


def test_text_no_database_keeps_refuses_the_file(alice):
    import json
    backup = json.loads(sample("bgstats_backup.json"))
    backup["players"][1]["name"] = "Bob\ud800"
    with pytest.raises(ImportRefused, match="lone surrogate"):
        importing.read_file(json.dumps(backup).encode())
    backup["players"][1]["name"] = "Bob\u0000"
    with pytest.raises(ImportRefused, match="NUL"):
        importing.read_file(json.dumps(backup).encode())
