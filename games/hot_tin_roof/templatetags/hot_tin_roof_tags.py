"""The Hot Tin Roof table as things to draw: the board from its data, the pieces from the view, and the legal
actions grouped as choices (a dumpster, a spot; a cat, a destination, an alternative) for the page's script.

Everything here reads the engine's view and the legal actions the framework passes in; no rule is decided here.
"""
import html
import json
from functools import cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from games import fragments
from games.hot_tin_roof import paths, words
from games.hot_tin_roof.board import board
from games.hot_tin_roof.rules import PAIR_PENALTY
from games.words_kept import per_language

register = template.Library()

COLOURS = ("white", "orange", "brown", "blue")


# In context: a seat's colour here is not another game's colour word (one catalogue for all the apps).
COLOUR_NAMES = (pgettext_lazy("seat colour", "White"), pgettext_lazy("seat colour", "Orange"),
                pgettext_lazy("seat colour", "Brown"), pgettext_lazy("seat colour", "Blue"))


def colour_name(seat: int) -> str:
    return str(COLOUR_NAMES[seat])  # one word looked up, not the four


def _who(seat: int, names: list) -> str:
    return _named(seat, names[seat] if seat < len(names) else None)


@per_language
def _named(seat: int, name: str | None) -> str:
    """A player by name and colour, "Mia (White)"; "seat 2 (Orange)" for a seat without a name."""
    if name is None:
        name = _("seat %(n)d") % {"n": seat + 1}
    return _("%(name)s (%(colour)s)") % {"name": name, "colour": colour_name(seat)}


def _cats_on(view: dict) -> dict:
    """The cats on the board by patio: (seat, pair, cat) each, in seat order, then pair, then cat."""
    on = {}
    for player in view["players"]:
        for pair, cats in player["cats"].items():
            for cat, patio in enumerate(cats):
                if patio is not None:
                    on.setdefault(patio, []).append((player["seat"], pair, cat))
    return on


# The board is drawn here rather than in board.html: a table draws 15 patios, 18 gaps and up to 16 cats after every
# move, for every seat, and a template spends some twenty function calls on each value it writes. Each piece is kept
# per language and what it shows (games.words_kept.per_language): a move draws again only what it changed.

def patios_html(view: dict, on: dict, movable: set) -> SafeString:
    """The patios in board order with their shelters and cats (`on`, from `_cats_on`); the viewer's cats that may
    move now (`movable`, as "sitting0") are buttons."""
    seat = view["seat"]
    return mark_safe("".join(
        _patio_html(pid, view["shelters"].get(pid),
                    tuple((s, pair, cat, s == seat, s == seat and f"{pair}{cat}" in movable)
                          for s, pair, cat in on.get(pid, ())))
        for pid in board().patios))


@per_language
def _patio_html(pid: str, owner: int | None, cats: tuple) -> SafeString:
    """A patio at its place: its shelter if it has one, its family then its letter (as its name says them: the space
    after the family parts the words for anyone who reads the text out), and its `cats` side by side below it, each
    (seat, pair, cat, mine, movable)."""
    x, y = _places()[pid]
    shelter = format_html('<use href="#h-sh" class="s-{}"/>', COLOURS[owner]) if owner is not None else ""
    drawn = format_html('<g transform="translate({} {})"><g class="htr-patio" data-patio="{}" role="img" '
                        'aria-label="{}">{}<circle r="18"/><text class="fam" y="-32">{} </text><text y="5">{}</text>'
                        '</g>', x, y, pid, patio_label(pid, owner, cats), shelter, words.family(pid), pid)
    spread = [-12 * (len(cats) - 1) + 24 * i for i in range(len(cats))]
    return mark_safe(drawn + "".join(_cat_html(pid, *c, dx) for c, dx in zip(cats, spread, strict=True)) + "</g>")


