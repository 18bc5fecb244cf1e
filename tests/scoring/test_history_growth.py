"""The small version of benchmarks/history.py, on every build: no page's work grows with the number of matches.

The same generator and pages as the benchmark, at two sizes (5 times more matches, none of them @alice's): every
page runs the same number of queries, and on SQLite the database does no more than 1.3 times the work (its
virtual machine's steps, a measure of rows visited that the machine's load does not blur, unlike a time).
"""
import random

import pytest
from django.db import connection

from benchmarks import history as bench
from benchmarks.history_build import History, make_players

pytestmark = pytest.mark.django_db
SMALL, LARGE, ALICE = 300, 1500, 40


def work_of_every_page(alice_user) -> dict[str, tuple[int, int]]:
    measured = bench.pages(alice_user)
    for client, url in measured.values():
        bench.measure(client, url)  # warm: sessions, caches
    return {name: bench.measure(client, url)[1:3] for name, (client, url) in measured.items()}


def test_no_page_does_more_work_as_the_history_grows(settings):
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    alice_user, profiles = make_players(60)
    history = History(profiles, random.Random(5), alice_at=set(random.Random(6).sample(range(SMALL), ALICE)))
    history.grow(SMALL)
    small = work_of_every_page(alice_user)
    history.grow(LARGE)
    large = work_of_every_page(alice_user)
    assert {name: queries for name, (queries, _work) in large.items()} == {
        name: queries for name, (queries, _work) in small.items()}
    if connection.vendor == "sqlite":
        grown = {name: (small[name][1], large[name][1]) for name in small
                 if large[name][1] > bench.GROWTH_LIMIT * small[name][1] + 2}
        assert grown == {}, f"work (thousands of SQLite steps) at {SMALL} and {LARGE} matches"
