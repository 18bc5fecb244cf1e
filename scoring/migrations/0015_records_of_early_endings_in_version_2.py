"""The history's records of matches that ended early, or had a bot stand in, as design/records.md's version 2 has
them (scoring/earlier_records.py), with their fingerprints recomputed. Going back leaves them in version 2: the
site of before this migration reads them as unknown keys, so it is not undone."""
from django.db import migrations
from django.db.models import Q

MOST_SEATS = 10  # more than any game of the site seats


def upgrade(apps, schema_editor):
    from scoring.earlier_records import is_earlier, upgraded
    from scoring.records import fingerprint

    GameRecord = apps.get_model("scoring", "GameRecord")
    # Read only the records that may be earlier ones (an `ended`, a seat a bot stood in for), through JSON lookups
    # both databases answer: a history of a million records holds a handful.
    maybe = Q(record__has_key="ended")
    for index in range(MOST_SEATS):
        maybe |= Q(**{f"record__seats__{index}__has_key": "bot_from"})
    for game_record in GameRecord.objects.filter(maybe, record__format="catsite-record/1").only("record"):
        if is_earlier(game_record.record):
            game_record.record = upgraded(game_record.record)
            game_record.fingerprint = fingerprint(game_record.record)
            game_record.save(update_fields=["record", "fingerprint"])


class Migration(migrations.Migration):
    dependencies = [("scoring", "0014_participant_counted")]

    operations = [migrations.RunPython(upgrade, migrations.RunPython.noop, elidable=True)]
