"""Cat Tower in words: the log's events, the refusals, the items, footprints and points, and the option, through
gettext.

The engine writes events ({"event": "took_die", "seat": 0, "die": 2, "value": 5}) and refusal codes, and names
items by their sheet.json keys ("house", "mouse"); this module makes the sentences and labels. An event with a
seat is a sentence without its subject (the page writes the player's name before it).
"""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.log_words import seat_list
from games.words_kept import per_language

from .engine import TOWER

ITEM_LABELS = {"house": pgettext_lazy("item", "House"), "yarn": pgettext_lazy("item", "Yarn"),
               "butterfly": pgettext_lazy("item", "Butterfly"), "bowl": pgettext_lazy("item", "Bowl"),
               "cushion": pgettext_lazy("item", "Cushion"), "mouse": pgettext_lazy("item", "Mouse")}
ITEM_NAMES = {"house": pgettext_lazy("item in a sentence", "house"),
              "yarn": pgettext_lazy("item in a sentence", "yarn"),
              "butterfly": pgettext_lazy("item in a sentence", "butterfly"),
              "bowl": pgettext_lazy("item in a sentence", "bowl"),
              "cushion": pgettext_lazy("item in a sentence", "cushion"),
              "mouse": pgettext_lazy("item in a sentence", "mouse")}
A_ITEM = {"house": pgettext_lazy("item with article", "a house"), "yarn": pgettext_lazy("item with article", "a yarn"),
          "butterfly": pgettext_lazy("item with article", "a butterfly"),
          "bowl": pgettext_lazy("item with article", "a bowl"),
          "cushion": pgettext_lazy("item with article", "a cushion"),
          "mouse": pgettext_lazy("item with article", "a mouse")}
CATEGORY_LABELS = {"cats": gettext_lazy("Cats"), "yarn": gettext_lazy("Yarn"), "butterfly": gettext_lazy("Butterflies"),
                   "bowl": gettext_lazy("Bowls"), "cushion": gettext_lazy("Cushions"), "mouse": gettext_lazy("Mice"),
                   "columns": gettext_lazy("Columns"), "total": gettext_lazy("Total")}


def listing(parts) -> str:
    """Words in a row: "yarn, bowl, mouse" (Chinese writes 、 between them)."""
    return pgettext("list separator", ", ").join(str(p) for p in parts)


def item_label(item) -> str:
    """An item's label on the page ("Mouse"), from its sheet name."""
    return str(ITEM_LABELS.get(item, str(item or "").capitalize()))


def item_name(item) -> str:
    return str(ITEM_NAMES.get(item, item))


def cat_name(cat) -> str:
    """ "the mouse cat" """
    return _("the %(item)s cat") % {"item": item_name(cat)}


@per_language
def footprints(n: int) -> str:
    """ "no footprints", "1 footprint", "3 footprints" """
    if n == 0:
        return _("no footprints")
    return ngettext("%(n)s footprint", "%(n)s footprints", n) % {"n": n}


def points(n: int) -> str:
    return ngettext("%(n)s point", "%(n)s points", n) % {"n": n}


def columns(n: int) -> str:
    return ngettext("%(n)s column", "%(n)s columns", n) % {"n": n}


@per_language
def dice_changes(targets: tuple) -> str:
    """The dice a mark changes with footprints, ((your die, its target), (shared die, its target)): "your 5→4"."""
    says = (_("your %(value)s→%(target)s"), _("shared %(value)s→%(target)s"))
    changes = [say % {"value": value, "target": target}
               for say, (value, target) in zip(says, targets, strict=True) if value != target]
    return listing(changes)


@per_language
def free() -> str:
    """What a mark costs when it spends no footprint."""
    return pgettext("cost", "free")


def hex_name(column, floor, *, item=None, pending=None, house=False, offers=()) -> str:
    """A hex for screen readers. A lit hex (with `offers`) is a choice of its own and names its column: "Column 2,
    floor 4: may take yarn, mouse". Any other is read within its column's list (`column_name`) and names
    its floor and item only: "Floor 2: bowl", "Floor 5: house hex, empty" (a table draws some ninety of them)."""
    if not offers:
        return _unlit_hex_name(floor, item, pending, house)
    return _lit_hex_name(column, floor, house, tuple(offers))


@per_language
def _lit_hex_name(column, floor, house, offers: tuple) -> str:
    """A lit hex is empty (a mark goes only to an empty hex): it says what may go there, not that it is empty."""
    items = listing(item_name(i) for i in offers)
    what = (_("house hex; may take %(items)s") if house else _("may take %(items)s")) % {"items": items}
    return _("Column %(column)s, floor %(floor)s: %(what)s") % {"column": column, "floor": floor, "what": what}


