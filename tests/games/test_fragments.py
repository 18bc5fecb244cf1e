"""Parts of a table kept across changes (games/fragments.py) give the very HTML a fresh rendering gives, and a move
re-renders only the parts it changed.

Played through seeded bot games of Cat Tower and Rat-a-Tat Cat, move after move, every seat's table and a
spectator's in both languages: rendered with the parts kept from the moves before, and again with nothing kept.
"""
import json

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from games import fragments, registry
from games.tables import render_table
from tests.games.test_table_size import match_for
from tests.playouts import bot_playout

pytestmark = pytest.mark.django_db

SEED = 20261201


@pytest.fixture(autouse=True)
def nothing_kept():
    fragments.clear()
    yield
    fragments.clear()


@pytest.fixture
def rendered_parts(monkeypatch):
    """The names of the kept parts rendered (not taken from those kept)."""
    names = []
    get_template = fragments.get_template

    def counting(name):
        names.append(name)
        return get_template(name)

    monkeypatch.setattr(fragments, "get_template", counting)
    return names


@pytest.mark.parametrize("slug, seats, moves", [("cat_tower", 4, slice(60, 80)), ("rat_a_tat_cat", 3, slice(0, 40)),
                                                ("hot_tin_roof", 3, slice(10, 30))])
def test_a_table_with_kept_parts_is_the_table_rendered_afresh(slug, seats, moves, make_user):
    game = registry.get(slug)
    users = [make_user(f"{slug[:10]}{i}") for i in range(seats)]
    match, seat_rows = match_for(game, users)
    viewers = [*users, AnonymousUser()]
    states = bot_playout(game, seats, match.options, SEED)[moves]
    assert states
    for version, state in enumerate(states, start=moves.start):
        match.state, match.version = state, version
        for language in ("en-gb", "zh-hant"):
            with translation.override(language):
                kept = [render_table(match, seat_rows, viewer, None, oob=True) for viewer in viewers]
                fresh = []
                for viewer in viewers:
                    fragments.clear()
                    fresh.append(render_table(match, seat_rows, viewer, None, oob=True))
                assert kept == fresh, f"{slug} version {version} in {language}"
                kept_again = [render_table(match, seat_rows, viewer, None, oob=True) for viewer in viewers]
                assert kept_again == fresh


def test_a_cat_tower_mark_re_renders_no_sheet_until_the_marks_are_revealed(make_user, rendered_parts):
    game = registry.get("cat_tower")
    users = [make_user(f"tower{i}") for i in range(4)]
    match, seat_rows = match_for(game, users)
    states = bot_playout(game, 4, match.options, SEED)
    engine = game.engine
    # The first mark of a round: seat k marks, the others are still choosing.
    version = next(v for v, s in enumerate(states) if v > 40 and s["phase"] == "mark"
                   and all(m is None for m in s["pending"]) and states[v + 1]["phase"] == "mark")
    marked = next(seat for seat in range(4) if states[version + 1]["pending"][seat] is not None)
    match.state, match.version = states[version], version
    render_table(match, seat_rows, AnonymousUser(), None, oob=True)  # the spectator: all four sheets
    assert rendered_parts.count("cat_tower/kept_sheet.html") == 4
    rendered_parts.clear()

    match.state, match.version = states[version + 1], version + 1
    spectator = render_table(match, seat_rows, AnonymousUser(), None, oob=True)
    assert rendered_parts == []  # the mark is hidden until all are in: only the heading says "marked", written anew
    assert spectator.count('class="ct-sheet ') == 4
    marked_sheet = spectator[spectator.index(f'data-seat="{marked}">'):]
    assert '<span class="badge muted">marked</span>' in marked_sheet[:marked_sheet.index("</h3>")]
    rendered_parts.clear()
    # Another player still choosing sees the marked sheet from the spectator's rendering: it shows the same.
    other = next(seat for seat in engine.to_move(states[version + 1]) if seat != marked)
    render_table(match, seat_rows, users[other], None, oob=True)
    assert "cat_tower/kept_sheet.html" not in rendered_parts  # their own sheet has choices: drawn in the table itself

    revealed = next(v for v in range(version + 1, len(states)) if states[v]["phase"] != "mark")
    match.state, match.version = states[revealed], revealed
    render_table(match, seat_rows, AnonymousUser(), None, oob=True)
    assert rendered_parts.count("cat_tower/kept_sheet.html") == 4  # every sheet took its mark


