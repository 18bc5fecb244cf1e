"""Words kept per language (games/words_kept.py): the same name asked in another language is that language's."""
from django.utils import translation

from games.cat_tower import words as cat_tower_words
from games.hot_tin_roof import words as hot_tin_roof_words
from games.rat_hot import words as rat_hot_words
from games.words_kept import per_language


def in_both(name, *args) -> tuple[str, str]:
    with translation.override("en-gb"):
        english = name(*args)
    with translation.override("zh-hant"):
        chinese = name(*args)
    with translation.override("en-gb"):
        assert name(*args) == english  # asked again after the other language: still its own
    return english, chinese


def test_a_patio_family_a_cell_and_a_hex_are_named_in_each_language():
    assert in_both(hot_tin_roof_words.family, "A") == ("Adams", "亞當斯家")
    english, chinese = in_both(rat_hot_words.cell, 2, -1, "basil", 2)
    assert english == "Column 2, row -1: basil, height 2" and "羅勒" in chinese
    english, chinese = in_both(cat_tower_words.hex_name, 3, 2)
    assert english == "Floor 2: empty" and chinese != english


def test_the_words_are_asked_once_per_language_and_arguments():
    asked = []

    @per_language
    def name(n):
        asked.append((translation.get_language(), n))
        return f"{n}"

    for _ in range(3):
        in_both(name, 1)
    in_both(name, 2)
    assert asked == [("en-gb", 1), ("zh-hant", 1), ("en-gb", 2), ("zh-hant", 2)]
