"""Hot Tin Roof in words: the log's events and the refusals' codes as sentences, through gettext, plural-aware.

Other seats are written "{seat:N}" (the page names them); the acting seat is shown in bold before the sentence,
so a sentence about a seat starts with its verb.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from games.words_kept import per_language

from .board import board

OPTION_LABELS = {
    "home_tiles_break_ties": (gettext_lazy("Home tiles break ties"),
                              gettext_lazy("Before the seat rule, the player who took the most home tiles wins a "
                                           "tie.")),
}


def cans(n: int) -> str:
    return ngettext("%(n)d can", "%(n)d cans", n) % {"n": n}


def fish(n: int) -> str:
    return ngettext("%(n)d fish", "%(n)d fish", n) % {"n": n}


# The families whose homes the patios are, by the English name board.json gives them: the page names them in its
# language, on the board and in every sentence; the letter (A-O) stays the patio's id in every language.
FAMILIES = {
    "Adams": pgettext_lazy("a family on the board", "Adams"),
    "Bakers": pgettext_lazy("a family on the board", "Bakers"),
    "Chens": pgettext_lazy("a family on the board", "Chens"),
    "Diaz": pgettext_lazy("a family on the board", "Diaz"),
    "Evans": pgettext_lazy("a family on the board", "Evans"),
    "Fischers": pgettext_lazy("a family on the board", "Fischers"),
    "Garcias": pgettext_lazy("a family on the board", "Garcias"),
    "Hills": pgettext_lazy("a family on the board", "Hills"),
    "Ivanovs": pgettext_lazy("a family on the board", "Ivanovs"),
    "Johnstons": pgettext_lazy("a family on the board", "Johnstons"),
    "Kims": pgettext_lazy("a family on the board", "Kims"),
    "Lopez": pgettext_lazy("a family on the board", "Lopez"),
    "Magins": pgettext_lazy("a family on the board", "Magins"),
    "Newmans": pgettext_lazy("a family on the board", "Newmans"),
    "Oscars": pgettext_lazy("a family on the board", "Oscars"),
}


@per_language
def family(patio_id: str) -> str:
    """The family of a patio, in the page's language ("Adams", 「亞當斯家」); the id itself for an unknown patio."""
    name = board().family.get(patio_id)
    if name is None:
        return str(patio_id)
    return str(FAMILIES.get(name, name))


def patio(patio_id: str) -> str:
    """A patio by its family: "the Adams' patio (A)"."""
    if patio_id not in board().family:
        return str(patio_id)
    return _("the %(family)s' patio (%(id)s)") % {"family": family(patio_id), "id": patio_id}


def gap(gap_id: str) -> str:
    ends = board().gaps.get(gap_id)
    if ends is None:
        return str(gap_id)
    return _("the gap %(a)s–%(b)s") % {"a": family(ends[0]), "b": family(ends[1])}


def dumpster(name: str) -> str:
    names = {"home1": _("the first home-tile dumpster"), "home2": _("the second home-tile dumpster"),
             "home3": _("the third home-tile dumpster"), "catwalk": _("the catwalk dumpster"),
             "shelter": _("the shelter dumpster")}
    return names.get(name, str(name))


def pair(name: str) -> str:
    return {"sitting": _("sitting pair"), "standing": _("standing pair")}.get(name, str(name))


def cat(name: str) -> str:
    return {"sitting": _("sitting cat"), "standing": _("standing cat")}.get(name, str(name))


def route(patios: list) -> str:
    return " → ".join(str(p) for p in patios)


def _tolls(entry: dict) -> str:
    parts = []
    if entry.get("catwalks"):
        parts.append(ngettext("%(n)d catwalk crossed", "%(n)d catwalks crossed", entry["catwalks"])
                     % {"n": entry["catwalks"]})
    if entry.get("shelters"):
        parts.append(ngettext("%(n)d shelter entered", "%(n)d shelters entered", entry["shelters"])
                     % {"n": entry["shelters"]})
    return _(", ").join(parts)


def _paid(n: int) -> str:
    return _("for free") if n == 0 else _("paying %(cans)s in tolls") % {"cans": cans(n)}