@per_language
def _unlit_hex_name(floor, item, pending, house) -> str:
    if item:
        what = item_name(item)
    elif pending:
        what = _("your mark, %(item)s, not yet revealed") % {"item": item_name(pending)}
    else:
        what = pgettext("hex", "house hex, empty") if house else pgettext("hex", "empty")
    return _("Floor %(floor)s: %(what)s") % {"floor": floor, "what": what}


def column_name(column, bonus: dict) -> str:
    """A column of the tower with its two bonus numbers and what became of them: "Column 3, bonus 7 (crossed
    out) or 3"."""
    first = {"scored": _("%(n)s (scored)"), "crossed": _("%(n)s (crossed out)")}.get(bonus["first_state"], "%(n)s")
    later = _("%(n)s (scored)") if bonus["later_state"] == "scored" else "%(n)s"
    return _("Column %(column)s, bonus %(first)s or %(later)s") % {
        "column": column, "first": first % {"n": bonus["first"]}, "later": later % {"n": bonus["later"]}}


def describe_mark(mark: dict, item: str) -> str:
    """A submitted mark ("item" is its sheet name): "Bowl on column 3, floor 2 (1 footprint)"."""
    if mark.get("type") == "pass":
        return _("Pass: circle a footprint")
    text = _("%(item)s on column %(column)s, floor %(floor)s") % {"item": item_label(item), "column": mark["column"],
                                                                   "floor": mark["floor"]}
    if mark.get("footprints"):
        text += f" ({footprints(mark['footprints'])})"
    if mark.get("cat"):
        text += _(", scoring %(cat)s") % {"cat": cat_name(mark["cat"])}
    return text


# ---------------------------------------------------------------- the log


def _marked(e):
    text = _("marked %(item)s on column %(column)s, floor %(floor)s") % {
        "item": A_ITEM.get(e["item"], e["item"]), "column": e["column"], "floor": e["floor"]}
    if e["footprints"]:
        text += f" ({footprints(e['footprints'])})"
    if e.get("cat") is not None:
        text += _(" and scored %(cat)s: %(houses)s x %(count)s = %(points)s") % {
            "cat": cat_name(e["cat"]), "houses": e["houses"], "count": e["count"], "points": points(e["points"])}
    return text


def _completed_column(e):
    says = {"column": e["column"], "points": points(e["points"])}
    if e["first"]:
        return _("completed column %(column)s first: %(points)s") % says
    return _("completed column %(column)s: %(points)s") % says


def _won(e):
    return ngettext("%(winners)s wins with %(points)s", "%(winners)s share the win with %(points)s",
                    len(e["winners"])) % {"winners": seat_list(e["winners"]), "points": points(e["points"])}


EVENTS = {
    "rolled": lambda e: _("rolled %(dice)s to start round %(round)s") % {
        "dice": listing(e["dice"]), "round": e["round"]},
    "took_die": lambda e: _("took the %(value)s") % {"value": e["value"]},
    "passed": lambda e: _("passed and circled a footprint") if e["circled"] else _(
        "passed (every footprint is circled)"),
    "marked": _marked,
    "butterfly_footprint": lambda e: _("circled a footprint for the butterfly"),
    "completed_column": _completed_column,
    "crossed_out": lambda e: _("crossed out the %(number)s on column %(column)s") % {
        "number": e["number"], "column": e["column"]},
    "game_ended": lambda e: _("The game ends: %(enders)s completed %(columns)s.") % {
        "enders": seat_list(e["enders"]), "columns": columns(e["columns"])},
    "won": _won,
}


def event(entry: dict) -> str:
    """One log event as a sentence; an event this module does not know is shown by its name."""
    say = EVENTS.get(entry.get("event"))
    return say(entry) if say else str(entry.get("event", "")).replace("_", " ")


# ---------------------------------------------------------------- refusals