def test_a_hot_tin_roof_market_is_rendered_once_for_every_seats_table(make_user, rendered_parts):
    game = registry.get("hot_tin_roof")
    users = [make_user(f"roof{i}") for i in range(3)]
    match, seat_rows = match_for(game, users)
    states = bot_playout(game, 3, match.options, SEED)
    match.state, match.version = states[20], 20
    tables = [render_table(match, seat_rows, viewer, None, oob=True) for viewer in [*users, AnonymousUser()]]
    assert rendered_parts.count("hot_tin_roof/market.html") == 1
    markets = {table[table.index('<section class="htr-dumpsters"'):table.index('<p class="htr-legend">')]
               for table in tables}
    assert len(markets) == 1
    match.state, match.version = states[21], 21
    render_table(match, seat_rows, users[0], None, oob=True)
    assert rendered_parts.count("hot_tin_roof/market.html") == 2  # a move changed the cans or the turn


def test_the_seat_that_marked_sees_its_pending_mark_and_nobody_else_does(make_user):
    game = registry.get("cat_tower")
    users = [make_user(f"pending{i}") for i in range(3)]
    match, seat_rows = match_for(game, users)
    states = bot_playout(game, 3, match.options, SEED)
    version = next(v for v, s in enumerate(states) if v > 20 and s["phase"] == "mark"
                   and sum(m is not None for m in s["pending"]) == 1 and s["pending"][0] is not None
                   and s["pending"][0].get("type") == "mark")
    match.state, match.version = states[version], version
    own = render_table(match, seat_rows, users[0], None, oob=True)
    others = [render_table(match, seat_rows, viewer, None, oob=True) for viewer in (users[1], users[2],
                                                                                   AnonymousUser())]
    assert own.count(' p-') == 1  # its own mark, drawn on its own sheet, not yet revealed
    assert all(' p-' not in html for html in others)


@pytest.mark.parametrize("one, other", [
    ({"seat": 1}, {"seat": True}),
    ({"seat": 1}, {"seat": 1.0}),
    ([{"event": "draw", "seat": 0}], [{"event": "draw", "seat": 1}]),
    ([{"event": "draw"}, {"event": "knock"}], [{"event": "knock"}, {"event": "draw"}]),
    ({"cards": [1, 2]}, {"cards": [[1, 2]]}),
    ("", None),
])
def test_a_fingerprint_tells_apart_any_two_different_views(one, other):
    assert fragments.fingerprint(one) != fragments.fingerprint(other)


def test_a_fingerprint_is_its_view_read_back_and_the_same_for_the_same_view_made_anew():
    """As an engine makes it (its strings interned, shared) and as read back from the database (JSON)."""
    view = {"log": [{"event": "took_discard", "seat": 0, "card": 7}, {"event": "knocked", "seat": 1}], "turn": None}
    assert fragments.data_of(fragments.fingerprint(view)) == view
    assert fragments.fingerprint(view) == fragments.fingerprint(json.loads(json.dumps(view)))
    entry = view["log"][0]  # one entry met twice, or two equal ones: the same bytes (format 2 writes no references)
    assert fragments.fingerprint([entry, entry]) == fragments.fingerprint([dict(entry), dict(entry)])


def changed_leaves(value):
    """Every way of changing one leaf of `value` (a number, a string, a boolean, None) or its type: each a new copy."""
    if isinstance(value, dict):
        for key, item in value.items():
            for changed in changed_leaves(item):
                yield {**value, key: changed}
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            for changed in changed_leaves(item):
                yield type(value)([*value[:i], changed, *value[i + 1:]])
    elif isinstance(value, bool):
        yield from (not value, int(value))
    elif isinstance(value, (int, float)):
        yield from (value + 1, float(value) if isinstance(value, int) else int(value), str(value))
    elif isinstance(value, str):
        yield from (value + "x", value[:-1], None) if value else (" ", None)
    elif value is None:
        yield from (0, "", False)


