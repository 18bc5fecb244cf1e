"""Remind whoever's time is almost up and send every notice that is due, now: what the worker's deferred task does,
for a cron job (a safety net, or a task backend that cannot defer). Safe to run as often as liked."""
from django.core.management.base import BaseCommand

from notices import delivery, rules


class Command(BaseCommand):
    help = "Send the notices that are due and the reminders of turn-based matches (docs/notices.md)."

    def handle(self, *args, **options):
        reminded = rules.remind_due()
        sent = delivery.deliver_due()
        self.stdout.write(f"{reminded} reminded, {sent} sent")
