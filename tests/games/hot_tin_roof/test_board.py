"""The board is data (board.json, a copy of the rules' board): 15 patios on 10 rooftops, routes, gaps, 50 tiles."""

import json
from collections import deque
from pathlib import Path

import pytest

from games.hot_tin_roof.board import BOARD_FILE, board

SHARED = Path(__file__).resolve().parents[3] / ".." / "shared" / "rules" / "hot_tin_roof_board.json"


def test_the_board_has_what_the_rules_page_says():
    b = board()
    assert b.patios == tuple("ABCDEFGHIJKLMNO")
    assert len({p["rooftop"] for p in b.data["patios"]}) == 10
    assert list(b.family.values()) == sorted(b.family.values())  # families in alphabetical order
    assert len(b.tiles) == 50


def test_routes_stay_on_one_rooftop_and_gaps_join_two():
    roof = {p["id"]: p["rooftop"] for p in board().data["patios"]}
    assert all(roof[a] == roof[b] for a, b in board().data["routes"])
    assert all(roof[a] != roof[b] for a, b in board().gaps.values())


def catwalks_between(a: str, b: str) -> int:
    """The fewest catwalks a cat needs from patio a to patio b: routes are free, each gap crossed needs one."""
    fewest, todo = {a: 0}, deque([a])
    while todo:
        here = todo.popleft()
        for there, gap in board().neighbours[here]:
            through = fewest[here] + (gap is not None)
            if through < fewest.get(there, through + 1):
                fewest[there] = through
                todo.appendleft(there) if gap is None else todo.append(there)
    return fewest[b]


def test_each_home_tile_names_two_patios_at_least_two_catwalks_apart():
    assert catwalks_between("A", "B") == 0 and catwalks_between("B", "C") == 1  # a route; the gap g1
    for tile, (a, b) in board().tiles.items():
        assert catwalks_between(a, b) >= 2, tile


def test_the_copy_equals_the_rules_board():
    if not SHARED.exists():
        pytest.skip("the rules' board is not beside this checkout")
    assert json.loads(BOARD_FILE.read_text()) == json.loads(SHARED.read_text())
