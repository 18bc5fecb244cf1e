"""Codes must not be guessed: an address that tried too many codes leading nowhere waits before it may try again.

Kept in the database (not the cache), so that every server process counts the same tries."""
from datetime import timedelta

from django.utils import timezone

from scoring.login_limits import client_address
from table_mode.models import JoinRefusal

TRIES = 12  # wrong codes an address may try ...
WINDOW = timedelta(minutes=10)  # ... in this long


def blocked(request) -> bool:
    since = timezone.now() - WINDOW
    return JoinRefusal.objects.filter(address=client_address(request)[:64], at__gte=since).count() >= TRIES


def refused(request) -> None:
    """A code that led nowhere; refusals older than the window are dropped on the way."""
    now = timezone.now()
    JoinRefusal.objects.filter(at__lt=now - WINDOW).delete()
    JoinRefusal.objects.create(address=client_address(request)[:64], at=now)
