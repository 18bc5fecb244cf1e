"""The notices' work off the request path, on Django's tasks framework (the `django_tasks` backport; the database
backend of `django_tasks_db` and its worker, `manage.py db_worker`, by default: docs/notices.md).

One task, `send_due`: remind whoever's time is almost up, then send every notice that is due. It is enqueued when a
notice is written (at once, or deferred to the end of its group's window) and when a turn-based turn begins (deferred
to its reminder). A backend that cannot defer (the immediate one of the tests) runs only the notices due now; the
rest wait for `manage.py notices_tick`, which does the same and may run from cron as a safety net.
"""
from __future__ import annotations

import contextvars
import logging
from datetime import datetime

from django_tasks import task

logger = logging.getLogger(__name__)
_sending = contextvars.ContextVar("notices_sending", default=False)


@task()
def send_due() -> int:
    """Remind, then send what is due; how many people were sent something."""
    from notices import delivery, rules

    token = _sending.set(True)
    try:
        rules.remind_due()
        return delivery.deliver_due()
    finally:
        _sending.reset(token)


def schedule(when: datetime, now: datetime) -> None:
    """Have `send_due` run at `when` (at once when it is due already). Never an error for the caller: a backend that
    fails is logged, and the notice waits in the outbox for the next run."""
    if when <= now and _sending.get():
        return  # this run sends it, after the reminders
    try:
        if when <= now:
            send_due.enqueue()
        elif send_due.get_backend().supports_defer:
            send_due.using(run_after=when).enqueue()
    except Exception:
        logger.exception("Could not enqueue the notices' task")
