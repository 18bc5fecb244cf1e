"""CSV downloads carry no formula: a cell a user typed that starts with = + - @, a tab or a carriage return is
prefixed with a quote (OWASP's advice on CSV injection), so a spreadsheet shows it as text."""
import pytest
from django.urls import reverse

from scoring.csv_safety import safe_cell
from tests.scoring.test_transfer import finished_match, read_csv

pytestmark = pytest.mark.django_db
EVIL = '=HYPERLINK("http://evil.test","x")'


@pytest.mark.parametrize("text", [EVIL, "+1+2", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])
def test_text_that_starts_like_a_formula_is_made_inert(text):
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("value", ["Mia", "Mia = boss", "", -3, 0, 12.5, None, "'quoted"])
def test_other_cells_and_numbers_are_left_alone(value):
    assert safe_cell(value) == value


def test_a_records_csv_neutralises_a_formula_in_a_name(client, alice):
    game_record = finished_match(alice, local=EVIL).game_record
    rows = read_csv(client.get(reverse("export_record_csv", args=[game_record.pk])).content.decode())
    assert [row["name"] for row in rows] == ["Alice Cooper", "'" + EVIL]


def test_a_players_csv_neutralises_a_formula_in_their_own_name(client, make_player):
    mallory = make_player("mallory", display_name="@SUM(1+1)*cmd|' /C calc'!A0")
    finished_match(mallory, local="-2+3")
    text = client.get(reverse("export_player_csv", args=["mallory"])).getvalue().decode()
    names = [row["name"] for row in read_csv(text)]
    assert names == ["'@SUM(1+1)*cmd|' /C calc'!A0", "'-2+3"]


def test_negative_scores_stay_numbers(client, alice):
    game_record = finished_match(alice).game_record
    game_record.participants.update(score=-3)
    rows = read_csv(client.get(reverse("export_record_csv", args=[game_record.pk])).content.decode())
    assert {row["score"] for row in rows} == {"-3"}
