"""Rat-a-Tat Cat's typed commands (text-first mode, games/command_line.py): "draw", "take 2", "replace 3",
"discard", "peek 1", "swap 2 with Ann 3", "knock", "end turn", "memorised"; positions are 1 to 4, as the rules
count them."""
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.command_line import Refused, number, seat_named, words_of
from games.log_words import name_list

from .words import card_name, with_article

POSITIONS = 4


def _verbs() -> dict[str, str]:
    """Each typed word (English, and the language's own where its catalogue has one) for the action it starts."""
    verbs = {
        "draw": "draw", "take": "take_discard", "replace": "replace", "keep": "replace", "discard": "discard",
        "decline": "discard", "peek": "peek", "swap": "swap", "knock": "knock", "end": "end_turn",
        "memorised": "memorised", "memorized": "memorised", "remembered": "memorised",
    }
    for english, kind in list(verbs.items()):
        verbs[pgettext("a Rat-a-Tat Cat command", english)] = kind
    return verbs


def parse(line: str, view: dict, actions: list[dict], names: list[str]) -> dict:
    words = words_of(line)
    kind = _verbs().get(words[0])
    if kind is None:
        raise Refused(_("“%(word)s” is not a move. Type “help” to hear what you can type.")
                      % {"word": words[0]})
    if not any(a["type"] == kind for a in actions):
        raise Refused(_("You cannot %(move)s now.") % {"move": words[0]} + " " + prompt(view, actions, names))
    if kind in ("draw", "discard", "knock", "end_turn", "memorised"):
        return {"type": kind}
    if kind == "swap":
        return _swap(words[1:], view, actions, names)
    position = _position(words[1:], kind)
    action = {"type": kind, "position": position}
    if action not in actions:  # a Peek looks at a face-down card only
        raise Refused(_("You cannot choose position %(position)s for that.") % {"position": position + 1})
    return action


def _position(words: list[str], kind: str) -> int:
    found = [number(word) for word in words if number(word) is not None]
    if len(found) != 1 or not 1 <= found[0] <= POSITIONS:
        raise Refused(_("Say one position from 1 to 4, as in “%(example)s 2”.")
                      % {"example": {"take_discard": "take", "replace": "replace", "peek": "peek"}[kind]})
    return found[0] - 1


def _swap(words: list[str], view: dict, actions: list[dict], names: list[str]) -> dict:
    """"swap 2 with Ann 3": one of your positions, "with", a player, their position."""
    example = _("Say it as “swap 2 with %(name)s 3”: your position, “with”, a player and their "
                "position.") % {"name": _a_rival(view, names)}
    with_word = [i for i, word in enumerate(words) if word in ("with", pgettext("a Rat-a-Tat Cat command", "with"))]
    if len(with_word) != 1 or len(words) < with_word[0] + 3:
        raise Refused(example)
    mine, theirs = words[:with_word[0]], words[with_word[0] + 1:]
    position, their_position = number(mine[0]) if len(mine) == 1 else None, number(theirs[-1])
    opponent = seat_named(" ".join(theirs[:-1]), names, view)
    if position is None or their_position is None:
        raise Refused(example)
    if opponent is None:
        raise Refused(_("There is no other player called “%(name)s” here.") % {"name": " ".join(theirs[:-1])})
    if not (1 <= position <= POSITIONS and 1 <= their_position <= POSITIONS):
        raise Refused(_("Positions go from 1 to 4."))
    action = {"type": "swap", "position": position - 1, "opponent": opponent, "their_position": their_position - 1}
    if action not in actions:
        raise Refused(_("You cannot swap those two cards."))
    return action


def _a_rival(view: dict, names: list[str]) -> str:
    others = [name for seat, name in enumerate(names) if seat != view.get("seat")]
    return others[0] if others else "Ann"


def typed(action: dict, view: dict, names: list[str]) -> str | None:
    kind = action["type"]
    if kind == "swap":
        return (f"swap {action['position'] + 1} with {names[action['opponent']]} {action['their_position'] + 1}")
    if "position" in action:
        word = {"take_discard": "take", "replace": "replace", "peek": "peek"}[kind]
        return f"{word} {action['position'] + 1}"
    return {"end_turn": "end turn"}.get(kind, kind)


def _hand(view: dict) -> str:
    row, down = view["rows"][view["seat"]]["cards"], _("face down")  # outside the f-string, where xgettext reads
    return _("Your cards: %(cards)s.") % {"cards": ", ".join(
        f"{card['position'] + 1}: {down if card['shown'] is None else card_name(card['shown'])}" for card in row)}


def prompt(view: dict, actions: list[dict], names: list[str]) -> str:
    """What matters now and what the seat may type (its own view only: its cards, the card it drew)."""
    kinds = {a["type"] for a in actions}
    said = []
    if "memorised" in kinds:
        said.append(_hand(view) + " " + _("Remember your outer cards, then type “memorised”."))
    if "draw" in kinds:
        if "take_discard" in kinds:
            said.append(_("The discard pile shows %(card)s. Type “draw”, or “take” and one of "
                          "your positions (1 to 4) to take it.") % {"card": with_article(view["discard"])})
        else:
            said.append(_("Type “draw” to draw a card."))
    drawn = view.get("drawn")
    if drawn is not None and "discard" in kinds:
        if drawn == "peek":
            said.append(_("You drew a Peek: type “peek” and a face-down position, or “discard”."))
        elif drawn == "swap":
            said.append(_("You drew a Swap: type “swap 2 with %(name)s 3” (your position, a player, their "
                          "position), or “discard”.") % {"name": _a_rival(view, names)})
        elif drawn == "draw2":
            said.append(_("You drew a Draw 2: type “discard” to draw again."))
        else:
            said.append(_("You drew %(card)s: type “replace” and a position (1 to 4) to keep it, or "
                          "“discard”.") % {"card": with_article(drawn)})
    if "knock" in kinds:
        said.append(_("Your turn is done: type “knock” to end the round after everyone's last turn, or "
                      "“end turn”."))
    return " ".join(said) or _("You have no move to make now.")


def help_lines() -> list[str]:
    return [_("Rat-a-Tat Cat: “draw”; “take 2” (the discard into your position 2); "
              "“replace 3” (the card you drew into position 3); “discard”; “peek 1”; "
              "“swap 2 with Ann 3”; “knock”; “end turn”; “memorised”. "
              "Positions go from 1 to 4, left to right.")]


def scores(view: dict, names: list[str]) -> str:
    totals = ", ".join(f"{names[seat]} {total}" for seat, total in enumerate(view["totals"]))
    said = _("Totals (lower is better): %(totals)s. Rounds played: %(rounds)d.") % {
        "rounds": len(view["rounds"]), "totals": totals}
    if view.get("winners"):
        said += " " + _("Won by %(names)s.") % {"names": name_list([names[s] for s in view["winners"]])}
    return said
