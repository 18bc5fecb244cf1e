"""Tables stay small: in the middle of a seeded game, every seat's table and the spectator's are at most 20 KB.

Every game the registry can play is measured, so a game added later is held to the same budget. The game is
played by its own bots (`games/<slug>/bots.py`) with the most seats it allows; the tables measured are those of
the middle fifth of its moves, for every seat (when it is to move, with all its choices on the page, and when it
waits) and for a spectator, rendered as the websocket push renders them and as the htmx answer to a move does.
"""
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AnonymousUser

from games import lobby, registry
from games.lobby import SeatPlan
from games.models import Match
from games.tables import render_table
from tests.playouts import bot_playout, bots_of, middle

pytestmark = pytest.mark.django_db

BUDGET = 20 * 1024  # bytes of HTML, uncompressed
SEED = 20261201


@dataclass
class Measure:
    viewer: str
    push: int  # the biggest websocket push of the middle of the game, in bytes
    answer: int  # the biggest htmx answer (the table a move answers, with the CSRF token of a real request)
    acted: int  # how many of the measured tables offered this seat a move


def match_for(game, users: list) -> tuple[Match, list]:
    """A started match of this game, each seat a different player (so each table shows one seat's view)."""
    match = lobby.create_match(host=users[0], game=game.slug, options={},
                               seats=[SeatPlan("me")] + [SeatPlan("invite")] * (len(users) - 1))
    for user in users[1:]:
        lobby.take_seat(match_id=match.pk, user=user, token=match.invite_token)
    match.refresh_from_db()
    assert match.status == Match.PLAYING
    return match, list(match.seats.select_related("profile").order_by("index"))


def measure(game, make_user, rf) -> list[Measure]:
    """Play a seeded game, then render the middle of it for every seat and for a spectator."""
    seats = game.engine.MAX_SEATS
    users = [make_user(f"{game.slug[:20]}{i}") for i in range(seats)]
    match, seat_rows = match_for(game, users)
    states = bot_playout(game, seats, match.options, SEED)
    viewers = [(f"seat {i}", user) for i, user in enumerate(users)] + [("spectator", AnonymousUser())]
    found = {name: Measure(name, 0, 0, 0) for name, _ in viewers}
    for version, state in middle(states):
        match.state, match.version = state, version
        to_move = game.engine.to_move(state)
        for index, (name, user) in enumerate(viewers):
            request = rf.post(f"/matches/{match.pk}/move/", HTTP_HX_REQUEST="true")
            request.user, request.session = user, {}
            push = render_table(match, seat_rows, user, None, oob=True)
            answer = render_table(match, seat_rows, user, None, request=request)
            m = found[name]
            m.push, m.answer = max(m.push, len(push.encode())), max(m.answer, len(answer.encode()))
            m.acted += index in to_move
    return list(found.values())


@pytest.mark.parametrize("game", registry.playable_games(), ids=lambda game: game.slug)
def test_every_table_of_the_middle_of_a_game_fits_the_budget(game, make_user, rf):
    if bots_of(game) is None:
        pytest.skip(f"{game.name} has no bots to play a game to its middle")
    measures = measure(game, make_user, rf)
    for m in measures:
        print(f"{game.slug:15} {m.viewer:10} push {m.push / 1024:6.1f} KB  answer {m.answer / 1024:6.1f} KB")
    for m in measures:
        if m.viewer != "spectator":
            assert m.acted, f"{game.name}: {m.viewer} never had a move in the middle of the game: nothing measured"
        assert m.push <= BUDGET, f"{game.name}: {m.viewer}'s pushed table is {m.push} bytes (budget {BUDGET})"
        assert m.answer <= BUDGET, f"{game.name}: {m.viewer}'s table after a move is {m.answer} bytes"

