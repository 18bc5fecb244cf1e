"""Do the history, player, statistics and leaderboard pages stay flat as the history grows? p50 per page, per size.

Run: `.venv/bin/python benchmarks/history.py`. Options: `--sizes 10000,100000` (recorded matches; the history is
built up to each size in turn and every page measured there), `--players N` (default 500), `--alice N` (the
measured player's own matches, default 330, all within the first size), `--samples N` (default 30), `--warmup N`
(default 3), `--seed N`. On PostgreSQL: `--database-url postgres://.../topcat_x_bench --empty-database` (it drops
every table of that database first; without the flag it refuses). Without it: a temporary SQLite file, whatever
DATABASE_URL says.

Setup, untimed (its time is printed): migrated, `--players` profiles (a few with accounts), then matches of the
four games written, rated and summarised in one pass (benchmarks/history_build.py: COPY on PostgreSQL), then
VACUUM ANALYZE. The measured player, @alice, plays `--alice` matches among the first size's and none after: "a
player's page depends only on that player's own records".

Timed: GET of each page through django.test.Client, one sample of each per round in a rotating order; the
yardsticks are the login page and one record's page, which read nothing that grows. Prints p50 and queries per
page per size (and, on SQLite, the database's work: its virtual machine's steps, in thousands), then each page's
growth from the first size to the last beside the yardsticks'. Exits 1 when a page grows more than 1.3 times as
much as the yardsticks do, or when a page's p50 at the last size is 100 ms or more (the export's: 1 s).

tests/scoring/test_history_growth.py runs a small version on every build: the same generator and pages at two
sizes, asserting equal query counts and flat work.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

P50_LIMIT_MS = 100.0
EXPORT_LIMIT_MS = 1000.0  # a download: its whole body within the second its first byte must come in
GROWTH_LIMIT = 1.3


def pages(alice_user) -> dict[str, tuple]:
    """The measured pages: (client, url) each, the yardsticks first."""
    from django.test import Client

    from scoring.models import GameRecord

    anonymous, owner = Client(), Client()
    owner.force_login(alice_user)  # no login form: the login throttle has nothing to count
    alices_first = GameRecord.objects.filter(participants__profile__user=alice_user).order_by("pk").first()
    total = GameRecord.objects.order_by("-pk").values_list("pk", flat=True).first()
    return {
        "yardstick: login page": (anonymous, "/accounts/login/"),
        "yardstick: one record": (anonymous, f"/history/{alices_first.pk}/"),
        "history": (anonymous, "/history/"),
        "history, an older page": (anonymous, f"/history/?before={total // 2}"),
        "history of a game": (anonymous, "/history/?game=cat_tower"),
        "history of alice": (anonymous, "/history/?player=alice"),
        "player alice": (anonymous, "/players/alice/"),
        "player alice, as alice": (owner, "/players/alice/"),
        "stats": (anonymous, "/stats/"),
        "leaderboard": (anonymous, "/stats/cat_tower/"),
        "export alice (JSON)": (anonymous, "/records/player/alice.json"),
    }


def measure(client, url: str) -> tuple[float, int, int, float]:
    """(milliseconds, queries, database work, CPU milliseconds) of one GET; work is SQLite's VM steps in thousands
    (0 elsewhere); CPU is this process's (the site's Python, not the database server's), which a busy machine
    blurs much less than the time."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    steps = [0]
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        connection.connection.set_progress_handler(lambda: steps.__setitem__(0, steps[0] + 1) or 0, 1000)
    try:
        with CaptureQueriesContext(connection) as captured:
            t0, cpu0 = time.perf_counter_ns(), time.process_time_ns()
            response = client.get(url)
            if response.streaming:
                for _part in response.streaming_content:
                    pass
            elapsed, cpu = (time.perf_counter_ns() - t0) / 1e6, (time.process_time_ns() - cpu0) / 1e6
    finally:
        if connection.vendor == "sqlite":
            connection.connection.set_progress_handler(None, 1000)
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    return elapsed, len(captured), steps[0], cpu


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run_pages(measured: dict[str, tuple], samples: int, warmup: int) -> dict[str, dict]:
    """Each page `samples` times, interleaved: p50, p95, CPU p50, queries and work per page."""
    order = list(measured)
    times: dict[str, list[float]] = {name: [] for name in order}
    cpus: dict[str, list[float]] = {name: [] for name in order}
    last: dict[str, tuple] = {}
    for _ in range(warmup):
        for name in order:
            measure(*measured[name])
    for i in range(samples):
        for name in order[i % len(order):] + order[:i % len(order)]:
            elapsed, queries, work, cpu = measure(*measured[name])
            times[name].append(elapsed)
            cpus[name].append(cpu)
            last[name] = (queries, work)
    return {name: {"p50": percentile(times[name], .5), "p95": percentile(times[name], .95),
                   "cpu": percentile(cpus[name], .5),
                   "queries": last[name][0], "work": last[name][1]} for name in order}


