"""A disputed record counts for nobody (statistics, ratings, leaderboards, head-to-head) until its recorder corrects
it or the dispute is withdrawn; the header tells the recorder, and whoever has records awaiting their answer."""
import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import confirmations, ratings, stats, table_records
from scoring.models import GameRecord, Participant, RatingChange
from scoring.records import save_record
from scoring.table_records import SeatChoice
from tests.scoring.test_confirmations import DAY, RAT_HOT, record_table, seat_of
from tests.scoring.test_stats import START, play, table_player

pytestmark = pytest.mark.django_db
BADGE = re.compile(r'<a class="needs-you" href="(?P<href>[^"]+)">(?P<text>[^<]+)</a>')


def recorded(user, game, *seats, when):
    """A match `user` recorded (not one the site saw): seats are (profile, score, rank); others' seats wait."""
    record = {
        "format": "catsite-record/1", "game": game, "source": "table", "options": {},
        "seats": [{"seat": i, "name": p.display_name, "player": p.handle, "bot": None}
                  for i, (p, _score, _rank) in enumerate(seats)],
        "started_at": when.isoformat(), "finished_at": when.isoformat(), "final": {},
        "result": {"scores": [s for _p, s, _r in seats], "ranks": [r for _p, _s, r in seats],
                   "breakdown": [{} for _ in seats]},
    }
    return save_record(record, recorded_by=user)


def changes():
    return {(c.profile_id, c.game_record_id, round(c.mu, 9), round(c.sigma, 9)) for c in RatingChange.objects.all()}


def assert_ratings_are_a_full_rebuilds():
    kept = changes()
    ratings.rebuild_ratings()
    assert changes() == kept


@pytest.fixture
def evening(alice, bob):
    """Alice and Granny (a table player) played twice, then Alice recorded a game of her, Granny and Bob."""
    granny = table_player(alice, "Granny")
    play("cat_tower", (alice, 30, 1), (granny, 20, 2), when=START)
    play("cat_tower", (alice, 10, 2), (granny, 20, 1), when=START + dt.timedelta(days=1))
    disputed = recorded(alice, "cat_tower", (alice.profile, 40, 1), (granny, 30, 2), (bob.profile, 5, 3),
                        when=START + dt.timedelta(days=2))
    later = play("cat_tower", (alice, 25, 1), (granny, 15, 2), when=START + dt.timedelta(days=3))
    return granny, disputed, later


def snapshot(alice, granny, game="cat_tower"):
    return {
        "plays": [line.plays for line in stats.per_game(alice.profile)],
        "granny's plays": [line.plays for line in stats.per_game(granny)],
        "head to head": [(r.profile, r.matches, r.wins) for r in stats.head_to_head(alice.profile, min_matches=1)],
        "leaderboard": {row.profile: (row.rated, row.wins) for row in stats.leaderboard(game, min_games=1)},
        "matches": {s.game: s.matches for s in stats.games_summary()}[game],
    }


def test_a_disputed_record_counts_for_nobody_until_the_dispute_is_withdrawn(alice, bob, evening):
    granny, disputed, later = evening
    counted = snapshot(alice, granny)
    assert counted["plays"] == [4] and counted["matches"] == 4
    assert RatingChange.objects.filter(game_record=disputed).count() == 2  # Alice and Granny; Bob waits

    confirmations.answer(user=bob, participant_id=seat_of(disputed, "bob").pk, answer="dispute")
    assert GameRecord.objects.get(pk=disputed.pk).disputed
    out = snapshot(alice, granny)
    assert out["plays"] == [3] and out["granny's plays"] == [3] and out["matches"] == 3
    assert out["head to head"] == [(granny, 3, 2)]
    assert out["leaderboard"] == {profile: (rated - 1, wins - (profile == alice.profile))
                                  for profile, (rated, wins) in counted["leaderboard"].items()}
    assert not RatingChange.objects.filter(game_record=disputed).exists()
    # Alice's later match follows from her rating as if the disputed one had never been played.
    before = {c.profile_id: (c.mu, c.sigma) for c in RatingChange.objects.filter(game_record__played_at__lt=
                                                                                disputed.played_at)}
    expected = ratings.rate_match([(alice.profile.pk, 1), (granny.pk, 2)],
                                  {pk: ratings.Skill(*skill) for pk, skill in before.items()})
    after = RatingChange.objects.get(game_record=later, profile=alice.profile)
    assert after.mu == pytest.approx(expected[alice.profile.pk].mu)
    assert_ratings_are_a_full_rebuilds()

    confirmations.answer(user=bob, participant_id=seat_of(disputed, "bob").pk, answer="confirm")  # withdrawn
    assert not GameRecord.objects.get(pk=disputed.pk).disputed
    back = snapshot(alice, granny)
    assert back["plays"] == [4] and back["matches"] == 4
    assert RatingChange.objects.filter(game_record=disputed).count() == 3  # Bob's seat counts now too
    assert_ratings_are_a_full_rebuilds()


def test_a_dispute_by_one_player_leaves_another_players_seat_waiting(alice, bob, make_player):
    carol = make_player("carol")
    game_record = recorded(alice, "cat_tower", (alice.profile, 40, 1), (bob.profile, 30, 2), (carol.profile, 5, 3),
                           when=START)
    confirmations.answer(user=bob, participant_id=seat_of(game_record, "bob").pk, answer="dispute")
    confirmations.answer(user=carol, participant_id=seat_of(game_record, "carol").pk, answer="confirm")
    assert GameRecord.objects.get(pk=game_record.pk).disputed  # Carol agrees, Bob still does not
    assert stats.per_game(carol.profile) == [] and not RatingChange.objects.exists()
    assert (confirmations.needing_count(alice), confirmations.needing_count(carol)) == (1, 0)


