"""Fair statistics (issue 25, point 5; the rule is scoring/counting.py's): what each way a match can end counts for.

- played out: every seat, fully;
- resigned in a duel (`ended: resigned`): the winner nothing (no win, no score, no rating), the resigner a loss
  (a match played and not won, a rating step down) without its score (no average, no best);
- resigned in three or more, a bot finishing the seat: the others fully, the resigner a loss without its score;
- claimed (`ended: claimed`): nobody anything, neither the claimer nor the absent player;
- a seat a bot finished for its absent player: that seat nothing, the others fully by the places as they came.
Each is checked in averages, bests, wins, head to head, the leaderboard and the rating change, against a history
that holds one match played out before it, and the kept summaries and a rebuild of the ratings agree with it.
"""
import datetime as dt
import html
import importlib
import itertools

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import translation

from scoring import counting, ratings, stats, summaries
from scoring.models import GameRecord, GameTally, Participant, PlayerLine, RatingChange, Standing
from scoring.ratings import Skill, rate_match
from scoring.records import save_record

pytestmark = pytest.mark.django_db

START = dt.datetime(2026, 3, 1, 20, 0, tzinfo=dt.UTC)
_clock = itertools.count()


def save(game, *seats, ended=None):
    """Save a record the site saw (every seat confirmed). Seats are (profile, score, rank) or (profile, score, rank,
    the seat's version 2 keys: resigned, bot_from); `ended` is records.md version 2's."""
    when = START + dt.timedelta(hours=next(_clock))
    entries = [{"seat": index, "name": seat[0].profile.display_name, "player": seat[0].profile.handle, "bot": None,
                **(seat[3] if len(seat) > 3 else {})} for index, seat in enumerate(seats)]
    record = {
        "format": "catsite-record/2", "game": game, "source": "online", "options": {}, "seats": entries,
        "started_at": (when - dt.timedelta(minutes=30)).isoformat(), "finished_at": when.isoformat(),
        "final": {}, "result": {"scores": [seat[1] for seat in seats], "ranks": [seat[2] for seat in seats],
                                "breakdown": [{} for _ in seats]},
    }
    if ended:
        record["ended"] = ended
    return save_record(record, witnessed=True)


def line(user, game):
    """The player's statistics in the game: (plays, wins, average, best), None without any."""
    found = [line for line in stats.per_game(user.profile) if line.game == game]
    return (found[0].plays, found[0].wins, found[0].average, found[0].best) if found else None


def rivals(user):
    """Head to head, every opponent met once or more: {handle: (matches, ahead, behind, same place)}."""
    return {rival.profile.handle: (rival.matches, rival.wins, rival.losses, rival.ties)
            for rival in stats.head_to_head(user.profile, min_matches=1)}


def board(game):
    """The leaderboard, every player with a rated match: {handle: (rated matches, wins)}."""
    return {row.profile.handle: (row.rated, row.wins) for row in stats.leaderboard(game, min_games=1)}


def skill(user, game):
    latest = RatingChange.objects.filter(profile=user.profile, game=game).order_by("-played_at").first()
    return Skill(latest.mu, latest.sigma) if latest else Skill()


def changes(game_record) -> dict:
    return {handle: Skill(mu, sigma) for handle, mu, sigma in
            RatingChange.objects.filter(game_record=game_record).values_list("profile__handle", "mu", "sigma")}


def consistent(game):
    """The kept summaries agree with the history, and the ratings rated as records came are the rebuilt ones."""
    assert summaries.differences() == []
    before = rating_rows(game)
    ratings.rebuild_ratings(game=game)
    after = rating_rows(game)
    assert [row[:2] for row in after] == [row[:2] for row in before]
    assert [row[2:] for row in after] == pytest.approx([row[2:] for row in before])
    assert summaries.differences() == []


def rating_rows(game=None) -> list[tuple]:
    rows = RatingChange.objects.all() if game is None else RatingChange.objects.filter(game=game)
    return sorted(rows.values_list("profile_id", "game_record_id", "mu", "sigma"))


@pytest.fixture
def carol(make_player):
    return make_player("carol", display_name="Carol King")


