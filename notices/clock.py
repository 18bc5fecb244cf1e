"""The notices' clock: one place the tests turn forward (a turn-based match runs over days)."""
from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()
