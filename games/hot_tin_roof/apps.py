from django.utils.translation import gettext_lazy as _

from games.game_app import GameConfig

from . import rules


class HotTinRoofConfig(GameConfig):
    default = True  # the game declaration below, not GameConfig imported above
    name = "games.hot_tin_roof"
    label = "hot_tin_roof"
    verbose_name = _("Hot Tin Roof")
    tagline = _("Lay catwalks across the rooftops, gather sardine cans and trade them for fish.")
    min_players, max_players = rules.MIN_PLAYERS, rules.MAX_PLAYERS  # the engine's and the tally's too
    colour = "#c8601d"
    breakdown = ("cans", "fish", "total")
    parts = ("engine", "bots", "tally", "pad", "words")
    table_assets = ("hot_tin_roof/hot_tin_roof.css", "js/zoom.js", "hot_tin_roof/hot_tin_roof.js")  # zoom: shared
    order = 1
    bgg_ids = (154499,)  # docs/loggers.md: which are known and where from
    other_names = ("坐立不安的貓",)
