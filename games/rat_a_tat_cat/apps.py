from django.utils.translation import gettext_lazy as _

from games.game_app import GameConfig

from . import scoring


class RatATatCatConfig(GameConfig):
    default = True  # the game declaration below, not GameConfig imported above
    name = "games.rat_a_tat_cat"
    label = "rat_a_tat_cat"
    verbose_name = _("Rat-a-Tat Cat")
    tagline = _("A memory card game: keep your four face-down cards low.")
    min_players, max_players = scoring.MIN_SEATS, scoring.MAX_SEATS  # the engine's and the tally's too
    colour = "#1a5fb4"
    breakdown = ("rounds", "total")
    lower_score_wins = True
    parts = ("engine", "bots", "tally", "pad", "words")
    table_assets = ("rat_a_tat_cat/table.css",)
    pad_assets = ("rat_a_tat_cat/pad.css",)
    order = 2
    bgg_ids = ()  # docs/loggers.md: which are known and where from
    other_names = ("Rat-A-Tat-Cat", "Biberbande")
