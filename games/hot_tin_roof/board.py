"""The Hot Tin Roof board as data: loads board.json (patios, rooftops, routes, gaps, home tiles) once."""

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

BOARD_FILE = Path(__file__).with_name("board.json")


@dataclass(frozen=True)
class Board:
    patios: tuple[str, ...]  # board order: the order of the data file (A-O)
    family: dict  # patio -> family name
    gaps: dict  # gap id -> (patio, patio)
    gap_order: tuple[str, ...]
    tiles: dict  # tile id -> (first patio, second patio)
    tile_order: tuple[str, ...]
    neighbours: dict  # patio -> ((neighbour, gap id or None for a moonlit route), ...) in board order
    data: dict  # the raw data, for drawing

    def index(self, patio: str) -> int:
        return self.patios.index(patio)


def build(data: dict) -> Board:
    patios = tuple(p["id"] for p in data["patios"])
    gaps = {g["id"]: tuple(g["between"]) for g in data["gaps"]}
    links = {p: [] for p in patios}
    for a, b in data["routes"]:
        links[a].append((b, None))
        links[b].append((a, None))
    for gap, (a, b) in gaps.items():
        links[a].append((b, gap))
        links[b].append((a, gap))
    order = {p: i for i, p in enumerate(patios)}
    neighbours = {p: tuple(sorted(ls, key=lambda link: (order[link[0]], link[1] or ""))) for p, ls in links.items()}
    return Board(
        patios=patios,
        family={p["id"]: p["family"] for p in data["patios"]},
        gaps=gaps,
        gap_order=tuple(g["id"] for g in data["gaps"]),
        tiles={t["id"]: tuple(t["patios"]) for t in data["home_tiles"]},
        tile_order=tuple(t["id"] for t in data["home_tiles"]),
        neighbours=neighbours,
        data=data,
    )


@lru_cache(maxsize=1)
def board() -> Board:
    return build(json.loads(BOARD_FILE.read_text(encoding="utf-8")))
