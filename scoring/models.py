"""Player profiles and the match history that every game, online or at the table, records into."""
import uuid

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.log_words import seat_name
from games.registry import BY_SLUG


class PlayerProfile(models.Model):
    """A player: a registered user's profile, or a table player added by a user (no account)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="profile",
        verbose_name=_("user")
    )
    handle = models.SlugField(max_length=30, unique=True, help_text=_("Used in the address of the profile page."),
                              verbose_name=_("handle"))
    display_name = models.CharField(max_length=60, verbose_name=_("display name"))
    avatar = models.ImageField(upload_to="avatars/", blank=True, verbose_name=_("avatar"))
    avatar_small = models.ImageField(upload_to="avatars/", blank=True, verbose_name=_("small avatar"))
    favourite_game = models.CharField(max_length=30, blank=True, verbose_name=_("favourite game"))
    language = models.CharField(
        max_length=10, blank=True,
        help_text="The site language this player chose (a code of settings.LANGUAGES); empty: the browser's.",
        verbose_name=_("language")
    )
    bio = models.TextField(max_length=500, blank=True, verbose_name=_("bio"))
    # Text-first mode (docs/accessibility.md): match pages drawn as text with a command line, for screen readers.
    text_mode = models.BooleanField(default=False, verbose_name=_("text-first mode"))
    # Matches the seats of plays imported from BoardGameGeek or BG Stats (scoring/loggers/people.py).
    bgg_username = models.CharField(max_length=50, blank=True, db_index=True, verbose_name=_("BoardGameGeek username"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="table_players",
        verbose_name=_("created by")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        ordering = ["display_name"]
        constraints = [models.UniqueConstraint(Lower("handle"), name="handle_unique_ignoring_case")]
        verbose_name = _("player profile")
        verbose_name_plural = _("player profiles")

    def __str__(self):
        return f"{self.display_name} (@{self.handle})"

    def get_absolute_url(self):
        return reverse("player", args=[self.handle])

    @property
    def is_table_player(self) -> bool:
        return self.user_id is None

    @property
    def initials(self) -> str:
        words = [w for w in self.display_name.replace("-", " ").split() if w]
        letters = "".join(w[0] for w in words[:2]) or self.handle[:2]
        return letters.upper()


class GameNight(models.Model):
    """An evening's games played by the same people (scoring/nights/grouping.py groups records into it as they are
    saved; its people split and join nights by hand), with a name and a place."""

    key = models.UUIDField(default=uuid.uuid4, unique=True, editable=False, verbose_name=_("key"))
    name = models.CharField(max_length=100, blank=True, verbose_name=_("name"))
    place = models.CharField(max_length=100, blank=True, verbose_name=_("place"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("game night")
        verbose_name_plural = _("game nights")

    def __str__(self):
        return self.name or str(self.key)

    def get_absolute_url(self):
        return reverse("night", args=[self.key])


class GameRecord(models.Model):
    """One finished match in the history, kept as its full record (design/records.md)."""

    SOURCES = [("online", _("Online")), ("table", _("At the table"))]
    game = models.CharField(max_length=30, db_index=True, verbose_name=_("game"))
    source = models.CharField(max_length=10, choices=SOURCES, verbose_name=_("source"))
    record = models.JSONField(verbose_name=_("record"))
    played_at = models.DateTimeField(db_index=True, verbose_name=_("played at"))
    location = models.CharField(max_length=100, blank=True, verbose_name=_("location"))
    duration = models.DurationField(null=True, blank=True, verbose_name=_("duration"))
    notes = models.TextField(max_length=2000, blank=True, verbose_name=_("notes"))
    fingerprint = models.CharField(
        max_length=64, unique=True, null=True, blank=True,
        help_text=_("A hash of the record's game content, so that an imported duplicate is recognised."),
        verbose_name=_("fingerprint")
    )
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    verbose_name=_("recorded by"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    # A table game stopped before its end (BGG's "incomplete" play): in the history, scored as it stood, but in no
    # statistics, ratings or exports (docs/records.md).
    unfinished = models.BooleanField(default=False, verbose_name=_("unfinished"))
    # A seat's player disputes the record (Participant.DISPUTED): it counts for nobody until it is corrected or the
    # dispute is withdrawn, and it needs its recorder (scoring/confirmations.py keeps this in step with the seats).
    disputed = models.BooleanField(default=False, verbose_name=_("disputed"))
    # How a match not played to its end ended (records.md version 2's `ended`: "resigned", "claimed", "abandoned";
    # empty when played out), kept from the record so that the history's list marks it without reading the record.
    ENDINGS = [("", _("played out")), ("resigned", pgettext_lazy("a match", "resigned")),
               ("claimed", pgettext_lazy("a match", "claimed")), ("abandoned", pgettext_lazy("a match", "abandoned"))]
    ended = models.CharField(max_length=10, blank=True, default="", choices=ENDINGS, verbose_name=_("ended"))
    # Where an imported record came from (records.md version 2's `external`): its play in BG Stats and on
    # BoardGameGeek, so that importing the same file again adds nothing (scoring/loggers/importing.py).
    bgstats_play = models.CharField(max_length=40, unique=True, null=True, blank=True,
                                    verbose_name=_("BG Stats play"))
    bgg_play = models.CharField(max_length=40, unique=True, null=True, blank=True,
                                verbose_name=_("BoardGameGeek play"))
    night = models.ForeignKey(GameNight, null=True, blank=True, on_delete=models.SET_NULL, related_name="records",
                              verbose_name=_("game night"))

    class Meta:
        ordering = ["-played_at", "-id"]
        # The history's pages walk the first two from either end (keyset pages, a game's latest match); the header's
        # "records need you" (scoring/confirmations.needing_count) reads a recorder's disputed records.
        indexes = [models.Index(fields=["played_at", "id"], name="record_played"),
                   models.Index(fields=["game", "played_at", "id"], name="record_game_played"),
                   models.Index(fields=["recorded_by", "disputed"], name="record_recorder_disputed")]
        verbose_name = _("game record")
        verbose_name_plural = _("game records")

    def __str__(self):
        return f"{self.game} {self.source} {self.played_at:%Y-%m-%d}"

    def get_absolute_url(self):
        return reverse("record", args=[self.pk])

    @property
    def game_name(self) -> str:
        game = BY_SLUG.get(self.game)
        return game.name if game else self.game


class Participant(models.Model):
    """A seat in a recorded match: who sat there, their score and their place.

    A seat naming a registered player who did not record the match (a table game, an import) awaits that
    player's confirmation; until they confirm it counts in none of their statistics or ratings. Matches the
    site saw (online), seats of table players (no account) and the recorder's own seat need no confirmation.
    """

    CONFIRMED, AWAITING, DISPUTED = "confirmed", "awaiting", "disputed"
    CONFIRMATIONS = [(CONFIRMED, _("Confirmed")), (AWAITING, _("Awaiting confirmation")), (DISPUTED, _("Disputed"))]

    game_record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="participants",
                                    verbose_name=_("game record"))
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    profile = models.ForeignKey(
        PlayerProfile, null=True, blank=True, on_delete=models.SET_NULL, related_name="participations",
        verbose_name=_("profile")
    )
    name = models.CharField(max_length=60, verbose_name=_("name"))
    bot = models.CharField(max_length=20, blank=True, verbose_name=_("bot"))
    score = models.IntegerField(verbose_name=_("score"))
    rank = models.PositiveSmallIntegerField(verbose_name=_("rank"))
    confirmation = models.CharField(max_length=10, choices=CONFIRMATIONS, default=CONFIRMED,
                                    verbose_name=_("confirmation"))
    # What the seat counts for, by how its match ended (scoring/counting.py `seat_counting`, set when it is saved).
    counted = models.BooleanField(default=True, help_text=_(
        "Its place counts: matches played, wins, head to head, leaderboards and ratings."),
        verbose_name=_("counted"))
    score_counted = models.BooleanField(default=True, help_text=_(
        "Its score counts too: averages and bests."), verbose_name=_("score counted"))

    class Meta:
        ordering = ["game_record", "seat"]
        # A player's seats by their answer: what awaits them (the header's badge), what counts (statistics). An
        # index of confirmation alone (nearly every seat is confirmed) made SQLite read every seat for one player's
        # page (40x slower at 1,000 matches).
        indexes = [models.Index(fields=["profile", "confirmation"], name="participant_profile_answer")]
        constraints = [models.UniqueConstraint(fields=["game_record", "seat"], name="one_participant_per_seat")]
        verbose_name = _("participant")
        verbose_name_plural = _("participants")

    def __str__(self):
        return f"{self.name}: {self.score} (#{self.rank})"

    @property
    def shown_name(self) -> str:
        """The seat's name on a page: a bot's default name in the page's language (`name` is as recorded)."""
        return seat_name(self.name, self.bot)

    @property
    def counts(self) -> bool:
        return self.confirmation == self.CONFIRMED

    @property
    def counted_as_loss(self) -> bool:
        """A seat whose player resigned (scoring/counting.py): its place counts, as a loss, and its score does not."""
        return self.counted and not self.score_counted