def _cat_html(pid: str, seat: int, pair: str, cat: int, mine: bool, movable: bool, dx: int) -> str:
    """A cat on patio `pid`, shifted `dx` from its middle: its pair's shape with its player's mark; a button named
    for screen readers when it may move; the viewer's own cats carry their key and patio for the page's script."""
    colour = COLOURS[seat]
    button = ""
    if movable:
        label = _("%(colour)s %(cat)s on %(id)s") % {"colour": colour_name(seat), "cat": words.cat(pair), "id": pid}
        button = format_html(' movable" tabindex="0" role="button" aria-label="{}', label)
    own = format_html(' data-cat="{}-{}{}" data-on="{}"', seat, pair, cat, pid) if mine else ""
    mark = format_html('<use href="#m-{}"/>', colour) if colour != "white" else ""
    return format_html('<g class="htr-cat c-{}{}"{} transform="translate({} 30)"><use href="#h-{}"/>{}</g>',
                       colour, button, own, dx, pair, mark)


def patio_label(pid: str, owner: int | None, cats: tuple) -> str:
    """A patio's accessible name: its family and letter as the board shows them, in that order (a name that holds
    what is seen, WCAG 2.5.3, for those who speak or see it), then its shelter and its cats ((seat, pair, ...)
    each)."""
    parts = [_("%(family)s %(id)s (patio)") % {"id": pid, "family": words.family(pid)}]
    if owner is not None:
        parts.append(_("%(colour)s shelter") % {"colour": colour_name(owner)})
    else:
        parts.append(_("no shelter"))
    if cats:
        listed = _(", ").join(_("%(colour)s %(cat)s") % {"colour": colour_name(c[0]), "cat": words.cat(c[1])}
                              for c in cats)
        parts.append(_("cats: %(cats)s") % {"cats": listed})
    else:
        parts.append(_("no cats"))
    return _("; ").join(parts)


@cache
def _places() -> dict:
    """Each patio's place on the board, (x, y)."""
    return {p["id"]: tuple(p["at"]) for p in board().data["patios"]}


def _zoom_at(view: dict, on: dict) -> str:
    """Where a board started zoomed in (a phone) is centred: the viewer's first cat on the board, else their first
    shelter, in board order; "" (the middle of the board) for a spectator or a player with neither."""
    mine = {patio for patio, cats in on.items() if any(c[0] == view["seat"] for c in cats)}
    if not mine and view["seat"] is not None:
        mine = {patio for patio, owner in view["shelters"].items() if owner == view["seat"]}
    for pid in board().patios:
        if pid in mine:
            return "{} {}".format(*_places()[pid])
    return ""


def gaps_html(catwalks: dict) -> SafeString:
    """The gaps in board order, each a line in the colour of the catwalk across it, if any."""
    return _gaps_html(tuple(catwalks.get(gid) for gid in board().gap_order))


@per_language
def _gaps_html(owners: tuple) -> SafeString:
    """All the gaps, given the seat whose catwalk is across each (None for none), in board order."""
    return mark_safe("".join(_gap_html(gid, owner) for gid, owner in zip(board().gap_order, owners, strict=True)))


@per_language
def _gap_html(gid: str, owner: int | None) -> SafeString:
    """A gap between two patios, named for screen readers by their families and its catwalk."""
    a, b = board().gaps[gid]
    ends = {"a": words.family(a), "b": words.family(b)}
    if owner is not None:
        label = _("Gap %(a)s–%(b)s: %(colour)s catwalk") % {**ends, "colour": colour_name(owner)}
    else:
        label = _("Gap %(a)s–%(b)s: no catwalk") % ends
    (x1, y1), (x2, y2) = _places()[a], _places()[b]
    return format_html('<line class="htr-gap{}" data-gap="{}" role="img" aria-label="{}" x1="{}" y1="{}" x2="{}" '
                       'y2="{}"/>', f" w-{COLOURS[owner]}" if owner is not None else "", gid, label, x1, y1, x2, y2)


@cache
def rooftops_html() -> SafeString:
    """The rooftops, drawn the same on every board."""
    return mark_safe("".join(format_html('<rect x="{}" y="{}" width="{}" height="{}"/>', *r["rect"])
                             for r in board().data["rooftops"]))


@cache
def routes_html() -> SafeString:
    """The moonlit routes between patios of one rooftop, drawn the same on every board."""
    return mark_safe("".join(format_html('<line x1="{}" y1="{}" x2="{}" y2="{}"/>', *_places()[a], *_places()[b])
                             for a, b in board().data["routes"]))


@per_language
def short_name(dumpster: str) -> str:
    return {"home1": _("Home 1"), "home2": _("Home 2"), "home3": _("Home 3"), "catwalk": _("Catwalk"),
            "shelter": _("Shelter")}.get(dumpster, dumpster)


