"""Sending what is due: each person's due notices go together, as one push to each of their devices and one e-mail,
each holding only the kinds they want that way, in their language. A turn's notice that is no longer true (they
moved meanwhile) is dropped."""
from __future__ import annotations

import logging
from datetime import datetime
from itertools import groupby

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from notices import clock, unsubscribe, webpush, words
from notices.models import EMAIL, PUSH, REMINDER, TURN, Notice, Preferences, Turn
from notices.rules import language_of, preferences

logger = logging.getLogger(__name__)


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def deliver_due(now: datetime | None = None) -> int:
    """Send every notice due by `now`; how many people were sent something."""
    now = now or clock.now()
    due = list(Notice.objects.filter(sent_at__isnull=True, due_at__lte=now).order_by("user_id", "created_at", "pk"))
    sent = 0
    for user_id, notices in groupby(due, key=lambda notice: notice.user_id):
        notices = list(notices)
        # Taken by this run (another worker's run that read them too takes none of them).
        if Notice.objects.filter(pk__in=[n.pk for n in notices], sent_at__isnull=True).update(sent_at=now) \
                != len(notices):
            continue
        try:
            sent += deliver(user_id, notices, now)
        except Exception:  # one person's notices must not keep the others'
            logger.exception("Could not send the notices of user %s", user_id)
    return sent


def still_true(notices: list[Notice]) -> list[Notice]:
    """Without the turns' notices whose turn is over (they moved meanwhile), and one notice of a kind per match
    (the latest: two turns of one match in one group are one "your turn")."""
    turns = {(turn.match_id, turn.user_id) for turn in Turn.objects.filter(
        match_id__in=[n.match_id for n in notices if n.kind in (TURN, REMINDER)])}
    true = [n for n in notices if n.kind not in (TURN, REMINDER) or (n.match_id, n.user_id) in turns]
    latest = {(n.kind, n.match_id) if n.match_id else n.pk: n for n in true}
    return [n for n in true if latest[(n.kind, n.match_id) if n.match_id else n.pk] is n]


def deliver(user_id: int, notices: list[Notice], now: datetime) -> bool:
    notices = still_true(notices)
    if not notices:
        return False
    user = get_user_model().objects.select_related("profile").filter(pk=user_id).first()
    if user is None:
        return False
    prefs = preferences(user_id)
    by_push = [n for n in notices if prefs.wants(n.kind, PUSH)]
    by_email = [n for n in notices if prefs.wants(n.kind, EMAIL)] if user.email else []
    reached = 0
    with translation.override(language_of(getattr(user, "profile", None)) or settings.LANGUAGE_CODE):
        if by_push:
            reached += webpush.send_to(user_id, push_payload(by_push))
        if by_email:
            send_email(user, by_email)
            reached += 1
    if reached:  # what comes within the next few minutes waits, and goes together
        Preferences.objects.update_or_create(user_id=user_id, defaults={"last_sent_at": now})
    return bool(reached)


def push_payload(notices: list[Notice]) -> dict:
    """What the service worker shows (notices/templates/notices/sw.js); the address is a path, opened on the site
    that registered the worker."""
    urls = {n.url for n in notices}
    url = urls.pop() if len(urls) == 1 else reverse("lobby")
    return {"title": words.title(notices), "body": "\n".join(words.line(n.kind, n.params) for n in notices),
            "url": url, "tag": f"topcat-{notices[0].pk}" if len(notices) == 1 else "topcat-notices"}


def send_email(user, notices: list[Notice]) -> None:
    """One e-mail, with a link to each match and the one-click unsubscribe of RFC 8058 (headers and a link)."""
    kinds = sorted({n.kind for n in notices})
    stop = absolute(reverse("notices_unsubscribe", args=[unsubscribe.make(user.pk, kinds)]))
    context = {"items": [{"line": words.line(n.kind, n.params), "url": absolute(n.url)} for n in notices],
               "unsubscribe_url": stop, "preferences_url": absolute(reverse("notices_preferences"))}
    message = EmailMultiAlternatives(
        subject=words.title(notices), body=render_to_string("notices/email.txt", context), to=[user.email],
        headers={"List-Unsubscribe": f"<{stop}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})
    message.attach_alternative(render_to_string("notices/email.html", context), "text/html")
    message.send()
