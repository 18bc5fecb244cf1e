"""Helpers for the Cat Tower table: the tower column by column, the legal marks as rows of choices, scores.

Everything here reads the engine's view and the legal actions the framework passes in; no rule is decided here,
and the game's words (items, footprints, dice, marks) come from games/cat_tower/words.py.
"""

import html
from functools import lru_cache

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import fragments
from games.cat_tower import words
from games.cat_tower.engine import HOUSE, TOWER, item_die
from games.cat_tower.scoring import CATEGORIES, cat_factors
from games.cat_tower.sheet import hex_key
from games.templatetags.match_tags import badge, blocktranslated, first_action, form_start, jsonattr, seat_name, shown
from games.words_kept import per_language

register = template.Library()

@register.filter
def item_label(name) -> str:
    return words.item_label(name)


def _dice_use(dice: tuple[int, int], item: int, floor: int) -> str:
    """The dice a mark changes with footprints, the cheaper way round (yours as the item on a tie): "your 5→4"."""
    mine, shared = dice
    if item_die(dice, item, floor) == 0:
        targets = ((mine, item), (shared, floor))
    else:
        targets = ((mine, floor), (shared, item))
    return words.dice_changes(targets)


def _bonus(column, sheet: dict) -> dict:
    """A column's bonus numbers and what became of each on `sheet`, as words.column_name says them."""
    return _bonus_with(column, **_bonus_states(column, sheet))


def _bonus_with(column, first_state: str, later_state: str) -> dict:
    return {"first": column.first, "later": column.later, "first_state": first_state, "later_state": later_state}


def _bonus_states(column, sheet: dict) -> dict:
    """What became of a column's big (first) and small (later) bonus numbers: "open", "scored" or "crossed"."""
    scored = sheet["columns"].get(str(column.id))
    crossed = column.id in sheet["crossed_out"]
    return {
        "first_state": "scored" if scored is not None and not crossed else "crossed" if crossed else "open",
        "later_state": "scored" if scored is not None and crossed else "open",
    }


def _hex_part(action: dict) -> dict:
    """What choosing a lit hex adds to the mark: its column and floor, and for a house hex also the item and the
    footprints (a house hex takes only a house, so its cost is the hex's own)."""
    part = {"column": action["column"], "floor": action["floor"]}
    if action["item"] == HOUSE:
        part.update(item=HOUSE, footprints=action["footprints"])
    return part


def _offers(actions) -> dict[str, dict]:
    """Hex -> the items a legal mark may draw there (in die order), what choosing the hex adds, its row."""
    found: dict[str, dict] = {}
    for action in actions or []:
        if action.get("type") == "mark":
            key = hex_key(action["column"], action["floor"])
            hex_ = found.setdefault(key, {"items": set(), "part": _hex_part(action),
                                          "row": row_key(action["floor"], action["item"] == HOUSE)})
            hex_["items"].add(action["item"])
    for hex_ in found.values():
        hex_["numbers"] = sorted(hex_["items"])
        hex_["items"] = [TOWER.items[i] for i in hex_["numbers"]]
    return found


def row_key(floor: int, house: bool) -> str:
    """Marks on house hexes share one row ("h": the cat to score); the others have a row per floor."""
    return "h" if house else str(floor)


def sheet_badges(view: dict, seat: int, over: bool = False) -> dict:
    """What a sheet's heading says of its seat besides the name: its points, whether it is picking a die, has
    marked or is choosing (not once the match is `over`, ended early too), has won."""
    phase = None if over else view.get("phase")
    return {"total": view["scores"][seat]["total"], "picking": phase == "draft" and view.get("draft_turn") == seat,
            "marking": phase == "mark", "marked": phase == "mark" and bool(view["submitted"][seat]),
            "winner": seat in (view.get("winners") or ())}


register.simple_tag(sheet_badges)


