"""Game nights: records (online and table) played by the same people within one evening are one night.

A record joins a night when it is saved (`place`): the nearest record played within GAP of it that shares at least
two of its people (all of them in a game of fewer) gives its night, or a new night holding both. A night spans
one evening at most (SPAN from its first game to its last). Its people split a night (`split`) or join two
(`join`) by hand; a record is placed once, when it is saved, so what they did stays.
"""
from __future__ import annotations

from collections import Counter
from datetime import timedelta

from django.db import transaction

from scoring.models import GameNight, GameRecord

GAP = timedelta(hours=4)  # the longest pause between two games of one night
SPAN = timedelta(hours=12)  # the longest night, from its first game to its last
JOIN_WITHIN = timedelta(hours=24)  # a night may be joined to another that ended this long before it began


def people_of(game_record: GameRecord) -> set[str]:
    """Who played: a player by profile, anyone else by name; bots are nobody."""
    return {f"profile:{p.profile_id}" if p.profile_id else f"name:{p.name.casefold()}"
            for p in game_record.participants.all() if not p.bot}


def _same_people(ours: set[str], theirs: set[str]) -> bool:
    return len(ours & theirs) >= min(2, len(ours), len(theirs)) > 0


@transaction.atomic
def place(game_record: GameRecord) -> GameNight | None:
    """Put a newly saved record into its night (made when it is the night's second game); None when alone."""
    if game_record.night_id is not None or game_record.unfinished:
        return game_record.night
    ours = people_of(game_record)
    near = (GameRecord.objects.filter(played_at__gte=game_record.played_at - GAP,
                                      played_at__lte=game_record.played_at + GAP)
            .exclude(pk=game_record.pk).prefetch_related("participants"))
    for other in sorted(near, key=lambda r: abs(r.played_at - game_record.played_at)):
        if not _same_people(ours, people_of(other)):
            continue
        night = other.night
        if night is not None and not _fits(night, game_record):
            continue
        if night is None:
            night = GameNight.objects.create()
            GameRecord.objects.filter(pk=other.pk).update(night=night)
        GameRecord.objects.filter(pk=game_record.pk).update(night=night)
        game_record.night = night
        return night
    return None


def _fits(night: GameNight, game_record: GameRecord) -> bool:
    times = [game_record.played_at, *night.records.values_list("played_at", flat=True)]
    return max(times) - min(times) <= SPAN


def games_of(night: GameNight) -> list[GameRecord]:
    return list(night.records.order_by("played_at", "id").prefetch_related("participants__profile"))


@transaction.atomic
def split(night: GameNight, at: GameRecord) -> GameNight:
    """The night's games from `at` on become a night of their own (its name and place kept); ValueError when `at`
    is the night's first game (nothing would be left before it)."""
    games = games_of(night)
    index = next(i for i, record in enumerate(games) if record.pk == at.pk)
    if index == 0:
        raise ValueError("the first game of a night cannot start another")
    later = GameNight.objects.create(name=night.name, place=night.place)
    GameRecord.objects.filter(pk__in=[record.pk for record in games[index:]]).update(night=later)
    return later


def previous(night: GameNight) -> GameNight | None:
    """The night its people played just before this one (within JOIN_WITHIN of its first game), to join it to."""
    games = games_of(night)
    if not games:
        return None
    first = games[0]
    ours = set().union(*(people_of(record) for record in games))
    earlier = (GameRecord.objects.filter(night__isnull=False, played_at__lt=first.played_at,
                                         played_at__gte=first.played_at - JOIN_WITHIN)
               .exclude(night=night).order_by("-played_at", "-id").prefetch_related("participants"))
    for record in earlier:
        if _same_people(ours, people_of(record)):
            return record.night
    return None


@transaction.atomic
def join(night: GameNight, into: GameNight) -> GameNight:
    """The night's games become `into`'s; the emptied night is deleted. `into` keeps its name (or takes this one's)."""
    night.records.update(night=into)
    if not into.name and night.name:
        into.name = night.name
    if not into.place and night.place:
        into.place = night.place
    into.save(update_fields=["name", "place"])
    night.delete()
    return into


def winners_tally(games: list[GameRecord]) -> list[tuple[str, int, bool]]:
    """Who won how many of the night's games (a shared first place is a win for each), most first:
    (name, wins, whether they won the most)."""
    wins: Counter = Counter()
    names: dict[str, str] = {}
    for record in games:
        for seat in record.participants.all():
            key = f"profile:{seat.profile_id}" if seat.profile_id else f"name:{seat.name.casefold()}"
            names.setdefault(key, seat.profile.display_name if seat.profile else seat.shown_name)
            wins[key] += 0
            if seat.rank == 1:
                wins[key] += 1
    most = max(wins.values(), default=0)
    ranked = sorted(wins.items(), key=lambda item: (-item[1], names[item[0]].casefold()))
    return [(names[key], count, count == most and most > 0) for key, count in ranked]


def may_change(user, night: GameNight) -> bool:
    """Its people: whoever recorded one of its games or sat at one."""
    if not user.is_authenticated:
        return False
    records = night.records.all()
    return records.filter(recorded_by=user).exists() or records.filter(participants__profile__user=user).exists()
