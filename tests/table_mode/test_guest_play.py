"""A guest plays like anyone else: their phone acts for their seat, over HTTP and the websocket; nobody else can."""
import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from catsite.asgi import application
from games import guests, tables
from games.groups import seat_group, watch_group
from games.models import Match, Seat
from table_mode import services
from table_mode.models import Member, Table
from tests.table_mode.conftest import join_as_guest

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


def start(table, mia, game="rat_a_tat_cat", bots=("easy",)) -> Match:
    """Mia hosts; Ann (a guest) sits first, Leo second, then bots."""
    players = list(table.members.order_by("joined_at", "id").values_list("pk", flat=True))
    return services.start_game(table=table, user=mia, game=game, players=players, bots=list(bots))


@pytest.fixture
def seated(table, mia, leo):
    """A Rat-a-Tat Cat match at Mia's table: Ann (guest, seat 0), Leo (seat 1), an easy bot (seat 2)."""
    ann = join_as_guest(table, "Ann")
    leo_phone = Client()
    leo_phone.force_login(leo)
    leo_phone.post(f"/table/{table.code}/")
    match = start(table, mia)
    return match, ann, leo_phone


def memorised(browser, match_id: int, seat: int):
    match = Match.objects.get(pk=match_id)
    return browser.post(f"/matches/{match_id}/move/", {
        "seat": seat, "version": match.version, "action": json.dumps({"type": "memorised"})},
        headers={"HX-Request": "true"})


@pytest.mark.django_db
def test_the_host_starts_a_game_with_a_guest_a_player_and_a_bot(seated):
    match, _, _ = seated
    kinds = [(s.kind, s.label) for s in Seat.of(match.pk)]
    assert kinds == [(Seat.GUEST, "Ann"), (Seat.PLAYER, "leo"), (Seat.BOT, kinds[2][1])]
    assert match.status == Match.PLAYING and not match.listed
    assert Seat.of(match.pk)[0].profile_id == Member.objects.get(name="Ann").profile_id


@pytest.mark.django_db
def test_the_guests_phone_shows_its_own_seat_and_moves_for_it(seated):
    match, ann, _ = seated
    page = ann.get(f"/table/{match_table(match).code}/").content.decode()
    assert f'ws-connect="/ws/matches/{match.pk}/"' in page
    assert re.search(r'data-stamp="[^"]*:0:False:[^"]*"', page), "the phone shows seat 0's own view"
    assert memorised(ann, match.pk, 0).status_code == 200
    assert Match.objects.get(pk=match.pk).version == match.version + 1


def match_table(match) -> Table:
    return Table.objects.get(match=match)


@pytest.mark.django_db
def test_nobody_else_moves_for_the_guest(seated):
    match, _, leo_phone = seated
    stranger = Client()
    other_guest = join_as_guest(match_table(match), "Bo")
    for browser, status in ((stranger, 403), (leo_phone, 403), (other_guest, 403)):
        assert memorised(browser, match.pk, 0).status_code == status
    assert Match.objects.get(pk=match.pk).version == match.version


@pytest.mark.django_db
def test_a_guests_seat_is_an_audience_of_its_own(seated):
    match, _, _ = seated
    found = tables.audiences(match, Seat.of(match.pk))
    assert found[seat_group(match.pk, 0)].guest == Seat.of(match.pk)[0].profile_id
    assert watch_group(match.pk) in found


async def first_frame(path: str, user=None, cookie: str = "") -> str:
    headers = HEADERS + ([(b"cookie", cookie.encode())] if cookie else [])
    socket = WebsocketCommunicator(application, path, headers=headers)
    if user is not None:
        socket.scope["user"] = user
    assert (await socket.connect())[0]
    html = await socket.receive_from(timeout=10)
    await socket.disconnect()
    return html


def stamp_seat(html: str) -> str:
    return re.search(r'data-stamp="([^"]*)"', html).group(1).split(":")[4]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_guests_socket_gets_its_seat_and_the_big_screen_only_the_spectators(table, mia, leo):
    """Mia hosts and plays seat 1 from her phone: her big screen's socket still shows nothing of seat 1."""
    ann = await database_sync_to_async(join_as_guest)(table, "Ann")
    await database_sync_to_async(services.join_as_user)(table=table, user=mia)
    match = await database_sync_to_async(start)(table, mia)
    cookie = f"{guests.COOKIE}={ann.cookies[guests.COOKIE].value}"
    assert stamp_seat(await first_frame(f"/ws/matches/{match.pk}/", cookie=cookie)) == "0"
    assert stamp_seat(await first_frame(f"/ws/matches/{match.pk}/", user=mia)) == "1"
    assert stamp_seat(await first_frame(f"/ws/screens/{match.pk}/", user=mia)) == "None"
    assert stamp_seat(await first_frame(f"/ws/screens/{match.pk}/", cookie=cookie)) == "None"


