"""records.md version 2 as this site reads it: a version 1 record reads as version 2, a table record of totals only
(`final: null`) imports with ranks by the game's rule, and `external` says where it came from."""
import copy

import pytest
from django.urls import reverse

from scoring import transfer
from scoring.models import GameRecord
from tests.scoring.test_transfer import finished_match, problems_of

pytestmark = pytest.mark.django_db


def totals_only(**changes) -> dict:
    record = {
        "format": "catsite-record/2", "game": "rat_a_tat_cat", "source": "table", "options": {},
        "seats": [{"seat": 0, "name": "Mia", "player": None, "bot": None},
                  {"seat": 1, "name": "Ann", "player": None, "bot": None}],
        "finished_at": "2026-11-30T20:40:00Z", "final": None,
        "result": {"scores": [12, 7], "ranks": [2, 1], "breakdown": None},
        "external": {"bgstats": "A0000000-0000-4000-8000-000000000001"},
    }
    record.update(changes)
    return record


def test_a_version_1_record_written_as_version_2_is_the_same_record(alice, bob):
    online = finished_match(alice, guest=bob).game_record
    as_2 = copy.deepcopy(online.record) | {"format": "catsite-record/2"}
    report = transfer.import_records([as_2])
    assert report.imported == [] and report.skipped == [(0, online)]


def test_a_record_of_totals_only_imports_and_exports_as_version_2(client):
    report = transfer.import_records([totals_only(notes="close one")])
    saved = report.imported[0]
    assert saved.bgstats_play == "A0000000-0000-4000-8000-000000000001"
    assert transfer.exported(saved) == totals_only(notes="close one")
    page = client.get(saved.get_absolute_url())
    assert page.status_code == 200 and "close one" in page.content.decode()
    assert transfer.import_records([totals_only()]).imported == []  # the same play again adds nothing


def test_the_ranks_of_totals_follow_the_games_rule():
    assert "the ranks do not follow from the scores: they give [2, 1]" in problems_of(
        [totals_only(result={"scores": [12, 7], "ranks": [1, 2], "breakdown": None})])[0]


@pytest.mark.parametrize(("changes", "reason"), [
    ({"format": "catsite-record/1"}, "the record holds an unknown key 'external'"),
    ({"external": {"bgg": ""}}, "external.bgg must be text of 1 to 40 characters"),
    ({"external": {"chess": "1"}}, "external holds an unknown key 'chess'"),
    ({"external": []}, "external must be an object"),
    ({"source": "online"}, "the record has no final"),
    ({"result": {"scores": [12, 7], "ranks": [2, 1], "breakdown": [{}, {}]}}, "has no breakdown either"),
])
def test_version_2_fields_are_checked(changes, reason):
    assert reason in problems_of([totals_only(**changes)])[0]


def test_a_record_of_totals_only_offers_no_pad_to_correct_it(client, alice):
    saved = transfer.import_records([totals_only()], recorded_by=alice).imported[0]
    client.force_login(alice)
    assert not client.get(saved.get_absolute_url()).context["can_correct"]
    assert GameRecord.objects.count() == 1
    assert client.get(reverse("export_record_csv", args=[saved.pk])).status_code == 200
