"""Hot Tin Roof's table as text (text-first mode, hot_tin_roof/text.html): the board and the players as sentences."""
from django import template
from django.utils.translation import gettext as _

from ..board import board
from ..words import cans, family, fish, pair

register = template.Library()


def _owner(seat: int, view: dict, names: list) -> str:
    return _("yours") if seat == view.get("seat") else names[seat]


@register.simple_tag
def board_lines(view: dict, names: list) -> list[str]:
    """The market, the dumpsters, the shelters, the catwalks, the free gaps and the moonlit routes."""
    b = board()
    lines = [_("Fish in the market: %(fish)s; home tiles left: %(tiles)s.") % {
        "fish": view["market"], "tiles": view["tiles_left"]}]
    for d in view["dumpsters"]:
        tile = ""
        if d["tile"]:
            tile = " " + _("(home tile %(a)s %(first)s and %(b)s %(second)s)") % {
                "a": d["tile"]["patios"][0], "first": family(d["tile"]["patios"][0]),
                "b": d["tile"]["patios"][1], "second": family(d["tile"]["patios"][1])}
        lines.append(_("Dumpster %(name)s: %(cans)s") % {"name": d["id"], "cans": cans(d["cans"])} + tile + ".")
    shelters = ", ".join(f"{p} {family(p)} ({_owner(s, view, names)})" for p, s in sorted(view["shelters"].items()))
    lines.append(_("Shelters: %(list)s.") % {"list": shelters} if shelters else _("No shelter is built yet."))
    catwalks = ", ".join(f"{'–'.join(b.gaps[g])} ({_owner(s, view, names)})"
                         for g, s in sorted(view["catwalks"].items(), key=lambda item: b.gap_order.index(item[0])))
    lines.append(_("Catwalks: %(list)s.") % {"list": catwalks} if catwalks else _("No catwalk is placed yet."))
    free = ", ".join("–".join(b.gaps[g]) for g in b.gap_order if g not in view["catwalks"])
    if free:
        lines.append(_("Free gaps: %(list)s.") % {"list": free})
    routes = ", ".join("–".join(route) for route in b.data["routes"])
    lines.append(_("Moonlit routes (free to walk): %(list)s.") % {"list": routes})
    return lines


@register.simple_tag
def player_lines(view: dict, seat: int) -> list[str]:
    """A player's cans, fish, reserve, home tiles and cats."""
    p = view["players"][seat]
    lines = [_("%(cans)s, %(fish)s.") % {"cans": cans(p["cans"]), "fish": fish(p["fish"])},
             _("In reserve: %(catwalks)s catwalks, %(shelters)s shelters; home tiles taken: %(tiles)s.") % {
                 "catwalks": p["catwalks"], "shelters": p["shelters"], "tiles": p["home_tiles"]}]
    for name in ("sitting", "standing"):
        at = [patio for patio in p["cats"][name] if patio is not None]
        if at:
            lines.append(_("%(pair)s at %(patios)s.") % {"pair": pair(name).capitalize(),
                                                         "patios": ", ".join(f"{x} {family(x)}" for x in at)})
        else:
            lines.append(_("%(pair)s off the board.") % {"pair": pair(name).capitalize()})
    return lines
