"""`manage.py rebuild_ratings [--game SLUG]`: recompute the OpenSkill ratings from the whole history."""
from django.core.management.base import BaseCommand, CommandError

from games.registry import BY_SLUG
from scoring.ratings import rebuild_ratings


class Command(BaseCommand):
    help = "Recompute every rating (or one game's) from the recorded matches, in the order they were played."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=sorted(BY_SLUG), help="Only this game (default: every game).")

    def handle(self, *args, game=None, **options):
        if game is not None and game not in BY_SLUG:
            raise CommandError(f"Unknown game {game!r}.")
        written = rebuild_ratings(game=game)
        where = BY_SLUG[game].name if game else "every game"
        self.stdout.write(self.style.SUCCESS(f"Rebuilt the ratings of {where}: {written} rating changes."))