EVENTS = {
    "ante": lambda e: _("paid the ante: %(cans)s, one onto each dumpster.") % {"cans": cans(e["cans"])},
    "exchanged": lambda e: _("exchanged %(fish)s for %(cans)s with the bank.")
    % {"fish": fish(e["fish"]), "cans": cans(e["cans"])},
    "skipped": lambda e: _("could not pay the ante: took %(cans)s from the bank, and the turn is over.")
    % {"cans": cans(e["cans"])},
    "dived": lambda e: _("dived into %(dumpster)s and took %(cans)s.")
    % {"dumpster": dumpster(e["dumpster"]), "cans": cans(e["cans"])},
    "placed_catwalk": lambda e: _("built a catwalk across %(gap)s.") % {"gap": gap(e["gap"])},
    "moved_catwalk": lambda e: _("moved a catwalk from %(from)s to %(to)s.")
    % {"from": gap(e["from"]), "to": gap(e["to"])},
    "placed_shelter": lambda e: _("built a shelter on %(patio)s.") % {"patio": patio(e["patio"])},
    "moved_shelter": lambda e: _("moved a shelter from %(from)s to %(to)s.")
    % {"from": patio(e["from"]), "to": patio(e["to"])},
    "placed_nothing": lambda e: _("placed nothing."),
    "placed_pair": lambda e: _("took a home tile and put the %(pair)s on %(a)s and %(b)s.")
    % {"pair": pair(e["pair"]), "a": patio(e["patios"][0]), "b": patio(e["patios"][1])},
    "refilled": lambda e: _("A new home tile turned up under %(dumpster)s.") % {"dumpster": dumpster(e["dumpster"])},
    "reshuffled": lambda e: ngettext("The %(n)d discarded home tile was shuffled into a new pile.",
                                     "The %(n)d discarded home tiles were shuffled into a new pile.", e["tiles"])
    % {"n": e["tiles"]},
    "moved": lambda e: _("moved a %(cat)s %(route)s, to the %(family)s, %(paid)s.")
    % {"cat": cat(e["pair"]), "family": family(e["path"][-1]),
       "route": route(e["path"]), "paid": _paid(e["cans"])},
    "paid_toll": lambda e: _("paid {seat:%(to)d} %(cans)s: %(what)s.")
    % {"to": e["to"], "cans": cans(e["cans"]), "what": _tolls(e)},
    "joined": lambda e: ngettext("joined the %(pair)s on %(patio)s and took a fish (%(n)d left in the market).",
                                 "joined the %(pair)s on %(patio)s and took a fish (%(n)d left in the market).",
                                 e["market"])
    % {"pair": pair(e["pair"]), "patio": patio(e["patio"]), "n": e["market"]},
    "last_fish": lambda e: _("took the last fish: the game ends now. Pairs still apart are settled."),
    "turn_over": lambda e: _("has nothing left to move: the turn is over."),
    "ended_turn": lambda e: _("ended the turn."),
    "settled_paid": lambda e: _("paid the bank %(cans)s for the %(pair)s left apart.")
    % {"cans": cans(e["cans"]), "pair": pair(e["pair"])},
    "settled_joined": lambda e: _("joined the %(pair)s along %(route)s, %(paid)s (no fish at the end).")
    % {"pair": pair(e["pair"]), "route": route(e["path"]), "paid": _paid(e["cans"])},
    "game_over": lambda e: _("The game is over."),
}


def event(entry: dict) -> str:
    """The sentence for one log event."""
    make = EVENTS.get(entry.get("event"))
    return make(entry) if make else str(entry.get("event", ""))