def pending_of(view: dict, seat: int):
    """The mark `seat` has chosen and not yet revealed, as this view may show it: the viewer's own only (the view
    holds no one else's), every seat's in a replay's revealed table (engine.reveal)."""
    pending = view.get("pending")
    if isinstance(pending, list):
        return pending[seat]
    return pending if seat == view.get("seat") else None


@register.simple_tag(takes_context=True)
def sheet(context, view: dict, seat: int, names) -> SafeString:
    """One seat's sheet without choices (another player's, or the viewer's own when it has no mark to choose).

    Its body (the tower, footprints and cats: all four 24-hex towers of a table) is kept from one change to the
    next (games/fragments.py), given only what it shows: the seat's sheet and its pending mark if it is the
    viewer's own. A sheet changes only when its own seat marks; its heading (the name, points and what the seat is
    doing, which most moves change) is written around it each time."""
    mine = seat == view.get("seat")
    badges = sheet_badges(view, seat, over=getattr(context.get("match"), "status", None) == "finished")
    body = fragments.kept("cat_tower/kept_sheet.html", {
        "sheet": view["sheets"][seat], "seat": seat, "pending": pending_of(view, seat), "mine": mine})
    return mark_safe(
        f'<section class="ct-sheet {"mine" if mine else "other"}{" winner" if badges["winner"] else ""}" '
        f'aria-label="{conditional_escape(sheet_label(seat, names, mine))}" data-seat="{seat}">\n'
        f'{sheet_heading(seat, names, mine, badges, view["sheets"][seat].get("complete_columns", []))}\n'
        f"{body}</section>\n")


@register.simple_tag
def tower(view: dict, seat, actions=None) -> dict:
    """One seat's sheet of `view` ready to draw (`drawn_tower`), with its legal `actions` when it may act."""
    return drawn_tower(view["sheets"][seat], seat, pending_of(view, seat), actions)


@register.simple_tag
def drawn_tower(sheet: dict, seat: int, pending=None, actions=None) -> dict:
    """One seat's sheet ready to draw: its tower as HTML (`tower_html`), its footprints, cats and complete columns.

    `actions` are the legal actions of the seat shown, when it may act; `pending` its mark chosen and not yet
    revealed, when the view shows it (`pending_of`).
    """
    footprints = sheet["footprints"]
    complete = sheet.get("complete_columns", [])
    return {
        "seat": seat,
        "tower": tower_html(sheet, pending, _offers(actions)),
        "track": track_html(footprints["circled"], footprints["crossed"]),
        "footprints": _footprints_said(footprints["circled"], footprints["crossed"]),
        "circled": footprints["circled"],
        "spare": footprints["circled"] - footprints["crossed"],
        "cats": sheet["cats"],
        "complete": complete,
    }


# The tower is drawn here rather than in sheet.html: a table draws up to four towers of 24 hexes after every move,
# and a template spends some thirty function calls on each hex where this spends a few.

def tower_html(sheet: dict, pending, offers: dict) -> SafeString:
    """The tower, column by column: each column a list of its hexes, lit where a legal mark may go (`offers`, from
    `_offers`), the others with their item or the `pending` mark; each column and hex named for screen readers.
    The first lit hex is the one marked required (one radio of a group marked required makes the group required)."""
    marks = sheet["marks"]
    pending_hex = hex_key(pending["column"], pending["floor"]) if pending and pending.get("type") == "mark" else None
    pending_item = TOWER.items[pending["item"]] if pending_hex else None
    complete = sheet.get("complete_columns", [])
    required = True
    parts = []
    for column in TOWER.columns.values():
        states = _bonus_states(column, sheet)
        parts.append(_column_start(column.id, states["first_state"], states["later_state"], column.id in complete))
        pending_floor = TOWER.floor_of[pending_hex] if pending_hex in column.hexes else None
        pending_here = pending_item if pending_floor else None
        if any(key in offers for key in column.hexes):
            for floor, key in zip(column.floors, column.hexes, strict=True):
                house = floor == column.house_floor
                if key in offers:
                    parts.append(_lit_hex_html(column.id, floor, house, offers[key], required))
                    required = False
                else:
                    parts.append(_hex_html(column.id, floor, house, marks.get(key),
                                           pending_here if floor == pending_floor else None))
        else:  # a column without choices, looked up whole
            parts.append(_unlit_hexes(column.id, tuple(marks.get(key) for key in column.hexes), pending_floor,
                                      pending_here))
        parts.append("</ol>")
    return mark_safe(f'<div class="ct-tower">{"".join(parts)}</div>')