REFUSALS = {
    "not_a_seat": lambda p: _("Only a player at the table can make that move."),
    "not_an_action": lambda p: _("That is not a move."),
    "unknown_action": lambda p: _("Cat Tower has no such move: take a die, mark or pass."),
    "game_over": lambda p: _("The game is over."),
    "extra_field": lambda p: _("That move has a part too many (%(field)s).") % {"field": p["field"]},
    "missing_field": lambda p: _("That move is missing a part (%(field)s).") % {"field": p["field"]},
    "not_whole": lambda p: _("Columns, floors, dice and footprints are whole numbers."),
    "marking_now": lambda p: _("The dice have all been taken: it is time to mark."),
    "not_your_turn": lambda p: _("It is not your turn to take a die."),
    "no_such_die": lambda p: _("There is no die %(die)s: the roll has dice 0 to %(last)s.") % p,
    "die_taken": lambda p: _("The %(value)s is already taken.") % {"value": p["value"]},
    "drafting_now": lambda p: _("Marking starts when every player has taken a die."),
    "already_marked": lambda p: _("You have already marked this round."),
    "no_such_item": lambda p: _("An item is a die number from 1 to 6."),
    "no_such_column": lambda p: _("There is no column %(column)s.") % {"column": p["column"]},
    "no_such_hex": lambda p: _("Column %(column)s has no hex on floor %(floor)s.") % p,
    "hex_taken": lambda p: _("Column %(column)s, floor %(floor)s already holds %(item)s.") % {
        **p, "item": A_ITEM.get(p["item"], p["item"])},
    "not_a_house_hex": lambda p: _("A house goes only on a house hex; column %(column)s's is on floor "
                                   "%(house_floor)s.") % p,
    "house_hex": lambda p: _("Column %(column)s, floor %(floor)s is a house hex: only a house goes there.") % p,
    "too_few_footprints": lambda p: _("%(item)s on floor %(floor)s needs %(needed)s from the dice %(mine)s and "
                                      "%(shared)s; you have %(spare)s.") % {
        "item": item_label(p["item"]), "floor": p["floor"], "needed": footprints(p["needed"]), "mine": p["dice"][0],
        "shared": p["dice"][1], "spare": p["spare"]},
    "wrong_footprints": lambda p: _("%(item)s on floor %(floor)s takes exactly %(needed)s.") % {
        "item": item_label(p["item"]), "floor": p["floor"], "needed": footprints(p["needed"])},
    "cat_without_house": lambda p: _("A cat is scored only after marking a house."),
    "all_cats_scored": lambda p: _("All six cats are scored: a house scores nothing more."),
    "cat_scored": lambda p: _("The %(item)s cat is already scored.") % {"item": item_name(p["cat"])},
    "choose_cat": lambda p: _("After a house, choose a cat not yet scored: %(cats)s.") % {
        "cats": listing(item_name(cat) for cat in p["cats"])},
}

