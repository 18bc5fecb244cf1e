"""Live play under load, measured from outside: players over HTTP and websockets, against the floor in the same run.

Run: `.venv/bin/python benchmarks/load.py` (defaults: SQLite, 1 process, K = 10 and 50 matches, a human pace of a
move every 5 s per match and closed-loop, 60 s each). Options: `--matches 10,50,200`, `--pace 5,0` (seconds
between moves of one match; 0 = closed-loop: the next move as soon as its table arrives), `--duration 60`,
`--processes 2`, `--database-url postgres://...` (a database of its own: it is dropped and made anew),
`--redis-url redis://127.0.0.1:6379/7` (the channel layer's keys get a prefix of the run's own, deleted at the
end), `--targets floor,site`, `--json FILE` (with each configuration's `timeline`: second by second, the moves
posted and their POST and push p95 and max), `--repeat 2` (every configuration twice), `--game hot_tin_roof`
(the site's matches play that game, one of the four, with as many seats as it takes at least: three for Hot Tin
Roof, two for the others; the new-match form is sent with its defaults but for what `GAMES` says: Rat-a-Tat Cat
to 20 rounds, Rat Hot without rats), `--spectators 0,5` (that many spectator sockets per match, not
logged in, reading every push: `+ms/spec` in the report is the extra CPU per move for each, against the same
target without spectators), `--profile DIR` (py-spy, if installed, records each server over the play phase).

Each configuration runs in a fresh child process, on a fresh database, against fresh daphne servers (DEBUG off,
`benchmarks.load_settings`) on 127.0.0.1 only. The generator signs up S x K players over HTTP (the sign-up form;
S the game's seats), each host creates a match (Rat-a-Tat Cat unless `--game`) and invites the others by the link
on the match page (`site`), or creates a floor match of S seats (`floor`, benchmarks/floor.py: a bare move view
and a bare consumer through the same server and middleware). With more than one process, the players of a match
are on different processes (pushes cross the channel layer). Every player opens the match's websocket; then, for
the duration, each match makes one move at a time: the player whose table (the latest, from its socket or its
own answer) offers forms for its seat posts one, chosen at random among every move its table lets a browser
post (never "knock" or "pass" when anything else is offered): the compositions of its forms' choices, as
tests/composed.py composes them, or for the two games whose page script composes the move (Rat Hot, Hot Tin
Roof) what that script would post (`placements`, `roof_moves`); exactly as the page's htmx sends it (session and
CSRF cookies, X-CSRFToken, HX-Request). Every socket is pushed every change, the mover's own included, on the site
as on the floor: a table no newer than the one a player has is ignored, as the page ignores it. A match that
ends stops playing (`matches_over` in the figures: Rat Hot's last strip comes within seconds of closed-loop play).

With `--repeat N`, the report ends with each configuration's ratios to the floor run by run and their median,
the figure to quote: each pair runs back to back (in alternating order), and the machine's speed may drift from
one pair to the next. `--interleave S` measures the pair together instead: one child, the same servers, the site's
K matches and the floor's K matches (of each game, with `--game` naming several) all set up and connected,
taking turns to play in slices of S seconds (order ABBA ABBA ...) until each has played --duration; each slice
ends when the pushes of its moves have arrived, and each target is charged the servers' CPU over its own slices.
A drift of the machine's speed over seconds then weighs on both alike. (Memory per player and per match is only
reported for one target alone; spectators' frames of a slice's last moves may arrive in the next slice;
--max-moves bounds both targets together.)

Figures per configuration: server CPU per applied move (user + system of the server processes over the play
phase, from /proc), moves/s, push latency (from sending a move to each OTHER player's socket receiving a table of
that version or newer) p50/p95/p99, POST latency p50/p95, answers other than 200 by status, socket errors,
lost moves (answered 200 but not in the database) and doubled ones (in the database but not answered 200), and
memory: server RSS growth per idle connected player and per active match; and the generator's own share: its CPU
per move, how late its event loop wakes (`lag p95`: a lag there is added to every latency it measures) and how
busy the whole machine was (`busy`: both cores, from /proc/stat). Everything is bounded: the play phase
stops after --duration, every request and wait has a timeout, and at most --max-moves moves are posted.
"""
from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import fresh_django  # noqa: E402  (Django is set up only in the servers and the child's helpers)

HOST = "127.0.0.1"  # loopback only
PASSWORD = "Bench-pass-9172x"
TICK = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------- a small HTTP/1.1 keep-alive client

class NotAnswered(ConnectionError):
    """The connection closed before any byte of the answer arrived."""


IDLE_S = 30  # a kept-alive connection idle this long is closed by us first (the server closes it at 60 s)


