"""`manage.py export_records [--player HANDLE] [--game SLUG] [--csv] [-o FILE]`: the history as records or CSV."""
from django.core.management.base import BaseCommand, CommandError

from games.registry import BY_SLUG
from scoring import transfer
from scoring.models import PlayerProfile


class Command(BaseCommand):
    help = ("Write recorded matches, oldest first, as a JSON array of records (design/records.md) or, with --csv, "
            "as one CSV row per seat per match. Standard output unless -o is given.")

    def add_arguments(self, parser):
        parser.add_argument("--player", help="Only the matches of the player with this handle.")
        parser.add_argument("--game", choices=sorted(BY_SLUG), help="Only the matches of this game.")
        parser.add_argument("--csv", action="store_true", help="CSV for spreadsheets instead of JSON records.")
        parser.add_argument("-o", "--output", help="The file to write (default: standard output).")

    def handle(self, *args, player=None, game=None, csv=False, output=None, **options):
        profile = None
        if player:
            profile = PlayerProfile.objects.filter(handle__iexact=player).first()
            if profile is None:
                raise CommandError(f"There is no player with the handle {player!r}.")
        records = transfer.records_of(player=profile, game=game)
        text = transfer.to_csv(records) if csv else transfer.to_json(records)
        if not output:
            self.stdout.write(text, ending="")
            return
        try:
            with open(output, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        except OSError as exc:
            raise CommandError(f"Cannot write {output}: {exc.strerror}.") from None
        self.stderr.write(f"Wrote {transfer.plural(records.count(), 'record')} to {output}.")
