"""Game nights of matches played on the site: each match, finished through the lobby and the turns as a player
finishes it, joins the night of the same people's evening; a match on another day, or of other people, does not.

The site's clock is set for each match (`clock.at`), so that an evening's matches finish when a player would
finish them, wherever the tests run."""
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from games import lobby
from games.lobby import SeatPlan
from games.models import Match
from scoring.models import GameNight, GameRecord
from scoring.nights import grouping
from tests.matches import play_out

pytestmark = pytest.mark.django_db
FRIDAY = datetime(2026, 11, 27, tzinfo=UTC)


class Clock:
    """The site's time, as the tests set it: `clock.at(hours=19, minutes=40)` is Friday 19:40 UTC."""

    def __init__(self):
        self.moment = FRIDAY

    def at(self, days: int = 0, hours: int = 0, minutes: int = 0) -> None:
        self.moment = FRIDAY + timedelta(days=days, hours=hours, minutes=minutes)

    def now(self) -> datetime:
        return self.moment


@pytest.fixture
def clock(monkeypatch):
    time = Clock()
    monkeypatch.setattr(timezone, "now", time.now)
    return time


@pytest.fixture
def mia(make_player):
    return make_player("mia")


@pytest.fixture
def leo(make_player):
    return make_player("leo")


@pytest.fixture
def ada(make_player):
    return make_player("ada")


@pytest.fixture
def ben(make_player):
    return make_player("ben")


def match_of(host, *guests) -> GameRecord:
    """The host invites the guests to Rat-a-Tat Cat (one round); they take their seats and play it to its end.
    The match's record, as the site saved it."""
    match = lobby.create_match(host=host, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), *(SeatPlan("invite") for _ in guests)])
    for guest in guests:
        lobby.take_seat(match_id=match.pk, user=guest, token=match.invite_token)
    return finished(match.pk)


def rematch_of(record: GameRecord, by) -> GameRecord:
    """The finished match's rematch (same people, same seats), started by `by` and played to its end."""
    again = lobby.rematch(match_id=record.online_match.pk, user=by)
    return finished(again.pk)


def finished(match_id: int) -> GameRecord:
    match = play_out(match_id)
    assert match.status == Match.FINISHED
    return GameRecord.objects.get(pk=match.game_record_id)


def night_of(record: GameRecord) -> GameNight | None:
    return GameRecord.objects.get(pk=record.pk).night


def test_an_evenings_matches_and_rematches_of_the_same_two_are_one_night(client, clock, mia, leo):
    clock.at(hours=19)
    first = match_of(mia, leo)
    assert first.source == "online" and first.played_at == FRIDAY + timedelta(hours=19)
    assert night_of(first) is None  # one match is no night yet
    clock.at(hours=19, minutes=40)
    second = rematch_of(first, by=leo)
    clock.at(hours=21, minutes=15)  # after a long pause for dinner
    third = rematch_of(second, by=mia)

    night = night_of(first)
    assert night is not None and night_of(second) == night == night_of(third)
    assert [r.pk for r in grouping.games_of(night)] == [first.pk, second.pk, third.pk]
    page = client.get(night.get_absolute_url())
    assert page.status_code == 200
    assert [game.pk for game in page.context["games"]] == [first.pk, second.pk, third.pk]
    assert sorted(name for name, _, _ in page.context["tally"]) == ["Leo", "Mia"]
    assert sum(wins for _, wins, _ in page.context["tally"]) >= 3  # each match has a winner (or two)
    assert night.get_absolute_url() in client.get(third.get_absolute_url()).content.decode()


def test_the_same_two_the_next_evening_are_another_night(clock, mia, leo):
    clock.at(hours=19)
    friday = [match_of(mia, leo)]
    clock.at(hours=20, minutes=30)
    friday.append(match_of(leo, mia))  # Leo hosts this time: the same two people
    clock.at(days=1, hours=19)
    saturday = [match_of(mia, leo)]
    clock.at(days=1, hours=19, minutes=50)
    saturday.append(match_of(mia, leo))

    assert night_of(friday[0]) is not None and night_of(friday[0]) == night_of(friday[1])
    assert night_of(saturday[0]) is not None and night_of(saturday[0]) == night_of(saturday[1])
    assert night_of(friday[0]) != night_of(saturday[0])
    assert GameNight.objects.count() == 2


def test_a_match_at_lunch_is_not_the_evenings_night(clock, mia, leo):
    clock.at(hours=12, minutes=30)
    lunch = match_of(mia, leo)
    clock.at(hours=19)
    evening = [match_of(mia, leo)]
    clock.at(hours=19, minutes=45)
    evening.append(match_of(mia, leo))

    assert night_of(lunch) is None
    assert night_of(evening[0]) is not None and night_of(evening[0]) == night_of(evening[1])


def test_other_people_the_same_evening_are_not_in_the_night(clock, mia, leo, ada, ben):
    clock.at(hours=19)
    ours = [match_of(mia, leo)]
    clock.at(hours=19, minutes=30)
    theirs = match_of(ada, ben)  # the same evening, other people
    clock.at(hours=19, minutes=45)
    ours.append(match_of(mia, leo))
    clock.at(hours=20, minutes=15)
    mixed = match_of(mia, ada)  # one of each night's people: neither night's

    night = night_of(ours[0])
    assert night is not None and night_of(ours[1]) == night
    assert night_of(theirs) is None and night_of(mixed) is None
    assert [r.pk for r in grouping.games_of(night)] == [ours[0].pk, ours[1].pk]


def test_a_night_goes_on_past_midnight(clock, mia, leo):
    clock.at(hours=22, minutes=30)
    late = [match_of(mia, leo)]
    clock.at(hours=23, minutes=50)
    late.append(match_of(mia, leo))
    clock.at(days=1, hours=1, minutes=10)  # Saturday already, the same evening still
    late.append(match_of(mia, leo))

    night = night_of(late[0])
    assert night is not None and {night_of(record) for record in late} == {night}


def test_someone_who_comes_late_or_goes_home_early_stays_in_the_night(clock, mia, leo, ada, ben):
    clock.at(hours=19)
    three = match_of(mia, leo, ada)
    clock.at(hours=20)
    two = match_of(mia, leo)  # Ada went home
    clock.at(hours=21)
    with_ben = match_of(leo, mia, ben)  # Ben came by

    night = night_of(three)
    assert night is not None and night_of(two) == night == night_of(with_ben)
    tally = {name for name, _, _ in grouping.winners_tally(grouping.games_of(night))}
    assert tally == {"Mia", "Leo", "Ada", "Ben"}


def test_the_hosts_guest_at_her_screen_is_one_of_the_nights_people(clock, mia, leo):
    """A local player (a guest playing at the host's screen) is a person by name: the same guest twice is a night;
    another host's guest of the same default name is not that guest."""
    def at_mias_screen():
        match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                                   seats=[SeatPlan("me"), SeatPlan("local", name="Grandpa")])
        return finished(match.pk)

    clock.at(hours=18)
    first = at_mias_screen()
    clock.at(hours=18, minutes=30)
    elsewhere = finished(lobby.create_match(host=leo, game="rat_a_tat_cat", options={"rounds": 1},
                                            seats=[SeatPlan("me"), SeatPlan("local")]).pk)
    clock.at(hours=19)
    second = at_mias_screen()

    assert night_of(first) is not None and night_of(first) == night_of(second)
    assert night_of(elsewhere) is None