@per_language
def _column_start(column: int, first_state: str, later_state: str, complete: bool) -> str:
    """A column's <ol>: its bonus numbers' states and whether it is complete as classes, its name as its label."""
    classes = f"ct-col c{column}"
    if first_state != "open":
        classes += f" big-{first_state}"
    if later_state != "open":
        classes += f" small-{later_state}"
    if complete:
        classes += " complete"
    return format_html('<ol class="{}" aria-label="{}">', classes,
                       words.column_name(column, _bonus_with(TOWER.columns[column], first_state, later_state)))


@per_language
def _unlit_hexes(column: int, items: tuple, pending_floor, pending_item) -> str:
    """The hexes of a column no mark may go to, given the item on each (`items`, bottom up), and the floor and
    item of the viewer's mark not yet revealed if it is in this column."""
    floors, house_floor = TOWER.columns[column].floors, TOWER.columns[column].house_floor
    return "".join(_hex_html(column, floor, floor == house_floor, item,
                             pending_item if floor == pending_floor else None)
                   for floor, item in zip(floors, items, strict=True))


@per_language
def _hex_html(column: int, floor: int, house: bool, item, pending) -> str:
    """A hex no mark may go to: its floor, house hex or not, its `item` or the viewer's `pending` one."""
    classes = f"f{floor}" + (" hh" if house else "")
    if item:
        classes += f" m-{item}"
    elif pending:
        classes += f" p-{pending}"
    return format_html('<li class="{}"><b>{}</b></li>', classes,
                       words.hex_name(column, floor, item=item, pending=pending, house=house))


def _lit_hex_html(column: int, floor: int, house: bool, lit: dict, required: bool) -> str:
    """A hex a legal mark may go to: a radio whose value is what choosing it adds to the mark (`lit["part"]`),
    in the row of choices `lit["row"]`, and classes naming the items it may take (o1 to o6)."""
    classes = f"f{floor} lit" + (" hh" if house else "") + "".join(f" o{n:d}" for n in lit["numbers"])
    name = words.hex_name(column, floor, house=house, offers=lit["items"])
    return (f'<li class="{classes}"><label><input type="radio" name="part-hex" value=\'{jsonattr(lit["part"])}\' '
            f'data-row="{_text(lit["row"])}"{" required" if required else ""}><b>{_text(name)}</b></label></li>')


@per_language
def _footprints_said(circled: int, crossed: int) -> SafeString:
    return blocktranslated(_("%(circled)s of 18 circled, %(crossed)s crossed out: <strong>%(spare)s</strong> to "
                              "spend."), circled=circled, crossed=crossed, spare=circled - crossed)


@register.simple_tag
def sheet_label(seat: int, names, mine: bool) -> str:
    """A sheet's name for screen readers: "Your sheet", "Mia's sheet"."""
    if mine:
        return _("Your sheet")  # escaped by the tag, as any string it returns
    return blocktranslated(_("%(name)s's sheet"), name=seat_name(seat, names))


@register.simple_tag
def sheet_heading(seat: int, names, mine: bool, badges: dict, complete: list) -> SafeString:
    """A sheet's heading: whose it is, its points, what its seat is doing (picking a die, choosing its mark or
    has marked), whether it won, how many columns it has completed."""
    return _heading(None if mine else seat_name(seat, names), badges["total"], badges["picking"],
                    badges["marking"] and not badges["marked"], badges["marking"] and badges["marked"],
                    badges["winner"], len(complete))


