"""A record's times lie between the years 1900 and 2200 (design/records.md), wherever a time enters: the import
(web page and command), the record form and scoring.records itself. Outside, a database keeps a year that Python
cannot read back (PostgreSQL stores 9999-12-31T23:59:59-05:00 as year 10000) and every history page would fail."""
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from scoring import transfer
from scoring.models import GameRecord
from scoring.records import MomentProblem, read_moment, save_record
from tests.scoring.test_record_views import HTR_TIED, form_data, hot_tin_roof_pad, post
from tests.scoring.test_transfer import finished_match, problems_of, upload

pytestmark = pytest.mark.django_db

OUT_OF_RANGE = [
    "9999-12-31T23:59:59-05:00",  # year 10000 in UTC
    "0001-01-01T00:00:00+05:00",  # 1 BC in UTC
    "1899-12-31T23:59:59Z",
    "2201-01-01T00:00:00Z",
    "2200-12-31T23:00:00-02:00",  # 2201 in UTC
]
IN_RANGE = ["1900-01-01T00:00:00Z", "2200-12-31T23:59:59Z", "1900-01-01T01:00:00+01:00"]


@pytest.fixture
def record(alice, bob):
    """An online record taken out of the history again, so that it can be imported."""
    game_record = finished_match(alice, guest=bob).game_record
    data = game_record.record
    GameRecord.objects.all().delete()
    return data


@pytest.mark.parametrize("text", OUT_OF_RANGE)
def test_a_time_outside_1900_to_2200_is_refused_with_the_reason(text):
    with pytest.raises(MomentProblem, match="must lie between the years 1900 and 2200"):
        read_moment(text)


@pytest.mark.parametrize("text", IN_RANGE)
def test_the_first_and_last_moments_of_the_range_are_times_a_record_may_carry(text):
    assert read_moment(text).tzinfo is not None


@pytest.mark.parametrize("key", ["finished_at", "started_at"])
@pytest.mark.parametrize("text", OUT_OF_RANGE[:2])
def test_an_import_refuses_a_record_with_a_time_out_of_range(record, key, text):
    record[key] = text
    assert f"{key} must lie between the years 1900 and 2200" in problems_of([record])[0]
    assert not GameRecord.objects.exists()


def test_the_import_page_refuses_a_time_out_of_range_with_a_400(alice_client, record):
    record["finished_at"] = OUT_OF_RANGE[0]
    response = alice_client.post(reverse("import_records"), {"file": upload(json.dumps(record).encode())})
    assert response.status_code == 400
    assert "finished_at must lie between the years 1900 and 2200" in response.text
    assert not GameRecord.objects.exists()
    assert alice_client.get(reverse("history")).status_code == 200


def test_the_import_command_refuses_a_time_out_of_range(record, monkeypatch):
    record["finished_at"] = OUT_OF_RANGE[1]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(json.dumps(record).encode())))
    with pytest.raises(CommandError, match="finished_at must lie between the years 1900 and 2200"):
        call_command("import_records", "-", stdout=io.StringIO())
    assert not GameRecord.objects.exists()


def test_save_record_refuses_a_time_out_of_range(record):
    record["finished_at"] = OUT_OF_RANGE[0]
    with pytest.raises(MomentProblem):
        save_record(record)
    assert not GameRecord.objects.exists()


def test_a_record_at_the_edge_of_the_range_imports_and_the_history_shows_it(client, record):
    record["started_at"] = record["finished_at"] = "1900-01-01T00:00:00Z"
    [imported] = transfer.import_records([record]).imported
    assert imported.played_at.year == 1900
    assert client.get(reverse("history")).status_code == 200
    assert client.get(reverse("stats")).status_code == 200


def test_the_record_form_refuses_a_date_before_1900(alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Zoe", **hot_tin_roof_pad(HTR_TIED, trigger=1))
    data["played_on"] = "0001-01-01"
    response = post(alice_client, "hot_tin_roof", data)
    assert "A game recorded here was played in 1900 or later." in response.text
    assert not GameRecord.objects.exists()
