"""Fuzzing the move endpoint of every playable game (hypothesis): random and malformed actions, forged seats and
versions, posted by a player of the match, by a stranger and by a visitor who is not logged in.

Whatever is posted, the answer is never a server error: either the post was a legal move of a seat the poster
holds, at the current version (200, and the match moved on by exactly that move), or it is refused with a clear
4xx and the match does not change at all.
"""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import lobby, registry
from games.lobby import SeatPlan
from games.models import Match, Move

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
GAMES = [game.slug for game in registry.playable_games()]
FUZZ = settings(max_examples=120, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True),
                    st.text(max_size=12), st.sampled_from(["", "\x00", "draw", "type", "seat", "-1", "1e999"]))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


@pytest.fixture
def duel(mia, leo):
    """A started match of each game: Mia in seat 0, Leo in seat 1 (so seat 1 is not Mia's to move)."""
    def start(slug):
        match = lobby.create_match(host=mia, game=slug, options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
        lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
        match.refresh_from_db()
        return match

    return start


def mutated(legal: list[dict]):
    """A legal action with one key changed, dropped or added: the shapes an engine must refuse cleanly."""
    return st.tuples(st.sampled_from(legal), st.text(max_size=8), json_values, st.booleans()).map(
        lambda t: _mutate(*t))


def _mutate(action: dict, key: str, value, drop: bool) -> dict:
    action = dict(action)
    keys = [k for k in action if k != "type"]
    if drop and keys:
        action.pop(keys[len(key) % len(keys)])
    else:
        action[keys[len(key) % len(keys)] if keys and len(key) % 2 else (key or "type")] = value
    return action


def texts_of_actions(legal: list[dict]):
    """What may arrive as the posted `action` field: JSON of anything, a mutated legal action, or not JSON."""
    return st.one_of(
        json_values.map(json.dumps),
        mutated(legal).map(json.dumps),
        st.text(max_size=40),
        st.sampled_from(["[" * 2000, '{"type": ' * 600, "{}", "null", "NaN", '{"type": "draw"}' * 3]),
    )


def numbers_as_posted():
    return st.one_of(st.integers(-3, 8).map(str), st.integers(-(2**80), 2**80).map(str),
                     st.sampled_from(["", "1.0", "٣", "0x1", " 1", "None", "²"]), st.text(max_size=6))


def snapshot(match_id: int):
    match = Match.objects.get(pk=match_id)
    return match.version, json.dumps(match.state, sort_keys=True), Move.objects.filter(match=match).count()


def check_one_post(client, match, user_seats: list[int], fields: dict) -> None:
    before = snapshot(match.pk)
    current = Match.objects.get(pk=match.pk)
    response = client.post(f"/matches/{match.pk}/move/", fields, **HTMX)
    assert response.status_code < 500, (fields, response.status_code)
    after = snapshot(match.pk)
    if response.status_code == 200:
        # Only a legal move of one's own seat at the current version may pass, and it moves the match by one.
        seat, action = int(fields["seat"]), json.loads(fields["action"])
        assert seat in user_seats and int(fields["version"]) == current.version, fields
        assert action in current.engine.legal_actions(current.state, seat), fields
        assert after[0] == before[0] + 1 and after[2] == before[2] + 1
    else:
        assert 400 <= response.status_code < 500
        assert after == before, f"a refused post changed the match: {fields}"
        assert response.content, "a refusal says why"


@pytest.mark.parametrize("slug", GAMES)
def test_no_post_to_the_move_endpoint_is_a_server_error_or_changes_a_match_unless_legal(client, duel, mia, slug):
    match = duel(slug)
    legal = [a for seat in range(2) for a in match.engine.legal_actions(match.state, seat)] or [{"type": "pass"}]
    client.force_login(mia)

    @FUZZ
    @given(action=texts_of_actions(legal), seat=numbers_as_posted(), version=numbers_as_posted(),
           parts=st.lists(json_values.map(json.dumps), max_size=2))
    def post(action, seat, version, parts):
        fields = {"action": action, "seat": seat, "version": version}
        fields.update({f"part-{i}": part for i, part in enumerate(parts)})
        check_one_post(client, match, [0], fields)

    post()


@pytest.mark.parametrize("slug", GAMES)
def test_legal_actions_with_forged_seats_and_versions_are_refused_and_change_nothing(client, duel, mia, leo, slug):
    """Real actions of the game, sent for a seat the poster does not hold or against a version that is not the
    table's, by a player of the match, another player, or an anonymous visitor."""
    match = duel(slug)
    legal = {seat: match.engine.legal_actions(match.state, seat) for seat in range(2)}
    legal = [(seat, action) for seat, actions in legal.items() for action in actions]
    assert legal, "the game offers a move at the start"

    @FUZZ
    @given(move=st.sampled_from(legal), who=st.sampled_from(["mia", "leo", "nobody"]),
           seat=st.integers(-2, 5), version_offset=st.integers(-3, 3).filter(bool))
    def post(move, who, seat, version_offset):
        client.logout()
        if who != "nobody":
            client.force_login(mia if who == "mia" else leo)
        version = Match.objects.get(pk=match.pk).version + version_offset
        own = {"mia": [0], "leo": [1], "nobody": []}[who]
        fields = {"action": json.dumps(move[1]), "seat": str(seat), "version": str(version)}
        check_one_post(client, match, own, fields)
        before = snapshot(match.pk)
        if seat not in own:  # a seat that is not the poster's is refused even at the right version
            fields["version"] = str(before[0])
            response = client.post(f"/matches/{match.pk}/move/", fields, **HTMX)
            assert response.status_code in (400, 403) and snapshot(match.pk) == before

    post()
