"""The page of one recorded match: seats, scores, places, the breakdown, its details, downloads and corrections."""
import re
from datetime import timedelta

import pytest
from django.urls import reverse

from scoring.records import save_record
from tests.scoring.test_transfer import finished_match, table_record_from

pytestmark = pytest.mark.django_db


def header_cells(text: str, table_class: str) -> list[str]:
    table = re.search(rf'<table class="{table_class}">(.*?)</table>', text, re.S).group(1)
    return re.findall(r'<th scope="col"[^>]*>(.*?)</th>', table)


def test_an_online_match_shows_seats_scores_places_and_the_rounds(client, alice, bob):
    stored = finished_match(alice, guest=bob).game_record
    result = stored.record["result"]
    response = client.get(stored.get_absolute_url())
    assert response.status_code == 200
    text = response.text
    assert "Alice Cooper" in text and "Bob Dylan" in text
    assert header_cells(text, "breakdown") == ["Player", "Round 1", "Round 2", "Total"]
    breakdown = re.search(r'<table class="breakdown">(.*?)</table>', text, re.S).group(1)
    for seat, name in enumerate(["Alice Cooper", "Bob Dylan"]):
        cells = [str(v) for v in result["breakdown"][seat]["rounds"]] + [str(result["breakdown"][seat]["total"])]
        row = "".join(f'<td class="num">{cell}</td>' for cell in cells)
        assert f'<th scope="row">{name}</th>{row}' in breakdown
    places = re.search(r'<table class="result">(.*?)</table>', text, re.S).group(1)
    for seat in range(2):
        assert f'<td class="num">{result["scores"][seat]}</td>' in places
    assert reverse("export_record", args=[stored.pk]) in text
    assert reverse("export_record_csv", args=[stored.pk]) in text
    assert reverse("record_replay", args=[stored.pk]) in text
    assert stored.online_match.get_absolute_url() in text
    assert "Correct this record" not in text
    assert "Where" not in text and "Notes" not in text


def test_a_cat_tower_match_shows_every_category(client, alice):
    stored = finished_match(alice, game="cat_tower").game_record
    text = client.get(stored.get_absolute_url()).text
    assert header_cells(text, "breakdown") == [  # the game's own words (games/cat_tower/words.py)
        "Player", "Cats", "Yarn", "Butterflies", "Bowls", "Cushions", "Mice", "Columns", "Total"]
    assert "The end of the match as recorded" in text


@pytest.fixture
def table_match(alice, bob):
    online = finished_match(alice, game="cat_tower").game_record.record
    return save_record(table_record_from(online), recorded_by=alice, location="Grandma's kitchen",
                       duration=timedelta(minutes=65), notes="Rematch next week.\nBring snacks.")


def test_a_table_match_shows_where_how_long_and_notes_and_no_replay(client, table_match):
    text = client.get(table_match.get_absolute_url()).text
    assert "At the table" in text
    assert "Grandma&#x27;s kitchen" in text and "1 h 05 min" in text and "Rematch next week.<br>Bring snacks." in text
    assert reverse("record_replay", args=[table_match.pk]) not in text
    assert reverse("export_record", args=[table_match.pk]) in text


def test_only_the_recorder_of_a_table_match_is_offered_a_correction(client, alice, bob, table_match):
    url = reverse("record_edit", args=[table_match.pk])
    assert "Correct this record" not in client.get(table_match.get_absolute_url()).text
    client.force_login(bob)
    assert "Correct this record" not in client.get(table_match.get_absolute_url()).text
    client.force_login(alice)
    assert f'href="{url}">Correct this record</a>' in client.get(table_match.get_absolute_url()).text


def test_the_recorder_of_an_online_match_is_not_offered_a_correction(client, alice):
    stored = finished_match(alice).game_record
    client.force_login(alice)
    assert "Correct this record" not in client.get(stored.get_absolute_url()).text


def test_an_unknown_record_is_not_found(client, db):
    assert client.get(reverse("record", args=[999])).status_code == 404


def test_the_player_page_offers_the_downloads_and_its_owner_the_import(client, alice, bob):
    finished_match(alice, guest=bob)
    text = client.get(reverse("player", args=["alice"])).text
    assert reverse("export_player", args=["alice"]) in text
    assert reverse("export_player_csv", args=["alice"]) in text
    assert reverse("import_records") not in text
    client.force_login(bob)
    assert reverse("import_records") not in client.get(reverse("player", args=["alice"])).text
    client.force_login(alice)
    assert reverse("import_records") in client.get(reverse("player", args=["alice"])).text
