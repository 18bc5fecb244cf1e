"""Rat Hot in words: the log events and refusal codes of the engine (and of the table sheet) as sentences.

Through gettext and ngettext; other seats are written "{seat:N}" (the page names them) and the acting seat
(entry["seat"]) is shown in bold before the sentence, so each sentence starts with a verb.
"""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.words_kept import per_language

from .strips import spaces_of

# In contexts: the catalogues of every app are merged, and "empty" or "mint" may mean something else elsewhere.
SPACE_NAMES = {
    "chili": pgettext_lazy("space", "chili"), "paprika": pgettext_lazy("space", "paprika"),
    "saffron": pgettext_lazy("space", "saffron"), "cinnamon": pgettext_lazy("space", "cinnamon"),
    "basil": pgettext_lazy("space", "basil"), "mint": pgettext_lazy("space", "mint"),
    "coriander": pgettext_lazy("space", "coriander"), "bay": pgettext_lazy("space", "bay"),
    "rat-red": pgettext_lazy("space", "red rat"), "rat-green": pgettext_lazy("space", "green rat"),
    "empty": pgettext_lazy("space", "empty"), "start": pgettext_lazy("space", "start"),
}
COLOUR_NAMES = (pgettext_lazy("player colour", "red"), pgettext_lazy("player colour", "green"))
DIR_NAMES = {"E": pgettext_lazy("facing", "east"), "S": pgettext_lazy("facing", "south"),
             "W": pgettext_lazy("facing", "west"), "N": pgettext_lazy("facing", "north")}
CHIP_NAMES = {"grey": gettext_lazy("a grey chip"), "yellow": gettext_lazy("a yellow chip")}

OPTION_LABELS = {
    "rats": (gettext_lazy("Rats end the game"),
             gettext_lazy("Three rats of your colour showing after your turn lose the game. Without them the rats "
                          "are only blanks (good for learning the scoring).")),
}


def space(name: str) -> str:
    return str(SPACE_NAMES.get(name, name))


def listing(parts) -> str:
    """Words in a row: "basil, paprika, empty" (Chinese writes 、 between them)."""
    return pgettext("list separator", ", ").join(str(p) for p in parts)


def strip(spaces) -> str:
    """A strip by its spaces in order: "basil, paprika, empty"."""
    return listing(space(s) for s in spaces)


@per_language
def cell(x: int, y: int, name: str, height: int) -> str:
    """A cell of the table as a screen reader names it: "Column 2, row -1: basil, height 2"."""
    return _("Column %(x)d, row %(y)d: %(space)s, height %(height)d") % {
        "x": x, "y": y, "space": space(name), "height": height}


def points(n: int) -> str:
    return ngettext("%(n)d point", "%(n)d points", n) % {"n": n}


def spot(spaces, x: int, y: int, direction: str, gains=None) -> str:
    """A placement as the keyboard names it: "basil, empty, green rat; at column 3, row -1, facing east; scores 2
    for green"."""
    text = _("%(strip)s; at column %(x)d, row %(y)d, facing %(dir)s") % {
        "strip": strip(spaces), "x": x, "y": y, "dir": DIR_NAMES[direction]}
    if gains is not None:
        scored = [_("%(points)s for %(colour)s") % {"points": n, "colour": COLOUR_NAMES[seat]}
                  for seat, n in enumerate(gains) if n]
        scores = _("scores %(what)s") % {"what": _(" and ").join(scored)} if scored else _("scores nothing")
        text = _("%(spot)s; %(scores)s") % {"spot": text, "scores": scores}
    return text


def event(entry: dict) -> str:
    kind = entry.get("event")
    if kind == "revealed":
        strips = entry["strips"]
        return ngettext("turned up a strip: %(strips)s", "turned up %(count)d strips: %(strips)s", len(strips)) % {
            "count": len(strips), "strips": _("; ").join(strip(spaces_of(s)) for s in strips)}
    if kind == "placed":
        return _("placed %(strip)s at column %(x)d, row %(y)d, facing %(dir)s") % {
            "strip": strip(entry["spaces"]), "x": entry["x"], "y": entry["y"], "dir": DIR_NAMES[entry["dir"]]}
    if kind == "scored":
        text = ngettext("took %(chip)s (%(points)s) for a group of %(size)d %(spice)s",
                        "took %(chip)s (%(points)s) for a group of %(size)d %(spice)s", entry["size"]) % {
            "chip": CHIP_NAMES[entry["chip"]], "points": points(entry["points"]), "size": entry["size"],
            "spice": space(entry["spice"])}
        if entry.get("by") is not None and entry["by"] != entry["seat"]:
            text += " " + _("on {seat:%(by)d}'s turn") % {"by": entry["by"]}
        return text
    if kind == "lost_by_rats":
        return ngettext("ended the turn with %(n)d own rat showing and lost the game",
                        "ended the turn with %(n)d own rats showing and lost the game", entry["rats"]) % {
            "n": entry["rats"]}
    if kind == "final_tally":
        return _("scored %(points)s in the final tally (%(pairs)s, %(large)s)") % {
            "points": points(entry["points"]),
            "pairs": ngettext("%(n)d group of two", "%(n)d groups of two", entry["pairs"]) % {"n": entry["pairs"]},
            "large": ngettext("%(n)d group of three or more", "%(n)d groups of three or more", entry["large"]) % {
                "n": entry["large"]}}
    if kind == "game_over":
        return _game_over(entry)
    return str(entry.get("text", kind))


