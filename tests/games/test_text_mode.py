"""The text-first mode (issue 30.5, docs/accessibility.md): a player who turns it on sees every match as text with
a command line; typed questions change nothing, typed moves go through the turn service, refusals say why."""
import pytest

from games import text_mode
from games.models import Match, Move
from games.tables import audiences, push_messages
from scoring.services import set_text_mode

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def reader(mia):
    set_text_mode(profile=mia.profile, on=True)
    return mia


def typed(client, match, line, **extra):
    return client.post(f"/matches/{match.pk}/command/", {"command": line}, **HTMX, **extra)


def said(response) -> str:
    return response.content.decode().split('<div id="table"')[0]


def test_the_profile_form_turns_it_on(client, mia):
    client.force_login(mia)
    page = client.get(f"/players/{mia.profile.handle}/edit/").content.decode()
    assert 'name="text_mode"' in page and "Text-first mode for screen readers" in page
    response = client.post(f"/players/{mia.profile.handle}/edit/", {"display_name": "Mia", "text_mode": "on"})
    assert response.status_code == 302
    mia.profile.refresh_from_db()
    assert mia.profile.text_mode


def test_the_match_page_is_text_with_a_command_line(client, reader, duel):
    client.force_login(reader)
    page = client.get(f"/matches/{duel.pk}/").content.decode()
    for heading in ("The table", "Your hand", "The others", "Log"):
        assert f">{heading}</h2>" in page
    assert 'id="command-input"' in page and '<label for="command-input">' in page
    assert "ratc-piles" not in page  # not the drawn board


def test_without_the_mode_the_board_is_drawn(client, leo, duel):
    client.force_login(leo)
    page = client.get(f"/matches/{duel.pk}/").content.decode()
    assert "ratc-piles" in page and 'id="command-input"' not in page


def test_questions_change_nothing(client, reader, duel):
    client.force_login(reader)
    version = duel.version
    for line, words in (("help", "Type a move"), ("whose turn", "It is your turn"), ("last", "."),
                        ("scores", "Rounds played: 0"), ("moves", "“draw”")):
        response = typed(client, duel, line)
        assert response.status_code == 200, line
        assert words in said(response), (line, said(response))
    duel.refresh_from_db()
    assert duel.version == version and not Move.objects.filter(match=duel).exists()


def test_a_typed_move_is_played_and_answered_with_the_table(client, reader, duel):
    client.force_login(reader)
    response = typed(client, duel, "Draw")
    assert response.status_code == 200
    assert "Done." in said(response) and "You drew" in said(response)
    assert 'id="table"' in response.content.decode() and "The card you drew" in response.content.decode()
    assert Move.objects.get(match=duel).action == {"type": "draw"}


def test_a_refusal_says_why_and_changes_nothing(client, reader, leo, duel):
    client.force_login(reader)
    for line, status, words in (("fly", 400, "is not a move"), ("knock", 400, "You cannot knock now"),
                                ("take 9", 400, "from 1 to 4"), ("", 400, "Type a move")):
        response = typed(client, duel, line)
        assert response.status_code == status and words in said(response), (line, said(response))
    client.force_login(leo)
    response = typed(client, duel, "draw")
    assert response.status_code == 400 and "You cannot draw now" in said(response) and "memorised" in said(response)
    assert not Move.objects.filter(match=duel).exists()


def test_a_spectator_may_ask_but_not_move(client, make_user, duel):
    watcher = make_user("watcher")
    set_text_mode(profile=watcher.profile, on=True)
    client.force_login(watcher)
    assert typed(client, duel, "whose turn").status_code == 200
    response = typed(client, duel, "draw")
    assert response.status_code == 400 and "Only a player" in said(response)


def test_a_push_renders_text_for_the_text_sockets_only(reader, duel):
    seats = list(duel.seats.order_by("index"))
    groups = audiences(duel, seats)
    seat_group = next(g for g, a in groups.items() if a.seats == (0,))
    wanted = {f"{seat_group}.en": (groups[seat_group], "en", False),
              text_mode.mode_group(f"{seat_group}.en", True): (groups[seat_group], "en", True)}
    messages = push_messages(duel, seats, wanted)
    assert "ratc-piles" in messages[f"{seat_group}.en"]["html"]
    assert "Your hand" in messages[f"{seat_group}.en.text"]["html"]


def test_the_text_table_never_holds_another_seats_cards(client, reader, leo, duel):
    """Both players see their outer cards (the opening peek): Mia's text page says her own, never Leo's."""
    state = Match.objects.get(pk=duel.pk).state
    client.force_login(reader)
    page = client.get(f"/matches/{duel.pk}/").content.decode()
    mine = page.split(">Your hand</h2>")[1].split("</section>")[0]
    others = page.split(">The others</h2>")[1].split("</section>")[0]
    assert mine.count("face down") == 2 and others.count("face down") == 4, (mine, others)
    assert f"Position 1: {state['rows'][0][0]}" in mine or isinstance(state["rows"][0][0], str)


def test_in_chinese_the_words_are_chinese_and_chinese_questions_are_understood(client, reader, duel):
    client.force_login(reader)
    client.cookies["django_language"] = "zh-hant"
    page = client.get(f"/matches/{duel.pk}/").content.decode()
    assert ">牌桌</h2>" in page and ">你的手牌</h2>" in page and "指令列" in page
    response = typed(client, duel, "說明", HTTP_ACCEPT_LANGUAGE="zh-hant")
    assert response.status_code == 200 and "輸入一步棋後按 Enter" in said(response)
    response = typed(client, duel, "飛")
    assert response.status_code == 400 and "不是一步棋" in said(response)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_text_players_socket_gets_the_text_table_and_a_push_goes_to_its_group(reader, duel, settings):
    from channels.db import database_sync_to_async

    from catsite.asgi import application
    from tests.sockets import Socket

    socket = Socket(application, f"/ws/matches/{duel.pk}/",
                    headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
    socket.scope["user"] = reader
    connected, _ = await socket.connect()
    assert connected
    assert ">Your hand</h2>" in await socket.receive_from(timeout=10)
    from games import turns

    await database_sync_to_async(turns.play)(match_id=duel.pk, seat=0, action={"type": "draw"},
                                             version=duel.version)
    pushed = await socket.receive_from(timeout=10)
    assert "The card you drew" in pushed and "ratc-piles" not in pushed
    await socket.disconnect()
