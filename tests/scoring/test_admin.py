"""The admin has every scoring model."""

import datetime as dt

import pytest
from django.urls import reverse

from scoring.models import GameRecord, Participant

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", ["playerprofile", "gamerecord", "participant"])
def test_admin_lists_and_add_pages(admin_client, alice, model):
    record = GameRecord.objects.create(game="rat_hot", source="table", record={}, played_at=dt.datetime.now(dt.UTC))
    Participant.objects.create(game_record=record, seat=0, profile=alice.profile, name="Alice", score=3, rank=1)
    assert admin_client.get(reverse(f"admin:scoring_{model}_changelist")).status_code == 200
    assert admin_client.get(reverse(f"admin:scoring_{model}_add")).status_code == 200


def test_admin_change_pages(admin_client, alice):
    record = GameRecord.objects.create(game="rat_hot", source="table", record={}, played_at=dt.datetime.now(dt.UTC))
    seat = Participant.objects.create(game_record=record, seat=0, profile=alice.profile, name="A", score=3, rank=1)
    for model, pk in [("playerprofile", alice.profile.pk), ("gamerecord", record.pk), ("participant", seat.pk)]:
        assert admin_client.get(reverse(f"admin:scoring_{model}_change", args=[pk])).status_code == 200
