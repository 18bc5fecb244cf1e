"""Words on the Rat-a-Tat Cat table: "an 8", positions counted from 1, the score so far beside each row."""
import re

import pytest
from django.template.loader import render_to_string

from games.tables import context, load
from games.viewer import viewpoint
from tests.games.rat_a_tat_cat.helpers import all_memorised, play, stacked_game

pytestmark = pytest.mark.django_db
ROWS = [[1, 2, 3, 4], [5, 6, 7, 9]]


def table_text(match, user) -> str:
    match, seats = load(match.pk)
    html = render_to_string("games/table.html", context(match, seats, viewpoint(match, seats, user, None)))
    return " ".join(re.sub(r"<[^>]+>", " ", html).split()), html


@pytest.mark.parametrize(("card", "words"), [(8, "You drew an 8:"), (9, "You drew a 9:"), (0, "You drew a 0:")])
def test_the_drawn_card_takes_the_right_article(duel, mia, card, words):
    duel.state = play(all_memorised(stacked_game(ROWS, discard=5, draw=[card], rounds=1)), (0, "draw"))
    duel.save()
    text, _html = table_text(duel, mia)
    assert words in text and "Your move: put the card you drew in your row, or discard it." in text


def test_cards_are_named_from_position_1_and_the_number_beside_a_row_is_the_score_so_far(duel, leo):
    duel.state = all_memorised(stacked_game(ROWS, discard=5, rounds=1))
    duel.save()
    text, html = table_text(duel, leo)
    assert 'aria-label="Position 1: ' in html and 'aria-label="Position 0' not in html
    assert "score so far 0" in text and "total 0" not in text