class RatingChange(models.Model):
    """A player's OpenSkill rating in one game after one recorded match (the chart is these, in order)."""

    profile = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="rating_changes",
                                verbose_name=_("profile"))
    game = models.CharField(max_length=30, verbose_name=_("game"))
    game_record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="rating_changes",
                                    verbose_name=_("game record"))
    mu = models.FloatField(verbose_name=_("mu (the rating's mean)"))
    sigma = models.FloatField(verbose_name=_("sigma (its uncertainty)"))
    rating = models.FloatField(help_text=_("The displayed rating: a conservative estimate from mu and sigma."),
                               verbose_name=_("rating"))
    played_at = models.DateTimeField(verbose_name=_("played at"))

    class Meta:
        ordering = ["profile", "game", "played_at", "id"]
        indexes = [models.Index(fields=["profile", "game", "played_at"]), models.Index(fields=["game", "played_at"])]
        constraints = [
            models.UniqueConstraint(fields=["profile", "game_record"], name="one_rating_change_per_match")
        ]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")

    def __str__(self):
        return f"{self.profile} {self.game}: {self.rating:.1f}"


class LinkRequest(models.Model):
    """A table player to be merged into a registered player's profile, once the account holder accepts."""

    PENDING, ACCEPTED, DECLINED = "pending", "accepted", "declined"
    STATUSES = [(PENDING, _("Waiting for an answer")), (ACCEPTED, _("Accepted")), (DECLINED, _("Declined"))]
    table_player = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="link_requests",
                                     verbose_name=_("table player"))
    account = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="link_offers",
                                verbose_name=_("account"))
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, verbose_name=_("requested by"))
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING, verbose_name=_("status"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    answered_at = models.DateTimeField(null=True, blank=True, verbose_name=_("answered at"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("link request")
        verbose_name_plural = _("link requests")

    def __str__(self):
        return f"{self.table_player} -> {self.account} ({self.status})"



class GameTally(models.Model):
    """How many records of one game count (scoring/counting.py), kept as they come and go (scoring/summaries.py)."""

    game = models.CharField(max_length=30, unique=True, verbose_name=_("game"))
    matches = models.PositiveIntegerField(default=0, verbose_name=_("matches"))

    class Meta:
        verbose_name = _("game tally")
        verbose_name_plural = _("game tallies")

    def __str__(self):
        return f"{self.game}: {self.matches}"


class Standing(models.Model):
    """A player's place in one game's leaderboard: their latest rating, rated matches and wins, kept with the
    ratings (scoring/summaries.py) so that a leaderboard reads a few rows instead of the whole history."""

    profile = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="standings",
                                verbose_name=_("profile"))
    game = models.CharField(max_length=30, verbose_name=_("game"))
    mu = models.FloatField(verbose_name=_("mu (the rating's mean)"))
    sigma = models.FloatField(verbose_name=_("sigma (its uncertainty)"))
    rating = models.FloatField(verbose_name=_("rating"))
    rated = models.PositiveIntegerField(verbose_name=_("rated matches"))
    wins = models.PositiveIntegerField(verbose_name=_("wins"))
    last_played = models.DateTimeField(verbose_name=_("last played"))

    class Meta:
        indexes = [models.Index(fields=["game", "-rating", "profile"], name="standing_board")]
        constraints = [models.UniqueConstraint(fields=["profile", "game"], name="one_standing_per_game")]
        verbose_name = _("standing")
        verbose_name_plural = _("standings")

    def __str__(self):
        return f"{self.profile} {self.game}: {self.rating:.1f}"


class PlayerLine(models.Model):
    """A player's line in one game on their page: matches played, wins, and the scores that count (their number,
    sum, highest and lowest), over the seats that count (scoring/counting.py). Kept with the standings
    (scoring/summaries.py) so that the page reads a row per game instead of every one of the player's records."""

    profile = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="lines",
                                verbose_name=_("profile"))
    game = models.CharField(max_length=30, verbose_name=_("game"))
    plays = models.PositiveIntegerField(verbose_name=_("matches played"))
    wins = models.PositiveIntegerField(verbose_name=_("wins"))
    scored = models.PositiveIntegerField(verbose_name=_("matches whose score counts"))
    score_total = models.BigIntegerField(verbose_name=_("sum of the scores that count"))
    high = models.IntegerField(null=True, blank=True, verbose_name=_("highest score"))
    low = models.IntegerField(null=True, blank=True, verbose_name=_("lowest score"))
    last_played = models.DateTimeField(verbose_name=_("last played"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["profile", "game"], name="one_player_line_per_game")]
        verbose_name = _("player line")
        verbose_name_plural = _("player lines")

    def __str__(self):
        return f"{self.profile} {self.game}: {self.plays}"


def handle_is(handle: str):
    """A filter of profiles by handle, whatever its case, through the unique index of the handles' lower case
    (handle_unique_ignoring_case): `handle__iexact` reads every profile (PostgreSQL's UPPER() and SQLite's LIKE use
    no index). Handles are ASCII slugs, so Python's lower() and the database's agree."""
    from django.db.models.lookups import Exact

    return Exact(Lower("handle"), handle.lower())


class BreakdownColumn(models.Model):
    """A breakdown column (a CSV column: "total", "round_3") and how many exported records of a game have it, kept as
    records come and go (scoring/csv_columns.py): a CSV of the whole history names its header without reading it."""

    game = models.CharField(max_length=30, verbose_name=_("game"))
    column = models.TextField(verbose_name=_("column"))  # a key of an imported record: any length
    # Its place among the game's columns, as scoring.transfer orders them: (the category's place, its number).
    place = models.JSONField(verbose_name=_("place"))
    records = models.PositiveIntegerField(default=0, verbose_name=_("records"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "column"], name="one_breakdown_column_per_game")]
        verbose_name = _("breakdown column")
        verbose_name_plural = _("breakdown columns")

    def __str__(self):
        return f"{self.game} {self.column}: {self.records}"


