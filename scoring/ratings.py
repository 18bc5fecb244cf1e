"""Per-game OpenSkill (Plackett-Luce) ratings: rated as each record is saved, and rebuilt from scratch on demand.

Choices made:
- Every seat of a match takes part in the rating step, so the places stay meaningful: a profile's seat plays
  with its current rating in that game; a seat without a profile (a bot, a guest name) plays as a fresh
  default rating and is not stored. Only profiles get RatingChange rows (one per profile-seat per record).
  A profile on two seats of one match (a mistake at the table) is rated on its first seat only.
- A seat awaiting its player's confirmation plays like a seat without a profile: the others are rated, that
  player is not. A disputed record (a seat of it disputed) rates nobody. Answering rebuilds the game's ratings
  when a seat or a record starts or stops counting (scoring/confirmations.py).
- How a match ended decides who it rates (scoring/counting.py `seat_counting`, kept as `Participant.counted`);
  a seat that does not count plays like a seat without a profile, and is in its player's history, marked:
  - played to its end: every seat is rated, except a seat a bot finished for its absent player (`bot_from`
    without `bot_until`: games/stand_in.py): the others are rated by the places as they came, that player not
    at all;
  - ended by a resignation, a claim or abandonment (the record's `ended`): nobody is rated (the players left
    gain nothing: a resigned 0-0 Rat Hot is no win), except
  - a seat whose player resigned (`"resigned": true`, whether the resignation ended the match or a bot then
    played the seat to the end in a match of three or more) is rated as a loss: ranked below every seat that did
    not resign, those playing with their own rating when they count and as newcomers when they do not. A match
    that everyone resigned rates nobody. A claim is no loss for the absent player.
  The same seats count in wins, head-to-head and leaderboards; averages and bests leave out a resignation's
  score too (`Participant.score_counted`).
- Ties are equal ranks (rank 1 = winner), which Plackett-Luce handles directly.
- The displayed rating is the conservative estimate mu - 3 sigma (the "ordinal"): it starts at 0 and grows as
  a player wins and as the system grows sure of them.
- Records are rated in (played_at, id) order. A record saved after later ones of the same game (an import,
  a corrected date) triggers a rebuild of that game's ratings from that record on, so incremental and rebuilt
  ratings agree. An import of many records wraps its saves in `rebuild_afterwards()` to rebuild each such game
  only once. A record confirmed, disputed, corrected or deleted (scoring/confirmations.py, table_records.py, the
  signal below, the admin) changes no rating before its own: its game is rated again from there on
  (`rebuild_ratings(game, since=...)`), each player starting from their skill just before it, so a change to a
  recent record of a long history costs a few matches' work, not the whole game's.
"""
from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Min, Q
from django.db.models.signals import post_delete, pre_delete
from django.dispatch import receiver
from openskill.models import PlackettLuce

from scoring import counting, summaries
from scoring.models import GameRecord, Participant, PlayerProfile, RatingChange

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma
BATCH = 2000
_batch = threading.local()  # games waiting to be rated again at the end of a `rebuild_afterwards()` block
Point = tuple[datetime, int]  # a record's place in its game's history: (played_at, id)