def test_a_match_played_out_counts_for_everyone(alice, bob):
    record = save("rat_a_tat_cat", (alice, 10, 1), (bob, 20, 2))
    assert line(alice, "rat_a_tat_cat") == (1, 1, 10.0, 10) and line(bob, "rat_a_tat_cat") == (1, 0, 20.0, 20)
    assert rivals(alice) == {"bob": (1, 1, 0, 0)} and rivals(bob) == {"alice": (1, 0, 1, 0)}
    assert board("rat_a_tat_cat") == {"alice": (1, 1), "bob": (1, 0)}
    assert changes(record) == pytest.approx(
        {"alice": rate_match([(1, 1), (2, 2)], {})[1], "bob": rate_match([(1, 1), (2, 2)], {})[2]})
    consistent("rat_a_tat_cat")


def test_a_resigned_duel_is_a_loss_for_the_resigner_and_nothing_for_the_winner(alice, bob):
    """Rat-a-Tat Cat, where the lowest score is best: the resigner's 3 and the winner's 0 of an unfinished game
    would be both players' bests, and the win alice's second."""
    save("rat_a_tat_cat", (alice, 10, 1), (bob, 20, 2))
    alice_before, bob_before = skill(alice, "rat_a_tat_cat"), skill(bob, "rat_a_tat_cat")
    resigned = save("rat_a_tat_cat", (alice, 0, 1), (bob, 3, 2, {"resigned": True}), ended="resigned")
    assert line(alice, "rat_a_tat_cat") == (1, 1, 10.0, 10)  # not 2 plays, 2 wins, average 5, best 0
    assert line(bob, "rat_a_tat_cat") == (2, 0, 20.0, 20)  # a play and a loss; not average 11.5, best 3
    assert rivals(alice) == {"bob": (1, 1, 0, 0)} and rivals(bob) == {"alice": (1, 0, 1, 0)}
    assert board("rat_a_tat_cat") == {"alice": (1, 1), "bob": (2, 0)}
    # The winner's rating stays; the resigner's takes the step of a loss to a newcomer (a seat that does not count).
    assert set(changes(resigned)) == {"bob"} and skill(alice, "rat_a_tat_cat") == alice_before
    lost = rate_match([(None, 1), (bob.profile.pk, 2)], {bob.profile.pk: bob_before})[bob.profile.pk]
    assert changes(resigned)["bob"] == pytest.approx(lost) and lost.rating < bob_before.rating
    assert Standing.objects.get(profile=alice.profile).rating == pytest.approx(alice_before.rating)
    assert GameTally.objects.get(game="rat_a_tat_cat").matches == 2  # in the history, and its count
    consistent("rat_a_tat_cat")


def test_a_resigned_rat_hot_at_nil_all_lifts_nobody(alice, bob):
    """The issue's case: a resigned 0-0 Rat Hot lifted the winner's rating from 4.7 to 7.6."""
    for _ in range(3):
        save("rat_hot", (alice, 9, 1), (bob, 4, 2))
    before = Standing.objects.get(profile=alice.profile, game="rat_hot").rating
    save("rat_hot", (alice, 0, 1), (bob, 0, 2, {"resigned": True}), ended="resigned")
    assert Standing.objects.get(profile=alice.profile, game="rat_hot").rating == pytest.approx(before)
    assert line(alice, "rat_hot") == (3, 3, 9.0, 9) and line(bob, "rat_hot") == (4, 0, 4.0, 4)
    consistent("rat_hot")


def test_a_resignation_in_three_with_a_bot_finishing_the_seat_is_a_loss_and_the_others_count(alice, bob, carol):
    """Hot Tin Roof: carol resigned, a bot played her seat to the end and scored the most; she ranks last."""
    record = save("hot_tin_roof", (alice, 9, 1), (bob, 7, 2), (carol, 12, 3, {"resigned": True, "bot_from": 4}))
    assert line(alice, "hot_tin_roof") == (1, 1, 9.0, 9) and line(bob, "hot_tin_roof") == (1, 0, 7.0, 7)
    assert line(carol, "hot_tin_roof") == (1, 0, None, None)  # the bot's 12 is no average and no best of hers
    assert rivals(alice) == {"bob": (1, 1, 0, 0), "carol": (1, 1, 0, 0)}
    assert rivals(carol) == {"alice": (1, 0, 1, 0), "bob": (1, 0, 1, 0)}
    assert board("hot_tin_roof") == {"alice": (1, 1), "bob": (1, 0), "carol": (1, 0)}
    ids = [user.profile.pk for user in (alice, bob, carol)]
    expected = rate_match(list(zip(ids, [1, 2, 3], strict=True)), {})
    assert changes(record) == pytest.approx({"alice": expected[ids[0]], "bob": expected[ids[1]],
                                             "carol": expected[ids[2]]})
    consistent("hot_tin_roof")


