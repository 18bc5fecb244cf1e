"""After a change the table is rendered once per audience that has a socket, and each socket only forwards it.

Audiences: one seat's player (however many tabs), one shared screen (hot-seat), the spectators. A seat's table
goes to that seat's group only; a shared screen's socket picks the table for the seat its own browser confirmed.
"""
import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from catsite import channel_layer
from catsite.asgi import application
from games import consumers, lobby, pushes, tables, turns
from games.groups import language_group, seat_group, watch_group
from games.lobby import SeatPlan
from games.models import Match
from tests.sockets import Socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


async def connect(match, user=None, cookie=None, language=None):
    headers = HEADERS + ([(b"cookie", cookie)] if cookie else []) + (
        [(b"accept-language", language)] if language else [])
    ws = Socket(application, f"/ws/matches/{match.pk}/", headers=headers)
    if user is not None:
        ws.scope["user"] = user
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)  # the whole table, on connect
    return ws


async def first_draw(client, match, user):
    """`user` (seat 0) draws the match's first card through the move view, as the page's htmx posts it."""
    await client.aforce_login(user)
    return await client.post(f"/matches/{match.pk}/move/", {"seat": 0, "version": 0, "action": '{"type": "draw"}'},
                             headers={"HX-Request": "true"})


@pytest.fixture
def counted(monkeypatch):
    """How often a table is rendered for a push, and how often a consumer loads the match itself."""
    calls = {"renders": 0, "consumer_loads": 0}
    render_point, load = tables.render_point, consumers.load

    def counting_render(*args, **kwargs):
        calls["renders"] += 1
        return render_point(*args, **kwargs)

    def counting_load(*args, **kwargs):
        calls["consumer_loads"] += 1
        return load(*args, **kwargs)

    monkeypatch.setattr(tables, "render_point", counting_render)
    monkeypatch.setattr(consumers, "load", counting_load)
    return calls


@pytest.fixture
def sent(monkeypatch):
    """Every (group, message) the channel layer is asked to send, in order, but presence's (games/presence.py);
    each is still sent."""
    messages = []
    layer = get_channel_layer()
    group_send = layer.group_send

    async def recording(group, message):
        if message["type"] != "presence.push":
            messages.append((group, message))
        await group_send(group, message)

    monkeypatch.setattr(layer, "group_send", recording)
    return messages


async def draw(match):
    await database_sync_to_async(turns.play)(match_id=match.pk, seat=0, action={"type": "draw"}, version=0)


async def test_a_change_is_rendered_once_per_audience_however_many_sockets_it_has(duel, mia, leo, counted):
    pages = [await connect(duel, mia), await connect(duel, mia), await connect(duel, leo),
             await connect(duel), await connect(duel), await connect(duel)]
    counted.update(renders=0, consumer_loads=0)
    await draw(duel)
    pushed = [await ws.receive_from(timeout=5) for ws in pages]
    assert all('data-version="1"' in html for html in pushed)
    # Mia's seat, Leo's seat, the spectators: three tables for six sockets; no socket loaded the match.
    assert counted == {"renders": 3, "consumer_loads": 0}
    assert "You drew" in pushed[0] and "You drew" in pushed[1]
    assert not any("You drew" in html for html in pushed[2:])
    for ws in pages:
        await ws.disconnect()


async def test_only_audiences_with_a_socket_are_rendered(duel, mia, counted):
    await draw(duel)  # nobody is connected
    assert counted["renders"] == 0
    ws = await connect(duel, mia)
    counted.update(renders=0)
    await database_sync_to_async(turns.play)(match_id=duel.pk, seat=0, action={"type": "discard"}, version=1)
    assert 'data-version="2"' in await ws.receive_from(timeout=5)
    assert counted["renders"] == 1  # Mia's seat only: Leo and the spectators have no socket open
    await ws.disconnect()


