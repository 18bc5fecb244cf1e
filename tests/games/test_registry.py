"""The registry reads each game's declaration (its AppConfig): the site lists exactly the installed games."""
import importlib.util

import pytest
from django.apps import apps

from games import registry
from games.contract import LOG_KEPT
from games.game_app import GameConfig


def test_the_site_games_and_the_test_game_are_listed_in_their_declared_order():
    installed = [c.label for c in sorted((c for c in apps.get_app_configs() if isinstance(c, GameConfig)),
                                         key=lambda c: c.order)]
    assert [g.slug for g in registry.GAMES] == installed
    assert installed[:4] == ["hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"]
    assert "take_away" in installed  # tests/settings.py installs it; nothing else names it
    with pytest.raises(KeyError):
        registry.get("snap")


def test_a_game_is_playable_when_it_declares_an_engine():
    for game in registry.GAMES:
        assert game.playable == ("engine" in game.config.parts)
        assert (game.engine is not None) == game.playable


def test_a_game_reads_its_declaration():
    game = registry.get("hot_tin_roof")
    assert (game.name, game.players, game.min_players, game.max_players) == ("Hot Tin Roof", "3-4", 3, 4)
    assert game.breakdown == ("cans", "fish", "total")
    assert registry.get("rat_hot").players == "2"
    assert registry.get("rat_a_tat_cat").lower_score_wins and not game.lower_score_wins


def test_a_game_loads_the_static_files_it_declares_and_they_exist():
    assert registry.get("cat_tower").table_js == ["cat_tower/table.js"]
    assert registry.get("cat_tower").table_css == ["cat_tower/table.css"]
    assert registry.get("rat_a_tat_cat").table_js == []
    assert registry.get("rat_a_tat_cat").table_css == ["rat_a_tat_cat/table.css"]
    assert all(not game.missing_assets() for game in registry.GAMES)


def test_breakdown_categories_sort_in_the_games_order_unknown_ones_last():
    game = registry.get("cat_tower")
    keys = ["total", "mouse", "zzz", "cats", "columns"]
    assert sorted(keys, key=game.breakdown_key) == ["cats", "mouse", "columns", "total", "zzz"]


# --- Every declaration agrees with the game's own modules: each fact is written once, and this ties them ----------


def with_part(part):
    return [game for game in registry.GAMES if getattr(game, part) is not None]


@pytest.mark.parametrize("game", with_part("engine"), ids=lambda game: game.slug)
def test_a_declaration_is_its_engines(game):
    engine = game.engine
    assert (game.min_players, game.max_players) == (engine.MIN_SEATS, engine.MAX_SEATS)
    assert game.options is engine.OPTIONS
    assert engine.SLUG == game.slug and engine.NAME == str(game.config.verbose_name)
    assert getattr(engine, "LOG_KEPT", LOG_KEPT) == LOG_KEPT  # the contract's, not a number of its own
    for spec in engine.OPTIONS.values():  # labels and help for people are words, in words.py
        assert not {"label", "help"} & set(spec)
    # The declared breakdown names every category the engine's result has (checked on playouts too:
    # test_every_game), and the direction of the scores is the declared one (ranks of a finished game).
    state = engine.new_game(engine.MIN_SEATS, 1, {})
    assert {key for part in engine.outcome(state)["breakdown"] for key in part} <= set(game.breakdown)


@pytest.mark.parametrize("game", with_part("tally"), ids=lambda game: game.slug)
def test_a_declaration_is_its_tallys(game):
    tally = game.tally
    assert (game.min_players, game.max_players) == (tally.MIN_PLAYERS, tally.MAX_PLAYERS)
    # A tally names its options only when the game has no engine to read them from; the same spec if both do.
    assert getattr(tally, "OPTIONS", game.options) is game.options
    assert tally.normalise_options({}) == game.normalise_options({})


@pytest.mark.parametrize("game", with_part("words"), ids=lambda game: game.slug)
def test_every_option_is_labelled_in_words_and_only_those(game):
    assert set(getattr(game.words, "OPTION_LABELS", {})) == set(game.options)


def test_the_declared_parts_are_the_modules_the_game_has():
    for game in registry.GAMES:
        for part in ("engine", "bots", "tally", "pad", "words"):
            has = importlib.util.find_spec(f"{game.module}.{part}") is not None
            assert has == (part in game.config.parts), (game.slug, part)
