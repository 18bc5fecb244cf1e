"""`manage.py import_records FILE [--user USERNAME] [--confirmed]`: import match records, all of the file or
nothing; or the plays of a BG Stats backup or a BoardGameGeek plays XML file (`--time-zone`, `--player`,
`--accept-names`: scoring/loggers)."""
import sys
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring import transfer
from scoring.loggers import importing
from scoring.loggers.people import NEW, matches
from scoring.models import PlayerProfile
from scoring.photos import archive


class Command(BaseCommand):
    help = ("Import match records (design/records.md) from a JSON file holding one record or a list of them, or a "
            "zip of records.json and their photos, or the plays of a BG Stats backup or BoardGameGeek plays XML. "
            "Every record is checked first (online ones replayed, table ones scored again); if any is bad, "
            "nothing is imported. Records already in the history are skipped.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="The JSON file to import, or - for standard input.")
        parser.add_argument("--user", help="The username to record as the importer (default: none).")
        parser.add_argument("--confirmed", action="store_true",
                            help="The site's operator vouches for the records (a site's own history moved here): "
                                 "they count at once. Otherwise each registered player named, but the importer, "
                                 "confirms their seat first.")
        parser.add_argument("--time-zone", default=settings.TIME_ZONE,
                            help="BG Stats and BoardGameGeek files: the zone of their times, which have none "
                                 "(default: the site's, %(default)s).")
        parser.add_argument("--player", action="append", default=[], metavar="NAME=HANDLE",
                            help="BG Stats and BoardGameGeek files: the file's person NAME is the player HANDLE here "
                                 "(repeat for each). People matched by BoardGameGeek username need none.")
        parser.add_argument("--accept-names", action="store_true",
                            help="BG Stats and BoardGameGeek files: a person whose name is one player's here is that "
                                 "player. Otherwise people not matched become new table players.")

    def handle(self, *args, file, user=None, confirmed=False, **options):
        recorded_by = self._user(user)
        try:
            # One byte past the limit is enough for the import to refuse the file without reading it all.
            most = max(transfer.MAX_FILE_BYTES, importing.MAX_FILE_BYTES, archive.MAX_ARCHIVE_BYTES)
            data = sys.stdin.buffer.read(most + 1) if file == "-" else _read(file, most)
            if importing.is_logger_file(data):
                self._plays(data, recorded_by, options)
                return
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

    def _user(self, user):
        recorded_by = None
        if user:
            try:
                recorded_by = get_user_model().objects.get_by_natural_key(user)
            except get_user_model().DoesNotExist:
                raise CommandError(f"There is no user {user!r}.") from None
        return recorded_by

    def _plays(self, data: bytes, recorded_by, options) -> None:
        """A BG Stats backup or a BoardGameGeek plays file: its plays of our games, people matched as told."""
        try:
            zone = ZoneInfo(options["time_zone"])
        except (ZoneInfoNotFoundError, ValueError):
            raise CommandError(f"There is no time zone {options['time_zone']!r}.") from None
        logger_file = importing.read_file(data)
        told = dict(_pair(text) for text in options["player"])
        choices = {}
        for match in matches(logger_file.people, recorded_by):
            name = match.person.name
            if name in told:
                profile = PlayerProfile.objects.filter(handle__iexact=told[name]).first()
                if profile is None:
                    raise CommandError(f"There is no player with the handle {told[name]!r}.")
                choices[match.person.key] = str(profile.pk)
            elif match.suggested is not None and (match.by_username or options["accept_names"]):
                choices[match.person.key] = str(match.suggested.pk)
            else:
                choices[match.person.key] = NEW
        report = importing.import_plays(logger_file, importer=recorded_by, choices=choices, zone=zone)
        for game_record in report.imported:
            self.stdout.write(f"Imported record {game_record.pk}: {game_record.game_name}, "
                              f"{game_record.played_at:%Y-%m-%d} at {game_record.get_absolute_url()}")
        for play, existing in report.already:
            self.stdout.write(f"Already imported: {play.describe()}" + (f" (record {existing.pk})" if existing else ""))
        for play, reason in report.skipped:
            self.stdout.write(f"Skipped {play.describe()}: {reason}.")
        for name, count in report.other_games_by_count:
            self.stdout.write(f"Skipped {transfer.plural(count, 'play')} of {name}: not a game of this site.")
        for profile in report.new_players:
            self.stdout.write(f"New table player {profile.display_name} (@{profile.handle}).")
        self.stdout.write(self.style.SUCCESS(report.summary()))


def _pair(text: str) -> tuple[str, str]:
    name, sep, handle = text.rpartition("=")
    if not sep or not name.strip() or not handle.strip():
        raise CommandError(f"--player takes NAME=HANDLE, not {text!r}.")
    return name.strip(), handle.strip()


def _read(path: str, most: int) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(most + 1)
    except OSError as exc:
        raise CommandError(f"Cannot read {path}: {exc.strerror}.") from None