@pytest.mark.django_db
def test_the_host_must_choose_a_game_and_seats_that_fit(table, mia, screen):
    join_as_guest(table, "Ann")
    ann = Member.objects.get()
    for form, message in [
        ({"game": "nope", "player": [ann.pk]}, "There is no such game."),
        ({"game": "rat_a_tat_cat", "player": [ann.pk]}, "is for 2 to"),
        ({"game": "rat_a_tat_cat", "player": [ann.pk, 99999]}, "Choose players from the people at this table."),
        ({"game": "rat_a_tat_cat", "player": [ann.pk, ann.pk]}, "Choose players from the people at this table."),
        ({"game": "rat_a_tat_cat", "player": [ann.pk], "bots": "1", "bot_level": "genius"}, "Unknown kind of bot."),
    ]:
        page = screen.post(f"/table/{table.code}/start/", form, follow=True).content.decode()
        assert message in page, form
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_only_the_host_starts_a_game(table, leo):
    join_as_guest(table, "Ann")
    browser = Client()
    browser.force_login(leo)
    response = browser.post(f"/table/{table.code}/start/", {"game": "rat_a_tat_cat", "bots": "1",
                                                             "bot_level": "easy"})
    assert response.status_code == 404 and not Match.objects.exists()


@pytest.mark.django_db
def test_the_host_chooses_the_games_options_on_the_big_screen(table, screen):
    join_as_guest(table, "Ann")
    page = screen.get(f"/table/{table.code}/screen/").content.decode()
    assert 'name="rat_a_tat_cat-option_rounds"' in page and 'name="cat_tower-option_columns_to_end"' in page
    ann = Member.objects.get()
    form = {"game": "rat_a_tat_cat", "player": [ann.pk], "bots": "1", "bot_level": "easy"}
    refused = screen.post(f"/table/{table.code}/start/", form | {"rat_a_tat_cat-option_rounds": "99"}, follow=True)
    assert "less than or equal to 20" in refused.content.decode() and not Match.objects.exists()
    # A field of another game, or one hidden by this game's choices, changes nothing.
    screen.post(f"/table/{table.code}/start/", form | {"rat_a_tat_cat-option_rounds": "1",
                                                       "rat_a_tat_cat-option_limit": "9999",
                                                       "cat_tower-option_columns_to_end": "999"})
    match = Match.objects.get()
    assert match.options["rounds"] == 1 and match.options["end"] == "rounds" and match.time_limit is None


@pytest.mark.django_db
def test_a_game_that_ends_by_time_gets_the_tables_time_limit(table, screen):
    join_as_guest(table, "Ann")
    screen.post(f"/table/{table.code}/start/", {"game": "rat_a_tat_cat", "player": [Member.objects.get().pk],
                                                "bots": "1", "bot_level": "easy",
                                                "rat_a_tat_cat-option_end": "time"})
    assert Match.objects.get().time_limit == services.TIME_LIMIT


@pytest.mark.django_db
def test_play_again_keeps_the_table_and_the_big_screen_shows_who_won_what_tonight(table, mia, screen):
    from tests.matches import play_out

    join_as_guest(table, "Ann")
    people = list(table.members.values_list("pk", flat=True))
    first = services.start_game(table=table, user=mia, game="rat_a_tat_cat", players=people, bots=["easy"],
                                options={"rounds": 1})
    play_out(first.pk)
    second = services.start_game(table=table, user=mia, game="rat_hot", players=people, bots=["easy"])
    play_out(second.pk)
    page = screen.get(f"/table/{table.code}/screen/").content.decode()
    results = services.evening(Table.objects.get(pk=table.pk))
    assert [r["game"] for r in results] == ["Rat-a-Tat Cat", "Rat Hot"]
    for result in results:
        assert result["winners"] and f"{result['game']}: won by {result['winners']}" in page
    assert Table.objects.get(pk=table.pk).match == second and table.members.count() == 1
