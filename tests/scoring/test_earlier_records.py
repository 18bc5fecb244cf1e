"""Records this site wrote before it followed design/records.md's version 2 for matches that ended early and seats a
bot stood in for (scoring/earlier_records.py): a file exported then still imports, as the version 2 record it
means, and the history's stored ones are rewritten by migration 0015."""
import copy
import importlib
import json

import pytest
from django.apps import apps

from games import lobby, stand_in
from games.lobby import SeatPlan
from games.models import Move
from scoring import transfer
from scoring.earlier_records import upgraded
from scoring.models import GameRecord
from scoring.records import fingerprint

pytestmark = pytest.mark.django_db(transaction=True)  # the bots move on commit


@pytest.fixture
def all_resigned(make_player, settings):
    """Rat-a-Tat Cat for three, each resigning in turn: bots play the first two seats on, the third ends it."""
    settings.BOT_RUNNER, settings.BOT_DELAY = "inline", 0
    mia, leo, ada = (make_player(name) for name in ("mia", "leo", "ada"))
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("invite"), SeatPlan("invite")])
    for user in (leo, ada):
        lobby.take_seat(match_id=match.pk, user=user, token=match.invite_token)
    for seat in (0, 1, 2):
        finished = stand_in.resign(match_id=match.pk, seat=seat)
    return finished


def as_written_before(record: dict, by_bot: set[int]) -> dict:
    """The record as this site exported it before: version 1, `ended` an object naming the leaver, `resigned` only
    beside a bot's `bot_from`, and the bot's moves marked."""
    old = copy.deepcopy(record)
    gone = record["moves"][-1]["seat"]
    old.update(format="catsite-record/1", ended={"reason": "resigned", "seat": gone})
    if "bot_from" not in old["seats"][gone]:
        del old["seats"][gone]["resigned"]
    for move in old["moves"]:
        if move["seq"] in by_bot:
            move["bot"] = True
    return old


def test_a_file_exported_before_imports_as_the_version_2_record_it_means(all_resigned):
    record = all_resigned.game_record.record
    by_bot = set(Move.objects.filter(match=all_resigned, by_bot=True).values_list("seq", flat=True))
    assert record["format"] == "catsite-record/2" and by_bot  # the bots played the resigners' seats on
    old = as_written_before(record, by_bot)
    with pytest.raises(transfer.RecordProblem, match="unknown key"):
        transfer.check_record(old)  # as it stands, no version of records.md
    assert upgraded(old) == record
    GameRecord.objects.all().delete()
    report = transfer.import_file(json.dumps([old]).encode())
    assert [imported.record for imported in report.imported] == [record]
    assert report.imported[0].fingerprint == fingerprint(record)


def test_the_history_s_stored_records_are_rewritten_with_their_fingerprints(all_resigned):
    record = all_resigned.game_record.record
    by_bot = set(Move.objects.filter(match=all_resigned, by_bot=True).values_list("seq", flat=True))
    old = as_written_before(record, by_bot)
    GameRecord.objects.filter(pk=all_resigned.game_record_id).update(record=old, fingerprint=fingerprint(old))
    migration = importlib.import_module("scoring.migrations.0015_records_of_early_endings_in_version_2")
    migration.upgrade(apps, None)
    stored = GameRecord.objects.get(pk=all_resigned.game_record_id)
    assert stored.record == record and stored.fingerprint == fingerprint(record)


def test_a_claim_was_called_abandoned():
    old = {"format": "catsite-record/1", "seats": [{"seat": 0}, {"seat": 1}],
           "moves": [{"seq": 1, "seat": 0, "action": {"type": "claim", "absent": 1}}],
           "ended": {"reason": "abandoned", "seat": 1}}
    assert upgraded(old) == {**old, "format": "catsite-record/2", "ended": "claimed"}


@pytest.mark.parametrize("record", [
    {"format": "catsite-record/1", "seats": [], "ended": {"reason": "gave up", "seat": 0}},  # not what we wrote
    {"format": "catsite-record/1", "seats": [], "ended": "resigned"},  # version 2's word in a version 1 record
    {"format": "catsite-record/2", "seats": [], "ended": {"reason": "resigned", "seat": 0}},
    {"format": "catsite-record/1", "seats": [{"seat": 0}]},  # nothing of before: as it is
    ["not", "a", "record"],
])
def test_anything_else_is_left_for_the_checks(record):
    assert upgraded(record) is record
