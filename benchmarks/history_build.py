"""benchmarks/history.py's generator: a history of any size, rated and summarised in the one pass that writes it.

Matches of the four games (2-4 seats, some bots; online ones carry a short move list) are made in played_at order,
one every 90 seconds from 2024, so their ids follow their dates. Each is rated as it is made, with the function
the site rates a match with (scoring.ratings.rate_match), in the order scoring.ratings.rebuild_ratings rates them:
every match counts (finished, undisputed, every seat agreed), so the ratings are exactly the rebuilt ones, and the
kept summaries (GameTally, Standing, PlayerLine, the CSV's BreakdownColumn) are the rebuilt ones too (tests/scoring/
test_history_build.py checks both against rebuild_ratings and `rebuild_summaries --check`). Rows go in as plain
tuples, not model instances: by COPY on PostgreSQL, by executemany elsewhere, a batch per transaction. The ORM's
bulk_create and a rebuild afterwards took ~3 s per 1,000 matches; this, under a second (benchmarks/README.md).
"""
from __future__ import annotations

import datetime as dt
import itertools
import json

GAMES = {"hot_tin_roof": (3, 4), "rat_a_tat_cat": (2, 6), "cat_tower": (2, 4), "rat_hot": (2, 2)}
START = dt.datetime(2024, 1, 1, 19, 0, tzinfo=dt.UTC)
STEP = dt.timedelta(seconds=90)  # a million matches end in 2026, within the years a record may carry
BATCH = 10_000
MOVE = {"type": "draw", "pile": "deck"}


def make_players(count: int):
    """@alice (an account), a few more accounts, then table players: returns (alice's user, [profiles])."""
    from django.contrib.auth import get_user_model

    from scoring.models import PlayerProfile

    alice = _sign_up("alice", "Alice Cooper", "alice")
    registered = [alice.profile]
    for i in range(1, min(8, count)):
        registered.append(_sign_up(f"user{i}", f"Player {i}", f"player-{i}").profile)
    # Alice added 20 table players (her own page lists them); the other accounts added the rest.
    creators = [profile.user for profile in registered[1:]] or [alice]
    table = PlayerProfile.objects.bulk_create(
        (PlayerProfile(handle=f"table-{i}", display_name=f"Table player {i}",
                       created_by=alice if i < 20 else creators[i % len(creators)])
         for i in range(count - len(registered))), batch_size=2000)
    return get_user_model().objects.get(username="alice"), registered + table


def _sign_up(username: str, display_name: str, handle: str):
    """An account as the site makes one, but with a quick hash: nobody logs in with these passwords (the benchmark
    logs alice in by force_login), and the site's slow hash (half a second each) would only slow CI down."""
    from django.test.utils import override_settings

    from scoring.services import sign_up

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        return sign_up(username=username, email=f"{username}@example.com", password="a-Long-passw0rd",
                       display_name=display_name, handle=handle)


def record_json(game: str, source: str, seats: list[dict], scores: list[int], ranks: list[int], rng, when) -> dict:
    record = {
        "format": "catsite-record/1", "game": game, "source": source, "options": {}, "seats": seats,
        "started_at": (when - dt.timedelta(minutes=40)).isoformat(), "finished_at": when.isoformat(),
        "final": {}, "result": {"scores": scores, "ranks": ranks, "breakdown": [{"total": s} for s in scores]},
    }
    if source == "online":
        record["seed"] = rng.randrange(1 << 30)
        record["moves"] = [{"seq": i + 1, "seat": i % len(seats), "action": MOVE} for i in range(rng.randint(5, 30))]
    return record


