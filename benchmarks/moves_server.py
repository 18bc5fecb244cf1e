"""A move end to end through the real server: HTTP to daphne (ASGI), against a bare view, interleaved.

Run: `.venv/bin/python benchmarks/moves_server.py [--samples N]` (or `make bench`). It starts daphne on a free
port with DEBUG off, on a fresh SQLite file, logs a user in by session cookie, and times, over one keep-alive
HTTP connection, `GET /bench/bare/` (a view returning "<p>ok</p>" through the same middleware) and the htmx move
POST of a hot-seat Rat-a-Tat Cat match (what a browser sends: CSRF header and cookie, session cookie), one of
each per round. The move includes everything the server does before answering; the websocket push and the bots
run as tasks after the answer, as in production. Exits 1 when the move's p50 is 3x the bare view's or more.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# isort: off
from benchmarks.moves import RATIO_LIMIT, Table  # noqa: E402  (first: it sets up Django on a fresh SQLite file)

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
# isort: on


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def logged_in_session(user) -> str:
    """A session of the user logged in, as Django's test client makes one: with the first backend that can load
    a user back from a session (the first of the site's, django-axes', checks logins but loads nobody)."""
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def start_server(port: int) -> subprocess.Popen:
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="benchmarks.server_settings", ALLOWED_HOSTS="127.0.0.1")
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                               "benchmarks.server_asgi:application"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("daphne did not start")


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=30)
    args = parser.parse_args(argv)
    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("bench")  # no password (hashing costs CPU): force_login
    from scoring.services import profile_for

    profile_for(user)
    csrf = "b" * 32
    cookies = f"sessionid={logged_in_session(user)}; csrftoken={csrf}"
    port = free_port()
    server = start_server(port)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        rng, table = random.Random(1), None
        timings = {"bare": [], "move": []}

        def request(method, path, body=None, headers=None):
            start = time.perf_counter()
            connection.request(method, path, body=body, headers={"Cookie": cookies, **(headers or {})})
            response = connection.getresponse()
            response.read()
            took = (time.perf_counter() - start) * 1000
            assert response.status == 200, f"{method} {path}: {response.status}"
            return took

        for i in range(args.warmup + args.samples):
            if table is None or table.made >= 40:
                table = Table(user, rng)
            seat, action, version = table.next_move()
            body = urlencode({"seat": seat, "version": version, "action": json.dumps(action)})
            headers = {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": csrf,
                       "HX-Request": "true", "Origin": f"http://127.0.0.1:{port}"}
            order = [("bare", "GET", "/bench/bare/", None, None),
                     ("move", "POST", f"/matches/{table.match.pk}/move/", body, headers)]
            for name, method, path, data, extra in (order if i % 2 else order[::-1]):
                took = request(method, path, data, extra)
                if i >= args.warmup:
                    timings[name].append(took)
            table.made += 1
            time.sleep(0.002)  # let the after-answer tasks (the push) finish, as between a player's clicks
    finally:
        server.terminate()
        server.wait(timeout=10)
    bare_p50, move_p50 = percentile(timings["bare"], 0.5), percentile(timings["move"], 0.5)
    print(f"Top Cat move benchmark through daphne (HTTP keep-alive), {os.cpu_count()} CPUs, "
          f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'request (ms)':32} {'n':>5} {'p50':>8} {'p95':>8} {'vs bare':>8}")
    for name, values in timings.items():
        p50 = percentile(values, 0.5)
        print(f"{name:32} {len(values):5} {p50:8.2f} {percentile(values, 0.95):8.2f} {p50 / bare_p50:7.2f}x")
    ratio = move_p50 / bare_p50
    print(f"move p50 / bare p50 = {ratio:.2f} (limit < {RATIO_LIMIT:g})")
    return 0 if ratio < RATIO_LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
