"""Game nights: records of the same people within one evening are grouped as they are saved; a night's page shows
every game and who won the most; its people name it, give it a place, split and join nights."""
from datetime import timedelta

import pytest
from django.urls import reverse

from scoring import transfer
from scoring.models import GameNight, GameRecord
from scoring.nights import grouping
from tests.scoring.test_records_v2 import totals_only

pytestmark = pytest.mark.django_db
EVENING = "2026-11-27T19:00:00+00:00"


def play(at: str, minutes: int, names=("Mia", "Ann"), scores=(12, 7), game="rat_a_tat_cat", ident=None, by=None):
    from datetime import datetime
    moment = (datetime.fromisoformat(at) + timedelta(minutes=minutes)).isoformat()
    lower = game == "rat_a_tat_cat"
    ranks = [1 + sum((o < s) if lower else (o > s) for o in scores) for s in scores]
    record = totals_only(finished_at=moment, game=game,
                         seats=[{"seat": i, "name": n, "player": None, "bot": None} for i, n in enumerate(names)],
                         result={"scores": list(scores), "ranks": ranks, "breakdown": None},
                         external={"bgg": ident or f"{minutes}-{'-'.join(names)}"})
    return transfer.import_records([record], recorded_by=by).imported[0]


def test_the_same_people_in_one_evening_are_one_night():
    first = play(EVENING, 0)
    assert first.night is None  # one game is no night yet
    second, third = play(EVENING, 40, scores=(3, 9)), play(EVENING, 200, game="rat_hot", scores=(14, 9))
    other_people = play(EVENING, 60, names=("Zoe", "Lev"))
    next_day = play(EVENING, 24 * 60)
    first.refresh_from_db()
    assert first.night is not None and first.night == second.night == third.night
    assert other_people.night is None and next_day.night is None
    assert GameNight.objects.count() == 1


def test_a_night_page_shows_every_game_and_who_won_most(client):
    games = [play(EVENING, 0, scores=(12, 7)), play(EVENING, 30, scores=(3, 9)), play(EVENING, 60, scores=(5, 2))]
    night = GameRecord.objects.get(pk=games[0].pk).night
    page = client.get(night.get_absolute_url())
    assert page.status_code == 200
    assert [(name, wins, top) for name, wins, top in page.context["tally"]] == [("Ann", 2, True), ("Mia", 1, False)]
    text = page.content.decode()
    assert text.count("/history/") >= 3 and "Who won the most" in text
    record_page = client.get(games[0].get_absolute_url()).content.decode()
    assert night.get_absolute_url() in record_page


def test_its_people_name_split_and_join_a_night(client, alice):
    games = [play(EVENING, minutes, by=alice) for minutes in (0, 30, 60)]
    night = GameRecord.objects.get(pk=games[0].pk).night
    client.force_login(alice)
    assert client.post(reverse("night_edit", args=[night.key]), {"name": "Friday at Mia's",
                                                                 "place": "Mia's kitchen"}).status_code == 302
    night.refresh_from_db()
    assert (night.name, night.place) == ("Friday at Mia's", "Mia's kitchen")
    response = client.post(reverse("night_split", args=[night.key, games[2].pk]))
    later = GameRecord.objects.get(pk=games[2].pk).night
    assert later != night and response["Location"] == later.get_absolute_url()
    assert [r.pk for r in grouping.games_of(night)] == [games[0].pk, games[1].pk]
    assert grouping.previous(later) == night
    client.post(reverse("night_join", args=[later.key]))
    assert {r.night_id for r in GameRecord.objects.all()} == {night.pk}
    assert not GameNight.objects.filter(pk=later.pk).exists()


def test_strangers_may_not_change_a_night(client, make_player):
    games = [play(EVENING, 0), play(EVENING, 30)]
    night = GameRecord.objects.get(pk=games[0].pk).night
    client.force_login(make_player("carol"))
    assert client.post(reverse("night_edit", args=[night.key]), {"name": "mine"}).status_code == 403
    assert client.post(reverse("night_split", args=[night.key, games[1].pk])).status_code == 403


def test_a_night_travels_in_our_format():
    games = [play(EVENING, 0), play(EVENING, 30)]
    night = GameRecord.objects.get(pk=games[0].pk).night
    night.name = "Friday"
    night.save()
    exported = [transfer.exported(GameRecord.objects.get(pk=g.pk)) for g in games]
    assert exported[0]["night"] == {"id": str(night.key), "name": "Friday", "place": ""}
    assert exported[0]["format"] == "catsite-record/2"
    GameRecord.objects.all().delete()
    GameNight.objects.all().delete()
    imported = transfer.import_records(exported).imported
    assert {r.night.key for r in imported} == {night.key} and imported[0].night.name == "Friday"
    assert "night.id must be a UUID" in transfer.check_records([exported[0] | {"night": {"id": "x"}}])[0]


def test_a_nights_games_download_for_bg_stats_and_boardgamegeek(client):
    import json
    import uuid

    games = [play(EVENING, 0, scores=(12, 7)), play(EVENING, 30, scores=(3, 9))]
    elsewhere = play(EVENING, 24 * 60)  # the next day: not of this night
    night = GameRecord.objects.get(pk=games[0].pk).night
    assert f'href="{reverse("export_night_bgstats", args=[night.key])}"' in client.get(
        night.get_absolute_url()).content.decode()
    backup = json.loads(client.get(reverse("export_night_bgstats", args=[night.key])).content)
    assert len(backup["plays"]) == 2 and {player["name"] for player in backup["players"]} == {"Mia", "Ann"}
    xml = client.get(reverse("export_night_bgg", args=[night.key])).content.decode()
    assert xml.count("<play ") == 2 and str(elsewhere.played_at.date()) not in xml
    assert client.get(reverse("export_night_bgg", args=[uuid.uuid4()])).status_code == 404
