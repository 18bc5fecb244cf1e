"""What every game engine and tally shares, written once: refusals, option specs, seats, randomness, ranking.

Pure Python: no Django, no I/O, no clock. The engine contract itself is described in docs/adding-a-game.md.
"""
from __future__ import annotations

import marshal
import random
from dataclasses import dataclass, field


class IllegalAction(ValueError):
    """A move, a setting or a score pad the rules refuse; nothing was changed.

    `code` names the reason for the game's words module (games/<slug>/words.py), `params` fill it in, and the
    message is an English fallback for logs and tools that have no words module.
    """

    def __init__(self, code: str, message: str = "", **params):
        self.code, self.params = code, params
        super().__init__(message or code.replace("_", " "))


# ---------------------------------------------------------------- a score pad's problems


@dataclass(frozen=True)
class Problem:
    """One thing a table score pad cannot hold, found with all the others (a pad shows them all at once).

    `seat` and `field` say where it belongs (None: the game as a whole), `code` and `params` are for the game's
    words module, `message` is the English fallback. `unended` marks a problem that only says the game had not
    reached its end yet: a play saved as unfinished may still have it.
    """

    seat: int | None
    field: str | None
    code: str
    message: str
    params: dict = field(default_factory=dict)
    unended: bool = False


class Problems(IllegalAction):
    """A pad that cannot be: every problem found, in `problems`."""

    def __init__(self, problems: list[Problem], code: str = "impossible_pad"):
        self.problems = problems
        super().__init__(code, " ".join(p.message for p in problems), count=len(problems))


def problems_left(problems: list[Problem], *, finished: bool) -> list[Problem]:
    """The problems that refuse a pad: all of them for a finished game, all but `unended` ones for an unfinished
    one."""
    return [p for p in problems if finished or not p.unended]


# ---------------------------------------------------------------- strict values


def is_whole(value) -> bool:
    """An int and nothing else: not a bool, not 3.0, not "3"."""
    return type(value) is int


def whole(value, name: str, *, low: int | None = None, high: int | None = None) -> int:
    """`value` when it is a whole number within [low, high]; IllegalAction("not_whole" / "out_of_range")."""
    if not is_whole(value):
        raise IllegalAction("not_whole", f"{name} must be a whole number, not {value!r}.", field=name)
    if (low is not None and value < low) or (high is not None and value > high):
        raise IllegalAction("out_of_range", f"{name} must be from {low} to {high}, not {value}.", field=name,
                            low=low, high=high, value=value)
    return value


def check_seat(seats: int, seat, *, spectator: bool = False):
    """`seat` when it is an int seat of a match of `seats` players (or None when `spectator` is allowed)."""
    if seat is None and spectator:
        return None
    if not is_whole(seat) or not 0 <= seat < seats:
        raise IllegalAction("not_a_seat", "Only a player at the table can make that move.", seat=repr(seat))
    return seat


def check_action(action) -> str:
    """The type of an action: a dict with a string "type", or IllegalAction("not_an_action")."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("not_an_action", "An action must be an object with a type.")
    return action["type"]


def check_seat_count(seats, low: int, high: int) -> int:
    if not is_whole(seats) or not low <= seats <= high:
        raise IllegalAction("seat_count", f"This game is for {low} to {high} players, not {seats!r}.", low=low,
                            high=high)
    return seats


# ---------------------------------------------------------------- options
#
# An option spec is a dict with a "default" and one of:
#   "choices": [...]           the value is one of these (and of the default's type);
#   "min" / "max"              the value is a whole number in that range;
#   neither, with a bool default: true or false.
# "when": {"other": value} says the option only matters when another option has that value (forms use it).


def check_option(name: str, spec: dict, value):
    default = spec["default"]
    if "choices" in spec:
        if type(value) is not type(default) or value not in spec["choices"]:
            raise IllegalAction("bad_option", f"Option {name} must be one of {spec['choices']}, not {value!r}.",
                                option=name, choices=list(spec["choices"]))
    elif "min" in spec or "max" in spec:
        if not is_whole(value) or not spec.get("min", value) <= value <= spec.get("max", value):
            raise IllegalAction("bad_option", f"Option {name} must be a whole number from {spec.get('min')} to "
                                f"{spec.get('max')}, not {value!r}.", option=name, low=spec.get("min"),
                                high=spec.get("max"))
    elif type(default) is bool:
        if type(value) is not bool:
            raise IllegalAction("bad_option", f"Option {name} must be true or false, not {value!r}.", option=name)
    else:  # pragma: no cover - a spec the games never write
        raise TypeError(f"option {name} has a spec of no known kind: {spec!r}")
    return value


def normalise_options(specs: dict, options: dict | None) -> dict:
    """Every option with its default filled in; IllegalAction for an unknown option or a value not allowed."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalAction("bad_options", "The options must be a set of names and values.")
    unknown = sorted(set(options) - set(specs), key=str)
    if unknown:
        raise IllegalAction("unknown_option", f"There is no option {unknown[0]!r}.", option=str(unknown[0]))
    return {name: check_option(name, spec, options.get(name, spec["default"])) for name, spec in specs.items()}


def option_applies(spec: dict, options: dict) -> bool:
    """Whether an option matters given the others (its "when" holds)."""
    return all(options.get(other) == value for other, value in spec.get("when", {}).items())


# ---------------------------------------------------------------- randomness


def next_rng(state: dict) -> random.Random:
    """A generator for the next random step, seeded by the game's seed and a counter kept in the state.

    Only call on a state the engine owns (it advances `state["draws"]`). Same seed, same draws: same game.
    """
    rng = random.Random(f"{state['seed']}:{state['draws']}")
    state["draws"] += 1
    return rng


# ---------------------------------------------------------------- ranking


def ranks(keys: list, *, lower_wins: bool = False) -> list[int]:
    """Places from scores (or tuples of score and tie-breaks, compared as a whole): 1 is the winner, equal keys
    share a place and the next place is skipped (1, 2, 2, 4)."""
    better = (lambda a, b: a < b) if lower_wins else (lambda a, b: a > b)
    return [1 + sum(better(other, key) for other in keys) for key in keys]


MARSHAL_FORMAT = 2  # marshal's format 2 writes no references and no "interned" flags: equal data, equal bytes


def copied(state: dict) -> dict:
    """A deep copy of a state that a move may change: an engine never changes its input. The state must be JSON
    data already (dicts with string keys, lists, strings, numbers, booleans, None), as every state an engine
    makes is (the random playouts check it); marshal then reads back exactly what it wrote, nothing shared, a few
    times quicker than a JSON round trip (and copy.deepcopy is slower still)."""
    return marshal.loads(marshal.dumps(state, MARSHAL_FORMAT))


LOG_KEPT = 60  # log events a state keeps, for every game: a table shows 12 lines (tables.LOG_LINES)


def bounded_log(log: list, kept: int = LOG_KEPT) -> None:
    """Keep only the newest `kept` log events in place: views show no more; the match's moves are the record."""
    del log[:-kept]
