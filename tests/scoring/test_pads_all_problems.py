"""Score pads (issue 11, point 6): every problem at once beside its field, with the rule in words, on a save and
in the live check; Cat Tower's cat points worked out from the marks and the house order; unfinished plays."""
import re

import pytest
from django.urls import reverse

from games.cat_tower import engine as cat_engine
from games.cat_tower.pad import Pad as CatTowerPad
from games.cat_tower.scoring import cat_points
from scoring import stats
from scoring.models import GameRecord, RatingChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def user(client, django_user_model):
    user = django_user_model.objects.create_user(username="padder", password="a-Long-passw0rd")
    client.force_login(user)
    return user


def slot(html: str, name: str) -> str:
    """The text of a field's error slot."""
    found = re.search(rf'<div id="id_{re.escape(name)}-errors" class="field-errors"[^>]*>(.*?)</div>', html, re.S)
    assert found, name
    return re.sub(r"<[^>]+>", " ", found.group(1))


HTR_SEATS = {"played_on": "2026-11-28", "seats": "3", "seat-0-new": "Ann", "seat-1-new": "Bob", "seat-2-new": "Cy"}


def htr(**numbers) -> dict:
    data = {**HTR_SEATS, "action": "save"}
    for seat in range(3):
        for name in ("cans", "fish", "home_tiles", "pairs_left", "penalties"):
            data[f"s{seat}-{name}"] = "0"
    data.update({key: str(value) for key, value in numbers.items()})
    return data


def test_hot_tin_roof_save_lists_every_mistake_beside_its_field(client, user):
    response = client.post(reverse("record_new", args=["hot_tin_roof"]),
                           htr(**{"s0-pairs_left": 1, "s0-penalties": 30, "s1-pairs_left": 3, "s2-fish": 2}))
    html = response.content.decode()
    assert response.status_code == 200 and not GameRecord.objects.exists()
    assert "15 cans for each pair left: 1 pair left is at most 15 cans paid, not 30." in slot(html, "s0-penalties")
    assert "only 2 pairs of cats" in slot(html, "s1-pairs_left")
    assert "One home tile for each fish and each pair left" in slot(html, "s2-home_tiles")
    assert 'role="alert"' in html and "problems to put right" in html
    assert 'aria-invalid="true"' in html and 'aria-describedby="id_s0-penalties-errors"' in html


def test_hot_tin_roof_game_rules_wait_for_a_whole_pad_then_show_together(client, user):
    # Every seat filled, nothing per seat wrong: the rules of the whole game, both at once.
    response = client.post(reverse("record_new", args=["hot_tin_roof"]), htr(**{"s0-home_tiles": 1}))
    html = response.content.decode()
    totals = html[html.index('<div id="record-totals"'):]
    assert "the home tiles taken less the pairs left must add up to 12, not 1" in totals, "a game rule, in the totals"
    assert "Say who took the last fish" in slot(html, "trigger_seat")


def test_the_live_check_shows_problems_but_not_blanks(client, user):
    data = {**HTR_SEATS, "s0-pairs_left": "1", "s0-penalties": "30"}
    html = client.post(reverse("record_preview", args=["hot_tin_roof"]), data).content.decode()
    assert "15 cans for each pair left" in slot(html, "s0-penalties")
    assert "required" not in slot(html, "s1-cans")
    assert 'hx-swap-oob="true"' in html and 'role="status"' in html


def test_rat_a_tat_cat_every_missing_or_impossible_score_at_once(client, user):
    data = {"played_on": "2026-11-28", "seats": "2", "seat-0-new": "Ann", "seat-1-new": "Bob", "action": "save",
            "end": "rounds", "rounds": "3", "round_count": "3", "r0-s0": "7", "r0-s1": "5", "r1-s0": "3",
            "r2-s1": "6"}
    html = client.post(reverse("record_new", args=["rat_a_tat_cat"]), data).content.decode()
    assert "The score is missing" in slot(html, "r1-s1")
    assert "The score is missing" in slot(html, "r2-s0")
    assert not GameRecord.objects.exists()


