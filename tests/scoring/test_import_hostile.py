"""Hostile record files: text that is not Unicode, numbers no database keeps, keys no reader knows, a start after
the finish. Each is refused by the record's number with the reason (web page: 400; command: an error), and
nothing is stored. These ran into 500s (or were stored and exported again) before; they must hold on SQLite and
PostgreSQL alike (NaN and Infinity reached PostgreSQL's jsonb, which refuses them)."""
import datetime as dt
import html
import io
import json
import re

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from scoring import table_records, transfer
from scoring.models import GameRecord
from tests.games.hot_tin_roof.test_tally import TIED as HOT_TIN_ROOF
from tests.scoring.test_confirmations import RAT_HOT
from tests.scoring.test_transfer import finished_match, table_record_from, upload

pytestmark = pytest.mark.django_db
LONG = "9" * 5000  # more digits than Python reads (sys.get_int_max_str_digits(): 4,300)


@pytest.fixture
def record(alice, bob):
    """A real online record of Alice and Bob, no longer in the history."""
    data = finished_match(alice, guest=bob).game_record.record
    GameRecord.objects.all().delete()
    return data


def second_of_two(record, spoil) -> str:
    """A file of two records, the second spoiled by `spoil(text_of_the_record)`: the problem names record 2."""
    return "[" + json.dumps(record) + ",\n" + spoil(json.dumps(record)) + "]"


def name_it(value: str):
    """Put raw JSON `value` in place of the second seat's name."""
    return lambda text: text.replace('"name": "Bob Dylan"', f'"name": {value}', 1)


HOSTILE = {
    "a lone surrogate": (name_it('"Bob \\ud800"'), "lone surrogate"),
    "a lone low surrogate in a key": (lambda text: text.replace('"options": {', '"options": {"\\udc00": 1, ', 1),
                                      "lone surrogate"),
    "an integer of 5,000 digits": (lambda text: text.replace('"seed": ', f'"seed": {LONG}, "x": ', 1),
                                   "a number of 5000 digits: at most 4300 are read"),
    "NaN": (name_it("NaN"), "nan, which is no number a record may hold"),
    "Infinity": (lambda text: text.replace('"scores": [', '"scores": [Infinity, ', 1),
                 "inf, which is no number a record may hold"),
    "-Infinity in the final": (lambda text: text.replace('"final": {', '"final": {"x": -Infinity, ', 1),
                               "-inf, which is no number"),
    "a number too large for a float": (name_it("1e400"), "inf, which is no number"),
}


@pytest.mark.parametrize("hostile", HOSTILE, ids=list(HOSTILE))
def test_the_import_page_refuses_a_hostile_record_by_its_number_and_stores_nothing(alice_client, record, hostile):
    spoil, reason = HOSTILE[hostile]
    response = alice_client.post(reverse("import_records"), {"file": upload(second_of_two(record, spoil).encode())})
    assert response.status_code == 400
    assert "Record 2 (rat_a_tat_cat, online," in html.unescape(response.text) and reason in html.unescape(response.text)
    assert "Record 1" not in html.unescape(response.text)
    assert not GameRecord.objects.exists()


