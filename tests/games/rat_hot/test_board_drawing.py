"""The table's drawing (games/rat_hot/board.py) sends each line once: the strips' edges as runs of sides."""
import re

from games import registry
from games.rat_hot import board
from tests.playouts import bot_playout


def unit_sides(path: str) -> set[tuple[str, int, int]]:
    """Every unit side the path draws: ("v", x, y) from (x, y) down one cell, ("h", x, y) across one."""
    sides = set()
    for x, y, way, length in re.findall(r"M(-?\d+) (-?\d+)([vh])(\d+)", path):
        x, y = int(x), int(y)
        for step in range(int(length)):
            sides.add((way, x, y + step) if way == "v" else (way, x + step, y))
    return sides


def expected_sides(view: dict) -> set[tuple[str, int, int]]:
    """Each cell side where the top strip changes or the layout ends, one by one."""
    strip = {(x, y): s for x, y, _h, _space, s in view["cells"]}
    sides = set()
    for (x, y), s in strip.items():
        if strip.get((x + 1, y)) != s:
            sides.add(("v", x + 1, y))
        if strip.get((x, y + 1)) != s:
            sides.add(("h", x, y + 1))
        if (x - 1, y) not in strip:
            sides.add(("v", x, y))
        if (x, y - 1) not in strip:
            sides.add(("h", x, y))
    return sides


def test_the_edges_draw_every_side_once_as_lines():
    game = registry.get("rat_hot")
    for state in bot_playout(game, 2, {}, 7)[::5]:
        view = game.engine.view(state, None)
        path = board.edges(view)
        drawn = re.findall(r"M(-?\d+) (-?\d+)([vh])(\d+)", path)
        assert "".join(f"M{x} {y}{w}{n}" for x, y, w, n in drawn) == path, "nothing but moves and lines"
        assert unit_sides(path) == expected_sides(view)
        assert sum(int(n) for *_, n in drawn) == len(expected_sides(view)), "no side drawn twice"
        lines = {(w, int(x), int(y), int(n)) for x, y, w, n in drawn}
        for way, x, y, n in lines:  # a line is as long as it goes: no line starts where another ends
            end = (x, y + n) if way == "v" else (x + n, y)
            assert not any(w == way and (a, b) == end for w, a, b, _ in lines)
