"""The in-app rules pages: each answers, says the key facts of the game as the site plays it, and stays CSP-clean."""

import json
import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
SLUGS = ["hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"]
PLAYABLE = {"hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"}


def rules_page(client, slug: str) -> str:
    response = client.get(f"/rules/{slug}/")
    assert response.status_code == 200
    return response.content.decode()


def article(html: str) -> str:
    """The rules article alone, without the site's header and footer."""
    match = re.search(r'<article class="rules">(.*?)</article>', html, re.S)
    assert match, "the page has no rules article"
    return match.group(1)


def text(html: str) -> str:
    """The article as plain text with spaces squeezed, so facts can be searched across line breaks and tags."""
    plain = re.sub(r"<[^>]+>", " ", article(html))
    plain = plain.replace("&times;", "×").replace("&minus;", "−").replace("&nbsp;", " ").replace("&hellip;", "…")
    return re.sub(r"\s+", " ", plain)


@pytest.mark.django_db
def test_rules_index_links_every_game(client):
    response = client.get(reverse("rules_index"))
    assert response.status_code == 200
    for slug in SLUGS:
        assert reverse("rules", args=[slug]) in response.content.decode()


@pytest.mark.django_db
def test_unknown_game_is_404(client):
    assert client.get("/rules/no-such-game/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_rules_page_structure(client, slug):
    html = rules_page(client, slug)
    body = article(html)
    assert "<h1>" in body
    assert body.count("<h2") >= 5
    assert reverse("rules_index") in body
    assert 'class="note"' in body, "each page says what the site chose"
    assert '<div class="table-wrap">' in body and "<table>" in body
    # The content security policy forbids inline styles and scripts.
    assert "<script" not in body
    assert "style=" not in body
    assert not re.search(r"\son[a-z]+=", body)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_play_link_only_for_playable_games(client, slug):
    body = article(rules_page(client, slug))
    play_url = reverse("new_match", args=[slug])
    if slug in PLAYABLE:
        assert play_url in body
        assert "Play it here" in body
    else:
        assert play_url not in body
        assert "cannot be played online yet" in body


@pytest.mark.django_db
def test_rat_a_tat_cat_facts(client):
    page = text(rules_page(client, "rat_a_tat_cat"))
    for fact in [
        "54 cards",
        "4 of each (36 cards)",
        "9 cards",
        "Draw 2",
        "Peek",
        "Swap",
        "two outer cards",
        "Memorised",
        "Knock",
        "Rat-a-tat cat!",
        "End turn",
        "exactly one more turn",
        "except its top card",
        "bottom of the draw pile",
        "first dealer is the last seat",
        "5 by default",
        "100 by default",
        "The round in progress when time runs out is finished",
        "go out together",
        "share it",
        "Memory aid",
        "only face-down cards can be swapped",
        "fewest points",
    ]:
        assert fact in page, fact


@pytest.mark.django_db
def test_cat_tower_facts(client):
    page = text(rules_page(client, "cat_tower"))
    for fact in [
        "players + 1",
        "18 footprints",
        "24 hexes",
        "shared die",
        "revealed together",
        "rolls all the dice",
        "scratching post",
        "Columns 2 and 4 sit half a hex lower",
        "three columns",
        "9 + 3 + 0: 4 each",
        "2 for each butterfly",
        "square of its size",
        "its floor number",
        "Tied players win together",
        "never goes below 1 or above 6",
    ]:
        assert fact in page, fact


@pytest.mark.django_db
def test_cat_tower_sheet_table_matches_the_data(client):
    """Each column's row shows its floors, missing floors, house floor and both bonus numbers from sheet.json."""
    body = article(rules_page(client, "cat_tower"))
    sheet = json.loads((GAMES_DIR / "cat_tower" / "sheet.json").read_text())
    for column in sheet["columns"]:
        missing = [f for f in range(1, 7) if f not in column["floors"]]
        row = (
            f'<tr><th scope="row">{column["id"]}</th><td>{column["colour"].capitalize()}</td>'
            f"<td>{', '.join(map(str, column['floors']))}</td>"
            f"<td>{', '.join(map(str, missing)) or 'none'}</td>"
            f"<td>{column['house_floor']}</td>"
            f"<td>{column['bonus']['first']}</td><td>{column['bonus']['later']}</td></tr>"
        )
        assert row in body, row
    assert sum(len(column["floors"]) for column in sheet["columns"]) == 24
    assert sheet["footprints"] == 18


@pytest.mark.django_db
def test_hot_tin_roof_facts(client):
    page = text(rules_page(client, "hot_tin_roof"))
    board = json.loads((GAMES_DIR / "hot_tin_roof" / "board.json").read_text())
    for fact in [
        f"{len(board['patios'])} patios",
        f"{len(board['rooftops'])} rooftops",
        f"{len(board['home_tiles'])} home tiles",
        "12 fish with 3 players, 14 fish with 4 players",
        "10 cans",
        "must pay 5 cans",
        "2 cans from the bank",
        "1 can, each time",
        "2 cans, each time",
        "15 cans",
        "cans + 10 × fish",
        "furthest to the left",
        "Home tiles break ties",
        "unlimited",
        "6 catwalks and 3 shelters",
    ]:
        assert fact in page, fact


@pytest.mark.django_db
def test_rat_hot_facts(client):
    page = text(rules_page(client, "rat_hot"))
    deck = json.loads((GAMES_DIR / "rat_hot" / "deck.json").read_text())
    for fact in [
        f"{len(deck['strips'])} spice strips",
        "reveal 1 strip",
        "reveal 2 strips",
        "formed or changed",
        "3 or more",
        "loses",
        "no final tally",
        "final tally",
        "Equal points is a draw",
        "25 × 25",
        "Dschunke",
        "chili, paprika, saffron, cinnamon",
        "basil, mint, coriander, bay",
    ]:
        assert fact in page, fact


@pytest.mark.parametrize("slug", SLUGS)
def test_intro_is_one_short_paragraph(slug):
    html = render_to_string(f"{slug}/intro.html").strip()
    assert html.startswith("<p>") and html.endswith("</p>")
    assert html.count("<p>") == 1
    assert len(html) < 300
