"""Statistics from the history: a player's record per game, head-to-head, rating history and leaderboards.

Each function runs a fixed, small number of aggregate queries, whatever the size of the history.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.conf import settings
from django.db.models import Avg, Count, F, FilteredRelation, Max, Min, OuterRef, Q, Subquery

from games.registry import BY_SLUG, GAMES
from scoring.models import GameRecord, Participant, PlayerProfile, RatingChange

HEAD_TO_HEAD_MIN_MATCHES = 2
HEAD_TO_HEAD_LIMIT = 10
LEADERBOARD_SIZE = 100


def lower_is_better(slug: str) -> bool:
    """Games where the lowest score is the best one (the winner still has rank 1 in every game)."""
    game = BY_SLUG.get(slug)
    return game is not None and game.lower_score_wins


def game_order(slug: str) -> int:
    return next((index for index, game in enumerate(GAMES) if game.slug == slug), len(GAMES))


def leaderboard_min_games() -> int:
    return getattr(settings, "LEADERBOARD_MIN_GAMES", 3)


def game_name(slug: str) -> str:
    game = BY_SLUG.get(slug)
    return game.name if game else slug


def best_score(game: str, high: int | None, low: int | None) -> int | None:
    return low if lower_is_better(game) else high


@dataclass
class RatingPoint:
    played_at: datetime
    rating: float


@dataclass
class GameLine:
    """One player's record in one game."""

    game: str
    plays: int
    wins: int
    average: float
    best: int
    last_played: datetime
    ratings: list[RatingPoint] = field(default_factory=list)

    @property
    def name(self) -> str:
        return game_name(self.game)

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def lower_is_better(self) -> bool:
        return lower_is_better(self.game)

    @property
    def rating(self) -> RatingPoint | None:
        return self.ratings[-1] if self.ratings else None

    @property
    def listed(self) -> bool:
        return BY_SLUG.get(self.game) is not None


def _by_game_order(slug: str) -> tuple[int, str]:
    return game_order(slug), slug


def per_game(profile: PlayerProfile, *, with_ratings: bool = True) -> list[GameLine]:
    """Plays, wins (rank 1, shared wins count), average, best score and last match per game (2 queries)."""
    rows = (
        Participant.objects.filter(profile=profile, confirmation=Participant.CONFIRMED, game_record__unfinished=False)
        .values(game=F("game_record__game"))
        .annotate(
            plays=Count("id"), wins=Count("id", filter=Q(rank=1)), average=Avg("score"),
            high=Max("score"), low=Min("score"), last_played=Max("game_record__played_at"),
        )
        .order_by()
    )
    lines = [
        GameLine(game=row["game"], plays=row["plays"], wins=row["wins"], average=row["average"],
                 best=best_score(row["game"], row["high"], row["low"]), last_played=row["last_played"])
        for row in rows
    ]
    lines.sort(key=lambda line: _by_game_order(line.game))
    if with_ratings:
        history = rating_history(profile)
        for line in lines:
            line.ratings = history.get(line.game, [])
    return lines


def rating_history(profile: PlayerProfile) -> dict[str, list[RatingPoint]]:
    """The player's rating after each rated match, per game, oldest first (1 query)."""
    history: dict[str, list[RatingPoint]] = {}
    changes = (
        RatingChange.objects.filter(profile=profile)
        .order_by("game", "played_at", "game_record_id")
        .values_list("game", "played_at", "rating")
    )
    for game, played_at, rating in changes:
        history.setdefault(game, []).append(RatingPoint(played_at, rating))
    return history


@dataclass
class Rival:
    """Head-to-head against one opponent: matches at the same table, and who finished ahead."""

    profile: PlayerProfile
    matches: int
    wins: int
    losses: int
    ties: int