@pytest.mark.parametrize("hostile", HOSTILE, ids=list(HOSTILE))
def test_the_import_command_refuses_a_hostile_record_by_its_number_and_stores_nothing(tmp_path, record, hostile):
    spoil, reason = HOSTILE[hostile]
    path = tmp_path / "hostile.json"
    path.write_text(second_of_two(record, spoil), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_records", str(path), stdout=io.StringIO())
    message = str(refused.value)
    assert message.startswith("Nothing was imported:\n- Record 2 (rat_a_tat_cat, online,") and reason in message
    message.encode("utf-8")  # fit for any terminal: a lone surrogate is shown as its escape
    assert not GameRecord.objects.exists()


def test_a_lone_surrogate_in_the_records_date_is_shown_escaped(alice_client, record):
    text = second_of_two(record, lambda text: text.replace('"finished_at": "', '"finished_at": "\\ud83d', 1))
    response = alice_client.post(reverse("import_records"), {"file": upload(text.encode())})
    assert response.status_code == 400 and "\\ud83d" in html.unescape(response.text)


@pytest.mark.parametrize("where, spoil, reason", [
    ("record", lambda r: r.update(colour="ginger"), "the record holds an unknown key 'colour'"),
    ("seat", lambda r: r["seats"][1].update(guest=True), "seat 1 holds an unknown key 'guest'"),
    ("move", lambda r: r["moves"][2].update(time="20:01"), "move 3 holds an unknown key 'time'"),
    ("result", lambda r: r["result"].update(winner=0), "the result holds an unknown key 'winner'"),
    ("version 2's undos", lambda r: r.update(undos=[]), "the record holds an unknown key 'undos'"),
])
def test_a_key_the_format_does_not_have_is_refused_at_every_level(alice_client, tmp_path, record, where, spoil,
                                                                    reason):
    spoiled = json.loads(json.dumps(record))
    spoil(spoiled)
    text = json.dumps([record, spoiled])
    response = alice_client.post(reverse("import_records"), {"file": upload(text.encode())})
    page = html.unescape(response.text)
    assert response.status_code == 400 and reason in page and "Record 2" in page
    path = tmp_path / "unknown.json"
    path.write_text(text)
    with pytest.raises(CommandError, match=f"Record 2 .*{reason}"):
        call_command("import_records", str(path), stdout=io.StringIO())
    assert not GameRecord.objects.exists()


def test_an_ending_move_with_a_key_of_its_own_is_refused(alice, bob):
    from games import turns
    from games.lobby import SeatPlan, create_match, take_seat

    live = create_match(host=alice, game="rat_a_tat_cat", options={"rounds": 2},
                        seats=[SeatPlan("me"), SeatPlan("invite")])
    take_seat(match_id=live.pk, user=bob, token=live.invite_token)
    turns.play(match_id=live.pk, seat=0, action={"type": "draw"}, version=0)
    resigned = GameRecord.objects.get(pk=turns.resign(match_id=live.pk, seat=0).game_record_id).record
    GameRecord.objects.all().delete()
    transfer.check_record(resigned)
    resigned["moves"][-1]["action"]["why"] = "tired"
    with pytest.raises(transfer.ImportRefused, match="move 2's action holds an unknown key 'why'"):
        transfer.import_records([resigned])


def test_a_start_after_the_finish_is_refused(alice_client, record):
    late = dict(record, started_at="2026-12-01T21:00:00Z", finished_at="2026-12-01T20:00:00Z")
    response = alice_client.post(reverse("import_records"), {"file": upload(json.dumps([record, late]).encode())})
    assert response.status_code == 400
    assert ("Record 2 (rat_a_tat_cat, online, 2026-12-01T20:00:00Z): it starts (started_at 2026-12-01T21:00:00Z) "
            "after it finishes (finished_at 2026-12-01T20:00:00Z).") in html.unescape(response.text)
    assert not GameRecord.objects.exists()
    same = dict(record, started_at="2026-12-01T20:00:00+01:00", finished_at="2026-12-01T19:00:00Z")
    assert len(transfer.import_records([same]).imported) == 1  # the same moment in two zones


def test_location_duration_and_notes_go_to_the_history_and_travel_but_are_no_part_of_its_identity(record, bob):
    told = dict(record, location="Mia's kitchen", duration=40, notes="first game with the new deck")
    game_record = transfer.import_records([told]).imported[0]
    assert (game_record.location, game_record.duration.total_seconds(), game_record.notes) == (
        "Mia's kitchen", 2400, "first game with the new deck")
    assert game_record.record == record  # the record itself is the match's: its fingerprint leaves them out
    assert json.loads(transfer.to_json(game_record)) == told
    other_notes = dict(told, notes="a rematch?")
    assert transfer.import_records([other_notes]).skipped == [(0, game_record)]


@pytest.mark.parametrize("details, reason", [
    ({"duration": 0}, "duration must be whole minutes, from 1 to 1440"),
    ({"duration": "40"}, "duration must be whole minutes"),
    ({"location": "x" * 101}, "location must be text of at most 100 characters"),
    ({"notes": ["no"]}, "notes must be text of at most 2000 characters"),
])
def test_details_the_history_cannot_hold_are_refused(record, details, reason):
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_records([dict(record, **details)])
    assert reason in refused.value.problems[0]
    assert not GameRecord.objects.exists()


def test_a_table_record_with_an_unknown_key_is_refused_too(record):
    table = table_record_from(record)
    table["seats"][0]["colour"] = "red"
    with pytest.raises(transfer.ImportRefused, match="seat 0 holds an unknown key 'colour'"):
        transfer.import_records([table])


def test_the_refusals_are_in_traditional_chinese_on_a_chinese_page(client, alice, record):
    client.force_login(alice)
    for spoil in (name_it("NaN"), name_it('"\\ud800"'),
                  lambda text: text.replace('"seed": ', f'"seed": {LONG}, "x": ', 1),
                  lambda text: text.replace('"format": ', '"colour": 1, "format": ', 1)):
        response = client.post(reverse("import_records"), {"file": upload(second_of_two(record, spoil).encode())},
                               HTTP_ACCEPT_LANGUAGE="zh-hant")
        assert response.status_code == 400
        records = json.loads(second_of_two(record, spoil), parse_int=transfer._whole)
        with translation.override("zh-hant"):
            problems = transfer.check_records(records)
        with translation.override("en-gb"):
            english = transfer.check_records(records)[0]
        assert len(problems) == 1 and problems[0] in html.unescape(response.text)
        reason, english_reason = problems[0].partition("：")[2], english.partition(": ")[2]
        assert reason and re.search("[\u4e00-\u9fff]", reason) and english_reason not in html.unescape(response.text)


# --- A table record's final: the keys its game's pad has (each tally's FINAL_KEYS) ---------------------------


def table_record(game, final, seats):
    names = ["Ann", "Bob", "Cy", "Di"][:seats]
    return table_records.build_record(
        game=game, played_on=dt.date(2026, 11, 28), final=final, options={},
        seats=[{"seat": i, "name": name, "player": None, "bot": None} for i, name in enumerate(names)])


@pytest.fixture
def table_finals(alice, bob):
    tower = table_record_from(finished_match(alice, game="cat_tower").game_record.record)
    rats = table_record_from(finished_match(alice, guest=bob).game_record.record)
    GameRecord.objects.all().delete()
    return {
        "cat_tower": (tower, [("sheets", 0, "tea"), ("sheets", 1, "footprints", "lost")]),
        "rat_a_tat_cat": (rats, [("rounds", 0, "peeked")]),
        "hot_tin_roof": (table_record("hot_tin_roof", HOT_TIN_ROOF, 3), [("players", 2, "mice")]),
        "rat_hot": (table_record("rat_hot", RAT_HOT, 2), [("players", 1, "spice")]),
    }


@pytest.mark.parametrize("game", ["cat_tower", "rat_a_tat_cat", "hot_tin_roof", "rat_hot"])
def test_a_table_records_final_holds_only_its_pads_keys(table_finals, game):
    record, places = table_finals[game]
    transfer.check_record(record)  # as it is, it imports
    for place in [("colour",), *places]:
        spoiled = json.loads(json.dumps(record))
        inner = spoiled["final"]
        for step in place[:-1]:
            inner = inner[step]
        inner[place[-1]] = 1
        where = "final" + "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in place[:-1])
        with pytest.raises(transfer.ImportRefused) as refused:
            transfer.import_records([record, spoiled])
        assert refused.value.problems[0].startswith("Record 2 (")
        assert f"{where} holds an unknown key '{place[-1]}'" in refused.value.problems[0]
        assert not GameRecord.objects.exists()
