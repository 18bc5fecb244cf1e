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

`--count N` counts instead of timing, the same on a busy machine as on an idle one (issue "Live play as fast as
the floor"): N moves of a two-player match of two users with a websocket each (`--spectators S` more), posted
through Django's ASGI handler as the server runs them, pushed through the in-memory channel layer to the
consumers and read from the sockets, after `--count-warmup` moves (20); `--target floor` does the same with the
floor of benchmarks/load.py (benchmarks/floor.py). The match's seed and its moves are fixed (`--seed`). It
prints one JSON line: Python function calls (cProfile in every thread: the loop's, each request's, the
consumers'), SQL statements, table renders and bytes sent to the sockets over the N moves; `--top K --sort
calls|own|cumulative` adds the K heaviest functions per move; `--tables-once` renders each viewpoint's table once
and hands it out again unchanged after (what the site's move costs outside its tables).
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
# --count --game: each game's fewest seats and options that keep a match going (as load.py plays them)
COUNTED = {"rat_a_tat_cat": (2, OPTIONS), "hot_tin_roof": (3, {}), "cat_tower": (2, {}),
           "rat_hot": (2, {"rats": False})}
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
    parser.add_argument("--count", type=int, default=0, help="deterministic counts of this many moves (below)")
    parser.add_argument("--count-warmup", type=int, default=20)
    parser.add_argument("--game", choices=sorted(COUNTED), default=GAME,
                        help="with --count: the game played (its fewest seats, a user and a socket each)")
    parser.add_argument("--target", choices=("site", "floor"), default="site")
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--top", type=int, default=0, help="with --count: the N functions with most own time")
    parser.add_argument("--sort", choices=("calls", "own", "cumulative"), default="own", help="the order of --top")
    parser.add_argument("--tables-once", action="store_true",
                        help="with --count: each audience's table rendered at its first push only and handed out "
                             "again unchanged after: what the site's move costs outside its tables")
    parser.add_argument("--no-profile", dest="target_profile", action="store_false",
                        help="with --count: no cProfile (queries, renders, bytes, and the process's CPU per "
                             "move, which includes the test client's work and varies with the machine's load)")
    args = parser.parse_args(argv)

    install_urls()
    call_command("migrate", verbosity=0, interactive=False)
    if args.count:
        return count_main(args)

    from django.contrib.auth import get_user_model

    from scoring.services import profile_for

    host = get_user_model().objects.create_user(username="mia")  # no password: logged in by force_login
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


# ---------------------------------------------------------------- --count: deterministic counts of a move end to end

class ThreadProfiles:
    """cProfile in every thread (the event loop's and each sync thread asgiref starts for a request or a consumer's
    database call), so that the counts of a move cover all of its work. Read with `totals()`, which subtracts what
    had been counted when `start()` was called."""

    def __init__(self):
        import cProfile
        import threading

        self.profiles, self.base = [], {}
        self._make = cProfile.Profile

        def first_event(*_):  # runs once in each new thread: that thread's own profiler replaces this hook
            profile = self._make()
            self.profiles.append(profile)
            profile.enable()

        threading.setprofile(first_event)
        first_event()  # this thread too

    @staticmethod
    def _aggregate(profile) -> dict:
        found = {}
        for entry in profile.getstats():
            code = entry.code
            key = code if isinstance(code, str) else f"{code.co_filename}:{code.co_firstlineno}({code.co_name})"
            calls, inline, cumulative = found.get(key, (0, 0.0, 0.0))
            found[key] = (calls + entry.callcount, inline + entry.inlinetime, cumulative + entry.totaltime)
        return found

    def start(self) -> None:
        self.base = {id(p): self._aggregate(p) for p in self.profiles}

    def totals(self) -> dict[str, tuple[int, float, float]]:
        """Function -> (calls, own time, time including its callees) since `start()`, over every thread."""
        found: dict[str, tuple[int, float, float]] = {}
        for profile in self.profiles:
            base = self.base.get(id(profile), {})
            for key, now in self._aggregate(profile).items():
                was, total = base.get(key, (0, 0.0, 0.0)), found.get(key, (0, 0.0, 0.0))
                found[key] = tuple(t + n - w for t, n, w in zip(total, now, was, strict=True))
        return found


class Counters:
    """SQL statements (every thread) and table renders (games.tables.render_point) while counting; with
    `tables_once`, each viewpoint's table is rendered once and handed out again unchanged after."""

    def __init__(self, tables_once: bool = False):
        from django.db.backends import utils

        from games import tables

        self.queries = self.renders = self.drawn = 0  # drawn: tables rendered indeed (all but those handed out again)
        execute, draw = utils.CursorWrapper.execute, tables.render_point

        def render_point(*args, **kwargs):
            self.drawn += 1
            return draw(*args, **kwargs)

        if tables_once:
            render_point = self._once(render_point)

        def counted_execute(wrapper, *args, **kwargs):
            self.queries += 1
            return execute(wrapper, *args, **kwargs)

        def counted_render(*args, **kwargs):
            self.renders += 1
            return render_point(*args, **kwargs)

        utils.CursorWrapper.execute = counted_execute
        tables.render_point = counted_render

    @staticmethod
    def _once(render_point):
        rendered = {}

        def once(match, seats, point, *args, **kwargs):
            key = point.key
            if key not in rendered:
                rendered[key] = render_point(match, seats, point, *args, **kwargs)
            return rendered[key]

        return once


def planned_moves(match, count: int, rng: random.Random) -> list[tuple[int, dict]]:
    """The moves the counted run posts, chosen beforehand through the engine alone (seeded; never a knock); fewer
    when the match ends before."""
    engine, state, moves = match.engine, match.state, []
    for _ in range(count):
        if engine.is_over(state):
            break
        seat = engine.to_move(state)[0]
        action = rng.choice([a for a in engine.legal_actions(state, seat) if a["type"] != "knock"])
        moves.append((seat, action))
        state = engine.apply(state, seat, json.loads(json.dumps(action)))
    return moves


def count_main(args) -> int:
    """`--count N`: N moves of a match of `--game` with its fewest seats (a user and a socket each, `--spectators`
    more; Rat-a-Tat Cat: two), posted through
    Django's ASGI handler as the server runs them, the pushes sent by the in-memory channel layer to the
    consumers and read from the sockets; and the floor (benchmarks/floor.py) the same way. Everything that can
    vary is fixed (the match seed, the moves), so the counts are the same on a busy machine as on an idle one."""
    import asyncio

    from asgiref.sync import sync_to_async
    from channels.testing import WebsocketCommunicator
    from django.contrib.auth import get_user_model
    from django.test import AsyncClient

    from benchmarks import floor
    from catsite import server_loop
    from games import lobby
    from scoring.services import profile_for

    lobby.new_seed = lambda: args.seed  # the same deal every run
    module = sys.modules["bench_urls"]
    module.urlpatterns = [*floor.urlpatterns, *module.urlpatterns]
    clear_url_caches()
    from benchmarks.load_asgi import application

    seat_count, options = COUNTED[args.game]
    users = []
    for name in ("mia", "leo", "ada", "max")[:seat_count]:
        user = get_user_model().objects.create_user(username=name)  # logged in by aforce_login
        profile_for(user)
        users.append(user)
    match = lobby.create_match(host=users[0], game=args.game, options=options,
                               seats=[lobby.SeatPlan("me"), *[lobby.SeatPlan("invite")] * (seat_count - 1)])
    for user in users[1:]:
        lobby.take_seat(match_id=match.pk, user=user, token=match.invite_token)
    from games.models import Match

    match = Match.objects.get(pk=match.pk)
    moves = planned_moves(match, args.count_warmup + args.count, random.Random(args.seed))
    if len(moves) <= args.count_warmup:
        raise SystemExit(f"the match ended after {len(moves)} moves: ask for fewer warm-up moves")
    floor.ensure_table()
    profiles = ThreadProfiles() if args.target_profile else None
    counters = Counters(args.tables_once)

    async def play() -> dict:
        with server_loop.serving(asyncio.get_running_loop()):  # as catsite.asgi's KnowsItsLoop does per connection
            return await play_served()

    async def play_served() -> dict:
        clients = []
        for user in users:
            client = AsyncClient()
            await client.aforce_login(user)
            clients.append(client)
        floor_id = json.loads((await clients[0].post("/floor/new/", {"seats": str(seat_count)})).content)["id"]

        async def socket(path: str, client=None) -> WebsocketCommunicator:
            headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
            if client is not None:
                headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
            ws = WebsocketCommunicator(application, path, headers=headers)
            assert (await ws.connect())[0], path
            await ws.receive_from(timeout=10)  # the table on connect (the floor's too)
            return ws

        if args.target == "site":
            path = f"/ws/matches/{match.pk}/"
            sockets = [await socket(path, c) for c in clients] + [await socket(path) for _ in range(args.spectators)]
        else:
            path = f"/ws/floor/{floor_id}/"
            sockets = [await socket(path, c) for c in clients] + [await socket(path) for _ in range(args.spectators)]
        sent = 0

        async def one(version: int, seat: int, action: dict) -> None:
            nonlocal sent
            if args.target == "site":
                url, data = f"/matches/{match.pk}/move/", {"seat": str(seat), "version": str(version),
                                                           "action": json.dumps(action)}
            else:
                seat = version % seat_count
                url, data = f"/floor/{floor_id}/move/", {"seat": str(seat), "version": str(version),
                                                         "action": "{}"}
            response = await clients[seat].post(
                url, data, headers={"HX-Request": "true"})
            if response.status_code != 200:
                raise SystemExit(f"move {version + 1} answered {response.status_code}: {response.content[:300]!r}")
            for ws in sockets:  # every socket is pushed the change (the mover's own too: its other tabs)
                sent += len((await ws.receive_from(timeout=10)).encode())

        for version, (seat, action) in enumerate(moves[:args.count_warmup]):
            await one(version, seat, action)
        sent = 0
        counters.queries = counters.renders = counters.drawn = 0
        if profiles:
            profiles.start()
        cpu = time.process_time()
        for version, (seat, action) in enumerate(moves[args.count_warmup:], start=args.count_warmup):
            await one(version, seat, action)
        cpu = time.process_time() - cpu
        totals = profiles.totals() if profiles else {}
        figures = {"queries": counters.queries, "renders": counters.renders, "drawn": counters.drawn, "bytes": sent,
                   "totals": totals,
                   "cpu": cpu}
        for ws in sockets:
            await ws.disconnect()
        await sync_to_async(lambda: None)()
        return figures

    figures = asyncio.run(play())
    n = len(moves) - args.count_warmup
    print(json.dumps({"target": args.target, "game": args.game, "moves": n, "spectators": args.spectators,
                      "calls": sum(c for c, _, _ in figures["totals"].values()), "queries": figures["queries"],
                      "renders": figures["renders"], "drawn": figures["drawn"], "bytes": figures["bytes"],
                      **({} if figures["totals"] else {"cpu_ms_per_move": round(figures["cpu"] * 1000 / n, 2)})}),
          flush=True)
    if figures["totals"] and args.top:
        column = {"calls": 0, "own": 1, "cumulative": 2}[args.sort]
        rows = sorted(figures["totals"].items(), key=lambda kv: -kv[1][column])[:args.top]
        print(f"{'calls/move':>11} {'own ms/move':>12} {'cum ms/move':>12}  function (by {args.sort}, all threads)")
        for key, (calls, inline, cumulative) in rows:
            print(f"{calls / n:>11.1f} {inline * 1000 / n:>12.3f} {cumulative * 1000 / n:>12.3f}  "
                  f"{key.replace(str(ROOT) + '/', '')[-100:]}")
    return 0



if __name__ == "__main__":
    sys.exit(main())