class History:
    """A growing history: `grow(last)` adds matches up to `last`, with their ratings, and rewrites the summaries.

    Keeps what the next matches are rated from (each player's skill per game) and the summaries' figures, so that
    growing 10,000 to 1,000,000 writes only the new matches. Expects a database with no records of its own."""

    def __init__(self, profiles, rng, *, alice_at: set[int]):
        from scoring.models import GameRecord

        if GameRecord.objects.exists():
            raise ValueError("the generator writes the history's first records: this database has some already")
        self.profiles, self.rng, self.alice_at = profiles, rng, alice_at
        others = profiles[1:]
        self.others = others
        self.weights = list(itertools.accumulate(rng.uniform(1, 8) for _ in others))  # some play much more
        self.built = 0
        self.skills: dict[str, dict] = {game: {} for game in GAMES}
        self.standings: dict[tuple[int, str], list] = {}  # (profile, game): [skill, last played, rated, wins]
        self.lines: dict[tuple[int, str], list] = {}  # (profile, game): [plays, wins, scored, total, high, low, last]
        self.tallies = dict.fromkeys(GAMES, 0)
        self.columns: dict[tuple[str, str], list] = {}  # (game, breakdown column): [place, records]

    def grow(self, last: int) -> int:
        """Matches number `built` to `last - 1`, rated; returns the number of rating changes written."""
        changes = 0
        for start in range(self.built, last, BATCH):
            changes += self._write(*self._make(start, min(last, start + BATCH)))
        self.built = max(self.built, last)
        self._write_summaries()
        return changes

    def _make(self, first: int, last: int):
        from scoring.csv_columns import columns_of
        from scoring.ratings import rate_match

        rng, profiles, others, weights = self.rng, self.profiles, self.others, self.weights
        now = dt.datetime.now(dt.UTC)
        records, seat_rows, change_rows = [], [], []
        for i in range(first, last):
            record_id = i + 1
            game = rng.choice(list(GAMES))
            low, high = GAMES[game]
            size = rng.randint(low, high)
            people: list = [profiles[0]] if i in self.alice_at else []
            while len(people) < size - (1 if rng.random() < .25 else 0):
                who = rng.choices(others, cum_weights=weights)[0]
                if who not in people:
                    people.append(who)
            seated = people + ["bot"] * (size - len(people))
            rng.shuffle(seated)
            scores = [rng.randint(0, 60) for _ in seated]
            order = sorted(set(scores), reverse=game != "rat_a_tat_cat")
            ranks = [order.index(score) + 1 for score in scores]
            when = START + STEP * i
            source = rng.choice(["online", "table"])
            seats = [{"seat": s, "name": "Easy bot" if who == "bot" else who.display_name,
                      "player": None if who == "bot" else who.handle, "bot": "easy" if who == "bot" else None}
                     for s, who in enumerate(seated)]
            record = record_json(game, source, seats, scores, ranks, rng, when)
            for column, place in columns_of(game, record).items():
                self.columns.setdefault((game, column), [place, 0])[1] += 1
            records.append((record_id, game, source, json.dumps(record), when, "", "", False, False, "", now))
            for s, (who, seat, score, rank) in enumerate(zip(seated, seats, scores, ranks, strict=True)):
                seat_rows.append((record_id, s, None if who == "bot" else who.pk, seat["name"], seat["bot"] or "",
                                  score, rank, "confirmed", True, True))
                if who != "bot":
                    self._line(who.pk, game, score, rank, when)
            change_rows.extend(self._rate(record_id, game, when, [
                (None if who == "bot" else who.pk, rank) for who, rank in zip(seated, ranks, strict=True)], rate_match))
        return records, seat_rows, change_rows

    def _line(self, profile_id: int, game: str, score: int, rank: int, when) -> None:
        """A seat that counts, score and all (every seat of the generator's does), in its player's line."""
        line = self.lines.setdefault((profile_id, game), [0, 0, 0, 0, score, score, when])
        line[0] += 1
        line[1] += rank == 1
        line[2] += 1
        line[3] += score
        line[4], line[5], line[6] = max(line[4], score), min(line[5], score), when

    def _rate(self, record_id: int, game: str, when, seats, rate_match) -> list[tuple]:
        """The match's rating changes, as rebuild_ratings makes them; its players' standings follow."""
        self.tallies[game] += 1
        if all(profile_id is None for profile_id, _rank in seats):
            return []  # rebuild_ratings rates no match without a player
        game_skills = self.skills[game]
        new = rate_match(seats, game_skills)
        game_skills.update(new)
        winners = {profile_id for profile_id, rank in seats if rank == 1 and profile_id is not None}
        rows = []
        for profile_id, skill in new.items():
            rating = skill.rating
            standing = self.standings.setdefault((profile_id, game), [None, None, 0, 0])
            standing[0], standing[1] = skill, when
            standing[2] += 1
            standing[3] += profile_id in winners
            rows.append((profile_id, game, record_id, skill.mu, skill.sigma, rating, when))
        return rows

    def _write(self, records, seat_rows, change_rows) -> int:
        from django.db import transaction

        from scoring.models import GameRecord, Participant, RatingChange

        with transaction.atomic():
            write_rows(GameRecord, ["id", "game", "source", "record", "played_at", "location", "notes", "unfinished",
                                    "disputed", "ended", "created_at"], records)
            write_rows(Participant, ["game_record", "seat", "profile", "name", "bot", "score", "rank",
                                     "confirmation", "counted", "score_counted"], seat_rows)
            write_rows(RatingChange, ["profile", "game", "game_record", "mu", "sigma", "rating", "played_at"],
                       change_rows)
        return len(change_rows)

    def _write_summaries(self) -> None:
        from django.db import connection, transaction

        from scoring.models import BreakdownColumn, GameRecord, GameTally, PlayerLine, Standing

        with transaction.atomic():
            GameTally.objects.all().delete()
            GameTally.objects.bulk_create(GameTally(game=game, matches=n) for game, n in self.tallies.items() if n)
            Standing.objects.all().delete()
            write_rows(Standing, ["profile", "game", "mu", "sigma", "rating", "last_played", "rated", "wins"], [
                (profile_id, game, skill.mu, skill.sigma, skill.rating, last_played, rated, wins)
                for (profile_id, game), (skill, last_played, rated, wins) in self.standings.items()])
            PlayerLine.objects.all().delete()
            write_rows(PlayerLine, ["profile", "game", "plays", "wins", "scored", "score_total", "high", "low",
                                    "last_played"], [(profile_id, game, *line)
                                                     for (profile_id, game), line in self.lines.items()])
            BreakdownColumn.objects.all().delete()
            write_rows(BreakdownColumn, ["game", "column", "place", "records"], [
                (game, column, json.dumps(place), count) for (game, column), (place, count) in self.columns.items()])
            # The records' ids were given: the next one the site saves follows them.
            with connection.cursor() as cursor:
                for sql in connection.ops.sequence_reset_sql(no_style(), [GameRecord]):
                    cursor.execute(sql)


def no_style():
    from django.core.management.color import no_style as plain

    return plain()


def write_rows(model, fields: list[str], rows: list[tuple]) -> None:
    """Rows of `model`'s table, its `fields` in that order: COPY on PostgreSQL, one executemany elsewhere."""
    from django.db import connection

    if not rows:
        return
    table = connection.ops.quote_name(model._meta.db_table)
    columns = [model._meta.get_field(name).column for name in fields]
    quoted = ", ".join(connection.ops.quote_name(column) for column in columns)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.copy(f"COPY {table} ({quoted}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
        adapt = [connection.ops.adapt_datetimefield_value if isinstance(value, dt.datetime) else None
                 for value in rows[0]]
        if any(adapt):
            rows = [tuple(f(value) if f else value for f, value in zip(adapt, row, strict=True)) for row in rows]
        cursor.executemany(f"INSERT INTO {table} ({quoted}) VALUES ({', '.join(['%s'] * len(columns))})", rows)
