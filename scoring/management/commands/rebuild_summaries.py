"""`manage.py rebuild_summaries [--check]`: compute the kept summaries (scoring/summaries.py, csv_columns.py) again."""
from django.core.management.base import BaseCommand, CommandError

from scoring import summaries


class Command(BaseCommand):
    help = ("Compute the game tallies, the leaderboards' standings and the CSV's breakdown columns again from the "
            "history (after a bulk insert that went around them). With --check, only say where the kept ones and "
            "the history disagree.")

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Compare only; change nothing.")

    def handle(self, *args, check=False, **options):
        if check:
            problems = summaries.differences()
            if problems:
                raise CommandError("The kept summaries disagree with the history:\n" + "\n".join(problems))
            self.stdout.write("The kept summaries agree with the history.")
            return
        written = summaries.rebuild()
        self.stdout.write(", ".join(f"{count} {what}" for what, count in written.items()) + " written.")
