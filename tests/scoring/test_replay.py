"""The replay of an online match: step N is the engine's state after N moves, with every seat's cards shown."""
import copy
import re

import pytest
from django.urls import reverse

from games.cat_tower.engine import TOWER
from games.log_words import with_names
from games.registry import get
from scoring.records import save_record
from tests.scoring.test_transfer import finished_match, table_record_from

pytestmark = pytest.mark.django_db


def replay_url(pk: int, step=None) -> str:
    url = reverse("record_replay", args=[pk])
    return url if step is None else f"{url}?step={step}"


@pytest.fixture
def match(alice, bob):
    return finished_match(alice, guest=bob)


def engine_states(record: dict) -> list:
    """The states the engine goes through, computed here independently of the replay view."""
    engine = get(record["game"]).engine
    states = [engine.new_game(len(record["seats"]), record["seed"], record["options"])]
    for move in record["moves"]:
        states.append(engine.apply(states[-1], move["seat"], copy.deepcopy(move["action"])))
    return states


def test_every_step_is_the_engines_state_with_every_hand_shown(client, match):
    record = match.game_record.record
    engine = match.engine
    states = engine_states(record)
    assert states[-1] == match.state  # the last step is the final state the match ended in
    for step, state in enumerate(states):
        response = client.get(replay_url(match.game_record.pk, step))
        assert response.status_code == 200
        assert response.context["step"] == step
        assert response.context["state"] == state
        seats = response.context["seats"]
        assert [seat["view"] for seat in seats] == [engine.view(state, seat) for seat in range(2)]
        # Every card of every hand, face down or not, drawn by the game's own table (rat_a_tat_cat/replay.html).
        revealed = response.context["revealed"]
        assert [[card["shown"] for card in row["cards"]] for row in revealed["rows"]] == state["rows"]
        assert "Every card, face up" in response.text
        assert f"Step <strong>{step}</strong> of {len(record['moves'])}" in response.text


def test_step_zero_is_the_deal(client, match):
    record = match.game_record.record
    response = client.get(replay_url(match.game_record.pk))
    assert response.context["state"] == match.engine.new_game(2, record["seed"], record["options"])
    assert "The deal, before the first move." in response.text
    assert '<strong aria-current="step">The deal</strong>' in response.text
    assert '<span class="button small secondary" aria-disabled="true">‹ Previous</span>' in response.text


def test_a_cat_tower_replay_shows_the_pending_marks_everyone_made(client, alice):
    match = finished_match(alice, game="cat_tower")
    record = match.game_record.record
    states = engine_states(record)
    # the first step at which a seat has marked but the others have not: its mark is hidden from the others
    step = next(i for i, s in enumerate(states)
                if any(m and m["type"] == "mark" for m in s["pending"]) and not all(s["pending"]))
    response = client.get(replay_url(match.game_record.pk, step))
    assert response.context["state"] == states[step]
    seat, mark = next((seat, m) for seat, m in enumerate(states[step]["pending"]) if m and m["type"] == "mark")
    sheet = re.search(rf'<section class="ct-sheet[^"]*"[^>]*data-seat="{seat}">(.*?)</section>', response.text, re.S)
    assert f"p-{TOWER.items[mark['item']]}" in sheet.group(1)  # the revealed table draws the mark on its seat's sheet
    assert states[-1]["phase"] == "over"
    assert client.get(replay_url(match.game_record.pk, len(states) - 1)).context["state"] == match.state


def test_the_steps_link_to_each_other_and_the_current_move_is_marked(client, match):
    pk, moves = match.game_record.pk, match.game_record.record["moves"]
    text = client.get(replay_url(pk, 2)).text
    for rel, step in (("first", 0), ("prev", 1), ("next", 3), ("last", len(moves))):
        assert f'href="?step={step}#replay" rel="{rel}"' in text
    current = re.findall(r'<strong aria-current="step">(.*?)</strong>', text)
    assert len(current) == 1 and current[0].startswith(("<b>Alice Cooper</b> ", "<b>Bob Dylan</b> "))
    assert f"Move 2: <b>{['Alice Cooper', 'Bob Dylan'][moves[1]['seat']]}</b>" in text
    last = client.get(replay_url(pk, len(moves))).text
    assert "The match is over." in last
    assert '<span class="button small secondary" aria-disabled="true">Next ›</span>' in last


@pytest.mark.parametrize(("asked", "shown"), [("-4", 0), ("many", 0), ("", 0), ("100000", "last")])
def test_a_step_out_of_range_is_brought_into_it(client, match, asked, shown):
    last = len(match.game_record.record["moves"])
    response = client.get(replay_url(match.game_record.pk, asked))
    assert response.status_code == 200 and response.context["step"] == (last if shown == "last" else shown)


def test_only_online_matches_replay(client, match):
    table = save_record(table_record_from(match.game_record.record))
    assert client.get(replay_url(table.pk)).status_code == 404
    assert client.get(replay_url(999)).status_code == 404