def kept_values(make_user, slug: str, seats: int, version: int) -> list[tuple[str, dict]]:
    """The (part, values) of every part kept for every seat's table and a spectator's at `version`."""
    game = registry.get(slug)
    users = [make_user(f"k{slug[:10]}{i}") for i in range(seats)]
    match, seat_rows = match_for(game, users)
    states = bot_playout(game, seats, match.options, SEED)
    match.state, match.version = states[version], version
    found = []
    kept = fragments.kept

    def recording(part, values):
        found.append((part, values))
        return kept(part, values)

    fragments.kept = recording
    try:
        for viewer in [*users, AnonymousUser()]:
            render_table(match, seat_rows, viewer, None, oob=True)
    finally:
        fragments.kept = kept
    return found


@pytest.mark.parametrize("slug, seats, version", [("cat_tower", 4, 70), ("rat_a_tat_cat", 3, 30), ("rat_hot", 2, 20),
                                                  ("hot_tin_roof", 4, 30)])
def test_a_change_in_any_value_passed_to_a_kept_part_changes_its_key(slug, seats, version, make_user):
    parts = kept_values(make_user, slug, seats, version)
    assert "games.tables.log_lines" in {fragments.key_of(part, {})[0] for part, _ in parts}
    for part, values in parts:
        key = fragments.key_of(part, values)
        changes = list(changed_leaves(values))
        assert changes
        for changed in changes:
            assert fragments.key_of(part, changed) != key, (part, changed)
        with translation.override("zh-hant" if translation.get_language() != "zh-hant" else "en-gb"):
            assert fragments.key_of(part, values) != key
        assert fragments.key_of("games/other.html", values) != key


def test_a_key_is_the_same_for_the_same_values_made_anew():
    values = {"game": "rat_hot", "entries": [{"event": "placed", "seat": 1, "strip": [3, "rat"]}], "names": ["Mia"]}
    assert fragments.key_of("games/log.html", values) == fragments.key_of("games/log.html", json.loads(
        json.dumps(values)) | {"entries": [{"event": "placed", "seat": 1, "strip": [3, "rat"]}]})


@pytest.mark.parametrize("value", [mark_safe("<b>Mia</b>"), gettext_lazy("Log"), object(), AnonymousUser()])
def test_a_kept_part_takes_plain_data_only(value):
    """A safe string and a plain one would share a key and not their HTML; an object has no bytes of its own."""
    with pytest.raises(ValueError):
        fragments.kept("games/endings.html", {"match": 1, "names": [value]})


def test_a_pending_mark_is_never_served_from_another_seats_kept_sheet(make_user):
    """Cat Tower's chosen mark is hidden from the others until every seat has marked: whichever seat's table is
    rendered first, and whatever it kept, each table shows exactly its own view (the same HTML as with nothing kept)."""
    game = registry.get("cat_tower")
    users = [make_user(f"hidden{i}") for i in range(4)]
    match, seat_rows = match_for(game, users)
    states = bot_playout(game, 4, match.options, SEED)
    steps = [v for v, s in enumerate(states) if s["phase"] == "mark" and 0 < sum(m is not None for m in s["pending"])]
    viewers = [*users, AnonymousUser()]
    for version in steps[:6]:
        match.state, match.version = states[version], version
        fresh = []
        for viewer in viewers:
            fragments.clear()
            fresh.append(render_table(match, seat_rows, viewer, None, oob=True))
        for first in range(len(viewers)):
            fragments.clear()
            order = viewers[first:] + viewers[:first]  # each viewer after every other one has kept its parts
            for viewer in order + order:
                assert render_table(match, seat_rows, viewer, None, oob=True) == fresh[viewers.index(viewer)]
        pending = [seat for seat in range(4) if states[version]["pending"][seat] is not None]
        assert all((" p-" in fresh[seat]) == (seat in pending) for seat in range(4))
        assert " p-" not in fresh[-1]