class Http:
    """One player's browser: a keep-alive connection to its server and its cookies.

    Like a browser, it does not reuse a connection that sat idle long (daphne, through Twisted, closes a kept-alive
    connection after 60 s idle: a set-up of hundreds of matches leaves its first players idle that long), and it
    sends a request again, once, when a connection it reused closes before any byte of the answer arrived (the
    server closed it as the request left; browsers resend then, whatever the method)."""

    def __init__(self, port: int):
        self.port, self.cookies = port, {}
        self.reader = self.writer = None
        self.used_at = 0.0

    @property
    def origin(self) -> str:
        return f"http://{HOST}:{self.port}"

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    async def request(self, method: str, path: str, form: dict | list | None = None, headers: dict | None = None,
                      timeout: float = 30) -> tuple[int, dict, str]:
        async with asyncio.timeout(timeout):
            for attempt in (1, 2):
                if self.writer is not None and time.monotonic() - self.used_at > IDLE_S:
                    self.close()
                reused = self.writer is not None
                try:
                    return await self._request(method, path, form, headers or {})
                except NotAnswered:
                    self.close()
                    if attempt == 2 or not reused:
                        raise
                except (ConnectionError, asyncio.IncompleteReadError):
                    self.close()
                    raise
                finally:
                    self.used_at = time.monotonic()

    async def _request(self, method, path, form, headers):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        body = urlencode(form).encode() if form is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}", "Connection: keep-alive",
                 f"Content-Length: {len(body)}"]
        if self.cookies:
            lines.append(f"Cookie: {self.cookie_header()}")
        if form is not None:
            lines.append("Content-Type: application/x-www-form-urlencoded")
        lines += [f"{k}: {v}" for k, v in headers.items()]
        try:
            self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            status_line = await self.reader.readline()
        except ConnectionError as error:
            raise NotAnswered from error
        if not status_line:
            raise NotAnswered("closed before answering")
        status = int(status_line.split()[1])
        answer_headers, length, chunked, close = {}, 0, False, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            answer_headers[name] = value
            if name == "set-cookie":
                for key, morsel in SimpleCookie(value).items():
                    self.cookies[key] = morsel.value
            elif name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
            elif name == "connection" and value.lower() == "close":
                close = True
        if chunked:
            data = b""
            while size := int((await self.reader.readline()).strip() or b"0", 16):
                data += await self.reader.readexactly(size)
                await self.reader.readline()
            await self.reader.readline()
        else:
            data = await self.reader.readexactly(length)
        if close:
            self.close()
        return status, answer_headers, data.decode("utf-8", "replace")

    async def post(self, path: str, form, **kwargs):
        headers = {"X-CSRFToken": self.cookies.get("csrftoken", ""), "Origin": self.origin, **kwargs}
        return await self.request("POST", path, form, headers)

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


# ---------------------------------------------------------------- reading a table as the page would

VERSION = re.compile(r'data-version="(\d+)"')
FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)
ATTR = re.compile(r'([\w-]+)=(?:"([^"]*)"|\'([^\']*)\')')


def attrs(text: str) -> dict:
    return {m[1]: html.unescape(m[2] if m[2] is not None else m[3]) for m in ATTR.finditer(text)}


@dataclass
class Table:
    version: int = -1
    finished: bool = False
    forms: list = field(default_factory=list)  # (path, fields to post, action): every move offered


RAT_HOT_DATA = re.compile(r'<template id="rh-data">(.*?)</template>', re.S)
HOT_TIN_ROOF_DATA = re.compile(r'<template id="htr-data">(.*?)</template>', re.S)
HIDDEN = re.compile(r'<input\b[^>]*type="hidden"[^>]*>')
TAG = re.compile(r"<\w+\b[^>]*>")
SHIFT = {"E": (0, 0), "W": (2, 0), "S": (0, 0), "N": (0, 2)}  # as games/rat_hot/static/rat_hot/table.js


def read_table(text: str) -> Table | None:
    """The table's version and every move its forms can post, composed from their choices as a browser does
    (tests/composed.py: one value of each radio group with one submit button of the same row); the two games
    whose page script composes the move, as their scripts do (`placements`, `roof_moves`)."""
    from tests.composed import form_posts

    found = VERSION.search(text)
    if not found:
        return None
    table = Table(int(found[1]), 'data-status="finished"' in text)
    for form in FORM.finditer(text):
        path = attrs(form[1]).get("hx-post")
        if not path:
            continue
        rat_hot = RAT_HOT_DATA.search(form[0])
        hot_tin_roof = HOT_TIN_ROOF_DATA.search(text) if attrs(form[1]).get("id") == "htr-form" else None
        if rat_hot:
            posts = placements(form[0], json.loads(rat_hot[1]))
        elif hot_tin_roof:
            posts = roof_moves(form[0], text, json.loads(hot_tin_roof[1]))
        else:
            posts = form_posts(form[0])
        for action, fields in posts:
            if {"seat", "version", "action"} <= set(fields):
                table.forms.append((path, fields, action))
    return table


def placements(form: str, data: dict) -> list[tuple[dict, dict]]:
    """What Rat Hot's table script (games/rat_hot/static/rat_hot/table.js) lets a player post from its form: for
    every strip offered, facing and spot the data lists (rows for E and W, columns for S and N, ".." where the
    spot is not legal), the form's fields with `part-place` = {"strip", "x", "y", "dir"} as JSON.stringify
    writes it, and the strip and facing radios as chosen."""
    hidden = {a["name"]: a.get("value", "") for a in map(attrs, HIDDEN.findall(form)) if a.get("name")}
    anchors = {key: [tuple(int(v) for v in p.split(",")) for p in data[key].split(";")] if data[key] else []
               for key in ("rows", "cols")}
    posts = []
    for strip, facings in data["gains"].items():
        for facing, gains in facings.items():
            for i, (x, y) in enumerate(anchors["rows" if facing in "EW" else "cols"]):
                if gains[2 * i:2 * i + 2] == "..":
                    continue
                part = {"strip": strip, "x": x + SHIFT[facing][0], "y": y + SHIFT[facing][1], "dir": facing}
                fields = {**hidden, "part-place": json.dumps(part, separators=(",", ":")), "rh-strip": strip,
                          "rh-dir": facing}
                posts.append(({**json.loads(hidden["action"]), **part}, fields))
    return posts