@per_language
def _heading(name, total: int, picking: bool, choosing: bool, marked: bool, winner: bool, complete: int) -> str:
    parts = [_text(_("Your tower") if name is None else name),
             f' <span class="muted">· {words.points(total)}</span>']
    # Each word said outside the f-strings: xgettext does not read inside them (tests/i18n/test_catalogues.py).
    if picking:
        parts.append(badge("good", _text(_("picking a die"))))
    elif marked:
        parts.append(badge("muted", _text(pgettext("badge", "marked"))))
    elif choosing:
        parts.append(badge("good", _text(pgettext("badge", "choosing"))))
    if winner:
        parts.append(badge("good", _text(pgettext("badge", "winner"))))
    if complete:
        said = ngettext("%(n)s column complete", "%(n)s columns complete", complete) % {"n": complete}
        parts.append(f' <span class="badge muted">{said}</span>')
    return mark_safe(f'<h3 class="ct-sheet-head">{"".join(parts)}</h3>')


@register.simple_tag
def own_cats(cats: dict) -> SafeString:
    """The viewer's six cats as <li>s, each with its points or "not scored"."""
    return mark_safe("".join(_own_cat_html(cat, cats.get(cat)) for cat in TOWER.cats))


@per_language
def _own_cat_html(cat: str, points) -> str:
    name = _("%(cat)s cat") % {"cat": words.item_label(cat)}
    if points is None:
        return format_html('<li class="open"><i class="ct-i i-{}"></i>{} <small>{}</small></li>', cat, name,
                           _("not scored"))
    return format_html('<li><i class="ct-i i-{}"></i>{} <strong>{}</strong></li>', cat, name, points)


@register.simple_tag
def cats_scored(cats: dict) -> SafeString:
    """Another player's scored cats in a line, each with its points, or "none yet"."""
    if not cats:
        return _("none yet")
    return mark_safe("".join(_scored_cat_html(cat, cats[cat]) for cat in TOWER.cats if cat in cats))


@per_language
def _scored_cat_html(cat: str, points) -> str:
    return format_html('<span><i class="ct-i i-{}"></i>{} <strong>{}</strong></span> ', cat, words.item_name(cat),
                       points)


def _text(value) -> str:
    """`value` as HTML text, as {{ value }} writes a string or a whole number (without Django's lazy-string checks:
    this is called for every number of a table)."""
    return html.escape(str(value))


TRACK_LINE = 9  # footprints a line of the track (table.css: `.ct-track` has as many columns)


@lru_cache(maxsize=512)  # a pair of counts, the same words in every language
def track_html(circled: int, crossed: int) -> SafeString:
    """The footprints' track: crossed out (x), circled (c), then empty, each run of one kind within a line of the
    track an <i> spanning its paws (class n1 to n9; the stylesheet draws a paw in each column it spans), not an <i>
    for each of the 18: a Cat Tower table draws up to four tracks after every move."""
    kinds = ["x" if i < crossed else "c" if i < circled else "" for i in range(TOWER.footprints)]
    parts = []
    for start in range(0, len(kinds), TRACK_LINE):
        line = kinds[start:start + TRACK_LINE]
        for kind in dict.fromkeys(line):  # x, c, empty: each a run within the line
            classes = f"{kind} n{line.count(kind)}".strip()
            parts.append(f'<i class="{classes}"></i>')
    return mark_safe("".join(parts))


def _choice_part(action: dict) -> tuple:
    """What a button adds to the lit hex chosen, as a key: its choices are told apart by it."""
    if action["item"] == HOUSE:
        return (("cat", action.get("cat")),)
    return tuple(sorted({"item": action["item"], "footprints": action["footprints"], "cat": action.get("cat")}.items()))


