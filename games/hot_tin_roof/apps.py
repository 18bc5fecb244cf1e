from django.utils.translation import gettext_lazy as _

from games.game_app import GameConfig


class HotTinRoofConfig(GameConfig):
    default = True  # the game declaration below, not GameConfig imported above
    name = "games.hot_tin_roof"
    label = "hot_tin_roof"
    verbose_name = _("Hot Tin Roof")
    tagline = _("Lay catwalks across the rooftops, gather sardine cans and trade them for fish.")
    min_players, max_players = 3, 4
    colour = "#c8601d"
    breakdown = ("cans", "fish", "total")
    parts = ("engine", "bots", "tally", "pad", "words")
    table_assets = ("hot_tin_roof/hot_tin_roof.css", "hot_tin_roof/hot_tin_roof.js")
    order = 1
