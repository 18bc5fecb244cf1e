"""Hot Tin Roof's typed commands (text-first mode, games/command_line.py): "dive home1 sitting", "dive catwalk B C"
(the gap between the Bakers and the Chens), "dive shelter A", "dive shelter B from A", "move sitting from E to D"
(the cheapest path; "via F" for another), "end turn", and at the end "pay sitting" or "join standing". Patios are
their letters A to O, as the board prints them."""
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.command_line import Refused, words_of
from games.log_words import name_list

from .board import board
from .words import cans, dumpster, family, fish, pair

PAIRS = ("sitting", "standing")
DUMPSTERS = ("home1", "home2", "home3", "catwalk", "shelter")


def _verb(word: str) -> str | None:
    verbs = {"dive": "dive", "move": "move", "end": "end_turn", "pay": "pay", "join": "join"}
    for english, kind in list(verbs.items()):
        verbs[pgettext("a Hot Tin Roof command", english)] = kind
    return verbs.get(word)


def _patios(words: list[str]) -> list[str]:
    return [word.upper() for word in words if word.upper() in board().family]


def _gap_of(ends: list[str]) -> str | None:
    for gap, between in board().gaps.items():
        if set(between) == set(ends):
            return gap
    return None


def parse(line: str, view: dict, actions: list[dict], names: list[str]) -> dict:
    line = line.replace("home 1", "home1").replace("home 2", "home2").replace("home 3", "home3")
    words = words_of(line)
    kind = _verb(words[0])
    if kind is None:
        raise Refused(_("“%(word)s” is not a move. Type “help” to hear what you can type.")
                      % {"word": words[0]})
    engine_kind = {"pay": "settle", "join": "settle"}.get(kind, kind)
    if not any(a["type"] == engine_kind for a in actions):
        raise Refused(_("You cannot %(move)s now.") % {"move": words[0]} + " " + prompt(view, actions, names))
    if kind == "end_turn":
        return {"type": "end_turn"}
    if kind == "dive":
        return _dive(words[1:], actions)
    if kind == "move":
        return _move(words[1:], view, actions)
    return _settle(kind, words[1:], actions)


def _only(found: list[dict], refusal: str) -> dict:
    if not found:
        raise Refused(refusal)
    return found[0]


def _dive(words: list[str], actions: list[dict]) -> dict:
    dives = [a for a in actions if a["type"] == "dive"]
    named = [w for w in words if w in DUMPSTERS or w == "home"]
    if len(named) != 1:
        raise Refused(_("Say which dumpster: “dive home1” (or home2, home3), “dive catwalk” or "
                        "“dive shelter”, then where."))
    which = named[0]
    if which == "home":
        raise Refused(_("Say which home-tile dumpster: home1, home2 or home3."))
    rest = words[words.index(which) + 1:]
    here = [a for a in dives if a["dumpster"] == which]
    if not here:
        raise Refused(_("You cannot dive into %(dumpster)s now.") % {"dumpster": dumpster(which)})
    if which.startswith("home"):
        pairs = [w for w in rest if w in PAIRS]
        if pairs:
            here = [a for a in here if a.get("pair") == pairs[0]]
        elif len({a.get("pair") for a in here}) > 1:
            raise Refused(_("Both your pairs are off the board: say which, as in “dive %(dumpster)s "
                            "sitting”.") % {"dumpster": which})
        return _only(here, _("That pair is already on the board."))
    field = "gap" if which == "catwalk" else "patio"
    at, since = (rest[:rest.index("from")], rest[rest.index("from") + 1:]) if "from" in rest else (rest, [])
    place, moved_from = _place(at, field), _place(since, field)
    if place is None:
        plain = [a for a in here if field not in a]
        return _only(plain, _("Say where: %(example)s.") % {
            "example": "“dive catwalk B C”" if field == "gap" else "“dive shelter A”"})
    found = [a for a in here if a.get(field) == place and a.get("from") == moved_from]
    if not found and moved_from is None and any(a.get(field) == place for a in here):
        raise Refused(_("Your reserve is empty: say which of yours to move, as in “... from A”."))
    return _only(found, _("You cannot place it there."))


def _place(words: list[str], field: str):
    """A gap by its two patios ("B C") or its id ("g1"); a patio by its letter."""
    if field == "gap":
        ids = [w for w in words if w in board().gaps]
        if ids:
            return ids[0]
        ends = _patios(words)
        return _gap_of(ends) if len(ends) == 2 else None
    patios = _patios(words)
    return patios[0] if len(patios) == 1 else None


def _move(words: list[str], view: dict, actions: list[dict]) -> dict:
    example = _("Say it as “move sitting from E to D” (add “via F” for another path).")
    if "to" not in words:
        raise Refused(example)
    to_at = words.index("to")
    before, after = words[:to_at], words[to_at + 1:]
    via = []
    if "via" in after:
        via, after = _patios(after[after.index("via") + 1:]), after[:after.index("via")]
    pairs = [w for w in before if w in PAIRS]
    start, dest = _patios(before), _patios(after)
    if len(dest) != 1 or len(start) > 1:
        raise Refused(example)
    found = [a for a in actions if a["type"] == "move" and a["path"][-1] == dest[0]
             and (not pairs or a["pair"] == pairs[0]) and (not start or a["path"][0] == start[0])
             and (not via or a["path"][1:-1] == via)]
    if not found:
        raise Refused(_("None of your cats can go there now (each cat moves once a turn, across catwalks and "
                        "moonlit routes, tolls paid)."))
    if len({(a["pair"], a["path"][0]) for a in found}) > 1:
        raise Refused(_("Say which cat, by its pair and patio: %(cats)s.") % {"cats": "; ".join(
            f"“move {a['pair']} from {a['path'][0]} to {dest[0]}”" for a in _distinct_cats(found))})
    return found[0]


