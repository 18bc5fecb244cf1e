"""What every game must do, checked for each game the registry knows (a new game joins by being installed).

The engine contract (docs/adding-a-game.md): pure, deterministic, refusing bad moves without change; its record
pad, its rules page, the direction of its scores, and its tally agreeing with its engine.
"""
import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from django import forms
from django.urls import reverse

from games import registry
from games.contract import IllegalAction
from scoring.models import GameRecord

ROOT = Path(__file__).resolve().parents[2]
GAMES = list(registry.GAMES)
PLAYABLE = registry.playable_games()
GARBAGE = [None, [], "take", 7, {}, {"type": None}, {"type": 7}, {"type": "no-such-move"}, {"type": ["draw"]}]
NOT_SEATS = [None, True, 1.0, -1, "0", [0]]


def ids(game):
    return game.slug


def views(engine, state) -> str:
    return json.dumps([engine.view(state, seat) for seat in [None, *range(state_seats(engine, state))]],
                      sort_keys=True)


def state_seats(engine, state) -> int:
    return len(engine.outcome(state)["scores"]) if engine.is_over(state) else state["seats"]


def assert_refused(engine, state, seat, action):
    before = views(engine, state)
    with pytest.raises(IllegalAction):
        engine.apply(state, seat, copy.deepcopy(action))
    assert views(engine, state) == before, f"refusing {action!r} by {seat!r} changed the state"


def playout(engine, seats: int, seed: int, rng: random.Random, *, check: bool):
    """A random game through the contract only; with `check`, bad moves are tried on the way and must change
    nothing. Returns the final state and the moves made."""
    state, moves = engine.new_game(seats, seed, {}), []
    for _ in range(20_000):
        if engine.is_over(state):
            return state, moves
        movers = engine.to_move(state)
        assert movers, "the game is not over, but nobody is to move"
        seat = rng.choice(movers)
        actions = engine.legal_actions(state, seat)
        assert actions, f"seat {seat} is to move but has no legal action"
        json.dumps(actions)
        if check and rng.random() < 0.2:
            assert_refused(engine, state, seat, rng.choice(GARBAGE))
            assert_refused(engine, state, rng.choice(NOT_SEATS), rng.choice(actions))
            assert_refused(engine, state, seats, rng.choice(actions))  # one past the last seat
            idle = [s for s in range(seats) if s not in movers]
            if idle:
                assert_refused(engine, state, rng.choice(idle), rng.choice(actions))
        action = rng.choice(actions)
        before = views(engine, state)
        state_after = engine.apply(state, seat, copy.deepcopy(action))
        assert views(engine, state) == before, "apply changed its input"
        assert json.loads(json.dumps(state_after)) == state_after, "a state must be JSON data (contract.copied)"
        moves.append((seat, action))
        state = state_after
    raise AssertionError("no end after 20,000 moves")


