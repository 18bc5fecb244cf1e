"""Cat Tower's table as text (text-first mode, cat_tower/text.html): a sheet as sentences, column by column."""
from django import template
from django.utils.translation import gettext as _

from ..engine import TOWER
from ..words import column_name, describe_mark, footprints, hex_name, item_name, listing
from .cat_tower_tags import _bonus, pending_of

register = template.Library()


@register.simple_tag
def sheet_lines(view: dict, seat: int) -> list[str]:
    """One seat's sheet, a sentence a column, then its footprints, its cats and (its owner's only) its pending mark."""
    sheet = view["sheets"][seat]
    lines = []
    for column in TOWER.columns.values():
        hexes = "; ".join(hex_name(column.id, floor, item=sheet["marks"].get(f"{column.id}-{floor}"),
                                   house=floor == column.house_floor) for floor in column.floors)
        done = " " + _("(complete)") if column.id in sheet["complete_columns"] else ""
        lines.append(f"{column_name(column.id, _bonus(column, sheet))}{done}: {hexes}.")
    spare = sheet["footprints"]["circled"] - sheet["footprints"]["crossed"]
    lines.append(_("Footprints: %(circled)s circled, %(spare)s to spend.") % {
        "circled": sheet["footprints"]["circled"], "spare": footprints(max(spare, 0))})
    cats = listing(f"{item_name(cat)} {points}" for cat, points in sheet["cats"].items())
    lines.append(_("Cats scored: %(cats)s.") % {"cats": cats} if cats else _("No cat scored yet."))
    lines.append(_("Points so far: %(total)s.") % {"total": view["scores"][seat]["total"]})
    pending = pending_of(view, seat)
    if pending:
        item = TOWER.items.get(pending.get("item"), "") if pending.get("type") == "mark" else ""
        lines.append(_("Your mark this round, not yet revealed: %(mark)s.") % {"mark": describe_mark(pending, item)})
    return lines


@register.simple_tag
def dice_line(view: dict, names: list) -> str:
    """The roll: each die's number and whose it is."""
    said = []
    for index, die in enumerate(view["roll"]):
        if view.get("shared") and view["shared"]["die"] == index:
            owner = _("shared")
        elif die["taken_by"] is None:
            owner = _("not taken")
        elif die["taken_by"] == view.get("seat"):
            owner = _("yours")
        else:
            owner = names[die["taken_by"]]
        said.append(f"{die['value']} ({owner})")
    return _("The roll: %(dice)s.") % {"dice": listing(said)}