async def test_a_seats_table_is_sent_to_that_seats_group_and_no_other(duel, mia, leo, sent):
    pages = [await connect(duel, mia), await connect(duel, leo), await connect(duel)]
    await draw(duel)
    for ws in pages:
        await ws.receive_from(timeout=5)
    by_group = {group: message["html"] for group, message in sent if message["type"] == "table.push"}
    seat_0, seat_1, watch = (language_group(group, "en-gb") for group in (
        seat_group(duel.pk, 0), seat_group(duel.pk, 1), watch_group(duel.pk)))
    assert set(by_group) == {seat_0, seat_1, watch}
    assert "You drew" in by_group[seat_0]
    assert "You drew" not in by_group[seat_1]
    assert "You drew" not in by_group[watch]
    for ws in pages:
        await ws.disconnect()


async def hot_seat_screen(mia, async_client):
    match = await database_sync_to_async(lobby.create_match)(
        host=mia, game="rat_a_tat_cat", options={},
        seats=[SeatPlan("local", name="Ann"), SeatPlan("local", name="Ben")])
    await async_client.aforce_login(mia)
    await async_client.get(f"/matches/{match.pk}/table/?seat=0")  # Ann holds the device
    return match, f"sessionid={async_client.cookies['sessionid'].value}".encode()


async def end_anns_turn(match_id, ws):
    pushed = ""
    for kind in ["memorised", "draw", "discard", "discard", "discard", "end_turn"]:
        match = await database_sync_to_async(Match.objects.get)(pk=match_id)
        legal = [a for a in match.engine.legal_actions(match.state, 0) if a["type"] == kind]
        if legal:
            await database_sync_to_async(turns.play)(match_id=match_id, seat=0, action=legal[0],
                                                     version=match.version)
            pushed = await ws.receive_from(timeout=5)
    return pushed


async def test_a_shared_screen_is_pushed_the_table_of_the_seat_its_browser_confirmed(mia, async_client, client):
    match, cookie = await hot_seat_screen(mia, async_client)
    ws = await connect(match, cookie=cookie)
    assert "Pass the device to Ben" in await end_anns_turn(match.pk, ws)

    # Ben confirms over HTTP: the socket is told (no session read per push) and the next push shows his table.
    await async_client.get(f"/matches/{match.pk}/table/?seat=1")
    match = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    draw_ = next(a for a in match.engine.legal_actions(match.state, 1) if a["type"] == "draw")
    await database_sync_to_async(turns.play)(match_id=match.pk, seat=1, action=draw_, version=match.version)
    shown = await ws.receive_from(timeout=5)
    assert "Pass the device" not in shown and "Your move, Ben" in shown
    await ws.disconnect()


async def test_a_confirmation_is_sent_only_to_the_groups_of_the_screen_that_have_a_socket(mia, async_client, sent):
    """Nothing is sent (no hop to the loop) while the shared screen has no socket open: it reads its seat from the
    session when it connects. Once it has one, only that socket's group is told."""
    match, cookie = await hot_seat_screen(mia, async_client)
    confirmed = [group for group, message in sent if message["type"] == "screen.confirmed"]
    await async_client.get(f"/matches/{match.pk}/table/?seat=1")
    assert [group for group, message in sent if message["type"] == "screen.confirmed"] == confirmed
    ws = await connect(match, cookie=cookie)
    await async_client.get(f"/matches/{match.pk}/table/?seat=0")
    told = [group for group, message in sent if message["type"] == "screen.confirmed"][len(confirmed):]
    assert told == [f"match-{match.pk}-screen-{mia.pk}.en-gb"]
    await ws.disconnect()


async def test_a_confirmation_in_another_browser_does_not_open_this_screen(mia, async_client, client):
    match, cookie = await hot_seat_screen(mia, async_client)
    ws = await connect(match, cookie=cookie)
    assert "Pass the device to Ben" in await end_anns_turn(match.pk, ws)

    # The same user confirms Ben on another device: this screen still asks for the device to be passed.
    await database_sync_to_async(client.force_login)(mia)
    await database_sync_to_async(client.get)(f"/matches/{match.pk}/table/?seat=1")
    match = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    draw_ = next(a for a in match.engine.legal_actions(match.state, 1) if a["type"] == "draw")
    await database_sync_to_async(turns.play)(match_id=match.pk, seat=1, action=draw_, version=match.version)
    shown = await ws.receive_from(timeout=5)
    assert "Pass the device to Ben" in shown and 'class="card number' not in shown
    await ws.disconnect()


