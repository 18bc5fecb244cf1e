"""The history list: every match, filterable by game, player, source and date, paginated."""
from datetime import UTC, datetime

import pytest

from scoring.history_views import PAGE_SIZE
from scoring.records import save_record


def record(game="cat_tower", source="table", when="2026-11-20T20:00:00Z", players=("alice", "bob"), scores=(9, 4)):
    return {
        "format": "catsite-record/1", "game": game, "source": source, "options": {},
        "seats": [{"seat": i, "name": p.title(), "player": p, "bot": None} for i, p in enumerate(players)],
        "started_at": when, "finished_at": when, "final": {"note": when + game + source + str(scores)},
        "result": {"scores": list(scores), "ranks": [1 if s == max(scores) else 2 for s in scores],
                   "breakdown": [{"total": s} for s in scores]},
    }


@pytest.fixture
def history(alice, bob, carol):
    save_record(record())
    save_record(record(game="rat_a_tat_cat", when="2026-11-25T20:00:00Z", scores=(20, 30)))
    save_record(record(source="online", when="2026-11-28T20:00:00Z", players=("bob", "carol")))


@pytest.fixture
def carol(make_player):
    return make_player("carol")


def shown(client, query=""):
    response = client.get(f"/history/?{query}")
    assert response.status_code == 200
    return [r.played_at.date().isoformat() for r in response.context["page"].object_list], response


@pytest.mark.django_db
def test_newest_first_and_every_filter(client, history):
    assert shown(client)[0] == ["2026-11-28", "2026-11-25", "2026-11-20"]
    assert shown(client, "game=rat_a_tat_cat")[0] == ["2026-11-25"]
    assert shown(client, "player=carol")[0] == ["2026-11-28"]
    assert shown(client, "player=ALICE")[0] == ["2026-11-25", "2026-11-20"]
    assert shown(client, "source=online")[0] == ["2026-11-28"]
    assert shown(client, "since=2026-11-21&until=2026-11-27")[0] == ["2026-11-25"]
    assert shown(client, "game=cat_tower&source=table&player=bob")[0] == ["2026-11-20"]


@pytest.mark.django_db
def test_bad_filters_are_explained(client, history):
    dates, response = shown(client, "since=2026-11-28&until=2026-11-01")
    assert dates == [] and "The first date is after the last one." in response.text
    dates, response = shown(client, "since=yesterday")
    assert dates == [] and "From: Enter a valid date." in response.text  # the label the filter shows


@pytest.mark.django_db
def test_pages_keep_the_filters(client, alice, bob):
    for day in range(1, PAGE_SIZE + 3):
        save_record(record(when=datetime(2026, 10, day, tzinfo=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")))
    dates, response = shown(client, "game=cat_tower")
    last = response.context["page"].object_list[-1].pk
    assert len(dates) == PAGE_SIZE and f"?game=cat_tower&amp;before={last}" in response.text
    older, response = shown(client, f"game=cat_tower&before={last}")
    assert older == ["2026-10-02", "2026-10-01"] and "Older" not in response.text
    first = response.context["page"].object_list[0].pk
    assert f"?game=cat_tower&amp;after={first}" in response.text
    assert shown(client, f"game=cat_tower&after={first}")[0] == dates


@pytest.mark.django_db
def test_a_players_pages_come_from_their_own_records(client, alice, bob, carol):
    for day in range(1, PAGE_SIZE + 3):
        save_record(record(when=datetime(2026, 10, day, tzinfo=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")))
        save_record(record(when=datetime(2026, 10, day, 1, tzinfo=UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                           players=("bob", "carol")))
    dates, response = shown(client, "player=Alice+Cooper")  # a name only one player has, as well as a handle
    assert dates == [f"2026-10-{day:02d}" for day in range(PAGE_SIZE + 2, 2, -1)]
    last = response.context["page"].object_list[-1].pk
    older, response = shown(client, f"player=alice&before={last}")
    assert older == ["2026-10-02", "2026-10-01"] and "Older" not in response.text
    first = response.context["page"].object_list[0].pk
    assert shown(client, f"player=alice&after={first}")[0] == dates


@pytest.mark.django_db
def test_an_unknown_player_is_said(client, history):
    dates, response = shown(client, "player=nobody")
    assert dates == [] and "No player has the handle or the name nobody." in response.text


@pytest.mark.django_db
def test_the_player_box_suggests_players_by_the_start_of_their_name(client, history):
    response = client.get("/history/players/?player=car")
    assert '<option value="carol">Carol</option>' in response.text and "alice" not in response.text
    assert client.get("/history/players/?player=").text.strip() == ""
