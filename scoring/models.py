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
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="profile"
    )
    handle = models.SlugField(max_length=30, unique=True, help_text=_("Used in the address of the profile page."))
    display_name = models.CharField(max_length=60)
    avatar = models.ImageField(upload_to="avatars/", blank=True)
    avatar_small = models.ImageField(upload_to="avatars/", blank=True)
    favourite_game = models.CharField(max_length=30, blank=True)
    language = models.CharField(
        max_length=10, blank=True,
        help_text="The site language this player chose (a code of settings.LANGUAGES); empty: the browser's.",
    )
    bio = models.TextField(max_length=500, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="table_players"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [models.UniqueConstraint(Lower("handle"), name="handle_unique_ignoring_case")]

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
    game = models.CharField(max_length=30, db_index=True)
    source = models.CharField(max_length=10, choices=SOURCES)
    record = models.JSONField()
    played_at = models.DateTimeField(db_index=True)
    location = models.CharField(max_length=100, blank=True)
    duration = models.DurationField(null=True, blank=True)
    notes = models.TextField(max_length=2000, blank=True)
    fingerprint = models.CharField(
        max_length=64, unique=True, null=True, blank=True,
        help_text=_("A hash of the record's game content, so that an imported duplicate is recognised."),
    )
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    # A table game stopped before its end (BGG's "incomplete" play): in the history, scored as it stood, but in no
    # statistics, ratings or exports (docs/records.md).
    unfinished = models.BooleanField(default=False)

    class Meta:
        ordering = ["-played_at", "-id"]

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

    game_record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="participants")
    seat = models.PositiveSmallIntegerField()
    profile = models.ForeignKey(
        PlayerProfile, null=True, blank=True, on_delete=models.SET_NULL, related_name="participations"
    )
    name = models.CharField(max_length=60)
    bot = models.CharField(max_length=20, blank=True)
    score = models.IntegerField()
    rank = models.PositiveSmallIntegerField()
    confirmation = models.CharField(max_length=10, choices=CONFIRMATIONS, default=CONFIRMED, db_index=True)

    class Meta:
        ordering = ["game_record", "seat"]
        constraints = [models.UniqueConstraint(fields=["game_record", "seat"], name="one_participant_per_seat")]

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

    profile = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(max_length=30)
    game_record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="rating_changes")
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField(help_text=_("The displayed rating: a conservative estimate from mu and sigma."))
    played_at = models.DateTimeField()

    class Meta:
        ordering = ["profile", "game", "played_at", "id"]
        indexes = [models.Index(fields=["profile", "game", "played_at"]), models.Index(fields=["game", "played_at"])]
        constraints = [
            models.UniqueConstraint(fields=["profile", "game_record"], name="one_rating_change_per_match")
        ]

    def __str__(self):
        return f"{self.profile} {self.game}: {self.rating:.1f}"


class LinkRequest(models.Model):
    """A table player to be merged into a registered player's profile, once the account holder accepts."""

    PENDING, ACCEPTED, DECLINED = "pending", "accepted", "declined"
    STATUSES = [(PENDING, _("Waiting for an answer")), (ACCEPTED, _("Accepted")), (DECLINED, _("Declined"))]
    table_player = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="link_requests")
    account = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="link_offers")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.table_player} -> {self.account} ({self.status})"

