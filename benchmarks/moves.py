"""How fast is a move? A move POST end to end against a bare Django view, measured interleaved in one run.

Run: `.venv/bin/python benchmarks/moves.py` (or `make bench`). Options: `--samples N` (default 300),
`--warmup N` (default 30), `--long-moves N` (moves played before the "long match" is measured, default 600),
`--seed N` (the chooser of moves), `--show-sql` (print the SQL of one early and one late move and exit).

Three series, one sample of each per iteration, in a rotating order, through one logged-in django.test.Client
and the site's full middleware stack (sessions, CSRF, auth, profiles, htmx, CSP, ...):

  bare   GET /bench/bare/: a view defined here that returns "<p>ok</p>"
  early  POST /matches/<id>/move/ (htmx) on a fresh hot-seat Rat-a-Tat Cat match (moves 1-40; a new match is
         dealt every 40 moves, outside the timed part)
  long   the same POST on a match that had already made --long-moves moves before measuring started

The process exits 1 when the p50 of a move (early or long) is 3x the bare view's p50 or more, or when a late
move makes more SQL queries than an early one.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import fresh_django  # noqa: E402

_TMP = fresh_django.setup("topcat-bench-")

import django  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import clear_url_caches, include, path  # noqa: E402

GAME = "rat_a_tat_cat"
OPTIONS = {"end": "rounds", "rounds": 20}
EARLY_MATCH_MOVES = 40  # an "early" match is replaced after this many measured moves
RATIO_LIMIT = 3.0


def bare(request):
    return HttpResponse("<p>ok</p>")


def install_urls() -> None:
    """The site's URLs plus the bare view, as a module made here (the site itself is not changed)."""
    module = types.ModuleType("bench_urls")
    module.urlpatterns = [path("bench/bare/", bare), path("", include("catsite.urls"))]
    sys.modules["bench_urls"] = module
    settings.ROOT_URLCONF = "bench_urls"
    # No manifest of collected static files is needed to render pages.
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    clear_url_caches()


class Table:
    """A hot-seat match (the host and a local player) and a seeded chooser of moves that keep it going."""

    def __init__(self, host, rng: random.Random):
        from games import lobby

        self.match = lobby.create_match(host=host, game=GAME, options=OPTIONS,
                                        seats=[lobby.SeatPlan("me"), lobby.SeatPlan("local", name="Leo")])
        self.rng = rng
        self.made = 0

    def next_move(self) -> tuple[int, dict, int] | None:
        """(seat, action, version) of a legal move that does not knock; None when the match is over."""
        from games.models import Match

        match = Match.objects.get(pk=self.match.pk)
        engine = match.engine
        if match.status != Match.PLAYING:
            return None
        seat = engine.to_move(match.state)[0]
        actions = [a for a in engine.legal_actions(match.state, seat) if a["type"] != "knock"]
        return seat, self.rng.choice(actions), match.version

    def play_direct(self, moves: int) -> None:
        """Feed moves through the turn service (no HTTP): the quick way to make a long match."""
        from games import turns

        for _ in range(moves):
            seat, action, version = self.next_move()
            turns.play(match_id=self.match.pk, seat=seat, action=action, version=version)
            self.made += 1


def _raw_state_size(match_id: int) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT length(state) FROM games_match WHERE id = %s", [match_id])
        return cursor.fetchone()[0]


def wait_for_bot_runner() -> None:
    """After a commit the bot runner looks for bots in a worker thread; let it finish outside the timing."""
    from games import bot_runner

    deadline = time.monotonic() + 5
    while bot_runner._running and time.monotonic() < deadline:
        time.sleep(0.0005)


