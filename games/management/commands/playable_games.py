"""Print the slugs of the games that can be played online, one per line (the Makefile's check-engines loops on it)."""
from django.core.management.base import BaseCommand

from games import registry


class Command(BaseCommand):
    help = "List the slugs of the games that can be played online."

    def handle(self, *args, **options):
        for game in registry.playable_games():
            self.stdout.write(game.slug)