def test_a_claimed_match_counts_for_nobody(alice, bob):
    """A match claimed after one move: not the claimer's "best 0" and win, nor the absent player's loss."""
    save("rat_a_tat_cat", (alice, 10, 1), (bob, 20, 2))
    before = {user: skill(user, "rat_a_tat_cat") for user in (alice, bob)}
    claimed = save("rat_a_tat_cat", (alice, 0, 1), (bob, 0, 2), ended="claimed")
    assert line(alice, "rat_a_tat_cat") == (1, 1, 10.0, 10) and line(bob, "rat_a_tat_cat") == (1, 0, 20.0, 20)
    assert rivals(alice) == {"bob": (1, 1, 0, 0)}
    assert board("rat_a_tat_cat") == {"alice": (1, 1), "bob": (1, 0)}
    assert changes(claimed) == {} and {user: skill(user, "rat_a_tat_cat") for user in (alice, bob)} == before
    assert GameTally.objects.get(game="rat_a_tat_cat").matches == 2
    consistent("rat_a_tat_cat")


def test_a_seat_a_bot_finished_for_its_absent_player_counts_for_nobody(alice, bob, carol):
    """Cat Tower: bob left, the bot finished his seat first; alice and carol count, by the places as they came."""
    record = save("cat_tower", (alice, 60, 2), (bob, 90, 1, {"bot_from": 3}), (carol, 40, 3))
    assert line(bob, "cat_tower") is None and board("cat_tower") == {"alice": (1, 0), "carol": (1, 0)}
    assert line(alice, "cat_tower") == (1, 0, 60.0, 60) and line(carol, "cat_tower") == (1, 0, 40.0, 40)
    assert rivals(alice) == {"carol": (1, 1, 0, 0)} and rivals(bob) == {}
    ids = [alice.profile.pk, carol.profile.pk]
    expected = rate_match([(ids[0], 2), (None, 1), (ids[1], 3)], {})
    assert changes(record) == pytest.approx({"alice": expected[ids[0]], "carol": expected[ids[1]]})
    consistent("cat_tower")


def test_a_match_everyone_resigned_counts_for_nobody(alice, bob, carol):
    """Three resigned in turn (two seats played by bots to the end): there is nobody to have lost to."""
    record = save("rat_a_tat_cat", (alice, 5, 3, {"resigned": True, "bot_from": 2}),
                  (bob, 6, 2, {"resigned": True, "bot_from": 5}), (carol, 7, 1, {"resigned": True}),
                  ended="resigned")
    assert [line(user, "rat_a_tat_cat") for user in (alice, bob, carol)] == [None, None, None]
    assert changes(record) == {} and board("rat_a_tat_cat") == {}
    consistent("rat_a_tat_cat")


@pytest.mark.parametrize(("record", "seat", "counts"), [
    ({}, {"seat": 0}, (True, True)),
    ({}, {"seat": 0, "bot_from": 3}, (False, False)),
    ({}, {"seat": 0, "bot_from": 3, "bot_until": 5}, (True, True)),  # taken back: the player's own
    ({"ended": "claimed"}, {"seat": 0}, (False, False)),
    ({"ended": "abandoned"}, {"seat": 0}, (False, False)),
    ({"ended": "played_out"}, {"seat": 0}, (True, True)),
    ({"ended": {"reason": "abandoned", "seat": 1}}, {"seat": 0}, (False, False)),  # before version 2
    ({"ended": "resigned", "result": {"ranks": [1, 2]}, "seats": [{"seat": 0}, {"seat": 1, "resigned": True}]},
     {"seat": 0}, (False, False)),
])
def test_the_rule_seat_by_seat(record, seat, counts):
    assert counting.seat_counting(record, seat) == counts


def test_a_resigned_seat_counts_only_behind_one_who_did_not_resign():
    seats = [{"seat": 0}, {"seat": 1, "resigned": True}, {"seat": 2, "resigned": True, "bot_from": 1}]
    record = {"ended": "resigned", "result": {"ranks": [1, 2, 3]}, "seats": seats}
    assert [counting.seat_counting(record, seat) for seat in seats] == [(False, False), (True, False), (True, False)]
    alone = {"ended": "resigned", "result": {"ranks": [2, 1]}, "seats": [seats[1] | {"seat": 0}, {"seat": 1,
                                                                                                 "resigned": True}]}
    assert [counting.seat_counting(alone, seat) for seat in alone["seats"]] == [(False, False), (False, False)]


