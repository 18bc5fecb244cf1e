"""The public log in words: seat mentions become the players' names."""
from games.log_words import who, with_names

NAMES = ["Mia", "Leo"]


def test_seat_mentions_become_names():
    assert with_names("{seat:1} swapped with {seat:0}", NAMES) == "Leo swapped with Mia"
    assert with_names("{seat:7} is unknown", NAMES) == "seat 8 is unknown"
    assert with_names("no mention", NAMES) == "no mention"


def test_who_names_the_acting_seat_and_nobody_for_the_games_own_lines():
    assert who({"seat": 1, "text": "drew"}, NAMES) == "Leo"
    assert who({"seat": None, "text": "Round 2"}, NAMES) == ""
    assert who({"seat": True, "text": "?"}, NAMES) == "" and who({"seat": 5}, NAMES) == ""
