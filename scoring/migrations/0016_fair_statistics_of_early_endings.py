"""Matches ended early count for nobody but the resigner, as a loss (issue 25; scoring/counting.py `seat_counting`).

Keeps each record's `ended` and sets each seat's `counted` and `score_counted` by that rule for the records already
in the history, then rates again the games where a seat started or stopped counting, with this migration's models
(what scoring.ratings.rebuild_ratings and scoring.summaries.rebuild_standings do); their game tallies do not change
(a record counts as before: only its seats count differently). Going back leaves the new fields behind."""
from django.db import migrations, models
from django.db.models import Count, Q

MOST_SEATS = 10  # more than any game of the site seats
BATCH = 2000


def count_fairly(apps, schema_editor):
    from scoring.counting import ended, seat_counting

    GameRecord, Participant = apps.get_model("scoring", "GameRecord"), apps.get_model("scoring", "Participant")
    # Only the records that may have ended early or had a bot stand in (JSON lookups both databases answer): a
    # history of a million records holds a handful.
    maybe = Q(record__has_key="ended")
    for index in range(MOST_SEATS):
        maybe |= Q(**{f"record__seats__{index}__has_key": "bot_from"})
        maybe |= Q(**{f"record__seats__{index}__has_key": "resigned"})
    games = set()
    for game_record in list(GameRecord.objects.filter(maybe).only("game", "record", "ended")):
        record = game_record.record
        if not isinstance(record, dict):
            continue
        if game_record.ended != ended(record):
            game_record.ended = ended(record)
            game_record.save(update_fields=["ended"])
        seats = {seat.get("seat"): seat for seat in record.get("seats") or [] if isinstance(seat, dict)}
        for participant in Participant.objects.filter(game_record=game_record):
            counted, score_counted = seat_counting(record, seats.get(participant.seat, {}))
            if (participant.counted, participant.score_counted) != (counted, score_counted):
                if participant.counted != counted:  # its place starts or stops counting: the ratings change
                    games.add(game_record.game)
                participant.counted, participant.score_counted = counted, score_counted
                participant.save(update_fields=["counted", "score_counted"])
    for game in sorted(games):
        rate_again(apps, game)


def rate_again(apps, game):
    """The game's ratings and standings from its history (scoring/ratings.py's rule, as this migration has it)."""
    from scoring.ratings import rate_match

    Participant, RatingChange = apps.get_model("scoring", "Participant"), apps.get_model("scoring", "RatingChange")
    Standing = apps.get_model("scoring", "Standing")
    RatingChange.objects.filter(game=game).delete()
    seats = (Participant.objects.filter(game_record__game=game, game_record__unfinished=False,
                                        game_record__disputed=False)
             .order_by("game_record__played_at", "game_record_id", "seat")
             .values_list("game_record_id", "game_record__played_at", "profile_id", "rank", "confirmation", "counted"))
    skills, changes, current, seated = {}, [], None, []

    def rate(record_id, played_at):
        if any(profile_id is not None for profile_id, _rank in seated):
            new = rate_match(seated, skills)
            skills.update(new)
            changes.extend(RatingChange(profile_id=profile_id, game=game, game_record_id=record_id,
                                        played_at=played_at, mu=skill.mu, sigma=skill.sigma, rating=skill.rating)
                           for profile_id, skill in new.items())

    for record_id, played_at, profile_id, rank, confirmation, counted in seats.iterator(chunk_size=BATCH):
        if current is not None and current[0] != record_id:
            rate(*current)
            seated = []
        current = (record_id, played_at)
        seated.append((profile_id if confirmation == "confirmed" and counted else None, rank))
    if current is not None:
        rate(*current)
    RatingChange.objects.bulk_create(changes, batch_size=BATCH)
    Standing.objects.filter(game=game).delete()
    standings = {}
    rows = (RatingChange.objects.filter(game=game).order_by("profile_id", "played_at", "game_record_id")
            .values_list("profile_id", "mu", "sigma", "rating", "played_at"))
    for profile_id, mu, sigma, rating, played_at in rows.iterator(chunk_size=BATCH):
        rated = standings[profile_id]["rated"] + 1 if profile_id in standings else 1
        standings[profile_id] = {"mu": mu, "sigma": sigma, "rating": rating, "last_played": played_at,
                                 "rated": rated, "wins": 0}
    wins = (Participant.objects.filter(game_record__game=game, game_record__unfinished=False,
                                       game_record__disputed=False, confirmation="confirmed", counted=True, rank=1,
                                       profile__isnull=False)
            .values("profile").annotate(n=Count("game_record", distinct=True)).order_by())
    for row in wins:
        if row["profile"] in standings:
            standings[row["profile"]]["wins"] = row["n"]
    Standing.objects.bulk_create((Standing(profile_id=profile_id, game=game, **values)
                                  for profile_id, values in standings.items()), batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0015_records_of_early_endings_in_version_2"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamerecord",
            name="ended",
            field=models.CharField(blank=True, choices=[("", "played out"), ("resigned", "resigned"),
                                                        ("claimed", "claimed"), ("abandoned", "abandoned")],
                                   default="", max_length=10, verbose_name="ended"),
        ),
        migrations.AddField(
            model_name="participant",
            name="score_counted",
            field=models.BooleanField(default=True, help_text="Its score counts too: averages and bests.",
                                      verbose_name="score counted"),
        ),
        migrations.AlterField(
            model_name="participant",
            name="counted",
            field=models.BooleanField(
                default=True,
                help_text="Its place counts: matches played, wins, head to head, leaderboards and ratings.",
                verbose_name="counted"),
        ),
        migrations.RunPython(count_fairly, migrations.RunPython.noop, elidable=True),
    ]
