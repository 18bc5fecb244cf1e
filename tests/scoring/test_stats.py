"""scoring.stats and the statistics pages: per-game records, head-to-head, leaderboards, the stats index.

The helpers here (`play`, `table_player`) are shared by the other statistics tests.
"""
import datetime as dt
import itertools

import pytest
from django.urls import reverse

from games import registry
from scoring import services, stats
from scoring.records import save_record

pytestmark = pytest.mark.django_db

START = dt.datetime(2026, 1, 1, 20, 0, tzinfo=dt.UTC)
_clock = itertools.count()


def play(game, *seats, when=None, source="table"):
    """Save a finished match through save_record. Seats are (profile or name, score, rank); a name string
    makes a seat without a profile, a name starting with "bot:" a bot seat. Saved as a match the site saw, so
    every seat counts at once (tests/scoring/test_confirmations.py is about the seats that wait)."""
    when = when or START + dt.timedelta(hours=next(_clock))
    record_seats, scores, ranks = [], [], []
    for index, (who, score, rank) in enumerate(seats):
        if isinstance(who, str):
            bot = who.removeprefix("bot:") if who.startswith("bot:") else None
            record_seats.append({"seat": index, "name": who, "player": None, "bot": bot})
        else:
            profile = getattr(who, "profile", who)
            record_seats.append({"seat": index, "name": profile.display_name, "player": profile.handle, "bot": None})
        scores.append(score)
        ranks.append(rank)
    record = {
        "format": "catsite-record/1", "game": game, "source": source, "options": {}, "seats": record_seats,
        "started_at": (when - dt.timedelta(minutes=30)).isoformat(), "finished_at": when.isoformat(),
        "final": {}, "result": {"scores": scores, "ranks": ranks, "breakdown": [{} for _ in seats]},
    }
    return save_record(record, witnessed=True)


def table_player(creator, name):
    return services.create_table_player(created_by=creator, display_name=name)


def test_per_game_counts_plays_wins_average_best_and_last_played(alice, bob):
    play("cat_tower", (alice, 30, 1), (bob, 20, 2))
    play("cat_tower", (alice, 20, 2), (bob, 40, 1))
    last = play("cat_tower", (alice, 25, 1), (bob, 25, 1))  # a shared win counts as a win
    play("rat_hot", (bob, 9, 1), ("Guest", 3, 2))
    lines = stats.per_game(alice.profile)
    assert [line.game for line in lines] == ["cat_tower"]
    line = lines[0]
    assert (line.plays, line.wins, line.average, line.best) == (3, 2, 25.0, 30)
    assert line.win_rate == pytest.approx(2 / 3)
    assert line.last_played == last.played_at
    assert len(line.ratings) == 3 and line.rating == line.ratings[-1]


def test_best_score_is_the_lowest_in_rat_a_tat_cat(alice, bob):
    play("rat_a_tat_cat", (alice, 12, 1), (bob, 20, 2))
    play("rat_a_tat_cat", (alice, 5, 1), (bob, 8, 2))
    play("rat_a_tat_cat", (alice, 30, 2), (bob, 4, 1))
    line = stats.per_game(alice.profile)[0]
    assert line.lower_is_better
    assert (line.best, line.wins, line.plays) == (5, 2, 3)
    assert stats.per_game(bob.profile)[0].best == 4


def test_games_are_listed_in_the_registry_order(alice, bob):
    play("rat_hot", (alice, 9, 1), (bob, 3, 2))
    play("hot_tin_roof", (alice, 9, 1), (bob, 3, 2), ("bot:easy", 1, 3))
    assert [line.game for line in stats.per_game(alice.profile)] == ["hot_tin_roof", "rat_hot"]


def test_head_to_head_counts_places_against_each_frequent_opponent(alice, bob, make_player):
    carol = make_player("carol")
    play("cat_tower", (alice, 30, 1), (bob, 20, 2), (carol, 10, 3))
    play("cat_tower", (alice, 30, 1), (bob, 30, 1))
    play("rat_a_tat_cat", (alice, 10, 2), (bob, 5, 1), ("bot:easy", 40, 3))
    play("rat_hot", (alice, 10, 1), (bob, 5, 2))
    play("rat_hot", (alice, 10, 1), ("Guest", 5, 2))
    rivals = stats.head_to_head(alice.profile)
    assert [(r.profile, r.matches, r.wins, r.losses, r.ties) for r in rivals] == [(bob.profile, 4, 2, 1, 1)]
    # Carol met Alice once: below the default minimum, shown with a lower one.
    rivals = stats.head_to_head(alice.profile, min_matches=1)
    assert [(r.profile, r.matches, r.wins, r.losses, r.ties) for r in rivals] == [
        (bob.profile, 4, 2, 1, 1), (carol.profile, 1, 1, 0, 0)
    ]
    bob_view = stats.head_to_head(bob.profile)
    assert [(r.profile, r.wins, r.losses, r.ties) for r in bob_view] == [(alice.profile, 1, 2, 1)]