async def test_a_shared_screen_renders_each_distinct_table_once(mia, async_client, counted):
    match, cookie = await hot_seat_screen(mia, async_client)
    ws = await connect(match, cookie=cookie)
    counted.update(renders=0)
    await end_anns_turn(match.pk, ws)
    # After the last action Ben is to move: "pass the device to Ben" (confirmed: nobody, or Ann) and Ben's
    # table (confirmed: Ben) are the two tables of that push.
    counted.update(renders=0)
    match, seats = await database_sync_to_async(tables.load)(match.pk)
    await database_sync_to_async(pushes.push)(get_channel_layer(), match, seats)
    await ws.receive_from(timeout=5)
    assert counted["renders"] == 2
    await ws.disconnect()


async def test_a_move_through_the_view_is_pushed_to_every_socket_the_movers_page_included(
        duel, mia, leo, async_client, counted):
    """One push path: every socket of every audience gets the change, the tab that made the move too (its answer
    and its push are the same table; the page draws whichever comes second no more, static/js/match.js)."""
    pages = {"mia": await connect(duel, mia), "mia's other tab": await connect(duel, mia),
             "leo": await connect(duel, leo)}
    counted.update(renders=0, consumer_loads=0)
    answer = await first_draw(async_client, duel, mia)
    assert answer.status_code == 200
    pushed = {name: await ws.receive_from(timeout=5) for name, ws in pages.items()}
    assert pushed["mia"] == pushed["mia's other tab"]
    assert pushed["mia"].replace(' hx-swap-oob="true"', "", 1) == answer.content.decode()
    assert "You drew" in pushed["mia"] and "You drew" not in pushed["leo"]
    # Pushed: Mia's seat and Leo's, each rendered once however many sockets; no socket loaded the match.
    assert counted == {"renders": 2, "consumer_loads": 0}
    for ws in pages.values():
        await ws.disconnect()


async def test_which_groups_have_sockets_is_read_from_the_in_memory_layer(duel, mia, leo):
    pages = [await connect(duel, mia), await connect(duel, mia), await connect(duel)]
    match, seats = await database_sync_to_async(tables.load)(duel.pk)
    layer = get_channel_layer()
    groups = [language_group(group, "en-gb") for group in tables.audiences(match, seats)]
    assert await channel_layer.members(layer, groups) == {f"match-{duel.pk}-seat-0.en-gb": 2,
                                                          f"match-{duel.pk}-seat-1.en-gb": 0,
                                                          f"match-{duel.pk}-watch.en-gb": 1}
    assert await channel_layer.with_members(layer, groups) == [f"match-{duel.pk}-seat-0.en-gb",
                                                               f"match-{duel.pk}-watch.en-gb"]
    for ws in pages:
        await ws.disconnect()
    assert set((await channel_layer.members(layer, groups)).values()) == {0}


async def test_which_groups_have_sockets_is_read_from_redis_too():
    """With Redis the members of a group may be sockets of another server process: presence is read there."""
    import redis.asyncio
    from channels_redis.core import RedisChannelLayer

    url = "redis://127.0.0.1:6379/7"
    try:
        await redis.asyncio.Redis.from_url(url, socket_connect_timeout=1).ping()
    except (OSError, redis.exceptions.RedisError):
        pytest.skip("no Redis at 127.0.0.1:6379")
    layer = RedisChannelLayer(hosts=[url], prefix="topcat-test-presence")
    channels = [await layer.new_channel(), await layer.new_channel()]
    for channel in channels:
        await layer.group_add("match-1-seat-0", channel)
    try:
        groups = ["match-1-seat-0", "match-1-seat-1", "match-1-watch"]
        assert await channel_layer.with_members(layer, groups) == ["match-1-seat-0"]
        assert await channel_layer.members(layer, ["match-1-seat-1", "match-1-seat-0"]) == {"match-1-seat-1": 0,
                                                                                  "match-1-seat-0": 2}
    finally:
        for channel in channels:
            await layer.group_discard("match-1-seat-0", channel)
        await layer.flush()
    assert await channel_layer.with_members(layer, ["match-1-seat-0"]) == []


