"""The Hot Tin Roof table as things to draw: the board from its data, the pieces from the view, and the legal
actions grouped as choices (a dumpster, a spot; a cat, a destination, an alternative) for the page's script.

Everything here reads the engine's view and the legal actions the framework passes in; no rule is decided here.
"""
import json

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from games.hot_tin_roof import paths, words
from games.hot_tin_roof.board import board
from games.hot_tin_roof.rules import PAIR_PENALTY

register = template.Library()

COLOURS = ("white", "orange", "brown", "blue")
PAIR_SHAPES = {"sitting": "circle", "standing": "diamond"}


# In context: a seat's colour here is not another game's colour word (one catalogue for all the apps).
COLOUR_NAMES = (pgettext_lazy("seat colour", "White"), pgettext_lazy("seat colour", "Orange"),
                pgettext_lazy("seat colour", "Brown"), pgettext_lazy("seat colour", "Blue"))


def colour_name(seat: int) -> str:
    return str(COLOUR_NAMES[seat])  # one word looked up, not the four


def _who(seat: int, names: list) -> str:
    name = names[seat] if seat < len(names) else _("seat %(n)d") % {"n": seat + 1}
    return _("%(name)s (%(colour)s)") % {"name": name, "colour": colour_name(seat)}


def _cats_on(view: dict) -> dict:
    on = {}
    for player in view["players"]:
        for pair, cats in player["cats"].items():
            for cat, patio in enumerate(cats):
                if patio is not None:
                    on.setdefault(patio, []).append({"seat": player["seat"], "pair": pair, "cat": cat,
                                                     "key": f"{player['seat']}-{pair}{cat}"})
    return on


def _patios(view: dict, names: list, movable: set) -> list:
    on = _cats_on(view)
    shown = []
    for data in board().data["patios"]:
        pid = data["id"]
        owner = view["shelters"].get(pid)
        cats = on.get(pid, [])
        spread = [-12 * (len(cats) - 1) + 24 * i for i in range(len(cats))]
        x, y = data["at"]
        shown.append({"id": pid, "family": words.family(pid), "x": x, "y": y, "owner": owner,
                      "colour": COLOURS[owner] if owner is not None else "", "label": patio_label(data, owner, cats),
                      "cats": [{**c, "dx": dx, "colour": COLOURS[c["seat"]], "shape": PAIR_SHAPES[c["pair"]],
                                "label": _("%(colour)s %(cat)s on %(id)s") % {
                                    "colour": colour_name(c["seat"]), "cat": words.cat(c["pair"]), "id": pid},
                                "mine": c["seat"] == view["seat"],
                                "movable": c["seat"] == view["seat"] and f"{c['pair']}{c['cat']}" in movable}
                               for c, dx in zip(cats, spread, strict=True)]})
    return shown


def patio_label(data: dict, owner: int | None, cats: list) -> str:
    """A patio's accessible name: its family and letter as the board shows them, in that order (a name that holds
    what is seen, WCAG 2.5.3, for those who speak or see it), then its shelter and its cats."""
    parts = [_("%(family)s %(id)s (patio)") % {"id": data["id"], "family": words.family(data["id"])}]
    if owner is not None:
        parts.append(_("%(colour)s shelter") % {"colour": colour_name(owner)})
    else:
        parts.append(_("no shelter"))
    if cats:
        listed = _(", ").join(_("%(colour)s %(cat)s") % {"colour": colour_name(c["seat"]), "cat": words.cat(c["pair"])}
                              for c in cats)
        parts.append(_("cats: %(cats)s") % {"cats": listed})
    else:
        parts.append(_("no cats"))
    return _("; ").join(parts)


def _zoom_at(view: dict) -> str:
    """Where a board started zoomed in (a phone) is centred: the viewer's first cat on the board, else their first
    shelter, in board order; "" (the middle of the board) for a spectator or a player with neither."""
    mine = {patio for patio, cats in _cats_on(view).items() if any(c["seat"] == view["seat"] for c in cats)}
    if not mine and view["seat"] is not None:
        mine = {patio for patio, owner in view["shelters"].items() if owner == view["seat"]}
    for data in board().data["patios"]:
        if data["id"] in mine:
            return "{} {}".format(*data["at"])
    return ""


def _gaps(view: dict, names: list) -> list:
    at = {p["id"]: p["at"] for p in board().data["patios"]}
    shown = []
    for gid in board().gap_order:
        a, b = board().gaps[gid]
        owner = view["catwalks"].get(gid)
        ends = {"a": words.family(a), "b": words.family(b)}
        if owner is not None:
            label = _("Gap %(a)s–%(b)s: %(colour)s catwalk") % {**ends, "colour": colour_name(owner)}
        else:
            label = _("Gap %(a)s–%(b)s: no catwalk") % ends
        shown.append({"id": gid, "x1": at[a][0], "y1": at[a][1], "x2": at[b][0], "y2": at[b][1], "owner": owner,
                      "colour": COLOURS[owner] if owner is not None else "", "label": label})
    return shown


def _routes() -> list:
    at = {p["id"]: p["at"] for p in board().data["patios"]}
    return [{"x1": at[a][0], "y1": at[a][1], "x2": at[b][0], "y2": at[b][1]} for a, b in board().data["routes"]]


def short_name(dumpster: str) -> str:
    return {"home1": _("Home 1"), "home2": _("Home 2"), "home3": _("Home 3"), "catwalk": _("Catwalk"),
            "shelter": _("Shelter")}.get(dumpster, dumpster)