def _choice(action: dict, sheet: dict, dice: tuple[int, int] | None) -> dict:
    """One button of a row: what it adds to the lit hex chosen (item, footprints and cat; on a house hex only the
    cat), and what it costs or scores."""
    name = TOWER.items[action["item"]]
    if action["item"] == HOUSE:
        choice = {"part": {"cat": action.get("cat")}, "item": name, "label": words.item_label(name)}
        if action.get("cat") is not None:
            # A preview of what the engine will write once the house is on the sheet (the same on any house hex).
            marked = {**sheet["marks"], hex_key(action["column"], action["floor"]): "house"}
            houses, count = cat_factors(marked, action["cat"])
            cat_label = words.item_label(action["cat"])
            choice.update(cat_label=cat_label, title=_("%(cat)s cat") % {"cat": cat_label}, houses=houses, count=count,
                          points=houses * count)
        return choice
    return {
        "part": {"item": action["item"], "footprints": action["footprints"], "cat": action.get("cat")},
        "item": name,
        "label": words.item_label(name),
        "footprints": action["footprints"],
        **_cost(action, dice),
    }


def _cost(action: dict, dice: tuple[int, int] | None) -> dict:
    """"free", or the footprints and the dice they change: "1 footprint (your 5→4)"."""
    if action["footprints"] == 0:
        return {"cost": words.free(), "dice": ""}
    return {"cost": words.footprints(action["footprints"]),
            "dice": _dice_use(dice, action["item"], action["floor"]) if dice else ""}


@register.simple_tag
def mark_choices(view: dict, actions) -> dict:
    """The legal marks as one form of choices (docs/live-matches.md, "Composing an action from choices").

    The action {"type": "mark"} takes its column and floor from a lit hex and the rest from a button. The buttons
    come in rows: one per floor for the items (item, footprints, cat null), and one for the house hexes, whose
    hexes carry the house and its cost and whose buttons are the cats to score. A lit hex shows the row it
    belongs to, and any lit hex composed with any button of its row is one of the legal marks, and no other.
    """
    sheet = view["sheets"][view["seat"]]
    dice = (view["my_die"]["value"], view["shared"]["value"]) if view.get("my_die") and view.get("shared") else None
    rows: dict[str, dict] = {}
    for action in actions or []:
        if action.get("type") != "mark":
            continue
        house = action["item"] == HOUSE
        key = row_key(action["floor"], house)
        row = rows.setdefault(key, {"key": key, "floor": None if house else action["floor"], "house": house,
                                    "hexes": {}, "choices": {}})
        if (action["column"], action["floor"]) not in row["hexes"]:
            row["hexes"][action["column"], action["floor"]] = _cost(action, dice)
        part = _choice_part(action)
        if part not in row["choices"]:
            row["choices"][part] = _choice(action, sheet, dice)
    ordered = sorted(rows.values(), key=lambda r: (r["house"], r["floor"] or 0))
    for row in ordered:
        row["hexes"] = [{"column": c, "floor": f, "label": _("column %(column)s:") % {"column": c}, **cost}
                        for (c, f), cost in sorted(row["hexes"].items())]
        row["columns"] = [h["column"] for h in row["hexes"]]
        row["choices"] = list(row["choices"].values())
        if not row["house"]:
            row["legend"] = _("Floor %(floor)s") % {"floor": row["floor"]}
            row["columns_said"] = ngettext("column %(columns)s", "columns %(columns)s", len(row["columns"])) % {
                "columns": ", ".join(map(str, row["columns"]))}
    return {"action": {"type": "mark"}, "rows": ordered}