# The record pad's checks (scoring.located_reasons, tally.problems), each shown beside its field.
PROBLEMS = {
    "sheet_shape": lambda p: _("A sheet is a set of marks, cats, columns and footprints."),
    "marks_shape": lambda p: _("The marks map hexes such as 3-2 to items."),
    "not_a_hex_name": lambda p: _("“%(hex)s” is not a hex name: write column-floor, such as 3-2.") % p,
    "no_hex_there": lambda p: _("There is no hex at column %(column)s, floor %(floor)s.") % p,
    "not_an_item": lambda p: _("“%(item)s” on column %(column)s, floor %(floor)s is not an item of the game.") % p,
    "house_off_house_hex": lambda p: _("A house on column %(column)s, floor %(floor)s, which is not a house "
                                       "hex.") % p,
    "item_on_house_hex": lambda p: _("%(item)s on the house hex of column %(column)s (floor %(floor)s): only "
                                     "houses go there.") % {**p, "item": item_label(p["item"])},
    "cats_shape": lambda p: _("The cats map each cat to its points."),
    "not_a_cat": lambda p: _("“%(cat)s” is not one of the cats.") % p,
    "cat_twice": lambda p: _("%(cat)s is scored %(times)s times; each cat is scored once.") % {
        "cat": _cap(cat_name(p["cat"])), "times": p["times"]},
    "cat_points_not_whole": lambda p: _("The points of %(cat)s must be a whole number, not %(points)s.") % {
        "cat": cat_name(p["cat"]), "points": p["points"]},
    "more_cats_than_houses": lambda p: ngettext(
        "%(cats)s cats are scored but the sheet has only %(houses)s house: one cat per house.",
        "%(cats)s cats are scored but the sheet has only %(houses)s houses: one cat per house.",
        p["houses"]) % p,
    "impossible_cat_points": lambda p: (
        _("%(cat)s cannot score %(points)s: the house cat scores houses × houses, with at most %(houses)s houses "
          "on the sheet.") if p["cat"] == "house" else
        _("%(cat)s cannot score %(points)s: it scores houses (at most %(houses)s) × %(item)s hexes (at most "
          "%(items)s on the sheet).")) % {**p, "cat": _cap(cat_name(p["cat"])), "item": item_name(p["cat"])},
    "cats_do_not_fit": lambda p: _("The cats' points cannot all be right: each house scores one cat, the first "
                                   "with 1 house, the next with 2, and so on."),
    "columns_shape": lambda p: _("The column bonuses map each column to its points."),
    "wrong_bonus": lambda p: _("Column %(column)s gives %(first)s or %(later)s, not %(points)s.") % p,
    "bonus_not_complete": lambda p: _("Column %(column)s scores a bonus but is not complete.") % p,
    "bonus_missing": lambda p: _("Column %(column)s is complete, so it scored its big (%(first)s) or small "
                                 "(%(later)s) number: tick it.") % p,
    "footprints_shape": lambda p: _("The footprints give how many are circled and how many crossed out."),
    "footprints_not_whole": lambda p: (_("Footprints circled must be a whole number, not %(value)s.")
                                       if p["which"] == "circled" else
                                       _("Footprints crossed out must be a whole number, not %(value)s.")) % p,
    "too_many_circled": lambda p: _("%(circled)s footprints circled: the track has 0 to %(most)s.") % p,
    "crossed_above_circled": lambda p: _("%(crossed)s footprints crossed out but %(circled)s circled: only circled "
                                         "footprints are crossed out.") % p,
    "small_before_big": lambda p: _("Column %(column)s's small number (%(later)s) is scored on sheet %(seats)s, but "
                                    "no sheet scored its big number (%(first)s): the first to complete a column "
                                    "takes it.") % {**p, "seats": listing(p["seats"])},
    "not_ended": lambda p: _("The game ends when a player has completed %(columns)s; no sheet has yet.") % {
        "columns": columns(p["needed"])},
    "no_sheets": lambda p: _("The record needs one sheet per player."),
    "sheet_count": lambda p: _("Cat Tower is for %(low)s to %(high)s players, not %(count)s.") % p,
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def refusal(code: str, params: dict) -> str | None:
    """Why a move (or a record pad's sheet) was refused, in words; None for a code this module does not know (the
    engine's English then)."""
    say = REFUSALS.get(code) or PROBLEMS.get(code)
    return say(params) if say else None


# ---------------------------------------------------------------- the new-match form

OPTION_LABELS = {
    "columns_to_end": (gettext_lazy("Complete columns that end the game"),
                       gettext_lazy("The game ends with the round in which a player completes this many columns.")),
}


# The keys of the record's breakdown and `final` (a sheet's marks, its cats' items, its footprints), and the items
# it holds as values (docs/adding-a-game.md).
RECORD_KEYS = {"sheets": gettext_lazy("Score sheets"), "marks": gettext_lazy("Marked hexes"),
               "footprints": gettext_lazy("Footprints"), "circled": pgettext_lazy("footprints", "Circled"),
               "crossed": pgettext_lazy("footprints", "Crossed out")}


def category(key: str) -> str | None:
    said = CATEGORY_LABELS.get(key) or RECORD_KEYS.get(key) or ITEM_LABELS.get(key)
    return str(said) if said else None


def value(text: str) -> str | None:
    said = ITEM_LABELS.get(text)
    return str(said) if said else None


def action(action: dict) -> str | None:
    """A mark or a pass, told in the replay (the log tells a round's marks only once every seat has marked)."""
    if not isinstance(action, dict) or action.get("type") not in ("mark", "pass"):
        return None
    said = describe_mark(action, TOWER.items.get(action.get("item"), "?"))
    return said if action["type"] == "pass" else _("marked %(mark)s") % {"mark": said}


def instruction(view: dict, actions: list[dict]) -> str:
    """What the seat may do now, for the status line after "Your move:": from its view's phase and dice and the
    moves it is offered; "" when it is offered none."""
    kinds = {action.get("type") for action in actions}
    if "take_die" in kinds:
        return _("take one die from the roll; you will mark your tower with it and the shared die.")
    if "mark" in kinds and view.get("my_die") and view.get("shared"):
        return _("mark one item on your tower with your %(mine)d and the shared %(shared)d (one is the item, the "
                 "other the floor), or pass.") % {"mine": view["my_die"]["value"], "shared": view["shared"]["value"]}
    if "mark" in kinds:
        return _("mark one item on your tower, or pass.")
    if "pass" in kinds:
        return _("no mark fits these dice: pass and circle a footprint.")
    return ""
