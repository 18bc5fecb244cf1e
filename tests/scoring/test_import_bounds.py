"""An imported file is bounded like everything a user sends: at most 10 MB (on the web page and in the command),
at most 32 levels deep, and no NUL character (PostgreSQL cannot store one). Refused with a reason, never a 500."""
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from scoring import transfer
from scoring.models import GameRecord
from tests.scoring.test_transfer import finished_match, upload

pytestmark = pytest.mark.django_db
BRACKETS = b"[" * 200_000  # a 200 KB file of brackets


@pytest.fixture
def record(alice, bob):
    data = finished_match(alice, guest=bob).game_record.record
    GameRecord.objects.all().delete()
    return data


def test_a_file_of_brackets_is_refused_not_a_recursion_error():
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_file(BRACKETS)
    assert refused.value.problems == ["The file is nested too deeply: at most 32 levels."]


def test_the_import_page_answers_a_file_of_brackets_with_a_400(alice_client):
    response = alice_client.post(reverse("import_records"), {"file": upload(BRACKETS)})
    assert response.status_code == 400 and "The file is nested too deeply" in response.text


def test_deep_nesting_inside_a_real_record_is_refused(record):
    record["moves"][0]["action"]["x"] = json.loads("[" * 500 + "]" * 500)
    with pytest.raises(transfer.ImportRefused, match="nested too deeply"):
        transfer.import_file(json.dumps(record))


@pytest.mark.parametrize("place", ["name", "notes", "action"])
def test_a_nul_character_anywhere_in_a_record_is_refused(record, place):
    if place == "name":
        record["seats"][0]["name"] = "Al\x00ice"
    elif place == "notes":
        record["notes"] = "\x00"
    else:
        record["moves"][0]["action"]["type"] = "draw\x00"
    with pytest.raises(transfer.ImportRefused, match="NUL character"):
        transfer.import_file(json.dumps(record).encode())
    assert not GameRecord.objects.exists()


def test_a_record_within_bounds_still_imports(record):
    assert len(transfer.import_file(json.dumps(record).encode()).imported) == 1


def test_the_import_command_refuses_a_file_over_the_limit_without_reading_it_all(tmp_path, monkeypatch):
    monkeypatch.setattr(transfer, "MAX_FILE_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b" " * 5000 + b"]")
    with pytest.raises(CommandError, match="The file is larger than"):
        call_command("import_records", str(big), stdout=io.StringIO())
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(big.read_bytes())))
    with pytest.raises(CommandError, match="The file is larger than"):
        call_command("import_records", "-", stdout=io.StringIO())


def test_the_web_import_and_the_command_share_one_limit():
    from scoring.forms_transfer import MAX_UPLOAD_MB

    assert MAX_UPLOAD_MB * 1024 * 1024 == transfer.MAX_FILE_BYTES == 10 * 1024 * 1024
