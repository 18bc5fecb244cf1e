"""The player, history and statistics pages run a fixed number of queries however long the history grows."""
import datetime as dt
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import summaries
from scoring.models import GameRecord, Participant
from scoring.ratings import rebuild_ratings
from tests.scoring.test_stats import START, table_player

pytestmark = pytest.mark.django_db
GAMES = ["hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"]


def add_history(count, profiles, rng, start=START):
    """`count` finished matches of 2-4 seats (some bots, some guests), written with bulk_create, then rated."""
    records = GameRecord.objects.bulk_create(
        GameRecord(game=rng.choice(GAMES), source=rng.choice(["online", "table"]), record={},
                   played_at=start + dt.timedelta(hours=i))
        for i in range(count)
    )
    seats = []
    for record in records:
        seated = rng.sample(profiles, rng.randint(1, 3)) + rng.sample(["bot:easy", "Guest"], 1)
        scores = [rng.randint(0, 20) for _ in seated]
        order = sorted(set(scores), reverse=record.game != "rat_a_tat_cat")
        for index, (who, score) in enumerate(zip(seated, scores, strict=True)):
            person = not isinstance(who, str)
            seats.append(Participant(
                game_record=record, seat=index, profile=who if person else None,
                name=who.display_name if person else who, bot="easy" if who == "bot:easy" else "",
                score=score, rank=order.index(score) + 1,
            ))
    Participant.objects.bulk_create(seats)
    rebuild_ratings()
    summaries.rebuild()  # the bulk_create went around the kept tallies
    return records


def queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured)


PAGES = {
    "player": lambda: reverse("player", args=["alice"]),
    "history": lambda: reverse("history"),
    "history of a player": lambda: reverse("history") + "?player=alice",
    "history, an older page": lambda: reverse("history") + "?before={}".format(
        GameRecord.objects.order_by("-played_at", "-id").values_list("pk", flat=True)[30]),
    "leaderboard": lambda: reverse("leaderboard", args=["cat_tower"]),
    "stats": lambda: reverse("stats"),
}
LIMITS = {"player": 13, "history": 8, "history of a player": 8, "history, an older page": 8, "leaderboard": 6,
          "stats": 16}


@pytest.mark.parametrize("logged_in", [False, True])
def test_query_counts_do_not_grow_with_the_history(client, alice, bob, make_player, logged_in):
    rng = random.Random(3)
    profiles = [alice.profile, bob.profile, make_player("carol").profile, table_player(alice, "Granny")]
    profiles += [make_player(name).profile for name in ("dan", "eve")]
    if logged_in:
        client.force_login(alice)
    add_history(50, profiles, rng)
    small = {name: queries(client, url()) for name, url in PAGES.items()}
    add_history(250, profiles, rng, start=START + dt.timedelta(days=30))
    assert GameRecord.objects.count() == 300
    large = {name: queries(client, url()) for name, url in PAGES.items()}
    assert large == small
    for name, count in large.items():
        assert count <= LIMITS[name] + logged_in, (name, count)  # logged in: the header's badge, one query


# The tables that grow with the history and the players: a player's page may read them only by an index, for the
# player's own rows (a scan would read every other player's too).
GROWING = ("scoring_gamerecord", "scoring_participant", "scoring_ratingchange", "scoring_playerprofile",
           "scoring_playerline", "scoring_standing")


def scans(sql: str, params) -> list[str]:
    """The lines of the query's plan that read a growing table whole (PostgreSQL: told to avoid a sequential scan
    wherever an index can serve, as it would on a large table; SQLite: its plan as it is)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute("EXPLAIN " + sql, params)
            plan = [row[0] for row in cursor.fetchall()]
            cursor.execute("SET LOCAL enable_seqscan = on")
            return [line for line in plan if "Seq Scan" in line and any(f" {t}" in line for t in GROWING)]
        cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
        plan = [row[-1] for row in cursor.fetchall()]
        return [line for line in plan if line.startswith("SCAN") and line.split()[1] in GROWING]


@pytest.mark.parametrize("logged_in", [False, True])
def test_a_players_page_reads_the_history_only_by_the_players_own_rows(client, alice, bob, make_player, logged_in):
    rng = random.Random(5)
    profiles = [alice.profile, bob.profile, make_player("carol").profile, table_player(alice, "Granny")]
    add_history(60, profiles, rng)
    if logged_in:
        client.force_login(alice)
    executed = []

    def keep(execute, sql, params, many, context):
        executed.append((sql, params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(keep):
        assert client.get(reverse("player", args=["Alice"]), follow=True).status_code == 200  # any case: by index
    selects = [(sql, params) for sql, params in executed if sql.startswith("SELECT")]
    assert len(selects) >= 6
    assert {sql: found for sql, params in selects if (found := scans(sql, params))} == {}


HISTORY_PAGES = ("history", "history of a player", "history, an older page")


@pytest.mark.parametrize("page", HISTORY_PAGES)
def test_the_history_pages_count_nothing_and_list_no_distinct_players(client, alice, bob, make_player, page):
    """Keyset pages (newer, older) need no count of every record, and the player box suggests names as they are
    typed instead of a drop-down of every player ever seated (a DISTINCT over every seat): neither comes back.
    A visitor's pages: a signed-in player's header counts what awaits their answer, of their own rows."""
    rng = random.Random(7)
    add_history(40, [alice.profile, bob.profile, make_player("carol").profile], rng)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(PAGES[page]()).status_code == 200
    counting = [query["sql"] for query in captured
                if "COUNT(" in query["sql"].upper() or "DISTINCT" in query["sql"].upper()]
    assert counting == []