# --- Cat Tower: the cat points ------------------------------------------------------------------------------


def test_cat_points_follow_the_rules_house_rule():
    # The rules: houses marked so far (this one included) x hexes of the cat's item; the house cat counts houses.
    assert cat_points("mouse", 1, 2) == 2
    assert cat_points("yarn", 3, 4) == 12
    assert cat_points("house", 3, 0) == 9


def cat_data(**marks) -> dict:
    data = {"played_on": "2026-11-28", "seats": "2", "seat-0-new": "Mia", "seat-1-new": "Leo", "action": "save",
            "columns_to_end": "3"}
    data.update(marks)
    return data


def test_cat_tower_pad_works_out_the_cat_points_as_typed(client, user):
    data = cat_data(**{"s0-hex-1-1": "mouse", "s0-hex-3-1": "mouse", "s0-hex-2-2": "house", "s0-cat0": "mouse",
                       "s0-hex-5-3": "house", "s0-cat1": "house"})
    html = client.post(reverse("record_preview", args=["cat_tower"]), data).content.decode()
    assert re.search(r'id="s0-catpoints0"[^>]*>[^<]*= 2<', html), html[-3000:]
    assert re.search(r'id="s0-catpoints1"[^>]*>[^<]*= 4<', html)
    assert re.search(r'data-seat="0" data-category="cats">6<', html)


def test_cat_tower_cat_lines_must_match_the_houses(client, user):
    data = cat_data(**{"s0-hex-2-2": "house", "s0-hex-5-3": "house", "s0-cat0": "yarn", "s0-catitems0": "2",
                       "s0-cat2": "mouse"})
    html = client.post(reverse("record_new", args=["cat_tower"]), data).content.decode()
    assert "At most 0" in slot(html, "s0-catitems0")
    assert "Choose the cat of house 2" in slot(html, "s0-cat1")
    assert "house 3, which scored this cat, is not there" in slot(html, "s0-cat2")


def test_cat_tower_tally_equals_the_engine_on_a_played_game(client, user):
    """A game played out by the engine, copied onto the pad line by line: the pad scores what the engine did."""
    from games.registry import BY_SLUG
    from tests.playouts import bot_playout
    state = bot_playout(BY_SLUG["cat_tower"], 2, {}, 7)[-1]
    outcome = cat_engine.outcome(state)
    final = cat_engine.final(state)
    initial = CatTowerPad.initial_pad(final, {})
    data = {"played_on": "2026-11-28", "seats": "2", "seat-0-new": "Mia", "seat-1-new": "Leo", "action": "save",
            **{key: "" if value is None else str(value) for key, value in initial.items()}, "columns_to_end": "3"}
    response = client.post(reverse("record_new", args=["cat_tower"]), data)
    html = response.content.decode()
    assert response.status_code == 302, re.findall(r'<ul class="errorlist">(.*?)</ul>', html)
    record = GameRecord.objects.get()
    assert record.record["result"]["scores"] == outcome["scores"]
    assert record.record["result"]["breakdown"] == outcome["breakdown"]


# --- unfinished plays -----------------------------------------------------------------------------------------


def test_an_unfinished_cat_tower_game_is_kept_but_counts_nowhere(client, user):
    data = cat_data(**{"s0-hex-1-1": "mouse"})
    refused = client.post(reverse("record_new", args=["cat_tower"]), data)
    assert "no sheet has yet" in refused.content.decode() and not GameRecord.objects.exists()
    saved = client.post(reverse("record_new", args=["cat_tower"]), {**data, "unfinished": "on"})
    assert saved.status_code == 302
    record = GameRecord.objects.get()
    assert record.unfinished and record.record["result"]["scores"] == [1, 0]
    assert not RatingChange.objects.exists()
    mia = record.participants.get(seat=0).profile
    assert stats.per_game(mia) == []
    assert "unfinished" in client.get(reverse("history")).content.decode()
    assert "stopped before its end" in client.get(record.get_absolute_url()).content.decode()
    assert client.get(reverse("export_record", args=[record.pk])).status_code == 404
