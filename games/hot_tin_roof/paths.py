"""Rooftop racing's arithmetic: the cheapest paths from a patio, and the tolls each one pays to whom (pure).

A step goes along a moonlit route (free) or across a gap that holds a catwalk (1 can to its owner unless it is
the mover's). Entering a patio with an opponent's shelter costs 2 cans to its owner, passing through included;
the starting patio is not entered. For each destination the cheapest cost is found (Dijkstra); then, among the
cheapest paths, one per distinct set of payments (who gets how many cans) is offered: the one with the fewest
steps, then the first in board order. Every prefix of a cheapest path is itself cheapest, and a cheapest walk
can only loop through free steps, so a breadth-first search over (patio, payments so far) along the "tight"
steps finds exactly these paths, each simple.
"""

import heapq
from dataclasses import dataclass
from functools import lru_cache

from .board import board
from .rules import CATWALK_TOLL, SHELTER_TOLL


@dataclass(frozen=True)
class Path:
    patios: tuple[str, ...]  # the cat's own patio first
    tolls: tuple[int, ...]  # cans to each seat (the mover's own entry is 0)
    catwalks: tuple[int, ...]  # opponents' catwalks crossed, per owner
    shelters: tuple[int, ...]  # opponents' shelters entered, per owner

    @property
    def cost(self) -> int:
        return sum(self.tolls)


def _steps(here: str, catwalks: dict):
    for there, gap in board().neighbours[here]:
        if gap is None or gap in catwalks:
            yield there, gap


def _price(seat: int, there: str, gap, catwalks: dict, shelters: dict) -> list[tuple[int, str]]:
    """[(owner, "catwalk" | "shelter")] paid for one step."""
    paid = []
    if gap is not None and catwalks[gap] != seat:
        paid.append((catwalks[gap], "catwalk"))
    owner = shelters.get(there)
    if owner is not None and owner != seat:
        paid.append((owner, "shelter"))
    return paid


def _cost(paid) -> int:
    return sum(CATWALK_TOLL if kind == "catwalk" else SHELTER_TOLL for _, kind in paid)


def toll(seat: int, there: str, gap, catwalks: dict, shelters: dict) -> int:
    """The cans `seat` pays for one step to `there`: across `gap` (None for a moonlit route, else a gap that holds a
    catwalk in `catwalks`) and into `there`. The bots plan with it (their estimate adds what building a missing
    catwalk is worth)."""
    return _cost(_price(seat, there, gap, catwalks, shelters))


def cheapest(seats: int, seat: int, start: str, catwalks: dict, shelters: dict) -> dict[str, list[Path]]:
    """{destination: [Path, ...]} for every patio the cat on `start` can reach, alternatives in offer order."""
    return _cheapest(seats, seat, start, tuple(sorted(catwalks.items())), tuple(sorted(shelters.items())))


def offered(seats: int, seat: int, patios: list, catwalks: dict, shelters: dict) -> Path | None:
    """The offered cheapest Path that follows exactly these patios (its tolls, its cost), or None."""
    for path in cheapest(seats, seat, patios[0], catwalks, shelters).get(patios[-1], []):
        if list(path.patios) == list(patios):
            return path
    return None


@lru_cache(maxsize=4096)
def _cheapest(seats: int, seat: int, start: str, catwalk_items: tuple, shelter_items: tuple) -> dict:
    catwalks, shelters = dict(catwalk_items), dict(shelter_items)
    dist = {start: 0}
    heap = [(0, start)]
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist[here]:
            continue
        for there, gap in _steps(here, catwalks):
            nd = d + _cost(_price(seat, there, gap, catwalks, shelters))
            if nd < dist.get(there, nd + 1):
                dist[there] = nd
                heapq.heappush(heap, (nd, there))
    index = {p: i for i, p in enumerate(board().patios)}
    zero = (0,) * seats
    # Breadth first over (patio, tolls so far): the first arrival at a state is the fewest steps, and the
    # smallest path in board order among those (each layer keeps, per state, its smallest path).
    best = {(start, zero): ((index[start],), (start,), zero, zero)}
    layer = {(start, zero)}
    while layer:
        nxt = {}
        for state in sorted(layer, key=lambda s: best[s][0]):
            here, tolls = state
            order, patios, walks, rests = best[state]
            for there, gap in _steps(here, catwalks):
                paid = _price(seat, there, gap, catwalks, shelters)
                if dist[here] + _cost(paid) != dist[there] or there in patios:
                    continue
                t, w, r = list(tolls), list(walks), list(rests)
                for owner, kind in paid:
                    t[owner] += CATWALK_TOLL if kind == "catwalk" else SHELTER_TOLL
                    (w if kind == "catwalk" else r)[owner] += 1
                key = (there, tuple(t))
                if key in best:
                    continue
                candidate = (order + (index[there],), patios + (there,), tuple(w), tuple(r))
                if key not in nxt or candidate[0] < nxt[key][0]:
                    nxt[key] = candidate
        best.update(nxt)
        layer = set(nxt)
    found: dict[str, list] = {}
    for (there, tolls), (order, patios, walks, rests) in best.items():
        if there != start:
            found.setdefault(there, []).append((len(order), order, Path(patios, tolls, walks, rests)))
    return {p: [alt[2] for alt in sorted(found[p])] for p in sorted(found, key=index.get)}
