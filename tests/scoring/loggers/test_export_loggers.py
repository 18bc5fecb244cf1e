"""Records out to BG Stats and BoardGameGeek and back: deterministic play ids, lowest-wins games said so, and
everything the target format can hold comes back."""
import io
import json
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

import pytest
from defusedxml.ElementTree import fromstring
from django.core.management import call_command
from django.urls import reverse

from scoring import transfer
from scoring.loggers import bgg, bgstats, importing
from scoring.models import GameRecord
from tests.scoring.test_records_v2 import totals_only
from tests.scoring.test_transfer import finished_match

pytestmark = pytest.mark.django_db
UTC = ZoneInfo("UTC")


@pytest.fixture
def history(alice, bob):
    """An online Rat-a-Tat Cat duel, an online Cat Tower match with a local player, and a logger's totals."""
    duel = finished_match(alice, guest=bob).game_record
    tower = finished_match(alice, game="cat_tower").game_record
    totals = transfer.import_records([totals_only(location="Mia's kitchen", duration=25, notes="第一局",
                                                  external={"bgstats": "C0000000-0000-4000-8000-000000000001"})],
                                     recorded_by=alice).imported[0]
    return [duel, tower, totals]


def what_travels(game_record: GameRecord, *, dated_only=False) -> dict:
    """What both formats hold of a record: game, seats' names and players, scores, places, details, time."""
    seats = sorted(game_record.participants.all(), key=lambda p: p.seat)
    return {
        "game": game_record.game, "names": [p.name for p in seats], "players": [p.profile_id for p in seats],
        "scores": [p.score for p in seats], "ranks": [p.rank for p in seats], "location": game_record.location,
        "notes": game_record.notes,
        "when": game_record.played_at.date() if dated_only else bgstats._local(
            bgstats_started(game_record)),
    }


def bgstats_started(game_record):
    from scoring.loggers.written import started
    return started(game_record)


def choose_suggested(logger_file, importer):
    from scoring.loggers.people import NEW, matches
    return {m.person.key: str(m.suggested.pk) if m.suggested else NEW for m in matches(logger_file.people, importer)}


def test_a_bg_stats_backup_of_our_records(history, alice):
    backup = bgstats.backup(transfer.records_of(), me=alice.profile)
    games = {g["name"]: g for g in backup["games"]}
    assert games["Rat-a-Tat Cat"]["highestWins"] is False and games["Cat Tower"]["highestWins"] is True
    totals, duel, _tower = backup["plays"]  # oldest first: the logger's play was a few days ago
    assert [s["score"] for s in duel["playerScores"]] == [str(s) for s in history[0].record["result"]["scores"]]
    assert all(isinstance(s["score"], str) for p in backup["plays"] for s in p["playerScores"])
    assert totals["uuid"] == "C0000000-0000-4000-8000-000000000001"  # where it came from: updated there
    assert totals["durationMin"] == 25 and totals["comments"] == "第一局"
    assert backup["userInfo"]["meRefId"] == next(p["id"] for p in backup["players"] if p["name"] == "Alice Cooper")
    again = bgstats.backup(transfer.records_of(), me=alice.profile)
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in backup["plays"]]  # deterministic
    assert len({p["uuid"] for p in backup["plays"]}) == 3


@pytest.mark.parametrize("kind", ["bgstats", "bgg"])
def test_round_trip_into_another_history_loses_nothing_the_format_holds(history, alice, kind):
    records = list(transfer.records_of())
    if kind == "bgstats":
        data = json.dumps(bgstats.backup(records, me=alice.profile)).encode()
    else:
        alice.profile.bgg_username = "alicecats"
        alice.profile.save()
        data = bgg.plays_xml(transfer.records_of(), username="alicecats")
    before = [what_travels(r, dated_only=kind == "bgg") for r in records]
    GameRecord.objects.all().delete()  # another history: the same people, none of the records
    logger_file = importing.read_file(data)
    report = importing.import_plays(logger_file, importer=alice, choices=choose_suggested(logger_file, alice),
                                    zone=UTC)
    assert len(report.imported) == 3 and not report.skipped
    after = [what_travels(r, dated_only=kind == "bgg") for r in transfer.records_of()]
    made = {profile.pk for profile in report.new_players}
    for record in after:  # a seat with a name only (Ann, Mia) comes back as a table player of that name
        record["players"] = [None if p in made else p for p in record["players"]]
    assert sorted(p.display_name for p in report.new_players) == ["Ann", "Mia"]
    # Two matches played within one second may swap places: the formats keep whole seconds at most.
    assert sorted(after, key=repr) == sorted(before, key=repr)
    durations = [r.duration for r in transfer.records_of()]
    assert durations[0] == timedelta(minutes=25)


@pytest.mark.parametrize("kind", ["bgstats", "bgg"])
def test_a_file_written_here_adds_nothing_when_imported_here(history, alice, kind):
    records = transfer.records_of()
    data = json.dumps(bgstats.backup(records)).encode() if kind == "bgstats" else bgg.plays_xml(records)
    report = importing.import_plays(importing.read_file(data), importer=alice, choices={}, zone=UTC)
    assert report.imported == [] and len(report.already) == 3
    assert GameRecord.objects.count() == 3


def test_bgg_xml_of_our_records(history):
    root = fromstring(bgg.plays_xml(transfer.records_of()))
    plays = root.findall("play")
    assert root.get("total") == "3" and [p.find("item").get("name") for p in plays] == [
        "Rat-a-Tat Cat", "Rat-a-Tat Cat", "Cat Tower"]
    winners = [pl.get("name") for pl in plays[1].iterfind("players/player") if pl.get("win") == "1"]
    # every player placed first wins (the random duel is sometimes a tie: both)
    assert sorted(winners) == sorted(p.name for p in history[0].participants.filter(rank=1)) and winners
    assert plays[0].find("comments").text == "第一局" and plays[0].get("length") == "25"


def test_the_record_page_sends_a_play_to_bg_stats(client, history):
    duel = history[0]
    page = client.get(duel.get_absolute_url()).content.decode()
    assert "Send to BG Stats" in page
    link = bgstats.push_link(duel)
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(parse_qs(urlsplit(link).query)["data"][0])
    assert data["sourceName"] == "Top Cat" and data["sourcePlayId"] == str(duel.pk)
    assert data["game"] == {"name": "Rat-a-Tat Cat", "bggId": 0, "highestWins": False, "noPoints": False,
                            "sourceGameId": "rat_a_tat_cat"}
    assert [p["score"] for p in data["players"]] == [str(s) for s in duel.record["result"]["scores"]]
    assert link.replace("&amp;", "&") in page.replace("&amp;", "&")


def test_downloads_and_the_export_command(client, history, alice):
    duel = history[0]
    response = client.get(reverse("export_record_bgg", args=[duel.pk]))
    assert response.status_code == 200 and b"<plays" in response.content
    backup = json.loads(client.get(reverse("export_player_bgstats", args=["alice"])).content)
    assert len(backup["plays"]) == 2  # her two matches; the logger's totals were Mia and Ann's
    assert client.get(reverse("export_player_bgg", args=["nobody"])).status_code == 404
    out = io.StringIO()
    call_command("export_records", "--bgstats", "--game", "cat_tower", stdout=out)
    assert [p["gameRefId"] for p in json.loads(out.getvalue())["plays"]] == [1]
