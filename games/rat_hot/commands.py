"""Rat Hot's typed commands (text-first mode, games/command_line.py): "place 1 at -3 1 east" puts the first strip
shown this turn with its first space on column -3, row 1, its other two running east (north is up: rows grow
downward, as on the board). "place 2 ..." is the second strip of a turn of two; "column" and "row" may be said."""
import re

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.command_line import Refused, words_of

from .words import COLOUR_NAMES, DIR_NAMES, points, strip

DIRECTIONS = {"east": "E", "south": "S", "west": "W", "north": "N", "e": "E", "s": "S", "w": "W", "n": "N"}
SIGNED = re.compile(r"^[-\u2212]?\d{1,2}$")


def _directions() -> dict[str, str]:
    found = dict(DIRECTIONS)
    for code, name in DIR_NAMES.items():
        found[str(name).lower()] = code
    return found


def _signed(word: str) -> int | None:
    return int(word.replace("\u2212", "-")) if SIGNED.match(word) else None


def parse(line: str, view: dict, actions: list[dict], names: list[str]) -> dict:
    words = words_of(line.replace("(", " ").replace(")", " "))
    if words[0] not in ("place", pgettext("a Rat Hot command", "place")):
        raise Refused(_("“%(word)s” is not a move. Type “help” to hear what you can type.")
                      % {"word": words[0]})
    if not actions:
        raise Refused(_("You cannot place a strip now."))
    example = _("Say it as “place 1 at -3 1 east”: the strip (1 or 2), its first space's column and row, "
                "and the way it runs (east, south, west or north).")
    at = words.index("at") if "at" in words else None
    if at is None:
        raise Refused(example)
    which = [w for w in words[1:at] if w.isdigit()]
    revealed = [s["id"] for s in view["revealed"]]
    if len(which) > 1 or (which and not 1 <= int(which[0]) <= len(revealed)):
        raise Refused(_("Say which strip: %(choices)s.") % {"choices": _strips(view)})
    if not which and len(revealed) > 1:
        raise Refused(_("Two strips are shown: say which, as in “place 2 at ...”. %(choices)s.")
                      % {"choices": _strips(view)})
    strip_id = revealed[int(which[0]) - 1] if which else revealed[0]
    rest = [w for w in words[at + 1:] if w not in ("column", "row", "facing", "running", "to")]
    numbers = [_signed(w) for w in rest if _signed(w) is not None]
    ways = [_directions()[w] for w in rest if w in _directions()]
    if len(numbers) != 2 or len(ways) != 1:
        raise Refused(example)
    action = {"type": "place", "strip": strip_id, "x": numbers[0], "y": numbers[1], "dir": ways[0]}
    if action not in actions:
        raise Refused(_("That strip cannot lie there: it must lie on three cells of one height, inside the table, "
                        "touching a strip and not covering one strip whole. Type “moves” to hear some "
                        "places it can go."))
    return action


def _strips(view: dict) -> str:
    return "; ".join(_("%(n)d: %(spaces)s") % {"n": n, "spaces": strip(s["spaces"])}
                     for n, s in enumerate(view["revealed"], start=1))


def typed(action: dict, view: dict, names: list[str]) -> str | None:
    revealed = [s["id"] for s in view["revealed"]]
    way = {code: word for word, code in DIRECTIONS.items() if len(word) > 1}[action["dir"]]
    return f"place {revealed.index(action['strip']) + 1} at {action['x']} {action['y']} {way}"


def prompt(view: dict, actions: list[dict], names: list[str]) -> str:
    if not actions:
        return _("You have no move to make now.")
    return _("Your strips to place: %(strips)s. Type “place”, the strip, “at”, a column and "
             "row and a way, as in “place 1 at -3 1 east” (%(count)d places are possible: “moves” "
             "lists some).") % {"strips": _strips(view), "count": len(actions)}


def help_lines() -> list[str]:
    return [_("Rat Hot: “place 1 at -3 1 east” puts strip 1 with its first space on column -3, row 1, "
              "running east; rows grow downward, so north is up. The table's top spaces are listed row by row "
              "under “The table”.")]


def scores(view: dict, names: list[str]) -> str:
    said = "; ".join(_("%(name)s (%(colour)s) %(points)s, %(rats)d of their rats showing") % {
        "name": names[seat], "colour": COLOUR_NAMES[seat], "points": points(chips["points"]),
        "rats": view["rats"][seat]} for seat, chips in enumerate(view["chips"]))
    return _("Scores: %(said)s. Strips left: %(left)d.") % {"said": said, "left": view["left"]}