class PendingImport(models.Model):
    """A file of another logger's plays, kept between its upload and the importer's confirmation of who is who
    (scoring/loggers/views.py); deleted once imported, and a day after its upload at the latest."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, verbose_name=_("user"))
    name = models.CharField(max_length=200, verbose_name=_("file name"))
    zone = models.CharField(max_length=60, verbose_name=_("time zone"))  # the file's times have none of their own
    data = models.BinaryField(verbose_name=_("data"))
    created_at = models.DateTimeField(auto_now_add=True, db_index=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("pending import")
        verbose_name_plural = _("pending imports")

    def __str__(self):
        return f"{self.name} ({self.user})"


class RecordPhoto(models.Model):
    """A photo of a recorded match: re-encoded small, without metadata (scoring/photos/images.py), with its thumbnail.

    Files are named by the SHA-256 of their bytes (records.md version 2's `photos/<sha256>.jpg`): the same photo in
    two records is one file, deleted with the last photo that names it."""

    game_record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="photos",
                                    verbose_name=_("game record"))
    image = models.FileField(max_length=120, verbose_name=_("photo"))
    thumb = models.FileField(max_length=120, verbose_name=_("thumbnail"))
    width = models.PositiveIntegerField(verbose_name=_("width"))
    height = models.PositiveIntegerField(verbose_name=_("height"))
    caption = models.CharField(max_length=200, blank=True, verbose_name=_("caption"))
    added_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                 verbose_name=_("added by"))
    added_at = models.DateTimeField(auto_now_add=True, verbose_name=_("added at"))

    class Meta:
        ordering = ["game_record", "added_at", "id"]
        verbose_name = _("record photo")
        verbose_name_plural = _("record photos")

    def __str__(self):
        return f"{self.game_record_id}: {self.image.name}"
