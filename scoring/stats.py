"""Statistics from the history: a player's record per game, head-to-head, rating history and leaderboards.

Each function runs a fixed, small number of indexed queries that read a player's own rows or the kept
summaries (scoring/summaries.py), never the whole history.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.conf import settings

from games.registry import BY_SLUG, GAMES
from scoring.counting import counted_records, counted_seats, seat_counts
from scoring.models import GameTally, Participant, PlayerLine, PlayerProfile, RatingChange, Standing

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
    average: float | None  # None: no play of the game whose score counts (only resignations)
    best: int | None
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
    """Plays, wins (rank 1, shared wins count), average, best score and last match per game (2 queries: the kept
    lines, scoring/summaries.py, and the rating history).

    A resignation is a play and no win, and its score no average nor best (scoring/counting.py): a game whose
    only plays were resigned has no average and no best (None)."""
    lines = [
        GameLine(game=line.game, plays=line.plays, wins=line.wins,
                 average=line.score_total / line.scored if line.scored else None,
                 best=best_score(line.game, line.high, line.low), last_played=line.last_played)
        for line in PlayerLine.objects.filter(profile=profile)
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

    A win is finishing ahead of the opponent (a better rank), a loss behind, a tie on the same rank. Only the
    player's own records are read: their seats that count, then the other seats of those records (both through
    indexes), tallied here.
    """
    # Every seat of the player's counted records, theirs first (2 indexed lookups); only matches both players
    # agreed to (scoring/confirmations.py) count between them.
    seats = (Participant.objects.filter(game_record_id__in=counted_seats().filter(profile=profile)
                                        .values("game_record_id"))
             .order_by("game_record_id", "seat").values_list("profile_id", "game_record_id", "rank", "confirmation",
                                                             "counted"))
    seats = [seat[:3] for seat in seats if seat[0] is not None and seat_counts(*seat[3:])]
    mine: dict[int, int] = {}
    for profile_id, record_id, rank in seats:
        if profile_id == profile.pk:
            mine.setdefault(record_id, rank)  # a player on two seats of one match (a mistake) plays their first
    theirs = [seat for seat in seats if seat[0] != profile.pk]
    tally: dict[int, list] = {}
    for opponent, record_id, rank in theirs:
        line = tally.setdefault(opponent, [set(), 0, 0, 0])
        line[0].add(record_id)
        line[1 if mine[record_id] < rank else 2 if mine[record_id] > rank else 3] += 1
    rows = sorted(((len(records), opponent, wins, losses, ties)
                   for opponent, (records, wins, losses, ties) in tally.items() if len(records) >= min_matches),
                  key=lambda row: (-row[0], row[1]))[:limit]
    profiles = PlayerProfile.objects.in_bulk([row[1] for row in rows])
    return [
        Rival(profiles[opponent], matches, wins, losses, ties)
        for matches, opponent, wins, losses, ties in rows
        if opponent in profiles
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
    """The players of a game by current rating, those with at least `min_games` rated matches (1 query).

    Read from the kept standings (scoring/summaries.py) through their (game, rating) index."""
    if min_games is None:
        min_games = leaderboard_min_games()
    standings = (Standing.objects.filter(game=game, rated__gte=max(min_games, 1)).select_related("profile")
                 .order_by("-rating", "profile_id")[:limit])
    return [
        LeaderRow(place, standing.profile, standing.rating, standing.mu, standing.sigma, standing.rated,
                  standing.wins, standing.last_played)
        for place, standing in enumerate(standings, start=1)
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
    """Every game with its number of recorded matches (kept: scoring/summaries.py), its latest match (an index's
    last entry) and its top players (1 + 2 queries per game)."""
    counts = dict(GameTally.objects.values_list("game", "matches"))
    summaries = []
    for game in GAMES:
        matches = counts.get(game.slug, 0)
        last = (counted_records().filter(game=game.slug).order_by("-played_at", "-id")
                .values_list("played_at", flat=True).first()) if matches else None
        summaries.append(GameSummary(game.slug, matches, last,
                                     leaderboard(game.slug, limit=leaders) if matches else []))
    return summaries
