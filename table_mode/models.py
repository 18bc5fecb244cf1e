"""A table: a room with a short code, its big screen (the host's) and the people who joined it from their phones."""
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

LIFETIME = timedelta(days=1)  # a table nobody used for this long is closed


class TableQuerySet(models.QuerySet):
    def still_open(self):
        return self.filter(used_at__gte=timezone.now() - LIFETIME)


class Table(models.Model):
    code = models.CharField(max_length=8, unique=True, verbose_name=_("code"))
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_tables",
                             verbose_name=_("host"))
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                              help_text=_("The game being played at the table now (the last one started)."),
                              verbose_name=_("match"))
    games = models.ManyToManyField("games.Match", blank=True, related_name="+",
                                   help_text=_("Every game started at the table, for the evening's results."),
                                   verbose_name=_("games"))
    sheet = models.ForeignKey("TableSheet", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                              help_text=_("The game played with the box being scored now."),
                              verbose_name=_("score sheet"))
    games_recorded = models.ManyToManyField("scoring.GameRecord", blank=True, related_name="+",
                                            help_text=_("The games played with the box and recorded at the table."),
                                            verbose_name=_("games recorded"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    used_at = models.DateTimeField(default=timezone.now, db_index=True, verbose_name=_("used at"))

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self):
        return self.code

    def get_absolute_url(self):
        return reverse("table_phone", args=[self.code])


class Member(models.Model):
    """Someone at a table: a registered player, or a guest (a profile without a user, bound to one phone)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="members", verbose_name=_("table"))
    name = models.CharField(max_length=30, verbose_name=_("name"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="+", verbose_name=_("user"))
    profile = models.ForeignKey("scoring.PlayerProfile", null=True, on_delete=models.SET_NULL, related_name="+",
                                verbose_name=_("profile"))
    joined_at = models.DateTimeField(auto_now_add=True, verbose_name=_("joined at"))

    class Meta:
        ordering = ["table", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint("table", Lower("name"), name="one_name_per_table"),
            models.UniqueConstraint(fields=["table", "user"], name="one_member_per_user"),
        ]
        verbose_name = _("member")
        verbose_name_plural = _("members")

    def __str__(self):
        return f"{self.table}: {self.name}"

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


class TableSheet(models.Model):
    """A game played with the real box, scored at the table (table_mode/sheets.py): its pad as typed so far."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="sheets", verbose_name=_("table"))
    game = models.CharField(max_length=30, verbose_name=_("game"))
    seats = models.JSONField(default=list, help_text=_("The members in seat order (their ids)."),
                             verbose_name=_("seats"))
    data = models.JSONField(default=dict, help_text=_("The pad's fields as typed so far."), verbose_name=_("data"))
    filled = models.JSONField(default=list, help_text=_("The members who filled their part from their phone."),
                              verbose_name=_("filled"))
    game_record = models.OneToOneField("scoring.GameRecord", null=True, blank=True, on_delete=models.SET_NULL,
                                       related_name="+", verbose_name=_("game record"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")

    def __str__(self):
        return f"{self.table} {self.game}"


class JoinRefusal(models.Model):
    """A code that led nowhere, by the address that tried it: too many in a while and that address must wait."""

    address = models.CharField(max_length=64, db_index=True, verbose_name=_("address"))
    at = models.DateTimeField(default=timezone.now, db_index=True, verbose_name=_("at"))

    class Meta:
        verbose_name = _("refused join")
        verbose_name_plural = _("refused joins")

    def __str__(self):
        return f"{self.address} {self.at:%Y-%m-%d %H:%M}"
