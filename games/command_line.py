"""The text-first mode's command line (docs/accessibility.md): a typed line in, a move through the turn service or
an answer in words out.

Every game has its own words for its moves in `games/<slug>/commands.py`:
    parse(text, view, actions, names) -> action    the engine's action, or raises Refused with the reason in words
    typed(action, view, names) -> str | None       how to type a legal action (the inverse of parse)
    prompt(view, actions, names) -> str             what the seat holds that matters now and what it may type
    help_lines() -> [str]                           the game's commands, one sentence each
    scores(view, names) -> str                      the scores as they stand
The framework answers the questions every game shares ("help", "moves", "last", "scores", "whose turn") without
changing anything; a move goes through `games.turns.play`, the only way a match changes.
"""
import re
from dataclasses import dataclass
from importlib import import_module

from django.utils.translation import gettext, pgettext

from games.log_words import name_list, who, with_names

MAX_LENGTH = 200  # characters of one typed line
MAX_LISTED = 12  # moves "moves" lists before "and N more"


class Refused(Exception):
    """A line that is no move now: its message says why, in words, and nothing changes."""


@dataclass
class Reply:
    text: str
    action: dict | None = None  # a move to play, or None: a question answered


def commands_of(game):
    """The game's commands module (games/<slug>/commands.py), or None."""
    try:
        return import_module(f"{game.module}.commands")
    except ModuleNotFoundError:
        return None


def normalise(text: str) -> str:
    """Lower case, single spaces, no punctuation at the ends: "  Swap 2 with Ann 3. " -> "swap 2 with ann 3"."""
    return re.sub(r"\s+", " ", text.strip().lower()).strip(" .!?;:,。！？")


def words_of(text: str) -> list[str]:
    """The words of a normalised line, commas read as spaces."""
    return text.replace(",", " ").replace("，", " ").split()


def questions() -> dict[str, str]:
    """The words of each question (English and, where the catalogue has them, the language's own)."""
    found = {}
    for key, english, local in (
        ("help", "help", pgettext("a command", "help")),
        ("help", "?", "?"),
        ("moves", "moves", pgettext("a command", "moves")),
        ("last", "last", pgettext("a command", "last")),
        ("scores", "scores", pgettext("a command", "scores")),
        ("scores", "score", "score"),
        ("turn", "whose turn", pgettext("a command", "whose turn")),
        ("turn", "turn", "turn"),
    ):
        found[english] = key
        found[normalise(local)] = key
    return found


def answer(game, view: dict, actions: list[dict], names: list[str], text: str, *, to_move: list[int],
           over: bool) -> Reply:
    """The reply to one typed line for the seat whose `view` this is (None: a spectator's) and its legal
    `actions` now. Raises Refused for a line that is neither a question nor a move it may make."""
    line = normalise(text)
    if not line:
        raise Refused(gettext("Type a move, or “help” to hear what you can type."))
    if len(line) > MAX_LENGTH:
        raise Refused(gettext("That line is too long."))
    module = commands_of(game)
    question = questions().get(line)
    if question == "help":
        return Reply(help_text(module, view, actions, names, over))
    if question == "moves":
        return Reply(moves_text(module, view, actions, names, over))
    if question == "last":
        return Reply(last_text(game, view, names))
    if question == "scores":
        return Reply(module.scores(view, names) if module else gettext("This game has no scores to tell yet."))
    if question == "turn":
        return Reply(turn_text(view, to_move, names, over))
    if over:
        raise Refused(gettext("The match is over: you can ask “scores” or “last”."))
    if module is None or view is None or view.get("seat") is None:
        raise Refused(gettext("Only a player at this table can make a move."))
    if not actions:
        raise Refused(turn_text(view, to_move, names, over) + " " + gettext("You cannot move now."))
    action = module.parse(line, view, actions, names)
    if action not in actions:  # a parser builds from the legal actions; this keeps a slip from reaching play
        raise Refused(gettext("You cannot do that now.") + " " + module.prompt(view, actions, names))
    return Reply("", action)


def help_text(module, view, actions, names, over: bool) -> str:
    lines = [gettext("Type a move and press Enter. You can also type: “whose turn”, “last” (what "
                     "just happened), “scores”, “moves” (what you can type now) and "
                     "“help”.")]
    if module is not None:
        lines += module.help_lines()
        if actions and not over:
            lines.append(module.prompt(view, actions, names))
    return " ".join(lines)


def moves_text(module, view, actions, names, over: bool) -> str:
    if over or not actions or module is None:
        return gettext("You have no move to make now.")
    typed = []
    kinds = [action.get("type") for action in actions]
    # The moves of a kind with few variants first ("discard" before sixteen swaps), each kind in the engine's order.
    for action in sorted(actions, key=lambda action: kinds.count(action.get("type"))):
        words = module.typed(action, view, names)
        if words and words not in typed:
            typed.append(words)
    shown = typed[:MAX_LISTED]
    text = gettext("You can type: %(moves)s.") % {"moves": "; ".join(f"“{m}”" for m in shown)}
    if len(typed) > len(shown):
        text += " " + gettext("And %(count)d more.") % {"count": len(typed) - len(shown)}
    return text


def last_text(game, view, names) -> str:
    log = (view or {}).get("log") or []
    if not log:
        return gettext("Nothing has happened yet.")
    entry = log[-1]
    said, name = with_names(game.event_text(entry), names), who(entry, names)
    return f"{name} {said}" if name else said


def turn_text(view, to_move: list[int], names: list[str], over: bool) -> str:
    if over:
        return gettext("The match is over.")
    seat = (view or {}).get("seat")
    if seat is not None and seat in to_move:
        others = [names[s] for s in to_move if s != seat]
        if others:
            return gettext("It is your turn, and %(names)s's.") % {"names": name_list(others)}
        return gettext("It is your turn.")
    if not to_move:
        return gettext("Nobody is to move.")
    return gettext("It is %(names)s's turn.") % {"names": name_list([names[s] for s in to_move])}


def seat_named(word: str, names: list[str], view: dict) -> int | None:
    """The seat a typed name stands for: a player's name (or its first word), case ignored, never the viewer's."""
    word = word.lower()
    found = [s for s, name in enumerate(names) if s != view.get("seat") and
             (name.lower() == word or name.lower().split()[0] == word)]
    return found[0] if len(found) == 1 else None


def number(word: str) -> int | None:
    """A typed whole number ("3", "３"), else None."""
    word = word.strip()
    return int(word) if word.isdigit() and len(word) <= 3 else None