def test_leaderboard_needs_the_minimum_number_of_games(alice, bob, make_player, settings):
    carol = make_player("carol")
    for _ in range(3):
        play("cat_tower", (alice, 30, 1), (carol, 10, 2))
    play("cat_tower", (bob, 30, 1), (carol, 10, 2))
    play("cat_tower", (bob, 30, 1), (alice, 10, 2))
    rows = stats.leaderboard("cat_tower")
    assert [row.profile for row in rows] == [alice.profile, carol.profile]  # bob has 2 matches, carol 4
    assert [row.place for row in rows] == [1, 2]
    assert rows[0].rating > rows[1].rating
    assert (rows[0].rated, rows[0].wins) == (4, 3)
    settings.LEADERBOARD_MIN_GAMES = 2
    assert {row.profile for row in stats.leaderboard("cat_tower")} == {alice.profile, bob.profile, carol.profile}
    settings.LEADERBOARD_MIN_GAMES = 5
    assert stats.leaderboard("cat_tower") == []
    assert stats.leaderboard("rat_hot", min_games=1) == []


def test_leaderboard_uses_the_latest_rating(alice, bob):
    for _ in range(3):
        play("rat_hot", (alice, 30, 1), (bob, 10, 2))
    latest = alice.profile.rating_changes.order_by("played_at").last()
    row = stats.leaderboard("rat_hot")[0]
    assert (row.profile, row.rating, row.mu, row.sigma) == (alice.profile, latest.rating, latest.mu, latest.sigma)


def test_games_summary_counts_matches_and_names_the_leaders(alice, bob):
    for _ in range(3):
        play("rat_hot", (alice, 30, 1), (bob, 10, 2))
    summaries = {summary.game: summary for summary in stats.games_summary()}
    assert list(summaries) == [game.slug for game in registry.GAMES]  # every game, in the declared order
    assert summaries["rat_hot"].matches == 3
    assert [row.profile for row in summaries["rat_hot"].leaders] == [alice.profile, bob.profile]
    assert summaries["cat_tower"].matches == 0 and summaries["cat_tower"].leaders == []


def test_player_page_shows_statistics_with_leaderboard_links(client, alice, bob):
    play("cat_tower", (alice, 30, 1), (bob, 20, 2))
    play("rat_a_tat_cat", (alice, 7, 1), (bob, 20, 2))
    page = client.get(reverse("player", args=["alice"])).content.decode()
    assert 'id="statistics"' in page
    assert reverse("leaderboard", args=["cat_tower"]) in page
    assert reverse("leaderboard", args=["rat_a_tat_cat"]) in page
    assert "(lowest)" in page
    assert "<svg" in page and "<polyline" in page
    assert "css/stats.css" in page


def test_player_page_without_matches_says_so(client, alice):
    page = client.get(reverse("player", args=["alice"])).content.decode()
    assert "No statistics yet" in page
    assert "<svg" not in page


def test_stats_index_and_leaderboard_pages(client, alice, bob):
    for _ in range(3):
        play("rat_hot", (alice, 30, 1), (bob, 10, 2))
    index = client.get(reverse("stats"))
    assert index.status_code == 200
    for game in ("hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"):
        assert reverse("leaderboard", args=[game]).encode() in index.content
    board = client.get(reverse("leaderboard", args=["rat_hot"]))
    assert board.status_code == 200
    text = board.content.decode()
    assert text.index("Alice Cooper") < text.index("Bob Dylan")
    assert client.get(reverse("leaderboard", args=["rat_hot"])).status_code == 200
    empty = client.get(reverse("leaderboard", args=["cat_tower"])).content.decode()
    assert "Nobody has played 3 rated matches" in empty
    assert client.get("/stats/chess/").status_code == 404
