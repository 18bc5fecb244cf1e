"""The management commands export_records and import_records: the history out and back in, whole or not at all."""
import copy
import io
import json
import sys

import pytest
from django.core.management import CommandError, call_command

from scoring import transfer
from scoring.models import GameRecord
from tests.scoring.test_transfer import finished_match, read_csv

pytestmark = pytest.mark.django_db


def out(game_record) -> dict:
    """A record as exports write it (with its details and game night: transfer.exported)."""
    game_record.refresh_from_db()
    return transfer.exported(game_record)


def export(*args) -> str:
    out, err = io.StringIO(), io.StringIO()
    call_command("export_records", *args, stdout=out, stderr=err)
    return out.getvalue()


@pytest.fixture
def history(alice, bob, make_player):
    """Three finished matches: Alice v Bob at Rat-a-Tat Cat, Alice and Ann at Cat Tower, Carol v Bob."""
    carol = make_player("carol")
    return [finished_match(alice, guest=bob).game_record, finished_match(alice, game="cat_tower").game_record,
            finished_match(carol, guest=bob).game_record]


def test_export_writes_every_record_to_standard_output_oldest_first(history):
    assert json.loads(export()) == [out(r) for r in sorted(history, key=lambda r: (r.played_at, r.pk))]


def test_export_filters_by_player_and_game(history):
    first, second, third = history
    assert json.loads(export("--player", "alice")) == [out(first), out(second)]
    assert json.loads(export("--player", "Bob", "--game", "rat_a_tat_cat")) == [out(first), out(third)]
    assert json.loads(export("--game", "cat_tower")) == [out(second)]
    assert json.loads(export("--game", "rat_hot")) == []
    with pytest.raises(CommandError, match="no player with the handle 'nobody'"):
        export("--player", "nobody")


def test_export_as_csv(history):
    rows = read_csv(export("--csv", "--game", "cat_tower"))
    assert [(row["name"], row["player"]) for row in rows] == [("Alice Cooper", "alice"), ("Ann", "")]
    assert [int(row["score"]) for row in rows] == history[1].record["result"]["scores"]


def test_export_to_a_file_then_import_into_an_empty_history(history, tmp_path, capsys):
    path = tmp_path / "all.json"
    err = io.StringIO()
    call_command("export_records", "-o", str(path), stderr=err)
    assert "Wrote 3 records to" in err.getvalue()
    before = {r.fingerprint: r.record for r in GameRecord.objects.all()}
    GameRecord.objects.all().delete()

    out = io.StringIO()
    call_command("import_records", str(path), "--user", "bob", stdout=out)
    assert "3 records imported, 0 duplicates skipped." in out.getvalue()
    after = {r.fingerprint: r.record for r in GameRecord.objects.all()}
    assert after == before
    assert {r.recorded_by.username for r in GameRecord.objects.all()} == {"bob"}

    out = io.StringIO()
    call_command("import_records", str(path), stdout=out)
    assert "0 records imported, 3 duplicates skipped." in out.getvalue()
    assert "Skipped record 1 (already record" in out.getvalue()
    assert GameRecord.objects.count() == 3


def test_import_of_a_bad_file_says_why_and_imports_nothing(history, tmp_path):
    records = [copy.deepcopy(r.record) for r in history]
    records[2]["moves"][0]["action"] = {"type": "knock"}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(records))
    GameRecord.objects.all().delete()
    with pytest.raises(CommandError) as refused:
        call_command("import_records", str(path))
    message = str(refused.value)
    assert message.startswith("Nothing was imported:\n- Record 3 (rat_a_tat_cat, online, ")
    assert "move 1 (seat 0, {\"type\": \"knock\"}) is illegal" in message
    assert not GameRecord.objects.exists()


def test_import_reads_standard_input(history, monkeypatch):
    data = transfer.to_json(history[0]).encode()
    GameRecord.objects.all().delete()
    monkeypatch.setattr(sys, "stdin", type("In", (), {"buffer": io.BytesIO(data)})())
    out = io.StringIO()
    call_command("import_records", "-", stdout=out)
    assert "1 record imported" in out.getvalue()
    assert GameRecord.objects.get().record == history[0].record


def test_import_of_a_missing_file_or_user_is_an_error(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_records", str(tmp_path / "missing.json"))
    with pytest.raises(CommandError, match="There is no user 'ghost'"):
        call_command("import_records", str(tmp_path / "missing.json"), "--user", "ghost")
