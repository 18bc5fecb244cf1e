"""`manage.py import_records FILE [--user USERNAME] [--confirmed]`: import match records, all of the file or
nothing."""
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring import transfer


class Command(BaseCommand):
    help = ("Import match records (design/records.md) from a JSON file holding one record or a list of them. "
            "Every record is checked first (online ones replayed, table ones scored again); if any is bad, "
            "nothing is imported. Records already in the history are skipped.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="The JSON file to import, or - for standard input.")
        parser.add_argument("--user", help="The username to record as the importer (default: none).")
        parser.add_argument("--confirmed", action="store_true",
                            help="The site's operator vouches for the records (a site's own history moved here): "
                                 "they count at once. Otherwise each registered player named, but the importer, "
                                 "confirms their seat first.")

    def handle(self, *args, file, user=None, confirmed=False, **options):
        recorded_by = None
        if user:
            try:
                recorded_by = get_user_model().objects.get_by_natural_key(user)
            except get_user_model().DoesNotExist:
                raise CommandError(f"There is no user {user!r}.") from None
        try:
            # One byte past the limit is enough for the import to refuse the file without reading it all.
            data = sys.stdin.buffer.read(transfer.MAX_FILE_BYTES + 1) if file == "-" else _read(file)
            report = transfer.import_file(data, recorded_by=recorded_by, witnessed=confirmed)
        except transfer.ImportRefused as refused:
            raise CommandError("Nothing was imported:\n" + "\n".join(f"- {p}" for p in refused.problems)) from None
        for game_record in report.imported:
            self.stdout.write(f"Imported record {game_record.pk}: {game_record.game_name}, "
                              f"{game_record.played_at:%Y-%m-%d} at {game_record.get_absolute_url()}")
        for index, existing in report.skipped:
            where = (f" (already record {existing.pk}, at {existing.get_absolute_url()})" if existing
                     else " (a repeat within the file)")
            self.stdout.write(f"Skipped record {index + 1}{where}.")
        self.stdout.write(self.style.SUCCESS(report.summary()))


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(transfer.MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise CommandError(f"Cannot read {path}: {exc.strerror}.") from None
