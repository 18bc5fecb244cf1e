"""Rat Hot bots: "easy" places any legal strip anywhere; "good" takes the placement that gains it the most
points over the opponent, and never leaves its own third rat showing at the end of its turn when it can help it;
"medium" judges as good does, but by eye (each placement's worth off by a point or so either way), and half the
time looks out for its third rat only in the strip it is placing, forgetting the one still to come.

Bots see only `view(state, seat)` and the legal actions: never the state itself (the face-down strips).
"""
from __future__ import annotations

from . import layout as geometry
from . import scoring


def choose(level: str, view: dict, legal_actions: list, rng) -> dict:
    return LEVELS[level](view, legal_actions, rng)


def easy(view: dict, legal_actions: list, rng) -> dict:
    return rng.choice(legal_actions)


def top_layer(view: dict) -> dict:
    return {(x, y): space for x, y, _, space, _ in view["cells"]}


def placed(view: dict, action: dict) -> dict:
    """{cell: space} of a placement action, from the strips shown in the view."""
    spaces = next(s["spaces"] for s in view["revealed"] if s["id"] == action["strip"])
    return dict(zip(geometry.cells(action["x"], action["y"], action["dir"]), spaces, strict=True))


def rats_after(top: dict, cells: dict, rat: str) -> int:
    """Own rats visible once `cells` lie on `top`: those shown, less those covered."""
    return scoring.rats_visible(top, 0 if rat == scoring.RATS[0] else 1) \
        + sum(space == rat for space in cells.values()) - sum(top.get(c) == rat for c in cells)


def margin(top: dict, cells: dict, seat: int) -> int:
    gained = scoring.gains(top, cells)
    return gained[seat] - gained[1 - seat]


MISJUDGED = 1.5  # medium's worth of a placement is off by up to this many points either way
LOOKS_AHEAD = 0.5  # how often medium thinks of its third rat in the strip still to place this turn


def good(view: dict, legal_actions: list, rng) -> dict:
    return _best(view, legal_actions, rng, error=0.0, safe=_safe)


def medium(view: dict, legal_actions: list, rng) -> dict:
    safe = _safe if rng.random() < LOOKS_AHEAD else _safe_now
    return _best(view, legal_actions, rng, error=MISJUDGED, safe=safe)


def _best(view: dict, legal_actions: list, rng, error: float, safe) -> dict:
    """The placement gaining most over the opponent (misjudged by up to `error`) that `safe` finds rat-safe."""
    seat, top = view["seat"], top_layer(view)
    rat = scoring.RATS[seat]
    ranked = sorted(((margin(top, cells, seat) + (rng.uniform(-error, error) if error else 0.0),
                      -rats_after(top, cells, rat), rng.random(), n)
                     for n, cells in enumerate(placed(view, a) for a in legal_actions)), reverse=True)
    if not view["rats_option"]:
        return legal_actions[ranked[0][-1]]
    for *_, n in ranked:
        action = legal_actions[n]
        if safe(view, top, action, rat):
            return action
    return legal_actions[ranked[0][-1]]  # every way ends the turn on three own rats: at least score


def _safe_now(view: dict, top: dict, action: dict, rat: str) -> bool:
    """Whether this placement alone leaves fewer than three own rats showing (the strip still to come unseen)."""
    return rats_after(top, placed(view, action), rat) < scoring.RATS_TO_LOSE


def _safe(view: dict, top: dict, action: dict, rat: str) -> bool:
    """Whether the turn can still end with fewer than three own rats showing after this placement."""
    cells = placed(view, action)
    rats = rats_after(top, cells, rat)
    others = [s for s in view["revealed"] if s["id"] != action["strip"]]
    if not others:
        return rats < scoring.RATS_TO_LOSE
    after = {**top, **cells}
    second = others[0]
    if rats + second["spaces"].count(rat) < scoring.RATS_TO_LOSE:
        return True
    layout = {(x, y): (h, space, strip) for x, y, h, space, strip in view["cells"]}
    for cell, space in cells.items():
        layout[cell] = (layout[cell][0] + 1 if cell in layout else 1, space, action["strip"])
    for x, y, d in geometry.placements(layout):
        where = dict(zip(geometry.cells(x, y, d), second["spaces"], strict=True))
        if rats_after(after, where, rat) < scoring.RATS_TO_LOSE:
            return True
    return False


LEVELS = {"easy": easy, "medium": medium, "good": good}  # in the order a player picks from