def roof_moves(form: str, table: str, data: dict) -> list[tuple[dict, dict]]:
    """What Hot Tin Roof's table script (games/hot_tin_roof/static/hot_tin_roof/hot_tin_roof.js) lets a player
    post from its form, the whole action as JSON.stringify writes it in the form's `action`: every dive listed
    (each dumpster's, with its gap, patio or pair), every cat's move along each cheapest path listed (from the
    patio the cat sits on, its `data-on` on the board, through the alternative's patios to the destination), and
    the form's buttons that carry a whole action (end the turn, settle a pair)."""
    hidden = {a["name"]: a.get("value", "") for a in map(attrs, HIDDEN.findall(form)) if a.get("name")}
    actions = list(data["dives"])
    sits = {a["data-cat"]: a["data-on"] for a in map(attrs, TAG.findall(table)) if "data-cat" in a and "data-on" in a}
    for key, destinations in data["moves"].items():
        start = sits[f"{data['seat']}-{key}"]
        for destination, alternatives in destinations.items():
            for alternative in alternatives:
                middle = alternative.split("|")[0]
                actions.append({"type": "move", "pair": key[:-1], "cat": int(key[-1]),
                                "path": [start, *(middle.split(",") if middle else []), destination]})
    actions += [json.loads(a["data-action"]) for a in map(attrs, TAG.findall(form)) if "data-action" in a]
    return [(action, {**hidden, "action": json.dumps(action, separators=(",", ":"), ensure_ascii=False)})
            for action in actions]


# ---------------------------------------------------------------- players and matches

@dataclass
class Stats:
    post_ms: list = field(default_factory=list)
    push_ms: list = field(default_factory=list)
    post_at: list = field(default_factory=list)  # when each post of post_ms was sent (perf_counter)
    push_at: list = field(default_factory=list)  # when each move of push_ms was sent
    statuses: dict = field(default_factory=dict)
    socket_errors: int = 0
    stalls: int = 0
    posted: int = 0
    answered_ok: dict = field(default_factory=dict)  # match key -> moves answered 200

    def status(self, code: int):
        self.statuses[str(code)] = self.statuses.get(str(code), 0) + 1


class Player:
    def __init__(self, index: int, port: int):
        self.index, self.http, self.seat = index, Http(port), None
        self.table, self.ws, self.match = Table(), None, None

    async def sign_up(self):
        await self.http.request("GET", "/accounts/signup/")
        name = f"p{self.index}"
        status, headers, _ = await self.http.post("/accounts/signup/", {
            "username": name, "email": f"{name}@bench.local", "password1": PASSWORD, "password2": PASSWORD,
            "display_name": f"Player {self.index}", "handle": name})
        if status != 302:
            raise RuntimeError(f"sign-up answered {status}")


class Match:
    def __init__(self, key: str, players: list[Player], ws_path: str):
        self.key, self.players, self.ws_path = key, players, ws_path
        self.latest = -1
        self.changed = asyncio.Event()
        # version -> when the move that makes it was sent, and the other players whose sockets have not had it yet
        self.pending: dict[int, tuple[float, set]] = {}
        self.over = False

    def sent(self, mover: Player, version: int) -> float:
        """The mover posts the move that makes `version`: the others' sockets are waited for from now."""
        now = time.perf_counter()
        self.pending[version] = (now, {p for p in self.players if p is not mover})
        return now

    def update(self, player: Player, text: str, stats: Stats, pushed: bool):
        """A table arrived for `player`: from its socket (`pushed`) or as its move's answer. Every socket is
        pushed every change, the mover's own included: a table no newer than the player's is a repeat, ignored
        as the page ignores it. The push latency is measured at each other player's socket."""
        table = read_table(text)
        if table is None:
            return
        if pushed:
            now = time.perf_counter()
            for version in [v for v in self.pending if v <= table.version]:
                sent, waiting = self.pending[version]
                if player in waiting:
                    waiting.discard(player)
                    stats.push_ms.append((now - sent) * 1000)
                    stats.push_at.append(sent)
                if not waiting:
                    del self.pending[version]
        if table.version <= player.table.version:
            return
        player.table = table
        self.latest = max(self.latest, table.version)
        self.over = self.over or table.finished
        self.changed.set()


