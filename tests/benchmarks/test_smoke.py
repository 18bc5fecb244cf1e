"""Every benchmark runs, at tiny sizes, and prints its figures: none can rot unnoticed again (issue 31).

Each script runs as `make bench` runs it, as a subprocess of its own; the scripts of the tests selected here are
all started at once, when the first of them needs its own (they spend most of their time starting Python, Django
and servers, which two cores do side by side), each on a copy of one SQLite file migrated once for them all
(`BENCH_SQLITE_TEMPLATE`, benchmarks/fresh_django.py). One pytest-xdist worker runs these tests (tests/conftest.py).

A timing benchmark exits 1 when a figure is over its limit, which a busy machine may cause at these sizes; that is
a verdict, not a breakage: such a run passes when it printed its figures and its verdict and no traceback.
load.py plays every game against the floor in one child; on the PostgreSQL and Redis pass it runs on them (a
database of the worker's own, a prefix of its own in Redis), the other scripts always on SQLite files of their own.
"""
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.workers import per_worker

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("rat_a_tat_cat", "hot_tin_roof", "cat_tower", "rat_hot")
TIMEOUT = 300  # seconds, for every script together: they run side by side


def load_options() -> list[str]:
    """On the PostgreSQL and Redis pass, load.py's servers use them (load.py makes its database anew)."""
    options = []
    if os.environ.get("DATABASE_URL"):
        url = urlsplit(os.environ["DATABASE_URL"])
        name = per_worker(url.path.lstrip("/") + "_load")
        options += ["--database-url", urlunsplit(url._replace(path=f"/{name}"))]
    if os.environ.get("REDIS_URL"):
        options += ["--redis-url", os.environ["REDIS_URL"]]
    return options


# Each test's script and its options.
RUNS = {
    "test_a_move_through_the_real_server": ["moves_server.py", "--samples", "5", "--warmup", "2"],
    "test_a_move_in_process": ["moves.py", "--samples", "5", "--warmup", "2", "--long-moves", "10"],
    "test_a_move_counted": ["moves.py", "--count", "3", "--count-warmup", "2"],  # the floor's is the same code's
    "test_a_move_counted_without_its_tables": ["moves.py", "--count", "3", "--count-warmup", "2", "--tables-once"],
    "test_a_table_rendered": ["tables.py", "--samples", "3", "--warmup", "1", "--seats", "2"],
    "test_rat_hots_placements_listed": ["rat_hot_placements.py", "--samples", "3"],
    "test_the_history_pages": ["history.py", "--sizes", "60,120", "--players", "12", "--alice", "10", "--samples",
                               "2", "--warmup", "1"],
    "test_live_play_of_every_game_against_the_floor": [
        "load.py", "--matches", "1", "--pace", "0", "--duration", "0.5", "--interleave", "0.5",
        "--game", ",".join(GAMES), *load_options()],
}


@dataclass
class Run:
    process: subprocess.Popen
    out: Path
    err: Path

    def done(self) -> subprocess.CompletedProcess:
        try:
            self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            pytest.fail(f"{self.process.args} did not end within {TIMEOUT} s:\n{self.err.read_text()[-3000:]}")
        return subprocess.CompletedProcess(self.process.args, self.process.returncode, self.out.read_text(),
                                           self.err.read_text())


