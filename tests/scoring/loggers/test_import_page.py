"""The import page of other loggers' files: upload, who is who, import; a bad file imports nothing."""
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.models import GameRecord, PendingImport
from tests.scoring.loggers.test_import_loggers import sample

pytestmark = pytest.mark.django_db


def upload(client, name="bgstats_backup.json", data=None, zone="Asia/Taipei"):
    data = sample(name) if data is None else data
    return client.post(reverse("import_plays"), {"file": SimpleUploadedFile(name, data), "zone": zone})


def test_upload_then_confirm_who_is_who_then_import(alice_client, alice, bob):
    response = upload(alice_client)
    assert response.status_code == 302
    confirm = response["Location"]
    page = alice_client.get(confirm)
    text = page.content.decode()
    assert page.status_code == 200 and GameRecord.objects.count() == 0
    assert "4 plays to import, 5 skipped." in text
    assert "no players were logged" in text and "Catan: 1 play" in text
    form = page.context["form"]
    bob_field = next(name for name, field in form.fields.items() if field.label == "Bob Dylan")
    assert form.fields[bob_field].initial == str(bob.profile.pk)  # suggested by name: the importer confirms
    data = {name: field.initial for name, field in form.fields.items()}
    done = alice_client.post(confirm, data)
    assert done.status_code == 200 and "4 plays imported" in done.content.decode()
    assert GameRecord.objects.count() == 4 and not PendingImport.objects.exists()
    first = GameRecord.objects.get(bgstats_play="A0000000-0000-4000-8000-000000000001")
    assert first.record["started_at"] == "2026-11-27T19:30:00+08:00"  # the zone chosen
    assert first.participants.get(seat=1).profile == bob.profile


def test_a_choice_that_was_not_offered_is_refused(alice_client, alice, bob, make_player):
    carol = make_player("carol")
    confirm = upload(alice_client)["Location"]
    form = alice_client.get(confirm).context["form"]
    data = {name: field.initial for name, field in form.fields.items()}
    data[next(iter(data))] = str(carol.profile.pk)  # not among this person's candidates
    assert alice_client.post(confirm, data).status_code == 400
    assert GameRecord.objects.count() == 0


def test_a_bad_file_is_a_clear_report_and_imports_nothing(alice_client):
    response = upload(alice_client, "plays.xml", data=b"<plays><play id='1'></plays>")
    assert response.status_code == 400
    assert "not well-formed XML" in response.content.decode()
    assert not PendingImport.objects.exists() and GameRecord.objects.count() == 0


def test_only_the_uploader_sees_a_pending_import(alice_client, client, bob):
    confirm = upload(alice_client)["Location"]
    client.force_login(bob)
    assert client.get(confirm).status_code == 404


def test_the_page_needs_a_login(client):
    assert client.get(reverse("import_plays")).status_code == 302
