"""What the notices keep: each person's choices, their devices' push subscriptions, the turns they were told of,
and the notices themselves (an outbox: written when something happens, sent, grouped, a little later)."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

TURN, REMINDER, INVITATION, CONFIRMATION, UNDO = "turn", "reminder", "invitation", "confirmation", "undo"
KINDS = [
    (TURN, gettext_lazy("It is your turn")),
    (REMINDER, gettext_lazy("Your time is almost up")),
    (INVITATION, gettext_lazy("An invitation to a match")),
    (CONFIRMATION, gettext_lazy("A record awaiting your confirmation")),
    (UNDO, gettext_lazy("A request to take back a move")),
]
PUSH, EMAIL = "push", "email"


class Preferences(models.Model):
    """Which notices a person wants, per kind and per way: on a device by push (once they allowed it there), all
    on unless turned off; by e-mail, each off until they choose it."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_preferences")
    push = models.JSONField(default=list, blank=True, help_text=gettext_lazy("The kinds turned off for push."))
    email = models.JSONField(default=list, blank=True, help_text=gettext_lazy("The kinds wanted by e-mail."))
    last_sent_at = models.DateTimeField(null=True, blank=True, help_text=gettext_lazy(
        "When notices were last sent: the next ones within a short while wait and go together."))

    class Meta:
        verbose_name = gettext_lazy("notice preferences")
        verbose_name_plural = gettext_lazy("notice preferences")

    def __str__(self):
        return f"notices of user {self.user_id}"

    def wants(self, kind: str, way: str) -> bool:
        return kind not in self.push if way == PUSH else kind in self.email


class PushSubscription(models.Model):
    """One device's (one browser's) push subscription: where its push service takes messages, and its keys."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("push subscription")
        verbose_name_plural = gettext_lazy("push subscriptions")

    def __str__(self):
        return f"push subscription {self.pk} of user {self.user_id}"

    def info(self) -> dict:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class Turn(models.Model):
    """A person to move in a match, since `version`: told once, reminded once. Gone when they are no longer to move."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="notice_turns")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_turns")
    version = models.PositiveIntegerField()
    reminded = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="one_turn_per_player")]

    def __str__(self):
        return f"turn of user {self.user_id} in match {self.match_id} since version {self.version}"


class Notice(models.Model):
    """Something to tell one person, kept until sent (`sent_at`); `due_at` is when it may go (a notice soon after
    others waits for the group). `params` holds what its words need: the game, the match, names."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=20, choices=KINDS)
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=100, unique=True, help_text=gettext_lazy("What makes it once."))
    params = models.JSONField(default=dict)
    url = models.CharField(max_length=200)
    created_at = models.DateTimeField()
    due_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["sent_at", "due_at"], name="notice_due")]

    def __str__(self):
        return f"{self.kind} notice {self.pk} to user {self.user_id}"