def bench_env(**extra: str) -> dict:
    """The test process's environment, without what it sets for itself (the scripts set up Django their way)."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return {**env, **extra}


@pytest.fixture(scope="module")
def started(request, tmp_path_factory) -> dict[str, Run]:
    """The scripts of this module's selected tests, started together on copies of one migrated SQLite file."""
    folder = tmp_path_factory.mktemp("benchmarks")
    migrated = folder / "migrated.sqlite3"
    env = bench_env(DJANGO_SETTINGS_MODULE="catsite.settings", SQLITE_PATH=str(migrated), DEBUG="0",
                    SECRET_KEY="benchmark-only-secret-key-" + "x" * 40, ALLOWED_HOSTS="testserver")
    env.pop("DATABASE_URL", None)  # SQLite, as the scripts' own (benchmarks/fresh_django.py)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True,
                   timeout=TIMEOUT)
    wanted = [item.name for item in request.session.items if item.module is request.module and item.name in RUNS]
    runs = {}
    for name in wanted:
        out, err = folder / f"{name}.out", folder / f"{name}.err"
        with out.open("w") as stdout, err.open("w") as stderr:
            process = subprocess.Popen([sys.executable, f"benchmarks/{RUNS[name][0]}", *RUNS[name][1:]], cwd=ROOT,
                                       stdout=stdout, stderr=stderr, text=True,
                                       env=bench_env(BENCH_SQLITE_TEMPLATE=str(migrated)))
        runs[name] = Run(process, out, err)
    yield runs
    for run in runs.values():
        if run.process.poll() is None:
            run.process.kill()
            run.process.wait()


@pytest.fixture
def done(request, started) -> subprocess.CompletedProcess:
    """This test's script, once it has ended."""
    return started[request.node.name].done()


def ran(done: subprocess.CompletedProcess, figures: str, verdict: str) -> None:
    """It printed its figures (a regular expression of a line of them) and its verdict, without a traceback;
    exit 0, or 1 for a figure over its limit."""
    told = f"exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    assert "Traceback" not in done.stderr, told
    assert re.search(figures, done.stdout, re.M), told
    assert re.search(verdict, done.stdout, re.M), told
    assert done.returncode in (0, 1), told


def test_a_move_through_the_real_server(done):
    ran(done, r"^move +5 +[\d.]+ +[\d.]+", r"^move p50 / bare p50 = [\d.]+")


def test_a_move_in_process(done):
    ran(done, r"^move, long match \(moves 13\+\) +5 ", r"^move p50 / bare p50 = ")


def test_a_move_counted(done):
    assert done.returncode == 0, done.stderr[-3000:]
    counted = json.loads(done.stdout.strip().splitlines()[-1])
    assert counted["target"] == "site" and counted["moves"] == 3 and counted["calls"] > 0 and counted["queries"] > 0
    assert counted["drawn"] == counted["renders"] > 0 and counted["renders"] % 3 == 0  # each of 3 moves' tables


def test_a_move_counted_without_its_tables(done):
    assert done.returncode == 0, done.stderr[-3000:]
    counted = json.loads(done.stdout.strip().splitlines()[-1])
    assert counted["renders"] == 6 and counted["drawn"] < counted["renders"] and counted["bytes"] > 0


def test_a_table_rendered(done):
    assert done.returncode == 0, done.stderr[-3000:]
    assert re.search(r"^ct a move, all tables +3 ", done.stdout, re.M), done.stdout


def test_rat_hots_placements_listed(done):
    ran(done, r"^legal_actions, late, one strip +\d+ ", r"^slowest one-strip legal_actions p50: ")


def test_the_history_pages(done):
    ran(done, r"^history +[\d.]+ / [\d.]+ \(3, \d+k\) +[\d.]+ / [\d.]+ \(3, \d+k\) +[\d.]+x$", r"^(OK|FAIL): ")


def test_live_play_of_every_game_against_the_floor(done):
    assert done.returncode == 0, f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    results = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert sorted((r["game"], r["target"]) for r in results) == sorted((g, t) for g in GAMES for t in ("site", "floor"))
    for r in results:
        assert r["applied"] > 0, r  # moves were made: the player found its moves in the table
        assert r["statuses"] == {"200": r["posted"]}, r  # every move a browser could post was taken
        assert r["pushes_measured"] > 0 and r["socket_errors"] == 0, r
        assert r["lost_moves"] == r["doubled_moves"] == r["server_log_errors"] == 0, r
        assert r["seats"] == (3 if r["game"] == "hot_tin_roof" else 2), r
    assert re.search(r"^site +rat_hot +1 ", done.stdout, re.M), done.stdout  # the report's table