def test_a_record_the_engine_no_longer_accepts_shows_why(client, match):
    record = copy.deepcopy(match.game_record.record)
    record["moves"][0]["action"] = {"type": "fly"}
    stored = save_record(record)
    response = client.get(replay_url(stored.pk, 3))
    assert response.status_code == 200
    assert "This record no longer replays on this site: move 1" in response.text
    assert client.get(replay_url(stored.pk, 0)).status_code == 200


def test_a_game_may_bring_its_own_replay_template(client, match, settings, tmp_path):
    (tmp_path / "rat_a_tat_cat").mkdir()
    (tmp_path / "rat_a_tat_cat" / "replay.html").write_text(
        "<p id=own>{{ step }}: {% for seat in seats %}{{ seat.name }} {{ seat.view.seat }};{% endfor %}"
        " {{ revealed.rows|length }}</p>")
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}]
    text = client.get(replay_url(match.game_record.pk, 1)).text
    assert "<p id=own>1: Alice Cooper 0;Bob Dylan 1; 2</p>" in text
    assert "Everything, revealed" not in text


def test_the_record_page_links_to_the_replay(client, match):
    assert replay_url(match.game_record.pk) in client.get(match.game_record.get_absolute_url()).text


def test_the_latest_log_lines_name_who_acted(client, match):
    last = len(match.game_record.record["moves"])
    log = client.get(replay_url(match.game_record.pk, last)).context["log"]
    assert log[-1].startswith("The game is over: ") and "{seat:" not in " ".join(log)
    # The very last lines may all be the reveal's; a player's own move is named at the step it was made.
    logged = ("discard", "replace", "take_discard", "peek", "swap")
    acted = [m["seq"] for m in match.game_record.record["moves"] if m["action"]["type"] in logged]
    log = client.get(replay_url(match.game_record.pk, acted[0])).context["log"]
    assert any(line.startswith(("Alice Cooper ", "Bob Dylan ")) for line in log)


def public_events(record: dict) -> list[list]:
    """What each move added to the public log, from the engine's states (independently of the view's own walk)."""
    engine = get(record["game"]).engine
    states = engine_states(record)
    logs = [engine.view(state, None)["log"] for state in states]
    assert all(len(log) < 200 for log in logs), "a log this short is never cut, so new events are its tail"
    return [after[len(before):] for before, after in zip(logs, logs[1:], strict=False)]


def test_moves_are_told_in_the_words_of_the_live_log(client, match):
    record = match.game_record.record
    game, names = get("rat_a_tat_cat"), ["Alice Cooper", "Bob Dylan"]
    response = client.get(replay_url(match.game_record.pk))
    lines = response.context["moves"]
    assert len(lines) == len(record["moves"])
    for line, move, events in zip(lines, record["moves"], public_events(record), strict=True):
        if events:
            assert [entry["text"] for entry in line["lines"]] == [
                with_names(game.event_text(event), names) for event in events]
        elif game.words.action(move["action"]):  # told by the game's words (the opening peek memorised)
            assert line["lines"][0]["text"] == with_names(game.words.action(move["action"]), names)
        else:  # nothing public happened (a card drawn face down): the action, positions counted from 1
            assert line["lines"][0]["text"].startswith("chose " + move["action"]["type"].replace("_", " "))
    told = " ".join(entry["text"] for line in lines for entry in line["lines"])
    assert "position 0" not in told and "{seat:" not in told
    assert "Seats: 1. Alice Cooper, 2. Bob Dylan" in response.text


def test_a_move_without_public_words_counts_positions_from_1():
    from scoring.transfer_views import _action_text

    move = {"seq": 3, "seat": 0, "action": {"type": "take_discard", "position": 0}}
    assert _action_text(move, ["Ann", "Ben"]) == "chose take discard (position 1)"
    swap = {"seq": 4, "seat": 0, "action": {"type": "swap", "position": 3, "opponent": 1, "their_position": 0}}
    assert _action_text(swap, ["Ann", "Ben"]) == "chose swap (position 4, opponent Ben, their position 1)"


def test_an_htmx_step_answers_only_the_step(client, match):
    response = client.get(replay_url(match.game_record.pk, 2), HTTP_HX_REQUEST="true")
    text = response.text
    assert text.lstrip().startswith('<div id="replay-step">') and "<html" not in text
    assert 'hx-get="?step=3"' in text and 'hx-push-url="?step=3"' in text
    assert "Step <strong>2</strong>" in text


def test_a_game_may_word_the_moves_its_log_does_not_tell(monkeypatch):
    from types import SimpleNamespace

    from scoring.transfer_views import _move_line

    game = get("rat_a_tat_cat")
    monkeypatch.setattr(game, "words", SimpleNamespace(action=lambda action: "drew from the pile, {seat:1} watching"))
    line = _move_line(game, {"seq": 1, "seat": 0, "action": {"type": "draw"}}, ["Ann", "Ben"], [])
    assert line["lines"] == [{"who": "Ann", "text": "drew from the pile, Ben watching"}]
