"""Player profiles and the match history that every game, online or at the table, records into."""
from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse

from games.registry import BY_SLUG


class PlayerProfile(models.Model):
    """A player: a registered user's profile, or a table player added by a user (no account)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="profile"
    )
    handle = models.SlugField(max_length=30, unique=True, help_text="Used in the address of the profile page.")
    display_name = models.CharField(max_length=60)
    avatar = models.ImageField(upload_to="avatars/", blank=True)
    avatar_small = models.ImageField(upload_to="avatars/", blank=True)
    favourite_game = models.CharField(max_length=30, blank=True)
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

    SOURCES = [("online", "Online"), ("table", "At the table")]
    game = models.CharField(max_length=30, db_index=True)
    source = models.CharField(max_length=10, choices=SOURCES)
    record = models.JSONField()
    played_at = models.DateTimeField(db_index=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

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
    """A seat in a recorded match: who sat there, their score and their place."""

    game_record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="participants")
    seat = models.PositiveSmallIntegerField()
    profile = models.ForeignKey(
        PlayerProfile, null=True, blank=True, on_delete=models.SET_NULL, related_name="participations"
    )
    name = models.CharField(max_length=60)
    bot = models.CharField(max_length=20, blank=True)
    score = models.IntegerField()
    rank = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["game_record", "seat"]
        constraints = [models.UniqueConstraint(fields=["game_record", "seat"], name="one_participant_per_seat")]

    def __str__(self):
        return f"{self.name}: {self.score} (#{self.rank})"