@register.simple_tag(takes_context=True)
def marking_rows(context, rows: list[dict]) -> SafeString:
    """The rows of choices beside the viewer's tower while they mark (`mark_choices`): per floor, its items with
    what each costs; for the house hexes, their columns and costs, then the cats a house may score. Written here,
    not as loops of the template: it is drawn in the table of every seat that marks, after every move."""
    def text(value) -> str:
        return shown(value, context)

    hint = _("Choose a lit hex of your tower: what you may draw there is shown here.")
    parts = [f'<div class="ct-rows"><p class="ct-rows-hint small">{hint}</p>']
    for row in rows:
        parts.append(f'<fieldset class="ct-row" data-row="{text(row["key"])}">')
        if row["house"]:
            hexes = pgettext("list separator", ", ").join(
                f'{text(h["label"])} <span class="ct-cost{" spends" if h["dice"] else ""}">{text(h["cost"])}</span>'
                + (f' ({text(h["dice"])})' if h["dice"] else "") for h in row["hexes"])
            house_hex, draw = _("House hex"), _("Draw a house and score a cat:")
            parts.append(f'<legend>{house_hex} <span class="muted">· {hexes}</span><br>{draw}</legend>')
            for choice in row["choices"]:
                if choice.get("cat_label"):
                    said = (f'<b>{text(choice["title"])}</b> <small>{text(choice["houses"])} × '
                            f'{text(choice["count"])} = {text(choice["points"])}</small>')
                else:
                    every = _("every cat is scored")
                    said = f'<b>{text(choice["label"])}</b> <small>{every}</small>'
                parts.append(f"<button name=\"part-item\" value='{jsonattr(choice['part'])}' class=\"is-house\">"
                             f"{said}</button>")
        else:
            parts.append(f'<legend>{text(row["legend"])} <span class="muted">· {text(row["columns_said"])}</span>'
                         f"</legend>")
            for choice in row["choices"]:
                parts.append(f"<button name=\"part-item\" value='{jsonattr(choice['part'])}' "
                             f'class="is-{text(choice["item"])}">{text(choice["label"])} '
                             f'<small>{text(choice["cost"])}</small></button>')
        parts.append("</fieldset>")
    parts.append("</div>")
    return mark_safe("".join(parts))


@register.simple_tag(takes_context=True)
def roll_list(context, view: dict, actions, names) -> SafeString:
    """The roll as the page lists it (`roll`): each die's face, what it is in words (for screen readers, or on the
    button that takes it when the viewer may) and whose it is. Written here, not as a loop of the template: it is
    drawn in every table after every move."""
    items = []
    for die in roll(view, actions, names):
        face, said = f'<i class="ct-face d{shown(die["value"], context)}"></i>', shown(die["said"], context)
        if die["take"]:
            body = (f'{form_start(context, die["take"], form_class="ct-take-form")}'
                    f'<button type="submit" class="ct-take">{face}<span>{said}</span></button></form>')
        else:
            body = f'{face}<span class="vh">{said}</span>'
        items.append(f'<li class="ct-die {die["state"]}">{body}'
                     f'<span class="ct-die-owner small">{shown(die["owner"], context)}</span></li>')
    return mark_safe(f'<ul class="ct-roll">{"".join(items)}</ul>')


def roll(view: dict, actions, names) -> list[dict]:
    """The dice of the roll as the page shows them: each die's value, whose it is ("shared", "mine", "taken" by
    another or "free") and that in words, its name for screen readers, and the move that takes it if the viewer
    may."""
    shared = (view.get("shared") or {}).get("die")
    dice = []
    for index, die in enumerate(view["roll"]):
        take = first_action(actions or [], "take_die", die=index)
        if shared == index:
            state, owner = "shared", pgettext("die", "shared")
        elif die["taken_by"] is not None and die["taken_by"] == view.get("seat"):
            state, owner = "mine", pgettext("die", "yours")
        elif die["taken_by"] is not None:
            state, owner = "taken", seat_name(die["taken_by"], names)
        else:
            state, owner = "free", pgettext("die", "not taken")
        said = _("Take the %(value)s") if take else _("A %(value)s")
        dice.append({"value": die["value"], "state": state, "owner": owner, "take": take,
                     "said": said % {"value": die["value"]}})
    return dice


