"""Arranging Rat Hot positions for the tests: a layout laid by hand, and the strips a turn reveals."""
from games.rat_hot import engine, layout
from games.rat_hot.strips import spaces_of


def new(seed: int = 1, **options) -> dict:
    return engine.new_game(2, seed, options)


def lay(state: dict, strip: str, x: int, y: int, direction: str) -> dict:
    """Put a strip on the table without the rules (to arrange a position); it leaves the deck."""
    state = engine._copy(state)
    for cell, space in zip(layout.cells(x, y, direction), spaces_of(strip), strict=True):
        key = f"{cell[0]},{cell[1]}"
        height = state["cells"][key][0] + 1 if key in state["cells"] else 1
        state["cells"][key] = [height, space, strip]
    state["placements"].append([strip, x, y, direction])
    for pile in ("deck", "revealed"):
        if strip in state[pile]:
            state[pile].remove(strip)
    return state


def reveal(state: dict, seat: int, *strips: str, left: int | None = None) -> dict:
    """Make it `seat`'s turn with these strips face up (taken from the deck); `left` keeps that many face down."""
    state = engine._copy(state)
    state["deck"] = [s for s in state["deck"] + state["revealed"] if s not in strips]
    if left is not None:
        state["deck"] = state["deck"][:left]
    state.update(turn=seat, revealed=list(strips))
    return state


def place(state: dict, strip: str, x: int, y: int, direction: str, seat: int | None = None) -> dict:
    seat = state["turn"] if seat is None else seat
    return engine.apply(state, seat, {"type": "place", "strip": strip, "x": x, "y": y, "dir": direction})


def top(state: dict, x: int, y: int):
    cell = state["cells"].get(f"{x},{y}")
    return None if cell is None else cell[1]


def points(state: dict) -> list[int]:
    return [engine.points(state, seat) for seat in range(2)]