class NewMatchForm(HTMLParser):
    """The defaults of the new-match form, as a browser would send it untouched."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.values, self.select, self.first = {}, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("name") and a.get("type") not in ("submit", "button"):
            if a.get("type") not in ("checkbox", "radio") or "checked" in a:
                self.values[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self.select, self.first = a.get("name"), None
        elif tag == "option" and self.select:
            if self.first is None:
                self.first = a.get("value", "")
                self.values.setdefault(self.select, self.first)
            if "selected" in a:
                self.values[self.select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


async def site_setup(players: list[Player], game: str, options: dict) -> Match:
    """The host makes a match of `game` with the new-match form's defaults but `options` (None: an option left
    unticked) and its seats: its own and one invitation per other player, who join in turn by the link on the
    match page (the first open seat is the next joiner's)."""
    host, *guests = players
    _, _, page = await host.http.request("GET", f"/play/new/{game}/")
    parser = NewMatchForm()
    parser.feed(page)
    form = {name: value for name, value in parser.values.items() if name != "csrfmiddlewaretoken"}
    form.update({name: "" for name in form if re.fullmatch(r"(seat|name)_\d+", name)})
    form.update({"seat_0": "me", **{f"seat_{i + 1}": "invite" for i in range(len(guests))}, **options})
    form = {name: value for name, value in form.items() if value is not None}
    status, headers, _ = await host.http.post(f"/play/new/{game}/", form)
    if status != 302:
        raise RuntimeError(f"new match answered {status}")
    match_path = headers["location"]
    _, _, page = await host.http.request("GET", match_path)
    join = re.search(r"/matches/\d+/join/[^\"'<\s]+/", page)[0]
    for guest in guests:
        await guest.http.request("GET", join)
        status, _, _ = await guest.http.post(join, {})
        if status != 302:
            raise RuntimeError(f"join answered {status}")
    match_id = int(re.search(r"/matches/(\d+)/", match_path)[1])
    for seat, player in enumerate(players):
        player.seat = seat
    return Match(str(match_id), players, f"/ws/matches/{match_id}/")


async def floor_setup(players: list[Player], game: str, options: dict) -> Match:
    """A floor match with as many seats as the site's matches of the run have (they take turns)."""
    status, _, body = await players[0].http.post("/floor/new/", {"seats": str(len(players))})
    if status != 200:
        raise RuntimeError(f"floor match answered {status}")
    match_id = json.loads(body)["id"]
    for seat, player in enumerate(players):
        player.seat = seat
    return Match(str(match_id), players, f"/ws/floor/{match_id}/")


async def open_socket(player: Player, match: Match, stats: Stats):
    from websockets.asyncio.client import connect

    for attempt in range(4):  # a busy server drops handshakes it cannot answer in time: try again, as a page does
        try:
            player.ws = await connect(f"ws://{HOST}:{player.http.port}{match.ws_path}", open_timeout=30,
                                      max_size=2**22, additional_headers={"Cookie": player.http.cookie_header(),
                                                                          "Origin": player.http.origin})
            break
        except (OSError, EOFError, TimeoutError, Exception):  # noqa: BLE001 - the last attempt raises
            if attempt == 3:
                raise
            await asyncio.sleep(1 + attempt)
    match.update(player, await asyncio.wait_for(player.ws.recv(), 30), stats, pushed=False)


async def read_socket(player: Player, match: Match, stats: Stats, until: float):
    try:
        while time.monotonic() < until:
            try:
                text = await asyncio.wait_for(player.ws.recv(), max(0.1, until - time.monotonic()))
            except TimeoutError:
                continue
            match.update(player, text, stats, pushed=True)
    except Exception:  # noqa: BLE001 - a closed or broken socket is counted, not fatal to the run
        if time.monotonic() < until:
            stats.socket_errors += 1


def choose(rng: random.Random, table: Table, seat: int):
    mine = [f for f in table.forms if f[1]["seat"] == str(seat) and f[1]["version"] == str(table.version)]
    if not mine:
        return None
    calm = [f for f in mine if f[2].get("type") not in ("knock", "pass")] or mine  # a match goes on
    path, fields, _ = rng.choice(calm)
    return path, list(fields.items())


async def drive(match: Match, stats: Stats, rng: random.Random, pace: float, until: float, budget: list):
    """One move at a time, by whichever player's latest table offers one; a person's pace or closed-loop."""
    next_at = time.monotonic() + (rng.uniform(0, pace) if pace else 0)
    stats.answered_ok.setdefault(match.key, 0)
    while time.monotonic() < until and not match.over and budget[0] > 0:
        move = None
        for player in match.players:
            if player.table.version == match.latest:
                picked = choose(rng, player.table, player.seat)
                if picked:
                    move = (player, *picked)
                    break
        if move is None:
            match.changed.clear()
            try:
                await asyncio.wait_for(match.changed.wait(), min(10, max(0.05, until - time.monotonic())))
            except TimeoutError:
                if time.monotonic() < until:
                    stats.stalls += 1
            continue
        if pace:
            await asyncio.sleep(max(0, min(next_at, until) - time.monotonic()))
            if time.monotonic() >= until:
                break
            next_at = max(next_at + pace, time.monotonic())
        player, path, form = move
        version = int(dict(form)["version"])
        sent = match.sent(player, version + 1)
        budget[0] -= 1
        stats.posted += 1
        try:
            status, _, text = await player.http.post(path, form, **{"HX-Request": "true", "HX-Target": "table"})
        except Exception:  # noqa: BLE001 - a lost answer: the player's socket brings the table, if it changed
            stats.status(0)
            match.pending.pop(version + 1, None)
            await asyncio.sleep(0.5)
            continue
        stats.post_ms.append((time.perf_counter() - sent) * 1000)
        stats.post_at.append(sent)
        stats.status(status)
        if status == 200:
            stats.answered_ok[match.key] += 1
        else:
            match.pending.pop(version + 1, None)
            if status not in (400, 409, 503):
                await asyncio.sleep(0.5)
        match.update(player, text, stats, pushed=False)
        if status != 200 and match.latest == version:
            await asyncio.sleep(0.2)  # refused without a newer table: look again shortly


# ---------------------------------------------------------------- the servers

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def server_env(args, sqlite_path: str | None) -> dict:
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="benchmarks.load_settings", DEBUG="0", SECURE_SSL_REDIRECT="0",
               SECRET_KEY="load-benchmark-only-" + "k" * 40, ALLOWED_HOSTS=HOST, LOG_LEVEL="ERROR")
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    if args.database_url:
        env["DATABASE_URL"] = args.database_url
    else:
        env["SQLITE_PATH"] = sqlite_path
    if args.redis_url:
        env["REDIS_URL"] = args.redis_url
        env["CHANNEL_LAYER_PREFIX"] = redis_prefix()
    return env


def redis_prefix() -> str:
    """The channel layer's keys of this run start with this (the child's process id): other users of the Redis
    database (a test run, another benchmark) are left alone."""
    return f"topcat-load-{os.getpid()}-"


def forget_redis(args) -> None:
    """Delete the keys this run's channel layer left in Redis."""
    if args.redis_url:
        import redis

        client = redis.Redis.from_url(args.redis_url)
        keys = list(client.scan_iter(match=f"{redis_prefix()}*", count=1000))
        if keys:
            client.delete(*keys)
        client.close()


def fresh_database(args):
    if args.database_url:
        import psycopg

        base, _, name = args.database_url.rpartition("/")
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')


