"""CSV columns follow the game's declared breakdown order (registry Game.breakdown_key), whatever the order the
records come in: a later match with more rounds puts its round_3 before total, not after it."""
import csv
import io

import pytest
from django.urls import reverse

from scoring import transfer
from scoring.models import GameRecord
from tests.scoring.test_transfer import finished_match

pytestmark = pytest.mark.django_db


def header(client, handle: str) -> list[str]:
    text = client.get(reverse("export_player_csv", args=[handle])).getvalue().decode()
    return next(csv.reader(io.StringIO(text)))


def test_more_rounds_later_keep_the_rounds_before_the_total(client, alice, bob):
    finished_match(alice, guest=bob, options={"rounds": 2})
    finished_match(alice, guest=bob, options={"rounds": 3})
    columns = header(client, "bob")
    assert columns[-4:] == ["round_1", "round_2", "round_3", "total"]
    assert columns[:len(transfer.CSV_COLUMNS)] == transfer.CSV_COLUMNS


def test_round_10_comes_after_round_9():
    places = {"round_9": (0, (0, 0), 9), "round_10": (0, (0, 0), 10), "total": (0, (0, 1), 0)}
    assert transfer.breakdown_columns([{"round_10": 1, "total": 2}, {"round_9": 3}], places) == [
        "round_9", "round_10", "total"]


def test_two_games_keep_their_own_orders(client, alice, bob):
    finished_match(alice, guest=bob, options={"rounds": 1})
    finished_match(alice, game="cat_tower")
    columns = header(client, "alice")
    tower = transfer.csv_rows(GameRecord.objects.filter(game="cat_tower"))[0][len(transfer.CSV_COLUMNS):]
    rats = ["round_1", "total"]
    assert columns[len(transfer.CSV_COLUMNS):] == rats + [c for c in tower if c not in rats]