def test_a_correction_ends_the_dispute_and_asks_again(alice, bob):
    game_record = record_table(alice, "alice", "bob")
    confirmations.answer(user=bob, participant_id=seat_of(game_record, "bob").pk, answer="dispute")
    assert stats.per_game(alice.profile) == [] and confirmations.needing_count(alice) == 1
    corrected = {**RAT_HOT, "players": [RAT_HOT["players"][1], RAT_HOT["players"][0]]}
    table_records.correct_table_record(game_record, user=alice, played_on=DAY, final=corrected, options={},
                                       choices=[SeatChoice(handle="alice"), SeatChoice(handle="bob")])
    game_record.refresh_from_db()
    assert not game_record.disputed and seat_of(game_record, "bob").confirmation == Participant.AWAITING
    assert [line.plays for line in stats.per_game(alice.profile)] == [1]
    assert RatingChange.objects.filter(game_record=game_record, profile=alice.profile).exists()
    assert (confirmations.needing_count(alice), confirmations.needing_count(bob)) == (0, 1)
    assert_ratings_are_a_full_rebuilds()


# --- The header's badge --------------------------------------------------------------------------------------


def badge(client):
    found = BADGE.search(client.get(reverse("history")).text)
    return (found["text"], found["href"]) if found else None


def test_the_header_tells_whoever_a_record_needs(client, alice, bob):
    first = record_table(alice, "alice", "bob")
    record_table(alice, "alice", "bob", day=DAY + dt.timedelta(days=1))
    needing = reverse("records_needing")
    client.force_login(bob)
    assert badge(client) == ("2 records need you", needing)
    client.force_login(alice)
    assert badge(client) is None
    confirmations.answer(user=bob, participant_id=seat_of(first, "bob").pk, answer="dispute")
    assert badge(client) == ("1 record needs you", needing)
    client.force_login(bob)
    assert badge(client) == ("1 record needs you", needing)  # the other one still waits for him
    client.logout()
    assert badge(client) is None


def test_the_badge_speaks_chinese_too(client, alice, bob):
    record_table(alice, "alice", "bob")
    client.force_login(bob)
    page = client.get(reverse("history"), HTTP_ACCEPT_LANGUAGE="zh-hant").text
    assert BADGE.search(page)["text"] == "1 筆紀錄需要你處理"


def test_the_badge_is_one_query_through_the_indexes(alice, bob):
    record_table(alice, "alice", "bob")
    with CaptureQueriesContext(connection) as captured:
        assert confirmations.needing_count(bob) == 1
    assert len(captured) == 1
    sql = captured[0]["sql"]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL enable_seqscan = off")  # a table this small would be read whole otherwise
            cursor.execute("EXPLAIN " + sql)
        else:
            cursor.execute("EXPLAIN QUERY PLAN " + sql)
        plan = " ".join(str(row) for row in cursor.fetchall())
    if connection.vendor == "postgresql":  # its planner may pick either index of a table this small; none is read whole
        assert "Index Scan" in plan and "Seq Scan" not in plan
    else:
        assert "participant_profile_answer" in plan and "record_recorder_disputed" in plan


def test_a_page_costs_one_query_more_for_the_badge_and_none_when_logged_out(client, alice, bob):
    record_table(alice, "alice", "bob")
    with CaptureQueriesContext(connection) as anonymous:
        client.get(reverse("rules_index"))
    client.force_login(bob)
    with CaptureQueriesContext(connection) as logged_in:
        client.get(reverse("rules_index"))
    badge_queries = [q for q in logged_in.captured_queries if "UNION" in q["sql"]]
    assert len(badge_queries) == 1
    assert not [q for q in anonymous.captured_queries if "UNION" in q["sql"]]


# --- Where the badge leads ----------------------------------------------------------------------------------


def test_the_page_it_leads_to_lets_each_act(client, alice, bob):
    first = record_table(alice, "alice", "bob")
    needing = reverse("records_needing")
    assert client.get(needing).status_code == 302  # log in first
    client.force_login(bob)
    page = client.get(needing).text
    assert "Waiting for your answer" in page and 'value="confirm"' in page and 'value="dispute"' in page
    response = client.post(reverse("record_confirm", args=[first.pk, 1]), {"answer": "dispute", "next": needing})
    assert response.url == needing
    assert "Nothing needs you" in client.get(needing).text
    client.force_login(alice)
    page = client.get(needing).text
    assert "Disputed records you recorded" in page and "disputed by Bob Dylan" in page
    assert f'href="{reverse("record_edit", args=[first.pk])}"' in page
    record_page = client.get(first.get_absolute_url()).text
    assert "A player disputes this result: it counts for nobody" in record_page


def test_an_online_record_someone_disputes_can_only_be_withdrawn(client, alice, bob):
    game_record = recorded(alice, "rat_hot", (alice.profile, 30, 1), (bob.profile, 28, 2), when=START)
    GameRecord.objects.filter(pk=game_record.pk).update(source="online")
    confirmations.answer(user=bob, participant_id=seat_of(game_record, "bob").pk, answer="dispute")
    client.force_login(alice)
    page = client.get(reverse("records_needing")).text
    assert "only the player can withdraw the dispute" in page and "Correct this record" not in page