def start_servers(args, env: dict, log_dir: str) -> list[tuple[subprocess.Popen, int]]:
    servers = []
    for index in range(args.processes):
        port = free_port()
        log = open(Path(log_dir) / f"daphne-{index}.log", "w")  # noqa: SIM115 - kept open for the server's life
        process = subprocess.Popen([sys.executable, "-m", "daphne", "-b", HOST, "-p", str(port),
                                    "benchmarks.load_asgi:application"], cwd=ROOT, env=env, stdout=log, stderr=log)
        servers.append((process, port))
    for process, port in servers:
        for _ in range(300):
            try:
                socket.create_connection((HOST, port), timeout=0.2).close()
                break
            except OSError:
                if process.poll() is not None:
                    raise SystemExit(f"daphne exited: see {log_dir}") from None
                time.sleep(0.1)
        else:
            raise SystemExit("daphne did not start")
    return servers


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """CPU time of a process (all its threads, those gone included), or of one of its threads."""
    stat = Path(f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat")
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def machine_ticks() -> tuple[int, int]:
    """All CPU time of the machine so far and the idle part of it, in clock ticks (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(fields), fields[3] + fields[4]  # idle + iowait


async def loop_lag(samples: list, until: float, every: float = 0.05) -> None:
    """How late the generator's own event loop wakes: a lag here is added to every latency it measures."""
    while time.monotonic() < until:
        asked = time.perf_counter()
        await asyncio.sleep(every)
        samples.append((time.perf_counter() - asked - every) * 1000)


def percentile(values: list[float], q: float) -> float | None:
    if len(values) < 2:
        return values[0] if values else None
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


class Watcher:
    """A spectator's socket (nobody logged in): it only reads the tables pushed to the match's spectators."""

    def __init__(self, port: int):
        self.port, self.ws, self.frames = port, None, 0

    async def open(self, match: Match, stats: Stats):
        """Opened as a browser would, trying again after a refused handshake (a busy server drops handshakes
        it cannot answer in time); one that never opens is counted as a socket error."""
        from websockets.asyncio.client import connect

        for attempt in range(4):
            try:
                self.ws = await connect(f"ws://{HOST}:{self.port}{match.ws_path}", open_timeout=30,
                                        max_size=2**22, additional_headers={"Origin": f"http://{HOST}:{self.port}"})
                await asyncio.wait_for(self.ws.recv(), 30)
                return
            except (OSError, EOFError, TimeoutError, Exception):  # noqa: BLE001 - counted below
                self.ws = None
                await asyncio.sleep(1 + attempt)
        stats.socket_errors += 1

    async def read(self, stats: Stats, until: float):
        if self.ws is None:
            return
        try:
            while time.monotonic() < until:
                try:
                    await asyncio.wait_for(self.ws.recv(), max(0.1, until - time.monotonic()))
                except TimeoutError:
                    continue
                self.frames += 1
        except Exception:  # noqa: BLE001 - counted, not fatal
            if time.monotonic() < until:
                stats.socket_errors += 1


def start_profilers(directory: str, pids: list[int], duration: float) -> list[subprocess.Popen]:
    """py-spy on each server over the play phase, sampling every thread that is not idle (C code that released
    the GIL, such as SQLite's, included; not a requirement: `pip install py-spy` to profile)."""
    if not directory:
        return []
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    Path(directory).mkdir(parents=True, exist_ok=True)
    return [subprocess.Popen([spy, "record", "-p", str(pid), "-d", str(int(duration)), "-r", "200", "-f", "raw",
                              "--nonblocking", "-o", str(Path(directory) / f"server-{index}.txt")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for index, pid in enumerate(pids)]


# ---------------------------------------------------------------- one configuration

# Per game: its seats (the fewest it takes, games/<game>/apps.py) and the new-match options that differ from the
# form's defaults (None: left unticked), chosen so that a match lasts through a run.
GAMES = {
    "rat_a_tat_cat": (2, {"option_end": "rounds", "option_rounds": "20", "option_limit": "100"}),
    "hot_tin_roof": (3, {}),
    "cat_tower": (2, {}),
    "rat_hot": (2, {"option_rats": None}),  # three rats showing would end a match within a minute
}


@dataclass
class Side:
    """One target's players, matches and spectators in a run, and what its play cost the servers."""

    target: str
    game: str
    players: list
    matches: list = field(default_factory=list)
    watchers: list = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)
    rngs: dict = field(default_factory=dict)
    cpu: float = 0.0
    loop_cpu: float = 0.0
    own: float = 0.0
    played: float = 0.0


async def prepare(args, target: str, game: str, first_player: int, ports: list[int], bounded,
                  rng: random.Random) -> Side:
    """Sign up this target's players (the game's seats times K) and set up its K matches."""
    k, (seats, options) = args.matches[0], GAMES[game]
    side = Side(target, game, [Player(first_player + i, ports[i % len(ports)]) for i in range(seats * k)])
    await asyncio.gather(*(bounded(p.sign_up()) for p in side.players))
    setup = site_setup if target == "site" else floor_setup
    side.matches = await asyncio.gather(*(bounded(setup(side.players[seats * i:seats * (i + 1)], game, options))
                                          for i in range(k)))
    side.rngs = {m.key: random.Random(rng.random()) for m in side.matches}
    return side


async def connect(side: Side, args, ports: list[int], bounded) -> None:
    """Every player of the side opens its match's socket, and so do the spectators."""
    await asyncio.gather(*(bounded(open_socket(p, m, side.stats)) for m in side.matches for p in m.players))
    side.watchers = [(Watcher(ports[(i + j) % len(ports)]), m)
                     for i, m in enumerate(side.matches) for j in range(args.spectators)]
    await asyncio.gather(*(bounded(w.open(m, side.stats)) for w, m in side.watchers))


async def play_slice(side: Side, args, pids: list[int], seconds: float, budget: list) -> None:
    """The side's matches play for `seconds`; then the pushes of the moves made are waited for (3 s at most),
    so that the servers' CPU over the slice is that of the moves it counts."""
    cpu_start = sum(cpu_seconds(pid) for pid in pids)
    loop_start = sum(cpu_seconds(pid, pid) for pid in pids)  # the main thread: the server's event loop
    own_start, started = time.process_time(), time.monotonic()
    until = started + seconds
    await asyncio.gather(*(drive(m, side.stats, side.rngs[m.key], args.pace, until, budget) for m in side.matches))
    side.played += time.monotonic() - started
    settled = time.monotonic() + 3
    while any(m.pending for m in side.matches) and time.monotonic() < settled:
        await asyncio.sleep(0.02)
    side.cpu += sum(cpu_seconds(pid) for pid in pids) - cpu_start
    side.loop_cpu += sum(cpu_seconds(pid, pid) for pid in pids) - loop_start
    side.own += time.process_time() - own_start


async def run_one(args, ports: list[int], pids: list[int]) -> list[dict]:
    """One configuration: one target for --duration; or, with --interleave S (`--target both`), the site and the
    floor of each game of --game on the same servers, taking turns in slices of S seconds (in the order ABBA
    ABBA ...) until each has played --duration, so that a drift of the machine's speed weighs on all alike."""
    rng = random.Random(args.seed)
    gate = asyncio.Semaphore(8)

    async def bounded(coroutine):
        async with gate:
            return await coroutine

    started = time.monotonic()
    targets = ["site", "floor"] if args.target == "both" else [args.target]
    sides, first_player = [], 0
    for game in args.game.split(","):
        for target in targets:
            sides.append(await prepare(args, target, game, first_player, ports, bounded, rng))
            first_player += len(sides[-1].players)
    rss_before = sum(rss_mib(pid) for pid in pids)
    for side in sides:
        await connect(side, args, ports, bounded)
    await asyncio.sleep(1)
    rss_idle = sum(rss_mib(pid) for pid in pids)
    setup_s = time.monotonic() - started

    slice_s = args.interleave if len(sides) > 1 else args.duration
    rounds = max(1, round(args.duration / slice_s))
    machine_start = machine_ticks()
    # Generous: the slices, the settling after each, and the last pushes (the readers are stopped after them).
    until = time.monotonic() + len(sides) * rounds * (slice_s + 3) + 60
    lags: list[float] = []
    lagging = asyncio.create_task(loop_lag(lags, until))
    budget = [args.max_moves]
    readers = [asyncio.create_task(read_socket(p, m, side.stats, until)) for side in sides
               for m in side.matches for p in m.players]
    readers += [asyncio.create_task(w.read(side.stats, until)) for side in sides for w, _ in side.watchers]
    profilers = start_profilers(args.profile, pids, len(sides) * rounds * slice_s)
    for round_ in range(rounds):
        for side in (sides if round_ % 2 == 0 else sides[::-1]):
            await play_slice(side, args, pids, slice_s, budget)
    (total, idle), (total_0, idle_0) = machine_ticks(), machine_start
    busy = 1 - (idle - idle_0) / max(1, total - total_0)
    rss_after = sum(rss_mib(pid) for pid in pids)
    lagging.cancel()
    for task in readers:
        task.cancel()
    await asyncio.gather(lagging, *readers, return_exceptions=True)
    for profiler in profilers:
        profiler.wait(timeout=60)
    for side in sides:
        for p in side.players:
            await p.ws.close()
            p.http.close()
        for w, _ in side.watchers:
            if w.ws is not None:
                await w.ws.close()
    alone = len(sides) == 1  # memory is told apart per target only when one target ran
    return [figures(args, side, pids, setup_s, busy, lags, (rss_before, rss_idle, rss_after) if alone else None)
            for side in sides]


def figures(args, side: Side, pids: list[int], setup_s: float, busy: float, lags: list, rss: tuple | None) -> dict:
    k, stats = args.matches[0], side.stats
    applied = sum(stats.answered_ok.values())
    per_move = lambda seconds: round(seconds * 1000 / applied, 2) if applied else None  # noqa: E731
    return {
        "target": side.target, "game": side.game, "matches": k, "spectators": args.spectators, "pace": args.pace,
        "processes": len(pids), "spectator_frames": sum(w.frames for w, _ in side.watchers),
        "database": "postgresql" if args.database_url else "sqlite",
        "layer": "redis" if args.redis_url else "in-memory", "interleave_s": args.interleave or None,
        "setup_s": round(setup_s, 1), "play_s": round(side.played, 1), "posted": stats.posted, "applied": applied,
        "moves_per_s": round(applied / side.played, 1) if side.played else None, "cpu_s": round(side.cpu, 2),
        "cpu_ms_per_move": per_move(side.cpu), "loop_cpu_ms_per_move": per_move(side.loop_cpu),
        "generator_cpu_ms_per_move": per_move(side.own),
        "generator_lag_ms": {f"p{q}": rounded(percentile(lags, q / 100)) for q in (50, 95, 99)},
        "machine_busy": round(busy, 3),
        "push_ms": {f"p{q}": rounded(percentile(stats.push_ms, q / 100)) for q in (50, 95, 99)},
        "pushes_measured": len(stats.push_ms),
        "pushes_missing": sum(len(waiting) for m in side.matches for _, waiting in m.pending.values()),
        "seats": GAMES[side.game][0], "matches_over": sum(m.over for m in side.matches),
        "post_ms": {f"p{q}": rounded(percentile(stats.post_ms, q / 100)) for q in (50, 95)},
        "statuses": stats.statuses, "socket_errors": stats.socket_errors, "stalls": stats.stalls,
        "rss_mib": rss and {"before_sockets": round(rss[0], 1), "idle": round(rss[1], 1), "after": round(rss[2], 1)},
        "kib_per_idle_player": rss and round((rss[1] - rss[0]) * 1024 / len(side.players), 1),
        "kib_per_active_match": rss and round((rss[2] - rss[1]) * 1024 / k, 1),
        "answered_ok": stats.answered_ok,
        "timeline": timeline(stats),
    }


def timeline(stats: Stats) -> list[dict]:
    """Second by second of play (by when the move was sent): moves posted, POST p95 and max, push p95 and max;
    where a tail comes from stalls of everything at once, its seconds stand out here."""
    if not stats.post_at:
        return []
    start = min(stats.post_at)
    seconds: dict[int, tuple[list, list]] = {}
    for values, times, slot in ((stats.post_ms, stats.post_at, 0), (stats.push_ms, stats.push_at, 1)):
        for value, at in zip(values, times, strict=True):
            seconds.setdefault(int(at - start), ([], []))[slot].append(value)
    return [{"s": s, "posts": len(posts), "post_p95": rounded(percentile(posts, 0.95)),
             "post_max": rounded(max(posts, default=None)), "push_p95": rounded(percentile(pushes, 0.95)),
             "push_max": rounded(max(pushes, default=None))} for s, (posts, pushes) in sorted(seconds.items())]


def stored_moves(env: dict, keys: list[list]) -> list[dict[str, int]]:
    """How many moves the database holds per match, for each [target, match keys] of `keys`: read by one separate
    process with the servers' settings."""
    code = ("import django, json, sys; django.setup(); from django.db import connection\n"
            "found = []\n"
            "with connection.cursor() as c:\n"
            "    for target, keys in json.loads(sys.argv[1]):\n"
            "        out = {}\n"
            "        for key in keys:\n"
            "            if target == 'site':\n"
            "                c.execute('SELECT COUNT(*) FROM games_move WHERE match_id = %s', [int(key)])\n"
            "            else:\n"
            "                c.execute('SELECT version FROM floor_match WHERE id = %s', [int(key)])\n"
            "            out[key] = c.fetchone()[0]\n"
            "        found.append(out)\n"
            "print(json.dumps(found))")
    done = subprocess.run([sys.executable, "-c", code, json.dumps(keys)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


def child(args) -> int:
    directory = tempfile.mkdtemp(prefix="topcat-load-")
    env = server_env(args, str(Path(directory) / "load.sqlite3"))
    fresh_database(args)
    if not args.database_url:
        fresh_django.copy_template(env["SQLITE_PATH"])
    subprocess.run([sys.executable, "-c", "import django; django.setup(); from django.core.management import "
                    "call_command; call_command('migrate', verbosity=0); from benchmarks.floor import ensure_table;"
                    " ensure_table()"], cwd=ROOT, env=env, check=True, timeout=300)
    servers = start_servers(args, env, directory)
    try:
        results = asyncio.run(run_one(args, [port for _, port in servers], [p.pid for p, _ in servers]))
    finally:
        for process, _ in servers:
            process.terminate()
        for process, _ in servers:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        forget_redis(args)
    errors = Path(directory, "daphne-0.log").read_text(errors="replace")
    answers = [result.pop("answered_ok") for result in results]
    stored_all = stored_moves(env, [[r["target"], list(a)] for r, a in zip(results, answers, strict=True)])
    for result, answered, stored in zip(results, answers, stored_all, strict=True):
        result["lost_moves"] = sum(max(0, answered[k] - stored.get(k, 0)) for k in answered)
        result["doubled_moves"] = sum(max(0, stored.get(k, 0) - answered[k]) for k in answered)
        result["load_average"] = [round(x, 2) for x in os.getloadavg()]
        result["server_log_errors"] = errors.count("Traceback") + errors.count("ERROR")
    print(json.dumps(results))
    shutil.rmtree(directory, ignore_errors=True)
    return 0


# ---------------------------------------------------------------- the driver

def ratios(results: list[dict]) -> str:
    """Per configuration, the CPU ratio of each run against the floor of the same run, and their median: the
    figure to quote when the machine's speed drifts from one run to the next (each pair runs back to back, in
    alternating order)."""
    key = lambda r: (r.get("game"), r["matches"], r["pace"], r.get("spectators", 0))  # noqa: E731
    floors = {(r.get("run"), key(r)): r["cpu_ms_per_move"] for r in results if r["target"] == "floor"}
    found: dict[tuple, list[float]] = {}
    for r in results:
        floor = floors.get((r.get("run"), key(r)))
        if r["target"] != "floor" and floor and r["cpu_ms_per_move"]:
            found.setdefault((r["target"], *key(r)), []).append(r["cpu_ms_per_move"] / floor)
    lines = []
    for (target, game, k, pace, spectators), values in found.items():
        lines.append(f"{target} {game} K={k} pace={pace or 'loop'} spectators={spectators}: median "
                     f"{statistics.median(values):.2f}x of {len(values)} runs (each: "
                     f"{', '.join(f'{v:.2f}' for v in values)})")
    return "\n".join(lines)


def fmt(value, digits=1):
    return "-" if value is None else f"{value:.{digits}f}"


def report(results: list[dict]) -> str:
    """One line per configuration run; `vs floor` against the floor of the same run. With spectators, `+ms/spec`
    is the extra CPU per move for each spectator socket, against the same target without spectators."""
    lines = [f"{'target':6} {'game':13} {'K':>4} {'over':>4} {'spec':>4} {'pace':>5} {'moves':>6} {'mv/s':>6} "
             f"{'cpu ms/mv':>9} "
             f"{'vs floor':>8} {'+ms/spec':>8} {'push p50':>8} {'p95':>7} {'p99':>7} {'post p50':>8} {'p95':>7} "
             f"{'errors':>14} {'lost':>4} {'dbl':>4} {'KiB/idle pl':>11} {'KiB/match':>9} {'gen ms/mv':>9} "
             f"{'lag p95':>7} {'busy':>5}"]
    key = lambda r: (r.get("run"), r.get("game"), r["matches"], r["pace"], r.get("spectators", 0))  # noqa: E731
    floors = {key(r): r for r in results if r["target"] == "floor"}
    for r in results:
        floor = floors.get(key(r))
        ratio = (r["cpu_ms_per_move"] / floor["cpu_ms_per_move"]
                 if floor and r["cpu_ms_per_move"] and floor["cpu_ms_per_move"] else None)
        alone = [o for o in results if o["target"] == r["target"] and o["matches"] == r["matches"]
                 and o["pace"] == r["pace"] and o.get("game") == r.get("game") and not o.get("spectators")
                 and o.get("cpu_ms_per_move")]
        spectators = r.get("spectators", 0)
        extra = None
        if spectators and alone and r["cpu_ms_per_move"]:
            nearest = min(alone, key=lambda o: abs((o.get("run") or 0) - (r.get("run") or 0)))
            extra = (r["cpu_ms_per_move"] - nearest["cpu_ms_per_move"]) / spectators
        errors = {k: v for k, v in r["statuses"].items() if k != "200"}
        if r["socket_errors"]:
            errors["ws"] = r["socket_errors"]
        lines.append(
            f"{r['target']:6} {r.get('game', ''):13} {r['matches']:4} {r.get('matches_over', 0):4} {spectators:4} "
            f"{r['pace'] or 'loop':>5} {r['applied']:6} "
            f"{fmt(r['moves_per_s']):>6} {fmt(r['cpu_ms_per_move'], 2):>9} {fmt(ratio, 2) + 'x' if ratio else '-':>8} "
            f"{fmt(extra, 2):>8} {fmt(r['push_ms']['p50']):>8} {fmt(r['push_ms']['p95']):>7} "
            f"{fmt(r['push_ms']['p99']):>7} {fmt(r['post_ms']['p50']):>8} {fmt(r['post_ms']['p95']):>7} "
            f"{json.dumps(errors) if errors else '0':>14} {r['lost_moves']:4} {r['doubled_moves']:4} "
            f"{fmt(r['kib_per_idle_player']):>11} {fmt(r['kib_per_active_match']):>9} "
            f"{fmt(r.get('generator_cpu_ms_per_move'), 2):>9} {fmt((r.get('generator_lag_ms') or {}).get('p95')):>7} "
            f"{fmt(100 * r['machine_busy'] if 'machine_busy' in r else None, 0) + '%':>5}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", default="10,50", help="numbers of matches K, comma-separated")
    parser.add_argument("--pace", default="5,0", help="seconds between moves of a match (0: closed-loop)")
    parser.add_argument("--duration", type=float, default=60, help="seconds of play per configuration")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--database-url", default="", help="PostgreSQL database of the benchmark's own")
    parser.add_argument("--redis-url", default="", help="Redis db of the benchmark's own (flushed)")
    parser.add_argument("--targets", default="floor,site")
    parser.add_argument("--game", default="rat_a_tat_cat",
                        help=f"the game the site's matches play, or several, comma-separated ({', '.join(GAMES)})")
    parser.add_argument("--spectators", default="0", help="spectator sockets per match, comma-separated counts")
    parser.add_argument("--profile", default="", help="a directory: py-spy each server over the play phase")
    parser.add_argument("--repeat", type=int, default=1, help="run every configuration this many times")
    parser.add_argument("--max-moves", type=int, default=200_000, help="bound on the moves posted per run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default="", help="append each configuration's figures to this file")
    parser.add_argument("--interleave", type=float, default=0,
                        help="seconds: the site and the floor (both, whatever --targets says) of every game take "
                             "turns in slices this long, on the same servers")
    parser.add_argument("--target", help=argparse.SUPPRESS)  # a child's one configuration
    args = parser.parse_args(argv)
    args.matches = [int(x) for x in str(args.matches).split(",")]
    if unknown := set(args.game.split(",")) - set(GAMES):
        parser.error(f"no such game: {', '.join(sorted(unknown))} (one of {', '.join(GAMES)})")
    if args.target:
        args.pace, args.spectators = float(args.pace), int(args.spectators)
        return child(args)
    if args.processes > 1 and not args.redis_url:
        parser.error("more than one process needs --redis-url (the channel layer between them)")
    results, failed = [], 0
    print(f"Top Cat live load benchmark, {os.cpu_count()} CPUs, load average at start "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}; {args.processes} process(es), "
          f"{'PostgreSQL' if args.database_url else 'SQLite'}, {'Redis' if args.redis_url else 'in-memory'} layer",
          flush=True)
    configurations = [(pace, k, n) for _ in range(args.repeat) for pace in [float(x) for x in args.pace.split(",")]
                      for k in args.matches for n in [int(x) for x in str(args.spectators).split(",")]]
    # One child per configuration, game and target; interleaved, one child plays every game's site and floor.
    games = [args.game] if args.interleave else args.game.split(",")
    for run, (pace, k, spectators) in enumerate(configurations):
        targets = ["both"] if args.interleave else args.targets.split(",")
        for game, target in [(g, t) for g in games for t in (targets if run % 2 == 0 else targets[::-1])]:
            command = [sys.executable, __file__, "--target", target, "--matches", str(k), "--pace", str(pace),
                       "--duration", str(args.duration), "--processes", str(args.processes),
                       "--interleave", str(args.interleave),
                       "--max-moves", str(args.max_moves), "--seed", str(args.seed), "--game", game,
                       "--spectators", str(spectators)]
            if args.database_url:
                command += ["--database-url", args.database_url]
            if args.redis_url:
                command += ["--redis-url", args.redis_url]
            if args.profile:
                name = f"{target}-{game.replace(',', '+')}-{k}-{pace:g}-{spectators}-{run}"
                command += ["--profile", str(Path(args.profile) / name)]
            done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=4 * args.duration + 900)
            if done.returncode != 0:
                print(f"{target} {game} K={k} pace={pace} spectators={spectators}: failed\n{done.stderr[-3000:]}",
                      flush=True)
                failed += 1
                continue
            for result in json.loads(done.stdout.strip().splitlines()[-1]):
                result["run"] = run
                results.append(result)
                print(json.dumps({k: v for k, v in result.items() if k != "timeline"}), flush=True)  # --json has it
                if args.json:
                    with open(args.json, "a") as out:
                        out.write(json.dumps(result) + "\n")
    print()
    print(report(results))
    print()
    print(ratios(results))
    print(f"load average at the end {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
