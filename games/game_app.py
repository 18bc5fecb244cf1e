"""A game describes itself once, on its AppConfig; games.registry reads these declarations (nothing else
lists the games). Adding a game = a new app whose AppConfig subclasses GameConfig + one INSTALLED_APPS line.

Everything else of the game is found from its package by name: its modules (engine, bots, tally, pad, words,
as listed in `parts`), its templates under templates/<slug>/ and its static files under static/<slug>/.
See docs/adding-a-game.md.
"""
from django.apps import AppConfig


class GameConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"

    # verbose_name: the game's name, as the box writes it.
    tagline = ""
    min_players = 2
    max_players = 2
    colour = "#6b645c"               # its line in charts
    breakdown = ("total",)           # the record's breakdown categories, in the order people read them
    lower_score_wins = False         # Rat-a-Tat Cat: the lowest total wins
    parts = ()                       # which of its modules exist: "engine", "bots", "tally", "pad", "words"
    table_assets = ()                # static files its match table needs ("<slug>/table.css", "<slug>/table.js")
    pad_assets = ()                  # static files its record pad needs
    order = 100                      # its place in lists of games
    # Other loggers' plays (scoring/loggers): its BoardGameGeek ids, and the names it was also published under (its
    # name in every language of the site is matched as well).
    bgg_ids: tuple[int, ...] = ()
    other_names: tuple[str, ...] = ()