def _dumpsters(view: dict, actions: list) -> list:
    divable = {a["dumpster"] for a in actions if a["type"] == "dive"}
    return [{**d, "name": short_name(d["id"]), "divable": d["id"] in divable} for d in view["dumpsters"]]


@register.simple_tag
def dumpster_items(dumpsters: list) -> SafeString:
    """The dumpsters of the market as <li>s: each with its cans and the home tile under it, if any."""
    return mark_safe("".join(_dumpster_html(d["id"], d["cans"], tuple(d["tile"]["patios"]) if d["tile"] else None)
                             for d in dumpsters))


@per_language
def _dumpster_html(dumpster: str, cans: int, patios: tuple | None) -> SafeString:
    """A dumpster: its name, its cans, and the patios of the home tile under it (lit on the board on hover)."""
    if patios is None:
        return format_html('<li class="htr-dumpster"><b>{}</b> {}</li>', short_name(dumpster), words.cans(cans))
    # As {% blocktranslate %} wrote it: each family escaped, joined with a bare " & ".
    tile = _("tile %(families)s (%(patios)s)") % {"families": " & ".join(html.escape(words.family(p)) for p in patios),
                                                  "patios": html.escape("-".join(patios))}
    return format_html('<li class="htr-dumpster" data-lights="{}"><b>{}</b> {} · {}</li>', " ".join(patios),
                       short_name(dumpster), words.cans(cans), mark_safe(tile))


@register.simple_tag
def market(r: dict, view: dict, status: str) -> SafeString:
    """The dumpsters, the fish market and the players' table: the same for every viewer, kept from one change to
    the next (games/fragments.py), given only what it shows. A move renders it once for all the seats' tables."""
    return fragments.kept("hot_tin_roof/market.html", {
        "dumpsters": [{"id": d["id"], "cans": d["cans"], "tile": {"patios": list(d["tile"]["patios"])} if d["tile"]
                       else None} for d in r["dumpsters"]],
        "fish": view["market"], "tiles": view["tiles_left"], "status": status,
        "players": [{key: p[key] for key in ("seat", "name", "turn", "cans", "fish", "catwalks", "shelters",
                                             "home_tiles")} for p in r["players"]]})


@register.simple_tag
def player_rows(players: list, status: str) -> SafeString:
    """The players' table rows: name and colour, cans, fish, reserve and home tiles; the seat to play marked while
    the match goes on."""
    return mark_safe("".join(_player_row(p["seat"], p["name"], p["turn"] and status != "finished", p["cans"],
                                         p["fish"], p["catwalks"], p["shelters"], p["home_tiles"])
                             for p in players))


@per_language
def _player_row(seat: int, name: str, to_play: bool, cans: int, fish: int, catwalks: int, shelters: int,
                home_tiles: int) -> SafeString:
    """One player's row: their colour's swatch (with its mark), their name, "to play" if they are, then their
    numbers."""
    colour = COLOURS[seat]
    mark = format_html('<use href="#m-{}"/>', colour) if colour != "white" else ""
    turn = format_html(' <span aria-hidden="true">◀</span><span class="visually-hidden">{}</span>',
                       _("(to play)")) if to_play else ""
    return format_html('<tr{}><td><svg class="sw c-{}" viewBox="-14 -14 28 28" aria-hidden="true"><circle r="12"/>{}'
                       '</svg>{}{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>',
                       mark_safe(' class="turn"') if to_play else "", colour, mark, name, turn, cans, fish,
                       reserve_text({"catwalks": catwalks, "shelters": shelters}), home_tiles)


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
    on = _cats_on(view)
    shown = {
        "w": board().data["view_box"][0], "h": board().data["view_box"][1],
        "rooftops": rooftops_html(), "routes": routes_html(), "gaps": gaps_html(view["catwalks"]),
        "patios": patios_html(view, on, set(moves)),
        "dumpsters": _dumpsters(view, actions), "players": players,
        "data": _json({"dives": dives, "moves": moves,
                       "names": [_who(s, names) for s in range(view["seats"])], "seat": seat,
                       "words": words.script_words(view["phase"]) if actions else {}}),
        "zoom_at": _zoom_at(view, on),
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
