"""Rat Hot's final-tally sheet (games/rat_hot/pad.py): chips by colour and groups by size, live totals and the
winner, every impossible entry refused at once next to its field, saved with the breakdown; records of the plain
pad still open, import and can be corrected."""
import copy
import datetime as dt
import re

import pytest
from django.urls import reverse

from scoring import table_records, transfer
from scoring.models import GameRecord
from games import registry
from games.rat_hot.pad import Pad
from scoring.table_records import SeatChoice
from tests.scoring.test_record_views import errors_in, form_data, places, post, saved

pytestmark = pytest.mark.django_db

# Mia's paper sheet: red 5 grey, 8 yellow chips, 3 groups of two and 4 of three or more at the end (21 + 11 =
# 32); green 7 grey, 6 yellow, 2 and 2 (19 + 6 = 25).
FINISHED = {"s0-grey": 5, "s0-yellow": 8, "s0-pairs": 3, "s0-large": 4,
            "s1-grey": 7, "s1-yellow": 6, "s1-pairs": 2, "s1-large": 2, "lost_by_rats": "", "rats": "on"}


def field_errors(response, name: str) -> str:
    """The errors shown in the field block of `name`."""
    block = re.search(r'<div class="field[^"]*">\s*<label for="id_' + re.escape(name) + r'".*?</div>',
                      response.text, re.S)
    assert block, name
    return " ".join(re.sub(r"<[^>]+>", "", e) for e in re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>',
                                                                  block.group(0), re.S))


def test_the_sheet_is_the_game_s_own_pad(alice):
    assert registry.get("rat_hot").pad is Pad
    pad = Pad(user=alice, seats=2)
    assert (pad.pad_template, pad.totals_template) == ("rat_hot/pad.html", "rat_hot/totals.html")


def test_the_sheet_asks_chips_by_colour_and_groups_by_size(alice_client):
    text = alice_client.get(reverse("record_new", args=["rat_hot"])).text
    for seat in (0, 1):
        for name in ("grey", "yellow", "pairs", "large"):
            assert f'name="s{seat}-{name}"' in text
    assert "Grey chips (1 point)" in text and "Groups of three or more" in text and "rat_hot/pad.css" in text
    assert 'name="s0-chips"' not in text


def test_a_finished_game_is_saved_with_the_breakdown(alice_client, alice, bob):
    game_record = saved(post(alice_client, "rat_hot", form_data("@alice", "@bob", **FINISHED)))
    assert places(game_record) == [(0, "Alice Cooper", 32, 1), (1, "Bob Dylan", 25, 2)]
    record = game_record.record
    assert record["final"] == {"ended_by": "last_strip", "players": [
        {"grey": 5, "yellow": 8, "pairs": 3, "large": 4, "lost_by_rats": False},
        {"grey": 7, "yellow": 6, "pairs": 2, "large": 2, "lost_by_rats": False}]}
    assert record["result"]["breakdown"] == [{"chips": 21, "final_tally": 11, "total": 32},
                                             {"chips": 19, "final_tally": 6, "total": 25}]
    history = alice_client.get(reverse("history")).text
    assert game_record.get_absolute_url() in history


def test_a_game_ended_by_rats(alice_client, alice, bob):
    pad = {"s0-grey": 4, "s0-yellow": 3, "s1-grey": 2, "s1-yellow": 0, "lost_by_rats": "0", "rats": "on"}
    game_record = saved(post(alice_client, "rat_hot", form_data("@alice", "@bob", **pad)))
    assert [p.rank for p in game_record.participants.all()] == [2, 1]
    assert game_record.record["final"]["ended_by"] == "rats"
    assert game_record.record["result"]["breakdown"] == [{"lost_by_rats": True},
                                                         {"chips": 2, "final_tally": 0, "total": 2}]


def test_every_impossible_entry_is_refused_at_once_next_to_its_field(alice_client, alice, bob):
    pad = {**FINISHED, "s0-grey": 1, "s0-pairs": 3, "s0-yellow": "", "s1-yellow": 1, "s1-large": 15, "s1-grey": -2}
    response = post(alice_client, "rat_hot", form_data("@alice", "@bob", **pad))
    assert response.status_code == 200 and not GameRecord.objects.exists()
    assert "3 groups of two at the end, but only 1 grey chip" in field_errors(response, "s0-pairs")
    assert "Count them: write 0 if there were none." in field_errors(response, "s0-yellow")
    assert field_errors(response, "s0-large") == ""  # 4 groups, and the yellow chips are not counted yet
    assert "greater than or equal to 0" in field_errors(response, "s1-grey")  # the field's own check
    assert field_errors(response, "s1-pairs") == ""  # ... so its groups are not judged against it
    assert "15 groups of three or more at the end, but only 1 yellow chip:" in field_errors(response, "s1-large")
    assert "the reasons are next to the fields" in errors_in(response)