def head_to_head(
    profile: PlayerProfile, *, min_matches: int = HEAD_TO_HEAD_MIN_MATCHES, limit: int = HEAD_TO_HEAD_LIMIT
) -> list[Rival]:
    """The player's most frequent opponents with a profile, and the score between them by place (2 queries).

    A win is finishing ahead of the opponent (a better rank), a loss behind, a tie on the same rank.
    """
    # Only matches both players agreed to (scoring/confirmations.py) count between them.
    mine = FilteredRelation("game_record__participants", condition=Q(
        game_record__participants__profile=profile,
        game_record__participants__confirmation=Participant.CONFIRMED,
    ))
    rows = (
        Participant.objects.annotate(mine=mine)
        .filter(mine__isnull=False, profile__isnull=False, confirmation=Participant.CONFIRMED,
                game_record__unfinished=False)
        .exclude(profile=profile)
        .values("profile")
        .annotate(
            matches=Count("game_record", distinct=True),
            wins=Count("id", filter=Q(mine__rank__lt=F("rank"))),
            losses=Count("id", filter=Q(mine__rank__gt=F("rank"))),
            ties=Count("id", filter=Q(mine__rank=F("rank"))),
        )
        .filter(matches__gte=min_matches)
        .order_by("-matches", "profile")[:limit]
    )
    rows = list(rows)
    profiles = PlayerProfile.objects.in_bulk([row["profile"] for row in rows])
    return [
        Rival(profiles[row["profile"]], row["matches"], row["wins"], row["losses"], row["ties"])
        for row in rows
        if row["profile"] in profiles
    ]


@dataclass
class LeaderRow:
    place: int
    profile: PlayerProfile
    rating: float
    mu: float
    sigma: float
    rated: int
    wins: int
    last_played: datetime | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.rated if self.rated else 0.0


def leaderboard(game: str, *, min_games: int | None = None, limit: int = LEADERBOARD_SIZE) -> list[LeaderRow]:
    """The players of a game by current rating, those with at least `min_games` rated matches (3 queries)."""
    if min_games is None:
        min_games = leaderboard_min_games()
    # Who qualifies (one grouped pass over the game's changes), then each one's latest change through the
    # (profile, game, played_at) index: a few index lookups per player instead of sorting the whole game.
    rated = dict(
        RatingChange.objects.filter(game=game).values("profile").annotate(rated=Count("id"))
        .filter(rated__gte=max(min_games, 1)).order_by().values_list("profile", "rated")
    )
    latest = RatingChange.objects.filter(profile=OuterRef("pk"), game=game).order_by(
        "-played_at", "-game_record_id"
    )
    profiles = list(
        PlayerProfile.objects.filter(pk__in=list(rated)).annotate(**{
            field: Subquery(latest.values(field)[:1]) for field in ("rating", "mu", "sigma", "played_at")
        })
    ) if rated else []
    profiles = sorted(profiles, key=lambda profile: (-profile.rating, profile.pk))[:limit]
    ids = [profile.pk for profile in profiles]
    wins = dict(
        Participant.objects.filter(game_record__game=game, profile_id__in=ids, rank=1,
                                   confirmation=Participant.CONFIRMED, game_record__unfinished=False)
        .values("profile")
        .annotate(wins=Count("game_record", distinct=True))
        .order_by()
        .values_list("profile", "wins")
    )
    return [
        LeaderRow(place, profile, profile.rating, profile.mu, profile.sigma, rated[profile.pk],
                  wins.get(profile.pk, 0), profile.played_at)
        for place, profile in enumerate(profiles, start=1)
    ]


@dataclass
class GameSummary:
    game: str
    matches: int
    last_played: datetime | None
    leaders: list[LeaderRow]

    @property
    def name(self) -> str:
        return game_name(self.game)


def games_summary(*, leaders: int = 3) -> list[GameSummary]:
    """Every game with its number of recorded matches and its top players (1 + 3 queries per game)."""
    counts = {
        row["game"]: row
        for row in GameRecord.objects.filter(unfinished=False).values("game")
        .annotate(matches=Count("id"), last=Max("played_at")).order_by()
    }
    summaries = []
    for game in GAMES:
        row = counts.get(game.slug, {})
        summaries.append(GameSummary(
            game.slug, row.get("matches", 0), row.get("last"),
            leaderboard(game.slug, limit=leaders) if row else [],
        ))
    return summaries