def _dumpsters(view: dict, actions: list) -> list:
    divable = {a["dumpster"] for a in actions if a["type"] == "dive"}
    shown = []
    for d in view["dumpsters"]:
        tile = d["tile"]
        families = [words.family(p) for p in tile["patios"]] if tile else []
        shown.append({**d, "families": families, "name": short_name(d["id"]),
                      "divable": d["id"] in divable})
    return shown


def _moves(view: dict, actions: list) -> dict:
    """{"sitting0": {destination: ["B,I|0,0,2", ...]}} for the page's script to compose a move: each alternative
    is the patios between the cat's own and the destination, then (unless free) the tolls per seat."""
    seat = view["seat"]
    found: dict = {}
    for action in actions:
        if action["type"] != "move":
            continue
        key = f"{action['pair']}{action['cat']}"
        start, end = action["path"][0], action["path"][-1]
        alts = paths.cheapest(view["seats"], seat, start, view["catwalks"], view["shelters"])[end]
        tolls = next(p.tolls for p in alts if list(p.patios) == action["path"])
        text = ",".join(action["path"][1:-1]) + ("|" + ",".join(map(str, tolls)) if any(tolls) else "")
        found.setdefault(key, {}).setdefault(end, []).append(text)
    return found


def _settles(view: dict, actions: list, names: list) -> list:
    seat = view["seat"]
    shown = []
    for action in actions:
        if action["type"] != "settle":
            continue
        if "path" not in action:
            text = _("Pay the bank %(cans)s for the %(pair)s") % {"cans": words.cans(PAIR_PENALTY),
                                                                  "pair": words.pair(action["pair"])}
        else:
            start, end = action["path"][0], action["path"][-1]
            alt = next(p for p in paths.cheapest(view["seats"], seat, start, view["catwalks"], view["shelters"])[end]
                       if list(p.patios) == action["path"])
            text = _("Join the %(pair)s along %(route)s: %(tolls)s") % {
                "pair": words.pair(action["pair"]), "route": words.route(action["path"]),
                "tolls": toll_text(alt.tolls, names)}
        shown.append({"action": action, "text": text})
    return shown


def toll_text(tolls, names: list) -> str:
    parts = [_("%(cans)s to %(who)s") % {"cans": words.cans(n), "who": _who(s, names)}
             for s, n in enumerate(tolls) if n]
    return _(", ").join(parts) if parts else _("free")


def _json(value) -> str:
    """JSON safe as the text of an HTML element: no <, > or & (names are typed by people)."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return mark_safe(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))  # noqa: S308


@register.simple_tag
def roof(view: dict, actions: list, names: list) -> dict:
    """Everything the table template draws, in one dict."""
    seat = view["seat"]
    players = []
    for p in view["players"]:
        s = p["seat"]
        players.append({**p, "colour": COLOURS[s], "colour_name": colour_name(s), "name": _who(s, names),
                        "score": p["cans"] + 10 * p["fish"], "turn": s == view["turn"], "me": s == seat,
                        "off": [pair for pair, cats in p["cats"].items() if cats == [None, None]]})
    dives = [a for a in actions if a["type"] == "dive"]
    moves = _moves(view, actions) if view["phase"] == "race" else {}
    shown = {
        "w": board().data["view_box"][0], "h": board().data["view_box"][1],
        "rooftops": [{"id": r["id"], "x": r["rect"][0], "y": r["rect"][1], "w": r["rect"][2], "h": r["rect"][3]}
                     for r in board().data["rooftops"]],
        "routes": _routes(), "gaps": _gaps(view, names), "patios": _patios(view, names, set(moves)),
        "dumpsters": _dumpsters(view, actions), "players": players,
        "data": _json({"dives": dives, "moves": moves,
                       "names": [_who(s, names) for s in range(view["seats"])], "seat": seat,
                       "words": words.script_words(view["phase"]) if actions else {}}),
        "zoom_at": _zoom_at(view),
        "can_end": any(a["type"] == "end_turn" for a in actions),
        "settles": _settles(view, actions, names),
        "turn_colour": COLOURS[view["turn"]] if view["turn"] is not None else "",
    }
    if "result" in view:
        shown["ties"] = [tie_text(tie, view, names) for tie in view["ties"]]
        ranks = view["result"]["ranks"]
        shown["standings"] = sorted(({**p, "place": ranks[p["seat"]]} for p in players), key=lambda p: p["place"])
    return shown


def tie_text(tie: dict, view: dict, names: list) -> str:
    who = _(", ").join(_who(s, names) for s in tie["seats"])
    if tie["by"] == "home_tiles":
        return _("%(who)s tied on %(score)s points: the most home tiles taken decided.") % {
            "who": who, "score": tie["score"]}
    return _("%(who)s tied on %(score)s points: the player furthest to the left of %(trigger)s, who took the "
             "last fish, wins the tie.") % {"who": who, "score": tie["score"],
                                            "trigger": _who(view["trigger_seat"], names)}


@register.filter
def fish_text(n) -> str:
    return words.fish(int(n))


@register.filter
def cans_text(n) -> str:
    return words.cans(int(n))


@register.filter
def reserve_text(player) -> str:
    return _(", ").join([
        ngettext("%(n)d catwalk", "%(n)d catwalks", player["catwalks"]) % {"n": player["catwalks"]},
        ngettext("%(n)d shelter", "%(n)d shelters", player["shelters"]) % {"n": player["shelters"]}])


@register.filter
def pairs_left_text(n) -> str:
    return ngettext("%(n)d pair left", "%(n)d pairs left", int(n)) % {"n": int(n)}


@register.filter
def home_tiles_text(n) -> str:
    return ngettext("%(n)d home tile", "%(n)d home tiles", int(n)) % {"n": int(n)}
