"""The four games: names, player counts, and the engine module of each game that can be played online."""
from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from importlib.util import find_spec

from django.contrib.staticfiles import finders


@dataclass(frozen=True)
class Game:
    slug: str
    name: str
    players: str
    tagline: str
    lower_score_wins: bool = False  # Rat-a-Tat Cat: the lowest total wins

    @cached_property
    def engine(self):
        """The game's engine module, or None while the game can only be recorded."""
        module = f"games.{self.slug}.engine"
        return import_module(module) if find_spec(module) else None

    @cached_property
    def words(self):
        """The game's words module (games/<slug>/words.py: log events and refusals in words), or None."""
        module = f"games.{self.slug}.words"
        return import_module(module) if find_spec(module) else None

    def event_text(self, entry: dict) -> str:
        """A log entry in words, "{seat:N}" mentions left for the page to name. Entries saved before the engines
        spoke in events carry their English "text" and are shown as they are."""
        if "event" in entry and self.words is not None:
            return self.words.event(entry)
        return str(entry.get("text", ""))

    def refusal_text(self, exc: Exception) -> str:
        """Why a move was refused, in words: the words module's sentence for its code, else the engine's English."""
        code = getattr(exc, "code", None)
        text = self.words.refusal(code, exc.params) if code and self.words is not None else None
        return text or str(exc) or "That move is not allowed now."

    @property
    def playable(self) -> bool:
        return self.engine is not None

    @cached_property
    def script(self) -> str | None:
        """The game's own page script: the static path its AppConfig declares as `script`, else static/js/<slug>.js,
        when the file exists. (The match page loads it once: htmx drops scripts from swapped tables.)"""
        from django.apps import apps

        config = next((c for c in apps.get_app_configs() if c.name == f"games.{self.slug}"), None)
        path = getattr(config, "script", None) or f"js/{self.slug}.js"
        return path if finders.find(path) else None

    @property
    def rules_template(self) -> str:
        return f"{self.slug}/rules.html"


GAMES = [
    Game("hot_tin_roof", "Hot Tin Roof", "3-4",
         "Lay catwalks across the rooftops, gather sardine cans and trade them for fish."),
    Game("rat_a_tat_cat", "Rat-a-Tat Cat", "2-6", "A memory card game: keep your four face-down cards low.",
         lower_score_wins=True),
    Game("cat_tower", "Cat Tower", "2-4",
         "Roll and write: draft dice and fill your tower with cats' favourite things."),
    Game("rat_hot", "Rat Hot", "2",
         "A two-player game of spice strips: score your spices, and beware of showing too many rats."),
]
BY_SLUG = {game.slug: game for game in GAMES}


def get(slug: str) -> Game:
    """The game with this slug; KeyError when there is none."""
    return BY_SLUG[slug]


def playable_games() -> list[Game]:
    return [game for game in GAMES if game.playable]
