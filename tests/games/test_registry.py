"""The registry reads each game's declaration (its AppConfig): the site lists exactly the installed games."""
import pytest
from django.apps import apps

from games import registry
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
