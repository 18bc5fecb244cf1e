"""The Rat Hot strips, read once from deck.json (copied from the rules: 42 strips and the start strip).

Pure: the file beside this module is read at import, nothing else.
"""
import json
from pathlib import Path

_DATA = json.loads((Path(__file__).with_name("deck.json")).read_text())

COLOURS = ("red", "green")  # seat 0 plays red, seat 1 green
START_ID = "start"
START = tuple(_DATA["start"])
STRIPS: dict[str, tuple[str, str, str]] = {s["id"]: tuple(s["spaces"]) for s in _DATA["strips"]}
ORDER = [s["id"] for s in _DATA["strips"]]  # the deck before shuffling

SPICES = {colour: tuple(_DATA["colours"][colour]["spices"]) for colour in COLOURS}
RATS = tuple(_DATA["colours"][colour]["rat"] for colour in COLOURS)  # RATS[seat]: that seat's rat space
OWNER = {spice: seat for seat, colour in enumerate(COLOURS) for spice in SPICES[colour]}  # spice -> seat
EMPTY, START_SPACE = "empty", "start"
SPACES = frozenset([*OWNER, *RATS, EMPTY, START_SPACE])

assert all(len(spaces) == 3 and set(spaces) <= SPACES for spaces in STRIPS.values()), "deck.json: bad strip"
assert len(set(ORDER)) == len(ORDER) and START_ID not in STRIPS, "deck.json: strip ids must be unique"


def spaces_of(strip_id: str) -> tuple[str, str, str]:
    return START if strip_id == START_ID else STRIPS[strip_id]


def spice_spaces(seat: int) -> int:
    """How many spaces of that seat's spices the whole deck holds (no more can ever be visible)."""
    return sum(space in SPICES[COLOURS[seat]] for spaces in STRIPS.values() for space in spaces)
