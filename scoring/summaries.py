"""Summaries kept as records arrive, so that statistics pages read a few rows whatever the size of the history.

Three are kept here, and `rebuild()` (`manage.py rebuild_summaries`) computes them again from the history, with the
CSV's breakdown columns (scoring/csv_columns.py):
- GameTally: each game's number of records that count (scoring/counting.py). A record saved, corrected or
  deleted moves its game's tally by one, in the same transaction (an UPDATE ... + 1 takes the row's lock, so
  concurrent saves add up); signals on GameRecord see every save and delete of one record (a dispute raised or
  settled saves its record too, scoring/confirmations.py). A bulk_create (the benchmark's generator) bypasses
  them: rebuild afterwards.
- Standing: a player's latest rating, rated matches and wins in one game, the leaderboards' rows. Refreshed
  from indexed queries on that player's own rows whenever the ratings write their changes (scoring/ratings.py:
  one record rated refreshes its players, a game rated again from a record refreshes the players whose
  ratings changed, a rebuilt game rebuilds its standings), and when a record is deleted.
- PlayerLine: a player's matches played, wins and counted scores in one game, the lines of their page; kept with
  their standing, at the same moments, from the same rows (one aggregate of that player's own seats in the game).
Everything else a page shows (a game's latest match, a player's head to head and latest matches) is computed from
indexed queries of a few rows, or of the player's own.
"""
from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Count, F, Max, Min, Q, Sum
from django.db.models.signals import post_delete, post_save, pre_delete, pre_save
from django.dispatch import receiver

from scoring import csv_columns
from scoring.counting import SCORE_COUNTED, counted_records, counted_seats, record_counts
from scoring.models import GameRecord, GameTally, PlayerLine, RatingChange, Standing

BATCH = 2000


# --- GameTally ---------------------------------------------------------------------------------------------


def _add(game: str, delta: int) -> None:
    if not GameTally.objects.filter(game=game).update(matches=F("matches") + delta):
        GameTally.objects.get_or_create(game=game)
        GameTally.objects.filter(game=game).update(matches=F("matches") + delta)


@receiver(pre_save, sender=GameRecord)
def _before_save(sender, instance: GameRecord, raw=False, **kwargs):
    instance._tallied = None
    if instance.pk is not None and not raw:
        before = GameRecord.objects.filter(pk=instance.pk).values("game", "unfinished", "disputed").first()
        if before is not None:
            instance._tallied = (before["game"], record_counts(GameRecord(**before)))


@receiver(post_save, sender=GameRecord)
def _after_save(sender, instance: GameRecord, raw=False, **kwargs):
    if raw:
        return
    before = getattr(instance, "_tallied", None)
    after = (instance.game, record_counts(instance))
    if before == after:
        return
    if before is not None and before[1]:
        _add(before[0], -1)
    if after[1]:
        _add(after[0], +1)


@receiver(pre_delete, sender=GameRecord)
def _before_delete(sender, instance: GameRecord, **kwargs):
    instance._seated = list(instance.participants.exclude(profile=None).values_list("profile_id", flat=True))


@receiver(post_delete, sender=GameRecord)
def _after_delete(sender, instance: GameRecord, **kwargs):
    if record_counts(instance):
        _add(instance.game, -1)
    # Its rating changes went with it; scoring/ratings.py rates the later matches of its game again.
    refresh_standings(instance.game, getattr(instance, "_seated", []))


# --- Standing ----------------------------------------------------------------------------------------------


def _wins(game: str):
    return (counted_seats().filter(game_record__game=game, rank=1, profile__isnull=False)
            .values("profile").annotate(wins=Count("game_record", distinct=True)).order_by())


def refresh_standings(game: str, profile_ids: Iterable[int]) -> None:
    """Recompute these players' standings and lines in the game from their own rows (a few indexed queries each)."""
    for profile_id in sorted(set(profile_ids)):
        refresh_line(game, profile_id)
        changes = RatingChange.objects.filter(profile_id=profile_id, game=game)
        latest = changes.order_by("-played_at", "-game_record_id").values("mu", "sigma", "rating", "played_at").first()
        if latest is None:
            Standing.objects.filter(profile_id=profile_id, game=game).delete()
            continue
        wins = (counted_seats().filter(game_record__game=game, rank=1, profile_id=profile_id)
                .values("game_record").distinct().count())
        Standing.objects.update_or_create(profile_id=profile_id, game=game, defaults={
            "mu": latest["mu"], "sigma": latest["sigma"], "rating": latest["rating"],
            "last_played": latest["played_at"], "rated": changes.count(), "wins": wins,
        })


# --- PlayerLine ----------------------------------------------------------------------------------------------

LINE_FIGURES = {
    "plays": Count("id"), "wins": Count("id", filter=Q(rank=1)), "scored": Count("id", filter=SCORE_COUNTED),
    "score_total": Sum("score", filter=SCORE_COUNTED, default=0), "high": Max("score", filter=SCORE_COUNTED),
    "low": Min("score", filter=SCORE_COUNTED), "last_played": Max("game_record__played_at"),
}


