from django.utils.translation import gettext_lazy as _

from games.game_app import GameConfig

from . import scoring


class RatHotConfig(GameConfig):
    default = True  # the game declaration below, not GameConfig imported above
    name = "games.rat_hot"
    label = "rat_hot"
    verbose_name = _("Rat Hot")
    tagline = _("A two-player game of spice strips: score your spices, and beware of showing too many rats.")
    min_players = max_players = scoring.PLAYERS  # the engine's and the tally's too
    colour = "#8e3fa8"
    breakdown = ("chips", "final_tally", "lost_by_rats", "total")
    parts = ("engine", "bots", "tally", "pad", "words")
    table_assets = ("rat_hot/table.css", "js/zoom.js", "rat_hot/table.js")  # the board's zoom is shared
    pad_assets = ("rat_hot/pad.css",)
    order = 4
    bgg_ids = ()  # docs/loggers.md: which are known and where from
    other_names = ("Rattenscharf",)