@dataclass(frozen=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def rating(self) -> float:
        return display_rating(self.mu, self.sigma)


def display_rating(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def rate_match(seats: Sequence[tuple[int | None, int]], skills: dict[int, Skill]) -> dict[int, Skill]:
    """New skills of the rated players of one match (pure).

    `seats` are (profile id or None, rank) per seat; `skills` the current skills of the profiles (missing =
    a newcomer). Returns {profile id: new skill} for each profile seated; unrated seats play as newcomers.
    """
    rated: list[int | None] = []
    for profile_id, _rank in seats:
        rated.append(profile_id if profile_id is not None and profile_id not in rated else None)
    if len(seats) < 2:
        return {}
    teams = []
    for profile_id in rated:
        skill = skills.get(profile_id, Skill()) if profile_id is not None else Skill()
        teams.append([MODEL.rating(mu=skill.mu, sigma=skill.sigma)])
    result = MODEL.rate(teams, ranks=[rank for _profile, rank in seats])
    return {
        profile_id: Skill(team[0].mu, team[0].sigma)
        for profile_id, team in zip(rated, result, strict=True)
        if profile_id is not None
    }


def current_skills(game: str, profile_ids: Iterable[int]) -> dict[int, Skill]:
    """Each profile's latest skill in the game (one small indexed query per profile; a match has few seats)."""
    skills = {}
    for profile_id in set(profile_ids):
        latest = (
            RatingChange.objects.filter(profile_id=profile_id, game=game)
            .order_by("-played_at", "-game_record_id")
            .values_list("mu", "sigma")
            .first()
        )
        if latest:
            skills[profile_id] = Skill(*latest)
    return skills


def _is_out_of_order(game_record: GameRecord, profile_ids: list[int]) -> bool:
    later = Q(played_at__gt=game_record.played_at) | Q(
        played_at=game_record.played_at, game_record_id__gt=game_record.pk
    )
    return RatingChange.objects.filter(later, game=game_record.game, profile_id__in=profile_ids).exists()


@contextmanager
def rebuild_afterwards() -> Iterator[dict[str, Point]]:
    """Within this block (an import of many records), a record saved before later ones of its game does not rate
    that game again at once: the game is rated again once, when the block ends, from the earliest record that
    needs it. Yields those games, each with that point."""
    outer = getattr(_batch, "games", None)
    games: dict[str, Point] = {} if outer is None else outer
    _batch.games = games
    try:
        yield games
        if outer is None:
            for game, point in sorted(games.items()):
                rebuild_ratings(game=game, since=point)
    finally:
        _batch.games = outer


def _wait(waiting: dict[str, Point], game: str, point: Point) -> None:
    waiting[game] = min(waiting.get(game, point), point)


@transaction.atomic
def rate_record(game_record: GameRecord) -> list[RatingChange]:
    """Rate one newly saved record: a RatingChange per profile seat. Called by `records.save_record`.

    An unfinished play, or a disputed one, is rated by nobody (scoring/counting.py). Its players' standings
    (scoring/summaries.py) follow, unless the game waits for a rebuild at the end of a `rebuild_afterwards()` block,
    which rebuilds them too."""
    changes = _rate_record(game_record)
    waiting = getattr(_batch, "games", None)
    if waiting is None or game_record.game not in waiting:
        summaries.refresh_standings(
            game_record.game, game_record.participants.exclude(profile=None).values_list("profile_id", flat=True))
    return changes


def _rate_record(game_record: GameRecord) -> list[RatingChange]:
    if not counting.record_counts(game_record):
        RatingChange.objects.filter(game_record=game_record).delete()
        return []
    seats = [
        (profile_id if counting.seat_counts(confirmation, counted) else None, rank)
        for profile_id, rank, confirmation, counted in
        game_record.participants.order_by("seat").values_list("profile_id", "rank", "confirmation", "counted")
    ]
    profile_ids = [profile_id for profile_id, _rank in seats if profile_id is not None]
    if not profile_ids or len(seats) < 2:
        return []
    RatingChange.objects.filter(game_record=game_record).delete()  # rating a record twice replaces its changes
    waiting = getattr(_batch, "games", None)
    if waiting is not None and game_record.game in waiting:
        _wait(waiting, game_record.game, point_of(game_record))
        return []  # the game is rated again at the end of the block, from this record on at the latest
    if _is_out_of_order(game_record, profile_ids):
        if waiting is not None:
            _wait(waiting, game_record.game, point_of(game_record))
            return []
        rebuild_ratings(game=game_record.game, since=point_of(game_record))
        return list(RatingChange.objects.filter(game_record=game_record))
    skills = rate_match(seats, current_skills(game_record.game, profile_ids))
    return RatingChange.objects.bulk_create(_changes(game_record.pk, game_record.game, game_record.played_at, skills))


def _changes(record_id, game, played_at, skills: dict[int, Skill]) -> list[RatingChange]:
    return [
        RatingChange(
            profile_id=profile_id, game=game, game_record_id=record_id, played_at=played_at,
            mu=skill.mu, sigma=skill.sigma, rating=skill.rating,
        )
        for profile_id, skill in skills.items()
    ]


def point_of(game_record: GameRecord) -> Point:
    return game_record.played_at, game_record.pk


def _from(point: Point, played_at: str = "played_at") -> Q:
    """Rows (rating changes, or seats with `played_at="game_record__played_at"`) at or after this point."""
    when, record_id = point
    return Q(**{f"{played_at}__gt": when}) | Q(**{played_at: when, "game_record_id__gte": record_id})


def _skill_before(game: str, point: Point, profile_id: int) -> Skill | None:
    latest = (RatingChange.objects.filter(~_from(point), profile_id=profile_id, game=game)
              .order_by("-played_at", "-game_record_id").values_list("mu", "sigma").first())
    return Skill(*latest) if latest else None


@transaction.atomic
def rebuild_ratings(game: str | None = None, since: Point | None = None) -> int:
    """Recompute the ratings of one game (or all games) from the history, in played_at order.

    Used after a record is corrected, deleted, confirmed, disputed or saved out of order, and after table players are
    merged. With `since` (a point of one game's history, `point_of(record)`), only the ratings from that point on
    are recomputed, each player starting from their skill just before it, and only the standings of the players
    whose ratings changed or who are seated from that point on are refreshed; without it, the whole game's (or
    every game's). Streams the participants in batches and writes the changes with bulk_create. Returns the number
    written.
    """
    if since is not None and game is None:
        raise ValueError("a point of the history is a point of one game's")
    changes = RatingChange.objects.all() if game is None else RatingChange.objects.filter(game=game)
    seats = Participant.objects.filter(counting.OF_COUNTED_RECORD).order_by(
        "game_record__played_at", "game_record_id", "seat"
    ).values_list("game_record_id", "game_record__game", "game_record__played_at", "profile_id", "rank",
                  "confirmation", "counted")
    if game is not None:
        seats = seats.filter(game_record__game=game)
    touched: set[int] = set()
    if since is not None:
        changes = changes.filter(_from(since))
        seats = seats.filter(_from(since, played_at="game_record__played_at"))
        touched.update(changes.values_list("profile_id", flat=True))
    changes.delete()
    skills: dict[str, dict[int, Skill]] = {}
    known: set[int] = set()  # profiles whose skill before `since` was read
    pending: list[RatingChange] = []
    written = 0
    current = None
    match_seats: list[tuple[int | None, int]] = []

    def close_match():
        nonlocal written
        record_id, record_game, played_at = current
        game_skills = skills.setdefault(record_game, {})
        if any(profile_id is not None for profile_id, _rank in match_seats):
            if since is not None:
                for profile_id, _rank in match_seats:
                    if profile_id is not None and profile_id not in known:
                        known.add(profile_id)
                        before = _skill_before(record_game, since, profile_id)
                        if before is not None:
                            game_skills[profile_id] = before
            new = rate_match(match_seats, game_skills)
            game_skills.update(new)
            touched.update(new)
            pending.extend(_changes(record_id, record_game, played_at, new))
        if len(pending) >= BATCH:
            written += len(RatingChange.objects.bulk_create(pending))
            pending.clear()

    for record_id, record_game, played_at, profile_id, rank, confirmation, counted in seats.iterator(
            chunk_size=BATCH):
        if current is None or current[0] != record_id:
            if current is not None:
                close_match()
            current, match_seats = (record_id, record_game, played_at), []
        match_seats.append((profile_id if counting.seat_counts(confirmation, counted) else None, rank))
        if since is not None and profile_id is not None:
            touched.add(profile_id)  # their line too, rated or not (an import's seats waiting for their players)
    if current is not None:
        close_match()
    if pending:
        written += len(RatingChange.objects.bulk_create(pending))
    if since is None:
        summaries.rebuild_standings(game)
    else:
        summaries.refresh_standings(game, touched)
    return written


def rerate(game_record: GameRecord, was: tuple[str, datetime] | None = None, seated: Iterable[int] = ()) -> None:
    """After a record was confirmed, disputed, corrected or deleted: its game rated again from the record on (and,
    when it moved, from where it was: `was`, its game and played_at before), unless an import is under way (its
    `rebuild_afterwards()` block rebuilds the game at its end). The standings and lines of its players (those
    `seated` before a correction too) are refreshed, rated or not."""
    points = {game_record.game: point_of(game_record)}
    if was is not None:
        old = (was[1], game_record.pk)
        points[was[0]] = min(points.get(was[0], old), old)
    players = set(seated)
    if game_record.pk is not None and GameRecord.objects.filter(pk=game_record.pk).exists():
        players.update(game_record.participants.exclude(profile=None).values_list("profile_id", flat=True))
        # Moved to another game: its changes of the game it left go first (one change per player and record).
        RatingChange.objects.filter(game_record_id=game_record.pk).exclude(game=game_record.game).delete()
    for game, point in sorted(points.items()):
        if _rate_again_from(game, point):
            summaries.refresh_standings(game, players)


def _rate_again_from(game: str, point: Point) -> bool:
    """Rate the game again from `point` on now (True), or at the end of the import under way (False)."""
    waiting = getattr(_batch, "games", None)
    if waiting is not None:
        _wait(waiting, game, point)
        return False
    rebuild_ratings(game=game, since=point)
    return True


@receiver(post_delete, sender=GameRecord)
def _rerate_after_delete(sender, instance: GameRecord, **kwargs):
    """A record deleted (by the admin): its rating changes went with it, and the later matches of its game are
    rated again without it."""
    rerate(instance)


@receiver(pre_delete, sender=PlayerProfile)
def _before_profile_delete(sender, instance: PlayerProfile, **kwargs):
    """A player deleted (with their account, or by the admin): their seats stay, without a player, so the matches
    from their first on are rated again (an opponent's later ratings change). Where, read before the seats let go."""
    instance._first_seats = dict(
        Participant.objects.filter(profile=instance).values("game_record__game")
        .annotate(first=Min("game_record__played_at")).values_list("game_record__game", "first").order_by())


@receiver(post_delete, sender=PlayerProfile)
def _rerate_after_profile_delete(sender, instance: PlayerProfile, **kwargs):
    for game, first in sorted(getattr(instance, "_first_seats", {}).items()):
        _rate_again_from(game, (first, 0))  # at that moment, every record (id 0 on)