@pytest.fixture
def monday_in_the_log(monkeypatch):
    """A log line in words Django itself translates ("Monday": 星期一 in zh-hant), gettext'd as the table renders,
    as every word of a table is: it shows which language a table was rendered in."""
    from django.utils.safestring import mark_safe
    from django.utils.translation import gettext

    log_items = tables.log_items
    monkeypatch.setattr(tables, "log_items",
                        lambda *args: mark_safe(f"<li>{gettext('Monday')}</li>{log_items(*args)}"))


async def test_each_socket_is_pushed_its_own_seats_table_in_its_own_language(duel, mia, leo, counted,
                                                                              monday_in_the_log, sent):
    # Two tabs of Mia's seat: one chose Chinese (the language cookie wins over the browser's header), one did not.
    chinese = await connect(duel, mia, cookie=b"django_language=zh-hant", language=b"en-GB,en;q=0.8")
    english = await connect(duel, mia, language=b"fr-CH, en;q=0.7")
    # Leo's browser asks for Traditional Chinese in its header (zh-TW falls back to zh-hant); a spectator says
    # nothing and gets LANGUAGE_CODE.
    leo_page = await connect(duel, leo, language=b"zh-TW,zh;q=0.9")
    spectator = await connect(duel)
    counted.update(renders=0)
    await draw(duel)
    pushed = {name: await ws.receive_from(timeout=5) for name, ws in
              {"chinese": chinese, "english": english, "leo": leo_page, "spectator": spectator}.items()}
    assert "星期一" in pushed["chinese"] and "Monday" not in pushed["chinese"]
    assert "Monday" in pushed["english"] and "星期一" not in pushed["english"]
    assert "星期一" in pushed["leo"] and "Monday" in pushed["spectator"]
    # Each seat's table still reaches only that seat's sockets, in each language.
    assert "你抽到" in pushed["chinese"] and "You drew" in pushed["english"]
    assert "你抽到" not in pushed["leo"] and "You drew" not in pushed["spectator"]
    # Rendered once per (audience, language) that has a socket: Mia in two languages, Leo's, the spectators'.
    assert counted["renders"] == 4
    by_group = {group: message["html"] for group, message in sent if message["type"] == "table.push"}
    assert set(by_group) == {language_group(seat_group(duel.pk, 0), "zh-hant"),
                             language_group(seat_group(duel.pk, 0), "en-gb"),
                             language_group(seat_group(duel.pk, 1), "zh-hant"),
                             language_group(watch_group(duel.pk), "en-gb")}
    for ws in (chinese, english, leo_page, spectator):
        await ws.disconnect()


async def test_a_socket_catches_up_in_its_own_language(duel, mia, monday_in_the_log):
    ws = Socket(application, f"/ws/matches/{duel.pk}/",
                               headers=HEADERS + [(b"accept-language", b"zh-Hant-TW")])
    ws.scope["user"] = mia
    assert (await ws.connect())[0]
    assert "星期一" in await ws.receive_from(timeout=5)
    await ws.disconnect()


@pytest.mark.parametrize(("cookie", "header", "language"), [
    ("zh-hant", "en", "zh-hant"),
    ("klingon", "zh-TW", "zh-hant"),  # a cookie naming no language of the site is ignored
    ("", "de, *;q=0.5", "en-gb"),
    ("", "en-US,en;q=0.9", "en-gb"),
    ("", "", "en-gb"),
    ("", "zh-hant;q=0.1," + "en;q=0.2," * 60, "en-gb"),  # a header too long to parse is ignored
], ids=["cookie", "unknown-cookie", "star", "en-us", "nothing", "too-long"])
async def test_a_sockets_language_is_its_cookie_else_its_browsers_else_the_sites(cookie, header, language):
    scope = {"cookies": {"django_language": cookie} if cookie else {},
             "headers": [(b"accept-language", header.encode())] if header else []}
    assert consumers.socket_language(scope) == language