def test_the_migration_counts_the_records_already_kept_by_the_rule(alice, bob, carol):
    """Migration scoring 0016 on a history of before it (every seat counted but a bot's, every score): the seats
    count as the rule says and the ratings and standings are those a rebuild gives."""
    save("rat_a_tat_cat", (alice, 10, 1), (bob, 20, 2))
    resigned = save("rat_a_tat_cat", (alice, 0, 1), (bob, 3, 2, {"resigned": True}), ended="resigned")
    claimed = save("rat_a_tat_cat", (bob, 0, 1), (carol, 0, 2), ended="claimed")
    wanted = (sorted(Participant.objects.values_list("game_record_id", "seat", "counted", "score_counted")),
              rating_rows())
    GameRecord.objects.filter(pk__in=[resigned.pk, claimed.pk]).update(ended="")
    Participant.objects.update(counted=True, score_counted=True)  # as the site counted them before
    ratings.rebuild_ratings()
    assert RatingChange.objects.filter(game_record=claimed).count() == 2
    importlib.import_module("scoring.migrations.0016_fair_statistics_of_early_endings").count_fairly(apps, None)
    assert list(GameRecord.objects.order_by("pk").values_list("ended", flat=True)) == ["", "resigned", "claimed"]
    now = (sorted(Participant.objects.values_list("game_record_id", "seat", "counted", "score_counted")),
           rating_rows())
    assert now[0] == wanted[0] and [row[:2] for row in now[1]] == [row[:2] for row in wanted[1]]
    assert [row[2:] for row in now[1]] == pytest.approx([row[2:] for row in wanted[1]])
    PlayerLine.objects.all().delete()  # the players' lines came later (0018), from the seats as 0016 left them
    importlib.import_module("scoring.migrations.0018_player_lines").fill_lines(apps, None)
    assert summaries.differences() == []


# --- Marked in the history, in both languages ---------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_the_history_and_the_record_page_mark_what_does_not_count(client, alice, bob, carol, language):
    resigned = save("rat_a_tat_cat", (alice, 0, 1), (bob, 3, 2, {"resigned": True}), ended="resigned")
    claimed = save("rat_a_tat_cat", (bob, 0, 1), (carol, 0, 2), ended="claimed")
    by_bot = save("cat_tower", (alice, 60, 2), (bob, 90, 1, {"bot_from": 3}), (carol, 40, 3))
    with translation.override(language):
        words = {name: translation.pgettext("a match", name) for name in ("resigned", "claimed")} | {
            "loss": translation.gettext("resigned: a loss"), "bot": translation.gettext("finished by a bot"),
            "not counted": translation.gettext("not counted"),
            "early": translation.gettext("Ended early: this match counts in nobody's statistics or ratings, except "
                                         "as a loss for whoever resigned."),
            "claimed note": translation.gettext("Ended early: this match counts in nobody's statistics or ratings."),
            "bot note": translation.gettext("A seat a bot finished for its absent player counts in no statistics "
                                            "or ratings.")}
    if language != "en":  # every word of it translated
        assert not {"resigned", "claimed", "resigned: a loss", "finished by a bot", "not counted"} & set(words.values())
    history = client.get(reverse("history"), HTTP_ACCEPT_LANGUAGE=language).text
    assert f'<span class="badge muted ended">{words["resigned"]}</span>' in history
    assert f'<span class="badge muted ended">{words["claimed"]}</span>' in history
    assert history.count(f'<span class="badge muted seat-counting">{words["loss"]}</span>') == 1
    assert history.count(f'<span class="badge muted seat-counting">{words["bot"]}</span>') == 1
    page = html.unescape(client.get(resigned.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).text)
    assert words["early"] in page and words["loss"] in page
    page = html.unescape(client.get(claimed.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).text)
    assert words["claimed note"] in page
    page = html.unescape(client.get(by_bot.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).text)
    assert words["bot note"] in page and words["bot"] in page
    profile_page = client.get(bob.profile.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).text
    assert words["loss"] in profile_page and words["claimed"] in profile_page
    assert words["not counted"] in profile_page  # the cat tower a bot finished, the claimed match's win