class Series:
    def __init__(self, name: str):
        self.name, self.times, self.queries = name, [], []

    def p(self, q: float) -> float:
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]

    def row(self, bare_p50: float) -> str:
        queries = f"{min(self.queries)}-{max(self.queries)}" if min(self.queries) != max(self.queries) \
            else str(self.queries[0])
        return (f"{self.name:<34} {len(self.times):>5} {self.p(0.5):>8.2f} {self.p(0.95):>8.2f} "
                f"{statistics.fmean(self.times):>8.2f} {self.p(0.5) / bare_p50:>7.2f}x {queries:>8}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--long-moves", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show-sql", action="store_true")
    args = parser.parse_args(argv)

    install_urls()
    call_command("migrate", verbosity=0, interactive=False)

    from django.contrib.auth import get_user_model

    from scoring.services import profile_for

    host = get_user_model().objects.create_user(username="mia", password="a-Long-passw0rd")
    profile_for(host)
    client = Client()
    client.force_login(host)
    rng = random.Random(args.seed)

    early = Table(host, rng)
    long = Table(host, rng)
    started = time.perf_counter()
    long.play_direct(args.long_moves)
    setup_seconds = time.perf_counter() - started

    def post_move(table: Table, series: Series | None):
        move = table.next_move()
        if move is None:  # finished (it should not: nobody knocks); deal a new one, untimed
            return None
        seat, action, version = move
        data = {"seat": str(seat), "version": str(version), "action": json.dumps(action)}
        url = f"/matches/{table.match.pk}/move/"
        connection.queries_log.clear()  # CaptureQueriesContext counts by index into this bounded deque
        with CaptureQueriesContext(connection) as captured:
            t0 = time.perf_counter_ns()
            response = client.post(url, data, HTTP_HX_REQUEST="true")
            elapsed = (time.perf_counter_ns() - t0) / 1e6
        if response.status_code != 200:
            raise SystemExit(f"move {action} on match {table.match.pk} answered {response.status_code}: "
                             f"{response.content[:300]!r}")
        table.made += 1
        wait_for_bot_runner()
        if series is not None:
            series.times.append(elapsed)
            series.queries.append(len(captured))
        return captured

    def get_bare(series: Series | None):
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as captured:
            t0 = time.perf_counter_ns()
            response = client.get("/bench/bare/")
            elapsed = (time.perf_counter_ns() - t0) / 1e6
        assert response.status_code == 200 and response.content == b"<p>ok</p>", response
        if series is not None:
            series.times.append(elapsed)
            series.queries.append(len(captured))

    if args.show_sql:
        for label, table in (("early", early), ("long", long)):
            captured = post_move(table, None)
            print(f"--- one {label} move (match move {table.made}): {len(captured)} queries")
            for query in captured.captured_queries:
                print("   ", query["sql"][:220])
        return 0

    series = {name: Series(name) for name in ("bare", "early", "long")}

    def sample(name: str, timed: bool) -> None:
        nonlocal early
        if name == "bare":
            get_bare(series["bare"] if timed else None)
        elif name == "early":
            if early.made >= EARLY_MATCH_MOVES or post_move(early, series["early"] if timed else None) is None:
                early = Table(host, rng)
        else:
            if post_move(long, series["long"] if timed else None) is None:
                raise SystemExit("the long match finished; nobody should have knocked")

    order = ["bare", "early", "long"]
    for i in range(args.warmup):
        for name in order[i % 3:] + order[:i % 3]:
            sample(name, timed=False)
    early = Table(host, rng)
    early_start = long.made
    i = 0
    while min(len(s.times) for s in series.values()) < args.samples:
        for name in order[i % 3:] + order[:i % 3]:
            if len(series[name].times) < args.samples:
                sample(name, timed=True)
        i += 1

    bare_p50 = series["bare"].p(0.5)
    ratio = series["early"].p(0.5) / bare_p50
    long_ratio = series["long"].p(0.5) / bare_p50
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Top Cat move benchmark - Python {sys.version.split()[0]}, Django {django.get_version()}, "
          f"{connection.vendor}, DEBUG={settings.DEBUG}, {os.cpu_count()} CPUs, load average {load}")
    print(f"long match: {early_start} moves fed through games.turns.play in {setup_seconds:.1f}s "
          f"before measuring, {long.made} at the end; state JSON {_raw_state_size(long.match.pk)} bytes "
          f"(an early match: {_raw_state_size(early.match.pk)} bytes at move {early.made})")
    print()
    print(f"{'request (ms)':<34} {'n':>5} {'p50':>8} {'p95':>8} {'mean':>8} {'vs bare':>8} {'queries':>8}")
    labels = {"bare": "bare view GET /bench/bare/", "early": "move, early (moves 1-40)",
              "long": f"move, long match (moves {early_start + 1}+)"}
    for name in order:
        series[name].name = labels[name]
        print(series[name].row(bare_p50))
    print("queries: SQL of the request's own thread; after each move the bot runner makes 2 more in its worker thread")
    print()
    print(f"move p50 / bare p50 = {ratio:.2f} early, {long_ratio:.2f} long (limit < {RATIO_LIMIT:g}); "
          f"long / early move p50 = {long_ratio / ratio:.2f}")
    failed = False
    if max(ratio, long_ratio) >= RATIO_LIMIT:
        print(f"FAIL: a move takes {max(ratio, long_ratio):.2f}x the bare view at p50 (limit {RATIO_LIMIT:g}x)")
        failed = True
    if max(series["long"].queries) > max(series["early"].queries):
        print("FAIL: a move late in a match makes more SQL queries than an early one")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
