"""Player profiles and the match history that every game, online or at the table, records into."""
from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

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

    class Meta:
        ordering = ["-played_at", "-id"]
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
    confirmation = models.CharField(max_length=10, choices=CONFIRMATIONS, default=CONFIRMED, db_index=True,
                                    verbose_name=_("confirmation"))

    class Meta:
        ordering = ["game_record", "seat"]
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

