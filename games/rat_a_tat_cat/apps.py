from django.utils.translation import gettext_lazy as _

from games.game_app import GameConfig


class RatATatCatConfig(GameConfig):
    default = True  # the game declaration below, not GameConfig imported above
    name = "games.rat_a_tat_cat"
    label = "rat_a_tat_cat"
    verbose_name = _("Rat-a-Tat Cat")
    tagline = _("A memory card game: keep your four face-down cards low.")
    min_players, max_players = 2, 6
    colour = "#1a5fb4"
    breakdown = ("rounds", "total")
    lower_score_wins = True
    parts = ("engine", "bots", "tally", "pad")
    table_assets = ("rat_a_tat_cat/table.css",)
    pad_assets = ("rat_a_tat_cat/pad.css",)
    order = 2