@pytest.mark.parametrize("game", PLAYABLE, ids=ids)
def test_the_engine_imports_no_django_and_reads_no_clock(game):
    script = f"""
import sys, time, random
before = set(sys.modules)
import {game.engine.__name__} as engine
loaded = set(sys.modules) - before
assert not any(m == "django" or m.startswith("django.") for m in loaded), "the engine imports Django"
assert "datetime" not in loaded, "the engine imports datetime"
def clock(*args):
    raise AssertionError("the engine read the clock")
time.time = time.monotonic = time.perf_counter = time.time_ns = time.localtime = time.gmtime = clock
rng = random.Random(3)
state = engine.new_game(engine.MIN_SEATS, 5, {{}})
while not engine.is_over(state):
    seat = rng.choice(engine.to_move(state))
    state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
print("pure")
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.stdout.strip() == "pure", done.stderr


@pytest.mark.parametrize("game", PLAYABLE, ids=ids)
def test_random_games_keep_the_contract_at_every_seat_count(game):
    engine = game.engine
    rng = random.Random(f"contract:{game.slug}")
    for seats in range(engine.MIN_SEATS, engine.MAX_SEATS + 1):
        for seed in range(2):
            state, moves = playout(engine, seats, seed, rng, check=True)
            result, final = engine.outcome(state), engine.final(state)
            assert len(result["scores"]) == len(result["ranks"]) == len(result["breakdown"]) == seats
            assert min(result["ranks"]) == 1
            json.dumps(final)
            # Every breakdown category is declared, so pages and CSV can put them in order.
            assert {key for part in result["breakdown"] for key in part} <= set(game.breakdown)
            # Same seed, same moves: the same game.
            again = engine.new_game(seats, seed, {})
            for seat, action in moves:
                again = engine.apply(again, seat, copy.deepcopy(action))
            assert (engine.final(again), engine.outcome(again)) == (final, result)


@pytest.mark.parametrize("game", PLAYABLE, ids=ids)
def test_new_games_refuse_bad_seat_counts_and_options(game):
    engine = game.engine
    for seats in (engine.MIN_SEATS - 1, engine.MAX_SEATS + 1, float(engine.MIN_SEATS), True, None):
        with pytest.raises(IllegalAction):
            engine.new_game(seats, 1, {})
    for options in ({"no_such_option": 1}, "fast", [("a", 1)]):
        with pytest.raises(IllegalAction):
            engine.new_game(engine.MIN_SEATS, 1, options)
    for name, spec in engine.OPTIONS.items():
        wrong = "yes" if not isinstance(spec["default"], str) else 3
        with pytest.raises(IllegalAction):
            engine.new_game(engine.MIN_SEATS, 1, {name: wrong})
        if type(spec["default"]) is int:
            with pytest.raises(IllegalAction):  # 3.0 is not a whole number here
                engine.new_game(engine.MIN_SEATS, 1, {name: float(spec["default"])})


@pytest.mark.parametrize("game", PLAYABLE, ids=ids)
def test_the_winner_mostly_has_the_best_score_in_the_games_declared_direction(game):
    """`lower_score_wins` (statistics' "best score") agrees with the engine's ranks. Some games rank by more than
    the score (Rat Hot's rats loss), so it is the direction most winners agree with, not every one."""
    engine, rng = game.engine, random.Random(7)
    agree = disagree = 0
    for seed in range(12):
        state, _moves = playout(engine, engine.MIN_SEATS, seed, rng, check=False)
        scores, ranks = engine.outcome(state)["scores"], engine.outcome(state)["ranks"]
        best, worst = (min(scores), max(scores)) if game.lower_score_wins else (max(scores), min(scores))
        if best != worst and scores.count(best) == 1:
            agree += ranks[scores.index(best)] == 1
            disagree += scores.count(worst) == 1 and ranks[scores.index(worst)] == 1
    assert agree > disagree


@pytest.mark.parametrize("game", [g for g in PLAYABLE if g.tally], ids=ids)
def test_the_tally_agrees_with_the_engine_on_finished_games(game):
    """Rules live once: the table tally, given a finished online game's sheet, finds the engine's result. The
    sheet is the record's final, unless the game's online final is not a table sheet (Rat Hot's is the strips
    drawn): then the engine says what the sheet of that game reads (`table_final`)."""
    engine, rng = game.engine, random.Random(11)
    sheet_of = getattr(engine, "table_final", engine.final)
    for seed in range(4):
        state, _moves = playout(engine, engine.MAX_SEATS, seed, rng, check=False)
        options = engine.view(state, None).get("options", {})
        assert game.tally.outcome(sheet_of(state), options) == engine.outcome(state)


# --- The site's pages of each game ------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_the_rules_page_renders(client, game):
    page = client.get(reverse("rules", args=[game.slug]))
    assert page.status_code == 200 and game.name in page.content.decode()


def extreme_pad(pad) -> dict:
    """Every number of the pad at its largest and every menu at its last choice: no game's pad allows that."""
    data = {}
    for name, field in pad.fields.items():
        if name.startswith("seat-") or name in {"played_on", "location", "duration", "notes", "unfinished"}:
            continue
        if isinstance(field, forms.IntegerField):
            data[name] = str(field.max_value if field.max_value is not None else 999)
        elif isinstance(field, forms.BooleanField):
            data[name] = "on"
        elif isinstance(field, forms.ChoiceField):
            flat = [value for value, label in field.choices for value in
                    ([v for v, _ in label] if isinstance(label, list | tuple) else [value])]
            data[name] = str(flat[-1])
    return data


@pytest.mark.django_db
@pytest.mark.parametrize("game", [g for g in GAMES if g.pad], ids=ids)
def test_the_record_pad_renders_and_refuses_an_impossible_pad(client, django_user_model, game):
    user = django_user_model.objects.create_user(username="recorder", password="a-Long-passw0rd")
    client.force_login(user)
    url = reverse("record_new", args=[game.slug])
    page = client.get(url)
    assert page.status_code == 200 and 'name="action" value="save"' in page.content.decode()

    pad = game.pad(user=user, seats=game.min_players)
    data = {"played_on": "2026-11-28", "seats": str(pad.seat_count), "action": "save",
            **{f"seat-{i}-new": f"Player {i + 1}" for i in range(pad.seat_count)}, **extreme_pad(pad)}
    refused = client.post(url, data)
    assert refused.status_code == 200  # the pad again, with its reasons: nothing saved
    assert "errorlist" in refused.content.decode() or 'role="alert"' in refused.content.decode()
    assert not GameRecord.objects.exists()


@pytest.mark.parametrize("game", PLAYABLE, ids=ids)
def test_a_view_keeps_the_recent_log_never_fewer_lines_than_the_table_shows(game):
    """The state keeps the recent log only (the match's moves are the record): once the log is that long, a new
    event pushes out the oldest. It never keeps fewer lines than the table's log shows (tables.LOG_LINES)."""
    from games.tables import LOG_LINES

    engine, rng = game.engine, random.Random(f"log:{game.slug}")
    slid, longest = [], 0
    for seed in range(6):
        state, moves = playout(engine, engine.MAX_SEATS, seed, rng, check=False)
        replayed = engine.new_game(engine.MAX_SEATS, seed, {})
        before = engine.view(replayed, 0)["log"]
        for seat, action in moves:
            replayed = engine.apply(replayed, seat, action)
            log = engine.view(replayed, 0)["log"]
            if log != before and len(log) <= len(before):  # the oldest line went out for a new one
                slid.append(len(log))
            before, longest = log, max(longest, len(log))
    assert all(LOG_LINES <= lines <= 100 for lines in slid), sorted(set(slid))
    # A game whose logs never reach the kept length (Rat Hot's are short) always shows its whole history.
    assert slid or longest < getattr(engine, "LOG_KEPT", longest + 1), "the log stopped growing before it was full"