def measure_only(args) -> int:
    """The pages of a history built before (after a change to the site: no second build of a million matches)."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection

    from scoring.models import GameRecord

    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    size = GameRecord.objects.count()
    print(f"{connection.vendor}, {size} matches, load average {load}", flush=True)
    results = run_pages(pages(get_user_model().objects.get(username="alice")), args.samples, args.warmup)
    for name, row in results.items():
        print(f"{name:<28}{row['p50']:>10.1f} ms p50{row['p95']:>10.1f} ms p95{row['cpu']:>8.1f} ms CPU p50 "
              f"({row['queries']} queries)")
    return 0


def empty_postgres() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--alice", type=int, default=330)
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default="", help="PostgreSQL database of the benchmark's own")
    parser.add_argument("--empty-database", action="store_true")
    parser.add_argument("--measure-only", action="store_true",
                        help="measure the history an earlier run built in --database-url as it is (one size)")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]

    from benchmarks import fresh_django

    keep = fresh_django.setup("topcat-bench-history-", args.database_url)  # noqa: F841  (the SQLite file's directory)
    import django
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    if args.measure_only:
        return measure_only(args)
    if connection.vendor == "postgresql":
        if not args.empty_database:
            raise SystemExit("On PostgreSQL this benchmark drops every table of the database: say --empty-database")
        empty_postgres()
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    call_command("migrate", verbosity=0, interactive=False)
    from benchmarks.history_build import History, make_players

    alice_user, profiles = make_players(args.players)
    alice_at = set(random.Random(args.seed + 1).sample(range(sizes[0]), args.alice))
    history = History(profiles, random.Random(args.seed), alice_at=alice_at)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Top Cat history benchmark - Python {sys.version.split()[0]}, Django {django.get_version()}, "
          f"{connection.vendor}, {os.cpu_count()} CPUs, load average {load}; {args.players} players, alice in "
          f"{args.alice} matches")
    results = {}
    for size in sizes:
        started = time.perf_counter()
        changes = history.grow(size)
        written = time.perf_counter() - started
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
        print(f"built {size} matches in {time.perf_counter() - started:.0f} s (written in {written:.0f} s, then "
              f"VACUUM ANALYZE; {changes} rating changes), "
              f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        results[size] = run_pages(pages(alice_user), args.samples, args.warmup)
        print("  " + "; ".join(f"{name} {row['p50']:.1f} ms ({row['queries']})" for name, row in results[size].items()),
              flush=True)

    names = list(results[sizes[0]])
    print()
    print(f"{'page: p50 / CPU ms (queries, work)':<34}" + "".join(f"{size:>28}" for size in sizes) + f"{'growth':>9}")
    growth = {}
    for name in names:
        cells = []
        for size in sizes:
            row = results[size][name]
            work = f", {row['work']}k" if row["work"] else ""
            cells.append(f"{row['p50']:.1f} / {row['cpu']:.1f} ({row['queries']}{work})")
        growth[name] = results[sizes[-1]][name]["p50"] / results[sizes[0]][name]["p50"]
        print(f"{name:<34}" + "".join(f"{cell:>28}" for cell in cells) + f"{growth[name]:>8.2f}x")
    yardstick = max(1.0, max(g for name, g in growth.items() if name.startswith("yardstick")))
    failed = [name for name, g in growth.items() if g > GROWTH_LIMIT * yardstick]
    slow = [name for name in names
            if results[sizes[-1]][name]["p50"] >= (EXPORT_LIMIT_MS if name.startswith("export") else P50_LIMIT_MS)]
    print()
    if failed or slow:
        print(f"FAIL: grew more than {GROWTH_LIMIT}x the yardsticks: {', '.join(failed) or 'none'}; "
              f"p50 over its limit: {', '.join(slow) or 'none'}")
        return 1
    print(f"OK: no page grew more than {GROWTH_LIMIT}x the yardsticks ({yardstick:.2f}x), every p50 under "
          f"{P50_LIMIT_MS:g} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
