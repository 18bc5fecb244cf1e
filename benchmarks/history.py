"""How fast are the history, player and leaderboard pages with a long history? p50/p95 per page, interleaved.

Run: `.venv/bin/python benchmarks/history.py`. Options: `--matches N` (default 10000), `--players N` (default
40), `--samples N` (default 60), `--warmup N` (default 5), `--seed N`, `--show-sql` (print each page's SQL with
its time, then exit).

Setup, untimed: a fresh temporary SQLite file, migrated; `--players` profiles (a few with accounts, the rest
table players) with skewed activity so the measured player, @alice, sits at about a third of all matches;
`--matches` finished matches of the four games (2-4 seats, some bots and guests; online ones carry a move list
like a real record) written with bulk_create, then rated in one pass by `scoring.ratings.rebuild_ratings`.

Timed: GET of each page through django.test.Client (anonymous, and the player page also logged in as its owner),
one sample of each per round in a rotating order. Prints p50, p95, mean and queries per page, and exits 1 when
any page's p50 is 150 ms or more.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import fresh_django  # noqa: E402

_TMP = fresh_django.setup("topcat-bench-history-")

import django  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

P50_LIMIT_MS = 150.0
GAMES = {"hot_tin_roof": (3, 4), "rat_a_tat_cat": (2, 6), "cat_tower": (2, 4), "rat_hot": (2, 2)}
START = dt.datetime(2024, 1, 1, 19, 0, tzinfo=dt.UTC)


def make_players(count: int):
    from django.contrib.auth import get_user_model

    from scoring.models import PlayerProfile
    from scoring.services import sign_up

    alice = sign_up(username="alice", email="alice@example.com", password="a-Long-passw0rd",
                    display_name="Alice Cooper", handle="alice")
    registered = [alice.profile]
    for i in range(1, min(8, count)):
        registered.append(sign_up(username=f"user{i}", email=f"u{i}@example.com", password="a-Long-passw0rd",
                                  display_name=f"Player {i}", handle=f"player-{i}").profile)
    table = PlayerProfile.objects.bulk_create(
        PlayerProfile(handle=f"table-{i}", display_name=f"Table player {i}", created_by=alice)
        for i in range(count - len(registered))
    )
    return get_user_model().objects.get(username="alice"), registered + table


def record_json(game: str, source: str, seats: list[dict], scores: list[int], ranks: list[int], rng, when) -> dict:
    record = {
        "format": "catsite-record/1", "game": game, "source": source, "options": {}, "seats": seats,
        "started_at": (when - dt.timedelta(minutes=40)).isoformat(), "finished_at": when.isoformat(),
        "final": {}, "result": {"scores": scores, "ranks": ranks, "breakdown": [{"total": s} for s in scores]},
    }
    if source == "online":
        record["seed"] = rng.randrange(1 << 30)
        record["moves"] = [{"seq": i + 1, "seat": i % len(seats), "action": {"type": "draw", "pile": "deck"}}
                           for i in range(rng.randint(20, 120))]
    return record


def make_history(matches: int, profiles, rng) -> None:
    """Matches written with bulk_create (records, then seats), then rated in one pass."""
    from scoring.models import GameRecord, Participant
    from scoring.ratings import rebuild_ratings

    weights = [30] + [rng.uniform(1, 8) for _ in profiles[1:]]  # alice plays about a third of all matches
    records, seat_rows = [], []
    for i in range(matches):
        game = rng.choice(list(GAMES))
        low, high = GAMES[game]
        size = rng.randint(low, high)
        people: list = []
        while len(people) < size - (1 if rng.random() < .25 else 0):
            who = rng.choices(profiles, weights)[0]
            if who not in people:
                people.append(who)
        seated = people + ["bot"] * (size - len(people))
        rng.shuffle(seated)
        scores = [rng.randint(0, 60) for _ in seated]
        order = sorted(set(scores), reverse=game != "rat_a_tat_cat")
        ranks = [order.index(score) + 1 for score in scores]
        when = START + dt.timedelta(minutes=97 * i)
        source = rng.choice(["online", "table"])
        seats = [{"seat": s, "name": "Easy bot" if who == "bot" else who.display_name,
                  "player": None if who == "bot" else who.handle, "bot": "easy" if who == "bot" else None}
                 for s, who in enumerate(seated)]
        records.append(GameRecord(game=game, source=source, played_at=when,
                                  record=record_json(game, source, seats, scores, ranks, rng, when)))
        seat_rows.append([(None if who == "bot" else who, seat["name"], seat["bot"] or "", score, rank)
                          for who, seat, score, rank in zip(seated, seats, scores, ranks, strict=True)])
    saved = GameRecord.objects.bulk_create(records, batch_size=500)
    Participant.objects.bulk_create(
        (Participant(game_record=record, seat=s, profile=who, name=name, bot=bot, score=score, rank=rank)
         for record, rows in zip(saved, seat_rows, strict=True)
         for s, (who, name, bot, score, rank) in enumerate(rows)),
        batch_size=2000,
    )
    return rebuild_ratings()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show-sql", action="store_true")
    args = parser.parse_args(argv)

    # No manifest of collected static files is needed to render pages.
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    call_command("migrate", verbosity=0, interactive=False)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    alice, profiles = make_players(args.players)
    changes = make_history(args.matches, profiles, rng)
    setup_seconds = time.perf_counter() - started

    from scoring.models import GameRecord, Participant

    anonymous, owner = Client(), Client()
    owner.force_login(alice)
    pages = {
        "player /players/alice/": (anonymous, "/players/alice/"),
        "player, logged in as alice": (owner, "/players/alice/"),
        "history /history/": (anonymous, "/history/"),
        "history ?player=alice&page=40": (anonymous, "/history/?player=alice&page=40"),
        "leaderboard /stats/cat_tower/": (anonymous, "/stats/cat_tower/"),
        "stats index /stats/": (anonymous, "/stats/"),
    }
    times: dict[str, list[float]] = {name: [] for name in pages}
    counts: dict[str, int] = {}

    def get(name: str, timed: bool) -> None:
        client, url = pages[name]
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as captured:
            t0 = time.perf_counter_ns()
            response = client.get(url)
            elapsed = (time.perf_counter_ns() - t0) / 1e6
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}")
        if timed:
            times[name].append(elapsed)
            counts[name] = len(captured)
        if args.show_sql and timed:
            print(f"--- {name}: {len(captured)} queries, {elapsed:.1f} ms")
            for query in captured.captured_queries:
                print(f"    {query['time']:>6}s {query['sql'][:200]}")

    if args.show_sql:
        connection.force_debug_cursor = True
        for name in pages:
            get(name, timed=False)
            get(name, timed=True)
        return 0

    order = list(pages)
    for _ in range(args.warmup):
        for name in order:
            get(name, timed=False)
    for i in range(args.samples):
        for name in order[i % len(order):] + order[:i % len(order)]:
            get(name, timed=True)

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    db_size = Path(os.environ["SQLITE_PATH"]).stat().st_size / 1e6
    print(f"Top Cat history benchmark - Python {sys.version.split()[0]}, Django {django.get_version()}, "
          f"{connection.vendor}, DEBUG={settings.DEBUG}, {os.cpu_count()} CPUs, load average {load}")
    print(f"setup {setup_seconds:.1f}s: {GameRecord.objects.count()} matches, {Participant.objects.count()} seats, "
          f"{changes} rating changes, {len(profiles)} players; alice in "
          f"{Participant.objects.filter(profile__handle='alice').count()} matches; database {db_size:.0f} MB")
    print()
    print(f"{'page (ms)':<34} {'n':>5} {'p50':>8} {'p95':>8} {'mean':>8} {'queries':>8}")
    failed = []
    for name in order:
        p50 = percentile(times[name], .5)
        print(f"{name:<34} {len(times[name]):>5} {p50:>8.2f} {percentile(times[name], .95):>8.2f} "
              f"{statistics.fmean(times[name]):>8.2f} {counts[name]:>8}")
        if p50 >= P50_LIMIT_MS:
            failed.append(name)
    print()
    if failed:
        print(f"FAIL: p50 of {', '.join(failed)} is {P50_LIMIT_MS:g} ms or more")
        return 1
    print(f"OK: every page's p50 is under {P50_LIMIT_MS:g} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