REFUSALS = {
    "game_over": lambda p: _("The game is over."),
    "not_over": lambda p: _("The game is not over yet."),
    "unknown_action": lambda p: _("There is no such move in Hot Tin Roof."),
    "unknown_field": lambda p: _("That move has a field it cannot have: %(field)s.") % {"field": p.get("field")},
    "not_allowed": lambda p: _("That move is not allowed now."),
    "not_your_turn": lambda p: _("It is not your turn: {seat:%(turn)d} is playing.") % {"turn": p["turn"]}
    if isinstance(p.get("turn"), int) else _("It is not your turn."),
    "no_dive_now": lambda p: _("You have already dived this turn."),
    "no_move_now": lambda p: _("Cats move after the dumpster dive."),
    "no_end_turn_now": lambda p: _("Dive into a dumpster first: only then may you end your turn."),
    "no_settle_now": lambda p: _("Pairs are settled only once the last fish is taken."),
    "no_such_dumpster": lambda p: _("There is no such dumpster."),
    "no_pair_off_board": lambda p: _("Both your pairs of cats are on the board: you cannot take a home tile."),
    "wrong_tile": lambda p: _("That is not the home tile under this dumpster."),
    "no_such_pair": lambda p: _("Name a pair of cats: sitting or standing."),
    "pair_on_board": lambda p: _("Your %(pair)s is already on the board.") % {"pair": pair(p.get("pair"))},
    "must_place_catwalk": lambda p: _("You have a catwalk in your reserve and there is a free gap: place it."),
    "must_place_shelter": lambda p: _("You have a shelter in your reserve and there is a free patio: place it."),
    "no_such_gap": lambda p: _("There is no such gap on the board."),
    "no_such_patio": lambda p: _("There is no such patio on the board."),
    "gap_taken": lambda p: _("That gap already holds a catwalk."),
    "patio_taken": lambda p: _("That patio already has a shelter."),
    "catwalk_in_reserve": lambda p: _("You still have a catwalk in your reserve: place that one."),
    "shelter_in_reserve": lambda p: _("You still have a shelter in your reserve: place that one."),
    "not_your_catwalk": lambda p: _("You have no catwalk there to move."),
    "not_your_shelter": lambda p: _("You have no shelter there to move."),
    "no_catwalk_left": lambda p: _("Your reserve has no catwalk left: move one of yours or place nothing."),
    "no_shelter_left": lambda p: _("Your reserve has no shelter left: move one of yours or place nothing."),
    "bad_path": lambda p: _("A path lists the patios visited, the cat's own patio first."),
    "path_not_from_cat": lambda p: _("A path starts on the cat's own patio."),
    "unreachable": lambda p: _("No path of routes and catwalks leads there."),
    "not_cheapest": lambda p: _("Take one of the cheapest paths offered."),
    "cannot_afford": lambda p: _("You cannot pay the tolls of that path: it costs %(cost)s and you have %(have)s.")
    % {"cost": cans(p["cans"]), "have": cans(p["have"])} if "cans" in p else _("You cannot pay those tolls."),
    "no_such_cat": lambda p: _("Name a cat by its pair (sitting or standing) and 0 or 1."),
    "cat_off_board": lambda p: _("That cat is not on the board."),
    "cat_moved": lambda p: _("That cat has already moved this turn."),
    "pair_settled": lambda p: _("That pair is not on the board any more."),
    "not_a_join": lambda p: _("A joining path runs from one cat of the pair to the other."),
    "not_an_action": lambda p: _("That is not a move."),
    "not_a_seat": lambda p: _("Only a player at the table can make that move."),
    "seat_count": lambda p: _("Hot Tin Roof is for 3 or 4 players."),
    "bad_option": lambda p: _("That value is not allowed for this option."),
    "unknown_option": lambda p: _("Hot Tin Roof has no such option."),
    "bad_options": lambda p: _("The options must be a set of names and values."),
    # The record pad's checks (tally.problems), each shown beside its field.
    "pad_shape": lambda p: _("The pad needs each player's cans, fish, home tiles, pairs left and penalties."),
    "not_a_count": lambda p: _("Enter a whole number, 0 or more."),
    "too_many_pairs_left": lambda p: _("A player has only %(limit)d pairs of cats, so at most %(limit)d are left on "
                                       "the board.") % p,
    "penalties_above_pairs": lambda p: _("15 cans for each pair left: %(pairs)s left is at most %(most)s paid, not "
                                         "%(paid)d.") % {**p, "pairs": pairs_count(p["pairs"]),
                                                         "most": cans(p["most"])},
    "too_few_home_tiles": lambda p: _("One home tile for each fish and each pair left: %(fish)s and %(pairs)s on the "
                                      "board need at least %(tiles)s, not %(given)d.") % {
        "fish": fish(p["fish"]), "pairs": pairs_count(p["pairs"]), "tiles": tiles(p["fish"] + p["pairs"]),
        "given": p["tiles"]},
    "more_fish_than_market": lambda p: _("The players hold %(held)d fish, but the market has only %(market)d with "
                                         "%(players)d players.") % p,
    "joined_not_market": lambda p: _("One fish for each pair joined, and the game ends when all %(market)d are "
                                     "taken: the home tiles taken less the pairs left must add up to %(market)d, not "
                                     "%(joined)d.") % p,
    "who_took_last_fish": lambda p: _("Say who took the last fish: that ended the game."),
    "last_fish_without_pair": lambda p: _("{seat:%(seat)d} took the last fish but joined no pair: check who took "
                                          "the last fish.") % p,
}