def refresh_line(game: str, profile_id: int) -> None:
    """Recompute one player's line in one game from their own counted seats in it (one aggregate, by their index)."""
    figures = counted_seats().filter(profile_id=profile_id, game_record__game=game).aggregate(**LINE_FIGURES)
    if not figures["plays"]:
        PlayerLine.objects.filter(profile_id=profile_id, game=game).delete()
        return
    PlayerLine.objects.update_or_create(profile_id=profile_id, game=game, defaults=figures)


def computed_lines(game: str | None = None) -> dict[tuple[int, str], dict]:
    """Every player's line as the history says it is now: one aggregate over the counted seats."""
    seats = counted_seats().filter(profile__isnull=False)
    if game is not None:
        seats = seats.filter(game_record__game=game)
    rows = seats.values("profile_id", row_game=F("game_record__game")).annotate(**LINE_FIGURES).order_by()
    return {(row.pop("profile_id"), row.pop("row_game")): row for row in rows.iterator(chunk_size=BATCH)}


@transaction.atomic
def rebuild_lines(game: str | None = None) -> int:
    kept = PlayerLine.objects.all() if game is None else PlayerLine.objects.filter(game=game)
    kept.delete()
    return len(PlayerLine.objects.bulk_create(
        (PlayerLine(profile_id=profile_id, game=row_game, **figures)
         for (profile_id, row_game), figures in computed_lines(game).items()),
        batch_size=BATCH,
    ))


def _kept_lines() -> dict[tuple[int, str], dict]:
    return {(row.pop("profile_id"), row.pop("game")): row
            for row in PlayerLine.objects.values("profile_id", "game", *LINE_FIGURES)}


# --- Standing, continued -----------------------------------------------------------------------------------


def computed_standings(game: str | None = None) -> dict[tuple[int, str], dict]:
    """Every standing as the history says it is now: one pass over the rating changes in order."""
    changes = RatingChange.objects.order_by("game", "profile_id", "played_at", "game_record_id")
    if game is not None:
        changes = changes.filter(game=game)
    standings: dict[tuple[int, str], dict] = {}
    rows = changes.values_list("game", "profile_id", "mu", "sigma", "rating", "played_at")
    for row_game, profile_id, mu, sigma, rating, played_at in rows.iterator(chunk_size=BATCH):
        key = (profile_id, row_game)
        rated = standings[key]["rated"] + 1 if key in standings else 1
        standings[key] = {"mu": mu, "sigma": sigma, "rating": rating, "last_played": played_at, "rated": rated,
                          "wins": 0}
    for row_game in {key[1] for key in standings}:
        for row in _wins(row_game):
            if (row["profile"], row_game) in standings:
                standings[(row["profile"], row_game)]["wins"] = row["wins"]
    return standings


@transaction.atomic
def rebuild_standings(game: str | None = None) -> int:
    kept = Standing.objects.all() if game is None else Standing.objects.filter(game=game)
    kept.delete()
    rebuild_lines(game)  # the players' lines follow their standings (refresh_standings)
    return len(Standing.objects.bulk_create(
        (Standing(profile_id=profile_id, game=row_game, **values)
         for (profile_id, row_game), values in computed_standings(game).items()),
        batch_size=BATCH,
    ))


# --- Both --------------------------------------------------------------------------------------------------


def computed_tallies() -> dict[str, int]:
    return dict(counted_records().values("game").annotate(matches=Count("id")).order_by()
                .values_list("game", "matches"))


@transaction.atomic
def rebuild() -> dict[str, int]:
    """Both summaries computed again from the history. Returns how many rows of each were written."""
    GameTally.objects.all().delete()
    tallies = GameTally.objects.bulk_create(GameTally(game=g, matches=n) for g, n in computed_tallies().items())
    return {"game tallies": len(tallies), "standings": rebuild_standings(), "player lines": PlayerLine.objects.count(),
            "breakdown columns": csv_columns.rebuild()}


def differences() -> list[str]:
    """Where the kept summaries and the history disagree (none, unless a bug or a bulk insert went around them)."""
    problems = []
    kept = {t.game: t.matches for t in GameTally.objects.all() if t.matches}
    for game in sorted(set(kept) | set(computed := computed_tallies())):
        if kept.get(game, 0) != computed.get(game, 0):
            problems.append(f"{game}: {kept.get(game, 0)} matches kept, {computed.get(game, 0)} recorded")
    kept_standings = {
        (s.profile_id, s.game): {"mu": s.mu, "sigma": s.sigma, "rating": s.rating, "last_played": s.last_played,
                                 "rated": s.rated, "wins": s.wins}
        for s in Standing.objects.all()
    }
    computed_standing = computed_standings()
    for key in sorted(set(kept_standings) | set(computed_standing)):
        if kept_standings.get(key) != computed_standing.get(key):
            problems.append(f"standing of profile {key[0]} in {key[1]}: kept {kept_standings.get(key)}, "
                            f"from the history {computed_standing.get(key)}")
    kept_lines, computed_line = _kept_lines(), computed_lines()
    for key in sorted(set(kept_lines) | set(computed_line)):
        if kept_lines.get(key) != computed_line.get(key):
            problems.append(f"line of profile {key[0]} in {key[1]}: kept {kept_lines.get(key)}, "
                            f"from the history {computed_line.get(key)}")
    return problems + csv_columns.differences()
