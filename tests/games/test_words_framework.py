"""The framework speaks through each game's words module: new-match form labels, log lines, refused moves; and
matches saved before the engines spoke in events (log entries {"seat", "text"}) still show as they were."""
import html
import json

import pytest
from django import forms

from games import lobby
from games.forms import NewMatchForm, option_field
from games.lobby import SeatPlan
from games.registry import get
from scoring.transfer_views import _replay_views

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
OLD_RAT_LOG = [{"seat": None, "text": "Round 1: {seat:1} deals."},
               {"seat": 0, "text": "took the 4 from the discard pile and put it in position 3, discarding an 8"}]
OLD_TOWER_LOG = [{"seat": 0, "text": "rolled 6, 4, 3 to start round 1"}, {"seat": 0, "text": "took the 6"}]


def test_the_new_match_form_labels_options_from_the_words_module():
    form = NewMatchForm(get("rat_a_tat_cat"))
    end = form.fields["option_end"]
    assert end.label == "The game ends by" and "Elimination: a player reaching" in str(end.help_text)
    assert [(value, str(label)) for value, label in end.choices] == [
        ("rounds", "Rounds"), ("time", "Time"), ("elimination", "Elimination")]
    assert isinstance(form.fields["option_memory_aid"], forms.BooleanField)
    assert form.fields["option_memory_aid"].label == "Memory aid"
    rounds = form.fields["option_rounds"]
    assert (rounds.label, rounds.min_value, rounds.max_value, rounds.initial) == ("Rounds", 1, 20, 5)
    columns = NewMatchForm(get("cat_tower")).fields["option_columns_to_end"]
    assert (columns.label, columns.min_value, columns.max_value, columns.initial) == (
        "Complete columns that end the game", 1, 5, 3)


def test_an_option_without_words_is_labelled_by_its_name():
    field = option_field("house_rules", {"default": "strict", "choices": ["strict", "lax_ish"]})
    assert field.label == "House rules" and field.choices == [("strict", "Strict"), ("lax_ish", "Lax ish")]


def test_the_match_page_puts_the_events_into_words(client, duel, mia):
    client.force_login(mia)
    page = html.unescape(client.get(f"/matches/{duel.pk}/").content.decode())
    assert "Round 1: leo deals." in page


def test_a_refused_move_is_explained_by_the_words_module(client, duel, mia):
    client.force_login(mia)
    data = {"seat": 0, "version": duel.version, "action": json.dumps({"type": "replace", "position": 0})}
    response = client.post(f"/matches/{duel.pk}/move/", data, **HTMX)
    assert response.status_code == 400
    assert "Not now: take the top discard or draw a card." in html.unescape(response.content.decode())


def with_old_log(state, old_log):
    """The state as saved before events: its log in English and no count of logged events."""
    state = json.loads(json.dumps(state))
    state["log"] = list(old_log)
    state.pop("logged", None)
    return state


def test_a_rat_a_tat_cat_match_saved_before_events_still_shows_its_log(client, duel, mia):
    duel.state = with_old_log(duel.state, OLD_RAT_LOG)
    duel.save()
    client.force_login(mia)
    page = html.unescape(client.get(f"/matches/{duel.pk}/").content.decode())
    assert "took the 4 from the discard pile and put it in position 3, discarding an 8" in page
    assert "Round 1: leo deals." in page


def test_a_cat_tower_match_saved_before_events_still_shows_its_log(client, mia, leo):
    match = lobby.create_match(host=mia, game="cat_tower", options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    match.refresh_from_db()
    match.state = with_old_log(match.state, OLD_TOWER_LOG)
    match.save()
    client.force_login(mia)
    page = html.unescape(client.get(f"/matches/{match.pk}/").content.decode())
    assert "rolled 6, 4, 3 to start round 1" in page and "took the 6" in page


@pytest.mark.parametrize("slug, old_log", [("rat_a_tat_cat", OLD_RAT_LOG), ("cat_tower", OLD_TOWER_LOG)])
def test_a_replay_of_a_state_saved_before_events_shows_its_log(slug, old_log):
    game = get(slug)
    state = with_old_log(game.engine.new_game(2, 5, {}), old_log)
    lines = _replay_views(game, state, ["Mia", "Leo"])["log"]
    assert lines[-1] == f"Mia {old_log[-1]['text']}"
    assert "{seat:" not in " ".join(lines)


def test_the_rat_a_tat_cat_table_names_a_drawn_card_with_its_article(client, duel, mia):
    duel.state = {**duel.state, "phase": "decide", "drawn": 8, "draws_left": 1, "peeking": []}
    duel.save()
    client.force_login(mia)
    page = html.unescape(client.get(f"/matches/{duel.pk}/").content.decode())
    assert "You drew an 8: choose one of your cards to replace it, or discard it." in page
