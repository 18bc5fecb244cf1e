"""The games, read from their declarations (games.game_app.GameConfig on each game's AppConfig).

`GAMES` and `BY_SLUG` fill themselves on first use, once Django's app registry is ready.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cached_property
from importlib import import_module

from django.apps import apps
from django.contrib.staticfiles import finders
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import gettext

from games.contract import normalise_options
from games.game_app import GameConfig
from games.log_words import contract_refusal


class Game:
    """One game as the site reads it: its declaration, and its parts found by name inside its package."""

    def __init__(self, config: GameConfig):
        self.config = config
        self.slug = config.label
        self.module = config.name  # the Python package, e.g. "games.cat_tower"

    def __repr__(self):
        return f"<Game {self.slug}>"

    def __getattr__(self, attribute):
        # The declared attributes (tagline, colour, breakdown, min_players, ...) read through to the config.
        if attribute.startswith("_") or attribute == "config":
            raise AttributeError(attribute)
        return getattr(self.config, attribute)

    @property
    def name(self) -> str:
        return str(self.config.verbose_name)

    @property
    def players(self) -> str:
        """"3-4" or "2": how the site writes the player count."""
        low, high = self.config.min_players, self.config.max_players
        return str(low) if low == high else f"{low}-{high}"

    def _part(self, part: str):
        return import_module(f"{self.module}.{part}") if part in self.config.parts else None

    @cached_property
    def engine(self):
        """The game's pure engine module, or None while the game can only be recorded."""
        return self._part("engine")

    @cached_property
    def bots(self):
        return self._part("bots")

    @cached_property
    def tally(self):
        """The pure tally: the result of a game played at a table, from its score pad."""
        return self._part("tally")

    @cached_property
    def words(self):
        """The game's words module: log events and refusals as sentences, option labels."""
        return self._part("words")

    @cached_property
    def pad(self):
        """The record pad form class (`Pad` in the game's pad module), or None."""
        module = self._part("pad")
        return module.Pad if module else None

    @property
    def playable(self) -> bool:
        return self.engine is not None

    @property
    def options(self) -> dict:
        """The option specs (games/contract.py style): the engine's, else the tally's."""
        source = self.engine or self.tally
        return getattr(source, "OPTIONS", {}) if source else {}

    def normalise_options(self, options: dict | None) -> dict:
        """The options with defaults filled in (games.contract); IllegalAction for one not allowed."""
        return normalise_options(self.options, options)

    @property
    def bot_levels(self) -> list[str]:
        """The game's bot levels in the order its bots module lists them (weakest first), for the seat choices."""
        return list(getattr(self.bots, "LEVELS", ())) if self.bots else []

    @property
    def rules_template(self) -> str:
        return f"{self.slug}/rules.html"

    @property
    def table_template(self) -> str:
        return f"{self.slug}/table.html"

    @cached_property
    def replay_template(self) -> str | None:
        """The game's own replay table, when it draws one (else the replay shows its views as tables)."""
        return self._optional_template("replay.html")

    @cached_property
    def status_template(self) -> str | None:
        """The game's own status line (what the viewing seat may do now), when it words one."""
        return self._optional_template("status.html")

    @cached_property
    def page_template(self) -> str | None:
        """What the game's match and replay pages hold once, outside the table that every push replaces (Rat
        Hot's SVG symbols), when it has any: sent with the page, never with a push."""
        return self._optional_template("page.html")

    def _optional_template(self, name: str) -> str | None:
        try:
            get_template(f"{self.slug}/{name}")
        except TemplateDoesNotExist:
            return None
        return f"{self.slug}/{name}"

    # The static files of its match and replay pages (table) and of its record pad, by kind.
    table_css = property(lambda self: _of_kind(self.config.table_assets, ".css"))
    table_js = property(lambda self: _of_kind(self.config.table_assets, ".js"))
    pad_css = property(lambda self: _of_kind(self.config.pad_assets, ".css"))
    pad_js = property(lambda self: _of_kind(self.config.pad_assets, ".js"))

    def missing_assets(self) -> list[str]:
        return [path for path in (*self.config.table_assets, *self.config.pad_assets) if not finders.find(path)]

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
        return text or (contract_refusal(code, getattr(exc, "params", {}), self.name) if code else None) or \
            str(exc) or gettext("That move is not allowed now.")

    def breakdown_key(self, key: str) -> tuple:
        """Sort key putting a breakdown's categories in the game's order (unknown ones last, by name)."""
        order = list(self.config.breakdown)
        return (0, order.index(key)) if key in order else (1, key)


def _of_kind(paths, suffix: str) -> list[str]:
    return [path for path in paths if path.endswith(suffix)]


class _Games(Mapping):
    """Every installed game by slug, in the declared order; read from the app registry on first use."""

    @cached_property
    def _by_slug(self) -> dict[str, Game]:
        configs = [c for c in apps.get_app_configs() if isinstance(c, GameConfig)]
        configs.sort(key=lambda c: (c.order, str(c.verbose_name)))
        return {c.label: Game(c) for c in configs}

    def __getitem__(self, slug) -> Game:
        return self._by_slug[slug]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_slug)

    def __len__(self) -> int:
        return len(self._by_slug)


class _GameList:
    """The games in order, as a read-only sequence (what `GAMES` was when it was a list)."""

    def __iter__(self):
        return iter(BY_SLUG.values())

    def __len__(self):
        return len(BY_SLUG)

    def __getitem__(self, index):
        return list(BY_SLUG.values())[index]


BY_SLUG = _Games()
GAMES = _GameList()


def get(slug: str) -> Game:
    """The game with this slug; KeyError when there is none."""
    return BY_SLUG[slug]


def playable_games() -> list[Game]:
    return [game for game in GAMES if game.playable]
