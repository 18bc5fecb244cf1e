"""Bounds on the JSON a user sends (a move's action, an imported file): its size, its depth, and no NUL character.

Python's json and copy recurse, so a few thousand nested brackets raise RecursionError (a 500); PostgreSQL
refuses a NUL character in text and in jsonb (another 500). Everything a user sends as JSON is read or checked
here first, and refused with a TooMuch (a ValueError whose message is fit to show) when it is out of bounds.
"""
from __future__ import annotations

import json
import sys

from django.utils.translation import gettext, gettext_lazy

# A move's action and each of its parts: the largest real action is a few hundred bytes, two levels deep.
ACTION_BYTES = 4096
ACTION_DEPTH = 8
ACTION_ITEMS = 500
MOVE_FIELDS = 50  # the action and its parts, in one post


class TooMuch(ValueError):
    """JSON out of bounds: too large, nested too deeply or holding a NUL character. The message says which."""


THE_DATA = gettext_lazy("The data")
THAT_MOVE = gettext_lazy("That move")


def loads(data: str | bytes, *, max_bytes: int, max_depth: int, max_items: int | None = None, what=THE_DATA,
          parse_int=None):
    """json.loads within bounds. JSONDecodeError (a ValueError) when it is not JSON, TooMuch when out of bounds.

    `parse_int` reads each integer's digits (json's own hook); by default an integer of more digits than Python
    reads (sys.get_int_max_str_digits(), 4,300) is TooMuch, not the ValueError json would raise."""
    if len(data) > max_bytes:
        raise TooMuch(gettext("%(what)s is too large: at most %(size)s.") % {"what": what, "size": _size(max_bytes)})
    try:
        value = json.loads(data, parse_int=parse_int or _whole)
    except RecursionError:
        raise TooMuch(_too_deep(what, max_depth)) from None
    check(value, max_depth=max_depth, max_items=max_items, what=what)
    return value


def _whole(digits: str) -> int:
    if longer_than_python_reads(digits):
        raise TooMuch(gettext("A number has %(count)d digits: at most %(most)d are read.") % {
            "count": len(digits.lstrip("-")), "most": sys.get_int_max_str_digits()})
    return int(digits)


def longer_than_python_reads(digits: str) -> bool:
    """Whether int() would refuse these digits (Python's guard against slow conversions; 0 turns it off)."""
    most = sys.get_int_max_str_digits()
    return bool(most) and len(digits.lstrip("-")) > most


def _too_deep(what, levels: int) -> str:
    return gettext("%(what)s is nested too deeply: at most %(levels)d levels.") % {"what": what, "levels": levels}


def check(value, *, max_depth: int, max_items: int | None = None, what=THE_DATA) -> None:
    """TooMuch when the JSON value nests deeper than max_depth (a list or object is one level), holds more than
    max_items values in all, or has a NUL character in a string or key. Iterative: it cannot recurse too deep."""
    stack, items = [(value, 0)], 0
    while stack:
        item, depth = stack.pop()
        items += 1
        if max_items is not None and items > max_items:
            raise TooMuch(gettext("%(what)s holds too many values: at most %(count)d.") % {
                "what": what, "count": max_items})
        if isinstance(item, str):
            if "\x00" in item:
                raise TooMuch(gettext("%(what)s holds a NUL character (\\u0000), which no text here may contain.") % {
                    "what": what})
        elif isinstance(item, dict | list):
            if depth >= max_depth:
                raise TooMuch(_too_deep(what, max_depth))
            if isinstance(item, dict):
                stack.extend((key, depth + 1) for key in item)
                stack.extend((child, depth + 1) for child in item.values())
            else:
                stack.extend((child, depth + 1) for child in item)


def check_move_fields(data) -> None:
    """The posted fields of a move (`action` and the `part...` fields) within bounds; TooMuch otherwise.

    Only the bounds are checked here: a field that is not JSON at all is left to the move's own reading."""
    fields = [value for key in data if key == "action" or key.startswith("part") for value in data.getlist(key)]
    if len(fields) > MOVE_FIELDS:
        raise TooMuch(gettext("That move has too many parts: at most %(count)d.") % {"count": MOVE_FIELDS})
    for text in fields:
        try:
            loads(text, max_bytes=ACTION_BYTES, max_depth=ACTION_DEPTH, max_items=ACTION_ITEMS, what=THAT_MOVE)
        except json.JSONDecodeError:
            continue


def check_action(action) -> None:
    """An action built in the server (a view, a bot, an import) within the bounds of a posted one; TooMuch else."""
    check(action, max_depth=ACTION_DEPTH, max_items=ACTION_ITEMS, what=THAT_MOVE)


def _size(count: int) -> str:
    if count >= 1024 * 1024:
        return f"{count // (1024 * 1024)} MB"
    return f"{count // 1024} KB" if count >= 1024 else gettext("%(count)d bytes") % {"count": count}