@register.simple_tag
def item_options(actions) -> list[dict]:
    """The items the legal marks allow, each with the floors it may go on grouped by what they cost."""
    found: dict[int, dict[int, int]] = {}  # item -> floor -> footprints
    for action in actions or []:
        if action.get("type") == "mark":
            found.setdefault(action["item"], {})[action["floor"]] = action["footprints"]
    options = []
    for item in sorted(found):
        name = TOWER.items[item]
        costs: dict[int, list[int]] = {}
        for floor in sorted(found[item]):
            costs.setdefault(found[item][floor], []).append(floor)
        options.append({"number": item, "item": name, "label": words.item_label(name), "floors": sorted(found[item]),
                        "costs": [{"footprints": n, "cost": words.footprints(n), "floors": floors}
                                  for n, floors in sorted(costs.items())]})
    return options


@register.simple_tag
def round_info(view: dict, names) -> SafeString:
    """The line above the table: the round, its first player and how the game ends; the same for every viewer."""
    return _round_info(view["round"], seat_name(view["first_player"], names), view["columns_to_end"])


@per_language
def _round_info(round_number: int, first: str, columns: int) -> SafeString:
    ends = ngettext("The game ends with the round in which someone completes %(n)s column.",
                    "The game ends with the round in which someone completes %(n)s columns.", columns)
    said_round = blocktranslated(_("Round <strong>%(round)s</strong>"), round=round_number)
    said_first = blocktranslated(_("First player: %(name)s"), name=first)
    return mark_safe(f'<div class="ct-info row small"><span>{said_round}</span> <span>{said_first}</span> '
                     f'<span class="muted">{blocktranslated(ends, n=columns)}</span></div>')


@register.simple_tag(takes_context=True)
def item_filter(context, options: list[dict]) -> SafeString:
    """The radio buttons that light the hexes of one item (`item_options`), each with the floors it may go on."""
    legend, every_item = _("Light the hexes of one item"), pgettext("items", "All")
    parts = [f'<fieldset class="ct-filter"><legend>{legend}</legend><label class="ct-opt">'
             f'<input type="radio" name="ct-item" value="all" checked> {every_item}</label>']
    for option in options:
        floors = option["floors"]
        said = blocktranslated(ngettext("floor %(floors)s", "floors %(floors)s", len(floors)),
                                floors=", ".join(map(str, floors)), n=len(floors))
        item = shown(option["item"], context)
        parts.append(f'<label class="ct-opt"><input type="radio" name="ct-item" value="{item}">'
                     f'<i class="ct-i i-{item}"></i>{shown(option["label"], context)} <small>{said}</small></label>')
    parts.append("</fieldset>")
    return mark_safe("".join(parts))


@register.simple_tag
def score_rows(view: dict) -> SafeString:
    """The live score sheet's rows: one per category, one number per seat, then the totals."""
    scores = view["scores"]
    return mark_safe("".join(_score_row_head(key) + "".join(f"<td>{_text(s[key])}</td>" for s in scores) + "</tr>"
                             for key in (*CATEGORIES, "total")))


@per_language
def _score_row_head(key: str) -> str:
    return format_html('<tr{}><th scope="row">{}</th>', mark_safe(' class="total"') if key == "total" else "",
                       words.CATEGORY_LABELS[key])


@register.filter
def others(seats, seat):
    """The other seats, starting from the one on the viewer's left (the next seat number)."""
    count = int(seats)
    if seat is None:
        return list(range(count))
    return [(seat + i) % count for i in range(1, count)]


@register.filter
def waiting_for(view: dict) -> list[int]:
    """Seats that have not yet submitted their mark this round."""
    return [s for s, done in enumerate(view.get("submitted", [])) if not done]


@register.filter
def describe_mark(mark) -> str:
    """A submitted mark in words: "Bowl on column 3, floor 2 (1 footprint)"."""
    if not mark:
        return ""
    return words.describe_mark(mark, TOWER.items.get(mark.get("item"), "?"))
