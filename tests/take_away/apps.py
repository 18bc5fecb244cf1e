from games.game_app import GameConfig


class TakeAwayConfig(GameConfig):
    """A game that exists only for the tests (tests/settings.py installs it): it proves that a game is one folder.
    Nothing outside this folder names it."""

    default = True
    name = "tests.take_away"
    label = "take_away"
    verbose_name = "Take Away"
    tagline = "Take one to three stones; whoever takes the last stone wins."
    min_players, max_players = 2, 2
    colour = "#0b7285"
    breakdown = ("stones", "total")
    parts = ("engine", "bots", "tally", "pad", "words")
    order = 99
