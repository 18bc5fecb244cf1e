"""scoring.charts: the server-rendered SVG rating chart."""
import datetime as dt
import re

import pytest
from django.urls import reverse

from scoring import charts
from scoring.models import RatingChange
from tests.scoring.test_stats import START, play


def series(key, name, values, days=1):
    return charts.Series(key, name, [(START + dt.timedelta(days=days * i), v) for i, v in enumerate(values)])


def polylines(svg):
    return {
        game: points.split()
        for game, points in re.findall(r'data-game="([^"]+)"><polyline points="([^"]*)"', str(svg))
    }


def test_one_polyline_per_game_with_a_point_per_rating():
    svg = charts.rating_chart([series("cat_tower", "Cat Tower", [1, 2, 3.5]), series("rat_hot", "Rat Hot", [0, -1])])
    lines = polylines(svg)
    assert {game: len(points) for game, points in lines.items()} == {"cat_tower": 3, "rat_hot": 2}
    assert str(svg).count("<circle") == 5


def test_the_chart_is_accessible_and_labelled():
    svg = str(charts.rating_chart([series("cat_tower", "Cat Tower", [1, 2, 3])], chart_id="c1", title="Ann's rating"))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'role="img"' in svg and 'aria-labelledby="c1-title c1-desc"' in svg
    assert '<title id="c1-title">Ann&#x27;s rating</title>' in svg
    assert '<desc id="c1-desc">Cat Tower: 3 rated matches, from 1.0 to 3.0, now 3.0.</desc>' in svg
    assert "Cat Tower</text>" in svg  # the legend
    assert "style=" not in svg  # the CSP forbids inline styles
    assert "Jan" in svg  # time axis labels


def test_higher_ratings_are_drawn_higher_and_later_ones_further_right():
    points = polylines(charts.rating_chart([series("cat_tower", "Cat Tower", [1, 5, 3])]))["cat_tower"]
    xs, ys = zip(*[(float(x), float(y)) for x, y in (p.split(",") for p in points)], strict=True)
    assert xs[0] < xs[1] < xs[2]
    assert ys[1] < ys[2] < ys[0]  # SVG y grows downward


def test_names_are_escaped():
    svg = str(charts.rating_chart([series("x", "<b>Cats</b>", [1])], title="<i>t</i>"))
    assert "<b>" not in svg and "<i>" not in svg and "&lt;b&gt;Cats&lt;/b&gt;" in svg


def test_a_single_point_and_an_empty_chart():
    svg = charts.rating_chart([series("rat_hot", "Rat Hot", [4.2])])
    assert len(polylines(svg)["rat_hot"]) == 1
    assert charts.rating_chart([]) == "" and charts.rating_chart([series("rat_hot", "Rat Hot", [])]) == ""


def test_a_long_history_is_thinned_keeping_first_and_last():
    values = list(range(charts.MAX_POINTS * 3))
    svg = charts.rating_chart([series("cat_tower", "Cat Tower", values, days=0.01)])
    assert len(polylines(svg)["cat_tower"]) == charts.MAX_POINTS
    assert "<circle" not in str(svg)  # no dots on a crowded chart
    assert charts.thin(values)[0] == 0 and charts.thin(values)[-1] == values[-1]


def test_value_ticks_are_round_and_cover_the_range():
    low, high, ticks = charts.value_ticks(-3.2, 17.9)
    assert low <= -3.2 and high >= 17.9
    assert ticks == [-5, 0, 5, 10, 15, 20]
    assert charts.value_ticks(2, 2)[2] == [1, 1.5, 2, 2.5, 3]


@pytest.mark.django_db
def test_the_player_page_chart_has_a_point_per_rating_change(client, alice, bob):
    for i in range(4):
        play("cat_tower", (alice, 30, 1 + i % 2), (bob, 20, 2 - i % 2))
    play("rat_hot", (alice, 3, 2), (bob, 9, 1))
    page = client.get(reverse("player", args=["alice"])).content.decode()
    svg = page[page.index("<svg"):page.index("</svg>") + 6]
    counts = {game: len(points) for game, points in polylines(svg).items()}
    expected = {game: alice.profile.rating_changes.filter(game=game).count() for game in ("cat_tower", "rat_hot")}
    assert counts == expected == {"cat_tower": 4, "rat_hot": 1}
    assert RatingChange.objects.filter(profile=alice.profile).count() == 5
