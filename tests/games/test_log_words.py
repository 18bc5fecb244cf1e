"""The public log in words: seat mentions become the players' names."""
from django.utils import translation

from games import registry
from games.log_words import BOT_LEVELS, BOT_NAMES, bot_level, bot_name, seat_name, who, with_names

NAMES = ["Mia", "Leo"]


def test_seat_mentions_become_names():
    assert with_names("{seat:1} swapped with {seat:0}", NAMES) == "Leo swapped with Mia"
    assert with_names("{seat:7} is unknown", NAMES) == "seat 8 is unknown"
    assert with_names("no mention", NAMES) == "no mention"


def test_who_names_the_acting_seat_and_nobody_for_the_games_own_lines():
    assert who({"seat": 1, "text": "drew"}, NAMES) == "Leo"
    assert who({"seat": None, "text": "Round 2"}, NAMES) == ""
    assert who({"seat": True, "text": "?"}, NAMES) == "" and who({"seat": 5}, NAMES) == ""


def test_every_games_bot_levels_have_words_in_both_languages():
    for slug in ("hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"):
        assert registry.get(slug).bot_levels == ["easy", "medium", "good"]
    assert list(BOT_LEVELS) == list(BOT_NAMES) == ["easy", "medium", "good"]
    with translation.override("en"):
        assert (bot_level("medium"), bot_name("medium")) == ("medium", "Medium bot")
    with translation.override("zh-hant"):
        assert (bot_level("medium"), bot_name("medium")) == ("普通", "普通機器人")
        assert seat_name("Medium bot", "medium") == "普通機器人"  # a record names it in the site's language
