"""Live matches: the match with its state snapshot, who sits where, and the log of every move."""
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from games import registry
from games.compiled import Compiled
from games.log_words import bot_name


def new_token() -> str:
    return secrets.token_urlsafe(12)


class Match(models.Model):
    OPEN, PLAYING, FINISHED, CANCELLED = "open", "playing", "finished", "cancelled"
    STATUSES = [(OPEN, gettext_lazy("Waiting for players")), (PLAYING, gettext_lazy("In progress")),
                (FINISHED, gettext_lazy("Finished")), (CANCELLED, gettext_lazy("Cancelled"))]
    DEFAULT_ABSENCE = timedelta(days=1)
    DEFAULT_WAIT = timedelta(minutes=5)

    game = models.CharField(max_length=30, db_index=True, verbose_name=gettext_lazy("game"))
    options = models.JSONField(default=dict, verbose_name=gettext_lazy("options"))
    seed = models.BigIntegerField(verbose_name=gettext_lazy("seed"))
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN, db_index=True,
                              verbose_name=gettext_lazy("status"))
    state = models.JSONField(null=True, blank=True, verbose_name=gettext_lazy("state"))
    version = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("version"))
    time_limit = models.DurationField(null=True, blank=True,
                                      help_text=gettext_lazy("For games that end when time is up."),
                                      verbose_name=gettext_lazy("time limit"))
    time_up = models.BooleanField(default=False, verbose_name=gettext_lazy("time up"))
    absence_limit = models.DurationField(
        null=True, blank=True, default=DEFAULT_ABSENCE,
        help_text=gettext_lazy("When the player to move has not moved for this long, the others may claim the "
                               "match (it is scored as abandoned by the absent player). Empty: never."),
                               verbose_name=gettext_lazy("absence limit")
    )
    wait = models.DurationField(
        default=DEFAULT_WAIT,
        help_text=gettext_lazy("How long a player may have no page of the match open before the others may hand "
                               "their seat to a bot (games/stand_in.py)."),
        verbose_name=gettext_lazy("wait for an absent player"))
    stand_ins = models.JSONField(
        default=list, blank=True,
        help_text=gettext_lazy("The seats a bot plays now for their absent player (read with the locked match)."),
        verbose_name=gettext_lazy("seats played by a bot"))
    move_time = models.DurationField(
        null=True, blank=True, help_text=gettext_lazy(
            "Turn-based: how long each player has for a move (games/turn_based.py). Empty: a live match."),
        verbose_name=gettext_lazy("time per move"))
    moved_at = models.DateTimeField(
        null=True, blank=True, help_text=gettext_lazy("When the last move was made: the turn began then."),
        verbose_name=gettext_lazy("last move at"))
    undoable_by = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy(
            "The seat that may ask to take back the last move (it showed nothing hidden, left nothing to chance, and "
            "nobody has moved since): games/undo.py."),
        verbose_name=gettext_lazy("may take back the last move"))
    undo_request = models.JSONField(
        null=True, blank=True, help_text=gettext_lazy(
            "A request to take back the last move: who asked, whose agreement is awaited, who agreed or refused."),
        verbose_name=gettext_lazy("request to take back a move"))
    undos = models.JSONField(
        default=list, blank=True, help_text=gettext_lazy("The moves taken back by consent, for the record."),
        verbose_name=gettext_lazy("moves taken back"))
    has_bots = models.BooleanField(
        default=False, help_text=gettext_lazy("Bots sit down when the match is made and never leave, or stand in "
                                              "for an absent player."),
        verbose_name=gettext_lazy("has bots"))
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_matches",
                             verbose_name=gettext_lazy("host"))
    invite_token = models.CharField(max_length=32, default=new_token, verbose_name=gettext_lazy("invite token"))
    listed = models.BooleanField(default=True, help_text=gettext_lazy(
        "Open seats are listed in the lobby for anyone to take; otherwise only the invitation link leads to them."),
        verbose_name=gettext_lazy("listed"))
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch",
        verbose_name=gettext_lazy("rematch of")
    )
    game_record = models.OneToOneField(
        "scoring.GameRecord", null=True, blank=True, on_delete=models.SET_NULL, related_name="online_match",
        verbose_name=gettext_lazy("game record")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=gettext_lazy("started at"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=gettext_lazy("finished at"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = gettext_lazy("matches")
        verbose_name = gettext_lazy("match")

    def __str__(self):
        return f"{self.game_info.name} #{self.pk}"

    def get_absolute_url(self):
        return reverse("match", args=[self.pk])

    @property
    def game_info(self) -> registry.Game:
        return registry.get(self.game)

    @property
    def engine(self):
        return self.game_info.engine

    @property
    def deadline(self):
        if self.time_limit is None or self.started_at is None:
            return None
        return self.started_at + self.time_limit


class Seat(models.Model):
    """A place at a match: a registered player, a local player at the host's screen, a bot, a guest (a name on one
    device, games/guests.py: table mode), or still open."""

    PLAYER, LOCAL, BOT, OPEN, GUEST = "player", "local", "bot", "open", "guest"
    KINDS = [(PLAYER, gettext_lazy("Registered player")), (LOCAL, gettext_lazy("Local player (this screen)")),
             (BOT, gettext_lazy("Bot")), (OPEN, pgettext_lazy("a seat", "Open")),
             (GUEST, gettext_lazy("Guest (no account, one device)"))]

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats", verbose_name=gettext_lazy("match"))
    index = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("index"))
    kind = models.CharField(max_length=10, choices=KINDS, verbose_name=gettext_lazy("kind"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats",
        help_text=gettext_lazy("Who acts for this seat: the player, or the host for local players."),
        verbose_name=gettext_lazy("user")
    )
    profile = models.ForeignKey(
        "scoring.PlayerProfile", null=True, blank=True, on_delete=models.SET_NULL, related_name="seats",
        verbose_name=gettext_lazy("profile")
    )
    name = models.CharField(max_length=60, blank=True, verbose_name=gettext_lazy("name"))
    bot_level = models.CharField(max_length=20, blank=True, verbose_name=gettext_lazy("bot level"))
    left_at = models.DateTimeField(
        null=True, blank=True, help_text=gettext_lazy("When the last open page of this seat's player closed."),
        verbose_name=gettext_lazy("left at"))
    bot_from = models.PositiveIntegerField(
        null=True, blank=True, help_text=gettext_lazy("The version from which a bot played this seat for its player."),
        verbose_name=gettext_lazy("bot from"))
    resigned = models.BooleanField(
        default=False, help_text=gettext_lazy("Its player resigned and a bot plays it to the end (a match of three "
                                              "or more): it ranks last."), verbose_name=gettext_lazy("resigned"))
    bot_until = models.PositiveIntegerField(
        null=True, blank=True, help_text=gettext_lazy("The version at which the player took the seat back."),
        verbose_name=gettext_lazy("bot until"))

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="one_seat_per_index")]
        verbose_name = gettext_lazy("seat")
        verbose_name_plural = gettext_lazy("seats")

    def __str__(self):
        return f"{self.match} seat {self.index}: {self.label}"

    @classmethod
    def of(cls, match_id: int) -> list["Seat"]:
        """A match's seats with their profiles, in seat order: what every table and move reads, compiled once
        (games/compiled.py). Sorted here rather than by an ORDER BY, which the ORM takes longer to compile than
        SQLite takes to run the whole query."""
        return sorted(_SEATS_OF.objects(match_id), key=lambda seat: seat.index)

    @classmethod
    def of_changed(cls, match: "Match") -> list["Seat"]:
        """The seats of a match whose change was just announced (games/signals.py), read once for all the
        listeners (the tables pushed, the notices): each change is announced on a Match instance of its own, read
        after the commit."""
        seats = match.__dict__.get("_changed_seats")
        if seats is None:
            seats = match.__dict__["_changed_seats"] = cls.of(match.pk)
        return seats

    @property
    def stood_in(self) -> bool:
        """A bot plays this person's seat now (games/stand_in.py)."""
        return self.bot_from is not None and self.bot_until is None

    @property
    def is_person(self) -> bool:
        return self.kind in (self.PLAYER, self.LOCAL)

    @property
    def label(self) -> str:
        if self.kind == self.BOT:
            return self.name or bot_name(self.bot_level)
        if self.kind == self.OPEN:
            return gettext("Open seat")
        return self.name or (self.profile.display_name if self.profile else
                             gettext("Seat %(number)d") % {"number": self.index + 1})


class Move(models.Model):
    """One applied action, in order. With the seed, the moves are the match: replays and records come from here."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves", verbose_name=gettext_lazy("match"))
    seq = models.PositiveIntegerField(verbose_name=gettext_lazy("number"))
    seat = models.PositiveSmallIntegerField(null=True, blank=True,
                                            help_text=gettext_lazy("Empty for the match's own moves."),
                                            verbose_name=gettext_lazy("seat"))
    action = models.JSONField(verbose_name=gettext_lazy("action"))
    by_bot = models.BooleanField(default=False, help_text=gettext_lazy("Made by a bot standing in for the player."),
                                 verbose_name=gettext_lazy("by a bot"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    class Meta:
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="one_move_per_seq")]
        verbose_name = gettext_lazy("move")
        verbose_name_plural = gettext_lazy("moves")

    def __str__(self):
        return f"{self.match} move {self.seq}"


_SEATS_OF = Compiled(Seat, lambda match_id: Seat.objects.filter(match_id=match_id).select_related("profile").order_by(),
                     placeholders=(-1,))
