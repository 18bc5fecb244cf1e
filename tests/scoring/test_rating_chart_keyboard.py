"""The rating chart on a player's page is wider than a phone and scrolls sideways there (static/css/stats.css): it is
focusable, so the keyboard scrolls it too (axe scrollable-region-focusable, issue 30.6), and named by its caption."""
import re

import pytest
from django.urls import reverse

from tests.scoring.test_stats import play


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_rating_chart_is_reached_by_tab_and_named_by_its_caption(client, alice, bob, language):
    play("cat_tower", (alice, 30, 1), (bob, 20, 2))
    page = client.get(reverse("player", args=["alice"]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    figure = re.search(r'<figure class="rating-chart"([^>]*)>(.*?)</figure>', page, re.S)
    assert figure, "no rating chart"
    attributes, inside = figure.groups()
    assert 'tabindex="0"' in attributes
    labelled_by = re.search(r'aria-labelledby="([^"]+)"', attributes).group(1)
    caption = re.search(rf'<figcaption id="{labelled_by}"[^>]*>([^<]+)</figcaption>', inside)
    assert caption and caption.group(1).strip() == {
        "en": "Rating after each rated match, per game.", "zh-TW": "各遊戲每場計分對局後的評分。"}[language]
    assert page.count(f'id="{labelled_by}"') == 1
    assert "<svg" in inside
