from django.utils.translation import gettext_lazy as _

from games.game_app import GameConfig

from . import scoring


class CatTowerConfig(GameConfig):
    default = True  # the game declaration below, not GameConfig imported above
    name = "games.cat_tower"
    label = "cat_tower"
    verbose_name = _("Cat Tower")
    tagline = _("Roll and write: draft dice and fill your tower with cats' favourite things.")
    min_players, max_players = scoring.MIN_SEATS, scoring.MAX_SEATS  # the engine's and the tally's too
    colour = "#2f7d4a"
    breakdown = ("cats", "yarn", "butterfly", "bowl", "cushion", "mouse", "columns", "total")
    parts = ("engine", "bots", "tally", "pad", "words")
    table_assets = ("cat_tower/table.css", "cat_tower/table.js")
    pad_assets = ("cat_tower/pad.css",)
    order = 3
    bgg_ids = ()  # docs/loggers.md: which are known and where from
    other_names = ()