def pairs_count(n: int) -> str:
    return ngettext("%(n)d pair", "%(n)d pairs", n) % {"n": n}


def tiles(n: int) -> str:
    return ngettext("%(n)d home tile", "%(n)d home tiles", n) % {"n": n}


def refusal(code: str, params: dict) -> str | None:
    """The sentence for a refusal code, or None to use the engine's English fallback."""
    make = REFUSALS.get(code)
    return make(params or {}) if make else None


def script_words(phase: str) -> dict:
    """The sentences the table's script writes while a move is composed in this phase (it has no catalogue of its
    own; only the phase's words ride along, to keep the pushed table small)."""
    if phase == "dive":
        return {
            "pair_sitting": _("Sitting pair (●)"), "pair_standing": _("Standing pair (◆)"),
            "which_pair": _("Which pair of cats goes onto the tile's two patios?"),
            "place_nothing": _("Take the cans, place nothing"),
            "move_catwalk": _("Your reserve is empty: pick one of your catwalks to move, or place nothing."),
            "move_shelter": _("Your reserve is empty: pick one of your shelters to move, or place nothing."),
            "pick_gap": _("Pick a gap for your catwalk."), "pick_patio": _("Pick a patio for your shelter."),
            "where_now": _("Now pick where it goes."),
        }
    if phase == "race":
        return {
            "pick_destination": _("Pick a destination for this cat."),
            "pick_cat": _("Pick a cat to move, then its destination; or end your turn."),
            "move_cat": _("Move this cat"), "cancel": _("Cancel"), "free": _("free"), "comma": _(", "),
            # "%(n)s" and "%(who)s" are filled in by the script; one form for one can, one for more.
            "can_to": ngettext("%(n)s can to %(who)s", "%(n)s cans to %(who)s", 1),
            "cans_to": ngettext("%(n)s can to %(who)s", "%(n)s cans to %(who)s", 2),
            "move_from": _("Move: %(cat)s"), "to_patio": _("To %(patio)s"),
        }
    return {}


# The keys of the record's breakdown and `final`, for the record page and the replay (docs/adding-a-game.md).
CATEGORIES = {"cans": gettext_lazy("Cans"), "fish": gettext_lazy("Fish"),
              "home_tiles": gettext_lazy("Home tiles taken"), "pairs_left": gettext_lazy("Pairs left on the board"),
              "penalties": gettext_lazy("Penalties paid (cans)"),
              "trigger_seat": gettext_lazy("The seat that took the last fish")}
SEAT_KEYS = {"trigger_seat"}  # its value is a seat counted from 0: the record page names its player


def category(key: str) -> str | None:
    said = CATEGORIES.get(key)
    return str(said) if said else None


def instruction(view: dict, actions: list[dict]) -> str:
    """What the seat may do now, for the status line after "Your move:": from its view's phase and the moves it
    is offered; "" when it is offered none."""
    kinds = {action.get("type") for action in actions}
    if "dive" in kinds:
        return _("choose a dumpster below the board: you take its cans and do its action.")
    if "move" in kinds:
        return _("pick a cat on the board, then where it goes; or end your turn.")
    if "end_turn" in kinds:
        return _("no cat of yours can move now: end your turn.")
    if "settle" in kinds:
        return _("the last fish is gone: settle each of your pairs still apart, below the board.")
    return ""
