"""An import's report leads to what it imported: the command names each new record's page, the import page links
each one and the history."""
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from scoring.models import GameRecord
from tests.scoring.test_transfer import finished_match

pytestmark = pytest.mark.django_db


def test_the_command_names_the_page_of_each_record_it_imported(alice, bob, tmp_path):
    records = [finished_match(alice, guest=bob).game_record.record, finished_match(alice).game_record.record]
    GameRecord.objects.all().delete()
    path = tmp_path / "records.json"
    path.write_text(json.dumps(records))
    out = io.StringIO()
    call_command("import_records", str(path), stdout=out)
    for game_record in GameRecord.objects.all():
        assert f"Imported record {game_record.pk}: Rat-a-Tat Cat, " in out.getvalue()
        assert f"at {game_record.get_absolute_url()}" in out.getvalue()
    again = io.StringIO()
    call_command("import_records", str(path), stdout=again)
    first = GameRecord.objects.order_by("played_at", "pk").first()
    assert f"(already record {first.pk}, at {first.get_absolute_url()})" in again.getvalue()


def test_the_import_page_links_what_it_imported_and_the_history(alice_client, alice, bob):
    record = finished_match(alice, guest=bob).game_record.record
    GameRecord.objects.all().delete()
    upload = SimpleUploadedFile("records.json", json.dumps(record).encode(), content_type="application/json")
    text = alice_client.post(reverse("import_records"), {"file": upload}).text
    imported = GameRecord.objects.get()
    assert f'<a href="{imported.get_absolute_url()}">' in text
    assert f'<a href="{reverse("history")}">The whole history</a>' in text
