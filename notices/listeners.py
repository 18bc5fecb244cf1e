"""Where the notices hear of things: the match-changed announcement (games/signals.py, after commit, like the
pushes and the bots) and, after commit, every record saved (its seats awaiting confirmation). A notice is never
worth an error: a failure is logged and the change it follows stands."""
import logging
import threading

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.signals import match_changed
from notices import rules
from scoring.models import GameRecord

logger = logging.getLogger(__name__)
_saved = threading.local()


@receiver(match_changed, dispatch_uid="notices.rules")
def on_match_changed(sender, match, to_move_before=None, **kwargs) -> None:
    try:
        rules.match_changed(match, to_move_before=to_move_before)
    except Exception:
        logger.exception("Notices of match %s failed", match.pk)


@receiver(post_save, sender=GameRecord, dispatch_uid="notices.records")
def on_record_saved(sender, instance, created: bool, **kwargs) -> None:
    """Collected for the transaction and read once after its commit (an import saves many at once): one query for
    the seats awaiting confirmation (none in a record the site made of a match it saw)."""
    if not created or instance.recorded_by_id is None:
        return
    if getattr(_saved, "ids", None) is None:
        _saved.ids = []
    _saved.ids.append(instance.pk)
    transaction.on_commit(_records_committed)


def _records_committed() -> None:
    """The first callback after a commit reads every record collected (the others find none); a record of a
    transaction that was rolled back is simply not found."""
    ids, _saved.ids = getattr(_saved, "ids", None) or [], None
    if not ids:
        return
    try:
        rules.records_saved(ids)
    except Exception:
        logger.exception("Notices of records %s failed", ids)
