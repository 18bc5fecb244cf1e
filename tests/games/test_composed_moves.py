"""Composing a move from choices (docs/live-matches.md): the `part...` fields a form adds to its action.

A choice adds keys to the action and nothing else: it is a JSON object of plain values (or flat lists of them),
it never sets "type" nor
a key the action or another choice already has, and a form sends at most MAX_PARTS of them. Anything else is
refused with 400 and the fresh table before the engine is asked, and changes nothing.
"""
import json

import pytest

from games.match_views import MAX_PARTS, _parse_move
from games.models import Move

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


class Form(dict):
    """A posted form as Django gives it to the view: getlist for repeated fields."""

    def getlist(self, key):
        value = self[key]
        return value if isinstance(value, list) else [value]


def parse(action, **parts):
    return _parse_move(Form(seat="0", version="3", action=json.dumps(action), **parts))


def test_choices_add_their_keys_to_the_action():
    seat, version, action = parse({"type": "swap"}, part_mine='{"position": 2}',
                                  part_theirs='{"opponent": 1, "their_position": 0}')
    assert (seat, version) == (0, 3)
    assert action == {"type": "swap", "position": 2, "opponent": 1, "their_position": 0}


def test_a_field_sent_twice_adds_both_values():
    _, _, action = parse({"type": "mark"}, **{"part-hex": ['{"column": 1}', '{"floor": 2}']})
    assert action == {"type": "mark", "column": 1, "floor": 2}


def test_plain_values_of_every_json_kind_are_kept():
    _, _, action = parse({"type": "mark"}, part='{"cat": null, "item": 4, "note": "x", "flag": false, "r": 0.5}')
    assert action == {"type": "mark", "cat": None, "item": 4, "note": "x", "flag": False, "r": 0.5}


def test_a_choice_may_be_a_flat_list_such_as_a_path():
    _, _, action = parse({"type": "move", "cat": 0}, **{"part-path": '{"path": ["A", "B", "C"]}'})
    assert action == {"type": "move", "cat": 0, "path": ["A", "B", "C"]}


@pytest.mark.parametrize("part", ['{"type": "knock"}', '{"item": 4, "type": "mark"}'])
def test_a_choice_never_sets_the_type(part):
    with pytest.raises(ValueError, match="do not make one move"):
        parse({"type": "draw"}, part=part)


def test_a_choice_never_overwrites_a_key_of_the_action_or_of_another_choice():
    with pytest.raises(ValueError, match="do not make one move"):
        parse({"type": "mark", "item": 2}, part='{"item": 4}')
    with pytest.raises(ValueError, match="do not make one move"):
        parse({"type": "mark"}, **{"part-hex": '{"column": 1, "floor": 2}', "part-item": '{"floor": 3}'})


@pytest.mark.parametrize("part", ["[1, 2]", '"column"', "4", "null", '{"path": [["A"]]}', '{"path": [{"a": 1}]}',
                                  '{"cat": {"name": "x"}}', "{not json", '{"item": NaN}', '{"floor": -Infinity}'])
def test_a_choice_is_an_object_of_plain_values(part):
    with pytest.raises(ValueError, match="could not be read"):
        parse({"type": "mark"}, part=part)


def test_a_form_sends_a_bounded_number_of_choices():
    parts = [json.dumps({f"k{i}": i}) for i in range(MAX_PARTS)]
    assert len(parse({"type": "mark"}, part=parts)[2]) == MAX_PARTS + 1
    with pytest.raises(ValueError, match="could not be read"):
        parse({"type": "mark"}, part=parts + ['{"one": "more"}'])


@pytest.mark.parametrize("part", ['{"type": "knock"}', '{"card": [[1]]}', "[]"])
def test_the_match_page_refuses_a_bad_choice_with_the_fresh_table(client, duel, mia, part):
    client.force_login(mia)
    before = duel.version
    response = client.post(f"/matches/{duel.pk}/move/", {"seat": 0, "version": before,
                                                         "action": json.dumps({"type": "draw"}), "part": part}, **HTMX)
    assert response.status_code == 400
    page = response.content.decode()
    assert 'role="alert"' in page and 'id="table"' in page
    assert "do not make one move" in page or "could not be read" in page
    duel.refresh_from_db()
    assert duel.version == before and not Move.objects.filter(match=duel).exists()
