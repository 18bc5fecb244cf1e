"""Rat-a-Tat Cat's record pad: a score out of range is named for what it is, a blank is never read as a 0, and a
game of a set number of rounds has that many rows."""
import re

import pytest
from django.urls import reverse

from tests.scoring.test_record_views import form_data, rat_a_tat_cat_pad

pytestmark = pytest.mark.django_db
PREVIEW = reverse("record_preview", args=["rat_a_tat_cat"])


def preview(client, scores, **options):
    return client.post(PREVIEW, form_data("@alice", "@bob", **rat_a_tat_cat_pad(scores, **options))).text


def standings(text: str) -> list[list[str]]:
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>(.*?)</tr>', text, re.S)
    return [[" ".join(cell.split()) for cell in re.findall(r"<td[^>]*>(.*?)</td>", re.sub(r"<(?!/?td)[^>]+>", "",
                                                                                              cells), re.S)]
            for _n, cells in rows]


def test_a_40_is_too_high_not_missing(alice_client, alice, bob):
    text = preview(alice_client, [[40, 4]], end="time")
    assert "missing" not in text
    assert "A round score is at most 36: four cards of 9, not 40." in text


def test_a_blank_is_a_missing_score_not_a_0(alice_client, alice, bob):
    text = preview(alice_client, [[10, 4], [None, 6], [3, 2]], end="time")
    assert standings(text)[:3] == [["10", "4"], ["score missing", "10"], ["–", "12"]]
    assert "The score is missing: this player was still in." in text


def test_the_rows_follow_the_number_of_rounds(alice_client, alice, bob):
    page = alice_client.get(reverse("record_new", args=["rat_a_tat_cat"])).text
    assert 'name="r4-s0"' in page and 'name="r5-s0"' not in page  # the default: 5 rounds, 5 rows
    # Three rounds chosen: the live totals bring a pad of three rows, keeping what is typed.
    text = preview(alice_client, [[10, 4], [None, None], [None, None], [None, None], [None, None]],
                   end="rounds", rounds=3)
    refit = re.search(r'<div class="table-wrap" id="ratc-pad-rows" hx-swap-oob="true">(.*?)</table></div>', text, re.S)
    assert refit, "the rows are redrawn"
    assert 'name="r2-s1"' in refit.group(1) and 'name="r3-s0"' not in refit.group(1)
    assert 'name="r0-s0" value="10"' in refit.group(1) and 'name="round_count" value="3"' in refit.group(1)
    # Eight rounds: eight rows. A row with a score in it is never dropped.
    assert 'name="r7-s0"' in preview(alice_client, [[10, 4]] * 5, end="rounds", rounds=8)
    kept = preview(alice_client, [[10, 4]] * 5, end="rounds", rounds=3)
    assert 'id="ratc-pad-rows"' not in kept
    # A pad that fits already, or one that does not end by rounds, is left alone.
    assert 'id="ratc-pad-rows"' not in preview(alice_client, [[10, 4]] * 3, end="rounds", rounds=3)
    assert 'id="ratc-pad-rows"' not in preview(alice_client, [[10, 4]] * 5, end="time", rounds=3)
