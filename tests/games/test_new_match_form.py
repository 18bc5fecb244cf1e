"""The new-match form shows each option with the condition under which it matters, and does not let a field the
page hid refuse the match."""
import pytest

from games import registry
from games.forms import NewMatchForm
from games.models import Match

pytestmark = pytest.mark.django_db
SEATS = {"seat_0": "me", "seat_1": "bot:easy"}


def test_each_option_says_when_it_matters():
    rows = {row["field"].name: row["when"] for row in NewMatchForm(registry.get("rat_a_tat_cat")).option_rows()}
    assert rows == {"option_end": {}, "option_rounds": {"option_end": "rounds"},
                    "option_limit": {"option_end": "elimination"}, "option_memory_aid": {},
                    "minutes": {"option_end": "time"}}


def test_the_page_marks_the_rows_for_the_script(client, mia):
    client.force_login(mia)
    page = client.get("/play/new/rat_a_tat_cat/").text
    assert 'data-when="{&quot;option_end&quot;:&quot;rounds&quot;}"' in page
    assert 'data-when="{&quot;option_end&quot;:&quot;elimination&quot;}"' in page
    assert "js/options.js" in page


def test_an_option_that_does_not_apply_cannot_refuse_the_match(client, mia):
    client.force_login(mia)
    response = client.post("/play/new/rat_a_tat_cat/", SEATS | {
        "option_end": "rounds", "option_rounds": 3, "option_limit": "lots"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.options["rounds"] == 3 and match.options["limit"] == 100


def test_an_option_that_applies_is_checked(client, mia):
    client.force_login(mia)
    response = client.post("/play/new/rat_a_tat_cat/", SEATS | {
        "option_end": "elimination", "option_rounds": "", "option_limit": "lots"})
    assert response.status_code == 400 and not Match.objects.exists()
    assert "Enter a whole number." in response.text
    response = client.post("/play/new/rat_a_tat_cat/", SEATS | {
        "option_end": "elimination", "option_rounds": "", "option_limit": 60})
    assert response.status_code == 302
    assert Match.objects.get().options == {"end": "elimination", "rounds": 5, "limit": 60, "memory_aid": False}


@pytest.mark.parametrize("slug", ["hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"])
def test_every_game_offers_three_bot_levels_weakest_first_in_both_languages(client, mia, slug):
    client.force_login(mia)
    english = client.get(f"/play/new/{slug}/", HTTP_ACCEPT_LANGUAGE="en").text
    assert english.index("Bot: easy") < english.index("Bot: medium") < english.index("Bot: good")
    chinese = client.get(f"/play/new/{slug}/", HTTP_ACCEPT_LANGUAGE="zh-Hant").text
    assert "普通" in chinese and "簡單" in chinese and "厲害" in chinese
    game = registry.get(slug)
    defaults = {name: field.initial for name, field in NewMatchForm(game).fields.items() if field.initial is not None}
    others = {f"seat_{i}": "bot:good" for i in range(2, game.engine.MIN_SEATS)}
    response = client.post(f"/play/new/{slug}/", defaults | {"seat_0": "me", "seat_1": "bot:medium"} | others)
    assert response.status_code == 302
    seat = Match.objects.get().seats.get(index=1)
    assert (seat.bot_level, seat.label) == ("medium", "Medium bot")
