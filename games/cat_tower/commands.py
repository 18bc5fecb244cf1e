"""Cat Tower's typed commands (text-first mode, games/command_line.py): "take 4" (the die showing 4), "mark yarn
column 2 floor 3", "mark house column 1 floor 5 cat mouse", "pass" (circle a footprint). The footprints a mark
needs are counted for the player, the fewest that make it, as the board's buttons do."""
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.command_line import Refused, number, words_of
from games.log_words import name_list

from .engine import TOWER
from .words import ITEM_NAMES, footprints, item_name, listing


def _item_words() -> dict[str, str]:
    """Each word that names an item (English, and the language's own) -> its sheet name."""
    found = {}
    for name in TOWER.items.values():
        found[name] = name
        found[str(ITEM_NAMES.get(name, name)).lower()] = name
    found["mice"], found["house cat"] = "mouse", "house"
    return found


def _verb(word: str) -> str | None:
    verbs = {"take": "take_die", "mark": "mark", "pass": "pass"}
    for english, kind in list(verbs.items()):
        verbs[pgettext("a Cat Tower command", english)] = kind
    return verbs.get(word)


def parse(line: str, view: dict, actions: list[dict], names: list[str]) -> dict:
    words = words_of(line)
    kind = _verb(words[0])
    if kind is None:
        raise Refused(_("“%(word)s” is not a move. Type “help” to hear what you can type.")
                      % {"word": words[0]})
    if not any(a["type"] == kind for a in actions):
        raise Refused(_("You cannot %(move)s now.") % {"move": words[0]} + " " + prompt(view, actions, names))
    if kind == "pass":
        return {"type": "pass"}
    if kind == "take_die":
        return _take(words[1:], view, actions)
    return _mark(words[1:], actions)


def _take(words: list[str], view: dict, actions: list[dict]) -> dict:
    value = number(words[-1]) if words else None
    free = {view["roll"][a["die"]]["value"]: a for a in reversed(actions) if a["type"] == "take_die"}
    if value is None:
        raise Refused(_("Say which die by its number, as in “take %(value)s”.") % {"value": min(free)})
    if value not in free:
        raise Refused(_("No die left shows %(value)s. You can take: %(dice)s.")
                      % {"value": value, "dice": listing(sorted(free))})
    return free[value]


def _mark(words: list[str], actions: list[dict]) -> dict:
    example = _("Say it as “mark yarn column 2 floor 3”, and after a house “cat” and the cat "
                "to score: “mark house column 1 floor 5 cat mouse”.")
    items = _item_words()
    cat_at = [i for i, word in enumerate(words) if word in ("cat", pgettext("a Cat Tower command", "cat"))]
    cat = None
    if cat_at:
        after = words[cat_at[0] + 1:]
        cat = items.get(" ".join(after)) if after else None
        if cat is None:
            raise Refused(_("Say which cat to score after “cat”: %(cats)s.")
                          % {"cats": listing(item_name(c) for c in _open_cats(actions))})
        words = words[:cat_at[0]]
    named = [items[word] for word in words if word in items]
    numbers = [number(word) for word in words if number(word) is not None]
    if len(named) != 1 or len(numbers) != 2:
        raise Refused(example)
    item = {name: die for die, name in TOWER.items.items()}[named[0]]
    column, floor = numbers
    if not (1 <= column <= len(TOWER.columns)) or f"{column}-{floor}" not in TOWER.column_of:
        raise Refused(_("Your tower has no hex at column %(column)s, floor %(floor)s.")
                      % {"column": column, "floor": floor})
    found = [a for a in actions if a["type"] == "mark" and a["item"] == item and a["column"] == column
             and a["floor"] == floor]
    if not found:
        raise Refused(_("You cannot mark %(item)s at column %(column)s, floor %(floor)s now. Type “moves” "
                        "to hear the marks you can make.") % {"item": item_name(named[0]), "column": column,
                                                              "floor": floor})
    if found[0]["cat"] is None:
        if cat is not None:
            raise Refused(_("A cat is scored only after marking a house, while cats are left to score."))
        return found[0]
    chosen = [a for a in found if a["cat"] == cat]
    if not chosen:
        raise Refused(_("After a house, say which cat to score: %(cats)s, as in “... cat %(cat)s”.")
                      % {"cats": listing(item_name(a["cat"]) for a in found), "cat": found[0]["cat"]})
    return chosen[0]


def _open_cats(actions: list[dict]) -> list[str]:
    return sorted({a["cat"] for a in actions if a["type"] == "mark" and a["cat"]})


def typed(action: dict, view: dict, names: list[str]) -> str | None:
    kind = action["type"]
    if kind == "pass":
        return "pass"
    if kind == "take_die":
        return f"take {view['roll'][action['die']]['value']}"
    text = f"mark {TOWER.items[action['item']]} column {action['column']} floor {action['floor']}"
    return text + (f" cat {action['cat']}" if action["cat"] else "")


def _dice(view: dict) -> str:
    return listing(str(die["value"]) for die in view["roll"] if die["taken_by"] is None)


def prompt(view: dict, actions: list[dict], names: list[str]) -> str:
    kinds = {a["type"] for a in actions}
    if "take_die" in kinds:
        return _("Dice to take: %(dice)s. Type “take” and a die's number.") % {"dice": _dice(view)}
    if "pass" in kinds:
        sheet = view["sheets"][view["seat"]]
        spare = sheet["footprints"]["circled"] - sheet["footprints"]["crossed"]
        marks = sum(a["type"] == "mark" for a in actions)
        return _("Your die: %(mine)s; the shared die: %(shared)s; you have %(spare)s to spend. Type “mark”, "
                 "an item, its column and floor (%(count)d marks are possible: “moves” lists some), or "
                 "“pass” to circle a footprint.") % {
            "mine": view["my_die"]["value"], "shared": view["shared"]["value"], "spare": footprints(max(spare, 0)),
            "count": marks}
    return _("You have no move to make now.")


def help_lines() -> list[str]:
    return [_("Cat Tower: “take 4” (the die showing 4); “mark yarn column 2 floor 3” (one "
              "number picks the item, the other the floor; the footprints it needs are spent for you); after a "
              "house, add the cat to score: “mark house column 1 floor 5 cat mouse”; “pass” "
              "circles a footprint. Items: house, yarn, butterfly, bowl, cushion, mouse.")]


def scores(view: dict, names: list[str]) -> str:
    totals = ", ".join(f"{names[seat]} {score['total']}" for seat, score in enumerate(view["scores"]))
    said = _("Scores (higher is better): %(totals)s. Round %(round)s.") % {"totals": totals, "round": view["round"]}
    if view.get("winners"):
        said += " " + _("Won by %(names)s.") % {"names": name_list([names[s] for s in view["winners"]])}
    return said