def _game_over(entry: dict) -> str:
    ranks, scores = entry["ranks"], entry["scores"]
    if entry["ended_by"] == "rats":
        loser = ranks.index(2)
        return _("The game is over: {seat:%(winner)d} wins, {seat:%(loser)d} showed three own rats.") % {
            "winner": 1 - loser, "loser": loser}
    if ranks[0] == ranks[1]:
        return _("The game is over: a draw at %(points)s each.") % {"points": points(scores[0])}
    winner = ranks.index(1)
    return _("The game is over: {seat:%(winner)d} wins with %(points)s to %(other)d.") % {
        "winner": winner, "points": points(scores[winner]), "other": scores[1 - winner]}


REFUSALS = {
    "game_over": gettext_lazy("The game is over."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "not_a_seat": gettext_lazy("Only a player at the table can make that move."),
    "not_an_action": gettext_lazy("That move could not be read; please choose it again."),
    "unknown_action": gettext_lazy("In Rat Hot you can only place a strip."),
    "bad_place": gettext_lazy("Choose a strip, a spot and a direction (east, south, west or north)."),
    "not_revealed": gettext_lazy("That strip is not one of this turn's strips."),
    "off_table": gettext_lazy("The strip must lie wholly on the table."),
    "hollow": gettext_lazy("The three cells under a strip must be of the same height: no hollow under it."),
    "covers_one_strip": gettext_lazy("A strip may not cover one single strip entirely: cover parts of two or "
                                     "three strips."),
    "not_touching": gettext_lazy("A strip on the table must touch the layout (side by side, not corner to "
                                 "corner)."),
    "bad_option": gettext_lazy("That setting is not allowed."),
    "unknown_option": gettext_lazy("Rat Hot has no such setting."),
    "bad_options": gettext_lazy("The settings could not be read."),
    "seat_count": gettext_lazy("Rat Hot is for two players."),
    "not_whole": gettext_lazy("Enter a whole number."),
    # the table sheet (tally.py): shown next to the field they belong to
    "two_players": gettext_lazy("Rat Hot is for two players: give each one's chips and final tally."),
    "not_a_count": gettext_lazy("Enter a whole number, 0 or more."),
    "bad_rats_flag": gettext_lazy("Lost by rats is yes or no."),
    "bad_end": gettext_lazy("The game ends with the last strip or with the rats."),
    "rats_and_last_strip": gettext_lazy("A player lost by rats, so the game did not end with the last strip."),
    "played_without_rats": gettext_lazy("The game was played without rats, so nobody can lose by rats."),
    "one_loser": gettext_lazy("When the rats end the game, say which one player showed three of their rats."),
    "no_final_tally": gettext_lazy("When the rats end the game there is no final tally: leave it empty."),
    "impossible_sheet": gettext_lazy("This sheet is not possible: see the reasons next to the fields."),
}

GROUPS = {"pairs": ("%(n)d group of two", "%(n)d groups of two"),
          "large": ("%(n)d group of three or more", "%(n)d groups of three or more")}


def refusal(code: str, params: dict) -> str | None:
    if code == "out_of_range":
        return _("Enter a number from %(low)d to %(high)d.") % {"low": params.get("low", 0),
                                                              "high": params.get("high", 0)}
    if code == "more_groups_than_chips":
        groups = ngettext(*GROUPS[params["group"]], params["groups"]) % {"n": params["groups"]}
        chips = ngettext("only %(n)d grey chip", "only %(n)d grey chips", params["chips"]) \
            if params["chip"] == "grey" else ngettext("only %(n)d yellow chip", "only %(n)d yellow chips",
                                                      params["chips"])
        return _("%(groups)s at the end, but %(chips)s: each such group took a chip of that colour when it got its "
                 "final shape.") % {"groups": groups, "chips": chips % {"n": params["chips"]}}
    if code == "too_many_groups":
        return _("These groups need at least %(cells)d spaces of this player's spices; the strips have only "
                 "%(spaces)d.") % params
    text = REFUSALS.get(code)
    return None if text is None else str(text)


# The keys of the record's breakdown and `final`, and the words it holds as values (docs/adding-a-game.md).
CATEGORIES = {"chips": gettext_lazy("Chips"), "final_tally": gettext_lazy("Final tally"),
              "lost_by_rats": gettext_lazy("Lost by rats"), "deck": gettext_lazy("The strips in the order drawn"),
              "ended_by": gettext_lazy("How the game ended")}
VALUES = {"rats": gettext_lazy("A player's third rat"), "last_strip": gettext_lazy("The last strip")}


def category(key: str) -> str | None:
    said = CATEGORIES.get(key)
    return str(said) if said else None


def value(text: str) -> str | None:
    said = VALUES.get(text)
    return str(said) if said else None


def instruction(view: dict, actions: list[dict]) -> str:
    """What the seat may do now, for the status line after "Your move:": from the strips its view shows turned
    up and the placements it is offered; "" when it is offered none."""
    if not any(action.get("type") == "place" for action in actions):
        return ""
    if len(view.get("revealed") or ()) == 2:
        return _("place both strips on the table, in the order you like: choose a strip, its facing and a spot "
                 "on the table, then Place the strip.")
    return _("place your strip on the table: choose its facing and a spot on the table, then Place the strip.")