def _distinct_cats(found: list[dict]) -> list[dict]:
    seen, distinct = set(), []
    for action in found:
        key = (action["pair"], action["path"][0])
        if key not in seen:
            seen.add(key)
            distinct.append(action)
    return distinct


def _settle(kind: str, words: list[str], actions: list[dict]) -> dict:
    settles = [a for a in actions if a["type"] == "settle"]
    pairs = [w for w in words if w in PAIRS]
    if pairs:
        settles = [a for a in settles if a["pair"] == pairs[0]]
    elif len({a["pair"] for a in settles}) > 1:
        raise Refused(_("Say which pair: “%(verb)s sitting” or “%(verb)s standing”.")
                      % {"verb": kind})
    if kind == "pay":
        return _only([a for a in settles if "path" not in a], _("That pair has nothing to pay."))
    path = _patios(words)
    joins = [a for a in settles if "path" in a and (not path or a["path"] == path)]
    return _only(joins, _("No path joins that pair: type “pay” and the pair to pay 15 cans."))


def typed(action: dict, view: dict, names: list[str]) -> str | None:
    kind = action["type"]
    if kind == "end_turn":
        return "end turn"
    if kind == "dive":
        text = f"dive {action['dumpster']}"
        if "pair" in action:
            return f"{text} {action['pair']}"
        if "gap" in action:
            text += " " + " ".join(board().gaps[action["gap"]])
        if "patio" in action:
            text += f" {action['patio']}"
        if "from" in action:
            place = action["from"]
            text += " from " + (" ".join(board().gaps[place]) if place in board().gaps else place)
        return text
    if kind == "move":
        return f"move {action['pair']} from {action['path'][0]} to {action['path'][-1]}" + _via(action, view)
    if "path" in action:
        return f"join {action['pair']} " + " ".join(action["path"])
    return f"pay {action['pair']}"


def _via(action: dict, view: dict) -> str:
    """" via F G": the patios a path passes, so that the line names this very path."""
    path = action["path"]
    return f" via {' '.join(path[1:-1])}" if path[1:-1] else ""


def _cats(player: dict) -> str:
    said = []
    for name in PAIRS:
        at = player["cats"][name]
        if all(p is None for p in at):
            said.append(_("%(pair)s off the board") % {"pair": pair(name)})
        else:
            said.append(_("%(pair)s at %(patios)s") % {"pair": pair(name), "patios": ", ".join(
                f"{p} ({family(p)})" for p in at if p is not None)})
    return "; ".join(said)


def prompt(view: dict, actions: list[dict], names: list[str]) -> str:
    kinds = {a["type"] for a in actions}
    me = view["players"][view["seat"]]
    said = [_("You have %(cans)s and %(fish)s.") % {"cans": cans(me["cans"]), "fish": fish(me["fish"])}]
    if "dive" in kinds:
        heaps = ", ".join(f"{d['id']} {cans(d['cans'])}" + (f" ({'–'.join(d['tile']['patios'])})" if d["tile"] else "")
                          for d in view["dumpsters"])
        said.append(_("Dumpsters: %(heaps)s. Type “dive” and a dumpster: “dive home1 sitting”, "
                      "“dive catwalk B C”, “dive shelter A”.") % {"heaps": heaps})
    if "move" in kinds or "end_turn" in kinds:
        said.append(_("Your cats: %(cats)s.") % {"cats": _cats(me)})
        said.append(_("Type “move sitting from E to D” to move a cat, or “end turn”."))
    if "settle" in kinds:
        said.append(_("The game is ending: settle each pair on the board: “join sitting” (tolls paid) or "
                      "“pay sitting” (15 cans)."))
    return " ".join(said)


def help_lines() -> list[str]:
    return [_("Hot Tin Roof: “dive home1 sitting” (a home tile for a pair off the board); “dive "
              "catwalk B C” (a catwalk on the gap between B and C; “from” and a gap to move one of "
              "yours); “dive shelter A”; “move sitting from E to D” (the cheapest path, or add "
              "“via F”); “end turn”; at the end “join sitting” or “pay "
              "sitting”. Patios are the letters A to O.")]


def scores(view: dict, names: list[str]) -> str:
    totals = ", ".join(_("%(name)s %(cans)s and %(fish)s") % {
        "name": names[p["seat"]], "cans": cans(p["cans"]), "fish": fish(p["fish"])} for p in view["players"])
    said = _("Scores are cans plus 10 for each fish: %(totals)s. Fish left in the market: %(left)s.") % {
        "totals": totals, "left": view["market"]}
    if view.get("winners"):
        said += " " + _("Won by %(names)s.") % {"names": name_list([names[s] for s in view["winners"]])}
    return said
