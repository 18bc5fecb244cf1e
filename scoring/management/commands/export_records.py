"""`manage.py export_records [--player HANDLE] [--game SLUG] [--csv | --bgstats | --bgg] [-o FILE]`: the history as
records, CSV, a BG Stats backup or BoardGameGeek plays XML."""
import json

from django.core.management.base import BaseCommand, CommandError

from games.registry import BY_SLUG
from scoring import exports, transfer
from scoring.loggers import bgg, bgstats
from scoring.models import PlayerProfile, handle_is
from scoring.photos import archive


class Command(BaseCommand):
    help = ("Write recorded matches, oldest first, as a JSON array of records (design/records.md) or, with --csv, "
            "as one CSV row per seat per match. Standard output unless -o is given.")

    def add_arguments(self, parser):
        parser.add_argument("--player", help="Only the matches of the player with this handle.")
        parser.add_argument("--game", choices=sorted(BY_SLUG), help="Only the matches of this game.")
        kinds = parser.add_mutually_exclusive_group()
        kinds.add_argument("--csv", action="store_true", help="CSV for spreadsheets instead of JSON records.")
        kinds.add_argument("--bgstats", action="store_true", help="A BG Stats backup (JSON) to import into BG Stats.")
        kinds.add_argument("--bgg", action="store_true", help="BoardGameGeek plays XML.")
        kinds.add_argument("--zip", action="store_true",
                           help="A zip of records.json and the records' photos (needs -o).")
        parser.add_argument("-o", "--output", help="The file to write (default: standard output).")

    def handle(self, *args, player=None, game=None, csv=False, output=None, **options):
        profile = None
        if player:
            profile = PlayerProfile.objects.filter(handle_is(player)).first()
            if profile is None:
                raise CommandError(f"There is no player with the handle {player!r}.")
        if options["zip"]:
            if not output:
                raise CommandError("--zip writes a file: give it with -o.")
            records = transfer.records_of(player=profile, game=game).prefetch_related("photos")
            try:
                with open(output, "wb") as handle:
                    handle.write(archive.zip_of(records))
            except OSError as exc:
                raise CommandError(f"Cannot write {output}: {exc.strerror}.") from None
            self.stderr.write(f"Wrote {transfer.plural(records.count(), 'record')} to {output}.")
            return
        if options["bgstats"] or options["bgg"]:  # one document each, with its games and players first: in memory
            records = transfer.records_of(player=profile, game=game)
            text = ([json.dumps(bgstats.backup(records, me=profile), indent=2, ensure_ascii=False) + "\n"]
                    if options["bgstats"] else
                    [bgg.plays_xml(records, username=profile.bgg_username if profile else "").decode()])
        else:
            text = exports.pieces(player=profile, game=game, as_csv=csv)  # streamed: constant memory, any size
        if not output:
            for piece in text:
                self.stdout.write(piece, ending="")
            return
        try:
            with open(output, "w", encoding="utf-8", newline="") as handle:
                for piece in text:
                    handle.write(piece)
        except OSError as exc:
            raise CommandError(f"Cannot write {output}: {exc.strerror}.") from None
        records = transfer.records_of(player=profile, game=game)
        self.stderr.write(f"Wrote {transfer.plural(records.count(), 'record')} to {output}.")
