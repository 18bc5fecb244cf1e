"""A posted move is bounded: too large, too deeply nested or holding a NUL character, it is refused with a 400
and a reason, before anything parses or copies it, and the match does not change."""
import json

import pytest
from django.test import Client

from games import turns
from games.models import Match, Move

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def post(client, match, action_text: str, **extra):
    data = {"seat": 0, "version": match.version, "action": action_text} | extra
    return client.post(f"/matches/{match.pk}/move/", data, **HTMX)


def unchanged(match) -> bool:
    fresh = Match.objects.get(pk=match.pk)
    return fresh.version == match.version and fresh.state == match.state and not Move.objects.exists()


def test_an_anonymous_post_of_a_thousand_brackets_is_a_400_not_a_500(duel):
    client = Client(enforce_csrf_checks=True)
    client.get(f"/matches/{duel.pk}/")
    token = client.cookies["csrftoken"].value
    response = post(client, duel, nested(1000), csrfmiddlewaretoken=token)
    assert response.status_code == 400
    assert "nested too deeply" in response.content.decode()
    assert unchanged(duel)


@pytest.mark.parametrize("where", ["action", "part"])
def test_deep_nesting_inside_a_valid_action_is_refused(client, duel, mia, where):
    client.force_login(mia)
    deep = '{"type": "draw", "x": ' + nested(500) + "}"
    fields = {"action": deep} if where == "action" else {"action": '{"type": "draw"}', "part-1": deep}
    response = post(client, duel, fields.pop("action"), **fields)
    assert response.status_code == 400 and "nested too deeply: at most 8 levels" in response.content.decode()
    assert unchanged(duel)


def test_a_huge_action_is_refused(client, duel, mia):
    client.force_login(mia)
    response = post(client, duel, json.dumps({"type": "draw", "pad": "x" * 100_000}))
    assert response.status_code == 400 and "too large: at most 4 KB" in response.content.decode()
    assert unchanged(duel)


def test_too_many_parts_are_refused(client, duel, mia):
    client.force_login(mia)
    parts = {f"part-{i}": "{}" for i in range(60)}
    response = post(client, duel, '{"type": "draw"}', **parts)
    assert response.status_code == 400 and "too many parts" in response.content.decode()
    assert unchanged(duel)


def test_a_nul_character_in_an_action_is_refused_not_stored(client, duel, mia):
    """PostgreSQL's jsonb cannot hold \\u0000: storing it would be a 500."""
    client.force_login(mia)
    response = post(client, duel, '{"type": "draw", "note": "a\\u0000b"}')
    assert response.status_code == 400 and "NUL character" in response.content.decode()
    assert unchanged(duel)


def test_the_turn_service_refuses_a_deep_action_from_any_caller(duel):
    action = {"type": "draw", "x": json.loads(nested(600))}
    with pytest.raises(turns.IllegalMove, match="nested too deeply"):
        turns.play(match_id=duel.pk, seat=0, action=action, version=duel.version)
    assert unchanged(duel)