@pytest.mark.parametrize("pad, field, message", [
    ({"s0-grey": 3, "s0-yellow": 0, "s1-grey": 1, "s1-yellow": 1, "lost_by_rats": "0"}, "lost_by_rats",
     "The game was played without rats"),
    ({"s0-grey": 3, "s0-yellow": 0, "s0-pairs": 1, "s1-grey": 1, "s1-yellow": 1, "lost_by_rats": "1", "rats": "on"},
     "s0-pairs", "there is no final tally: leave it empty"),
    ({**FINISHED, "s0-large": 13, "s0-yellow": 13}, "s0-large", "the strips have only 44"),  # 2 x 3 + 3 x 13
])
def test_impossible_sheets_say_why_at_the_field(alice_client, alice, bob, pad, field, message):
    response = post(alice_client, "rat_hot", form_data("@alice", "@bob", **pad))
    assert not GameRecord.objects.exists()
    if field == "lost_by_rats":
        assert message in errors_in(response)
    else:
        assert message in field_errors(response, field)


def test_live_totals_and_the_winner_come_from_the_scoring_module(alice_client, alice, bob):
    data = form_data("@alice", "@bob", **FINISHED)
    text = alice_client.post(reverse("record_preview", args=["rat_hot"]), data).text
    assert re.search(r'data-seat="0" data-category="chips">21<', text)
    assert re.search(r'data-seat="0" data-category="final_tally">11<', text)
    assert re.search(r'data-seat="1" data-category="total">25<', text)
    assert "Alice Cooper wins." in text
    data = form_data("@alice", "@bob", **{**FINISHED, "s1-grey": 14})  # 14 + 12 + 6 = 32: a draw
    assert "A draw at 32 points each." in alice_client.post(reverse("record_preview", args=["rat_hot"]), data).text


def test_live_totals_list_every_problem_while_the_sheet_is_impossible(alice_client, alice, bob):
    data = form_data("@alice", "@bob", **{**FINISHED, "s0-grey": 1, "s1-large": 15})
    text = alice_client.post(reverse("record_preview", args=["rat_hot"]), data).text
    assert "Alice Cooper: 3 groups of two at the end, but only 1 grey chip" in text
    assert "Bob Dylan: 15 groups of three or more at the end" in text
    assert re.search(r'data-seat="0" data-category="total">', text) and "wins" not in text


def plain_record(alice, bob) -> GameRecord:
    """A game saved with the first, plain pad (chips and final tally in points)."""
    final = {"ended_by": "last_strip", "players": [{"chips": 21, "final_tally": 9, "lost_by_rats": False},
                                                   {"chips": 25, "final_tally": 3, "lost_by_rats": False}]}
    return table_records.record_table_game(user=alice, game="rat_hot", choices=[SeatChoice(handle="alice"),
                                                                                SeatChoice(handle="bob")],
                                           played_on=dt.date(2026, 11, 20), final=final, options={})


def test_a_record_of_the_plain_pad_still_opens_and_imports(alice_client, alice, bob):
    game_record = plain_record(alice, bob)
    assert places(game_record) == [(0, "Alice Cooper", 30, 1), (1, "Bob Dylan", 28, 2)]
    page = alice_client.get(game_record.get_absolute_url())
    assert page.status_code == 200 and "Alice Cooper" in page.text
    exported = alice_client.get(reverse("export_record", args=[game_record.pk])).json()
    assert exported["final"]["players"][0] == {"chips": 21, "final_tally": 9, "lost_by_rats": False}
    record = copy.deepcopy(game_record.record)
    GameRecord.objects.all().delete()
    assert transfer.check_records([record]) == []
    [imported] = transfer.import_records([record]).imported
    assert [p.score for p in imported.participants.all()] == [30, 28]


def test_correcting_a_plain_record_shows_what_it_held_and_asks_the_counts(alice_client, alice, bob):
    game_record = plain_record(alice, bob)
    text = alice_client.get(reverse("record_edit", args=[game_record.pk])).text
    assert "recorded with the plain pad" in text
    assert "Alice Cooper 21 in chips and 9 in the final tally" in text
    data = form_data("@alice", "@bob", **FINISHED)
    response = alice_client.post(reverse("record_edit", args=[game_record.pk]), data)
    assert response.status_code == 302
    game_record.refresh_from_db()
    assert game_record.record["final"]["players"][0]["grey"] == 5


def test_correcting_a_sheet_fills_it_in_again(alice_client, alice, bob):
    game_record = saved(post(alice_client, "rat_hot", form_data("@alice", "@bob", **FINISHED)))
    text = alice_client.get(reverse("record_edit", args=[game_record.pk])).text
    assert re.search(r'name="s0-yellow" value="8"', text) and re.search(r'name="s1-large" value="2"', text)
    assert "plain pad" not in text
