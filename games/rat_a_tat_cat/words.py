"""Rat-a-Tat Cat in words: the log's events, the refusals, the cards and the options, through gettext.

The engine writes events ({"event": "took_discard", "seat": 1, "card": 8, ...}) and refusal codes; this module
turns them into sentences. An event with a seat is a sentence without its subject (the page writes the player's
name before it); other seats are "{seat:N}" mentions the page names. Positions are 1 to 4 for people.
"""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.log_words import mention, seat_list

from .scoring import HIGHEST_CARD, MAX_SEATS, MIN_SEATS

POWER_NAMES = {"peek": pgettext_lazy("card", "Peek"), "swap": pgettext_lazy("card", "Swap"),
               "draw2": pgettext_lazy("card", "Draw 2")}


def card_name(card) -> str:
    """A card's face: "Peek", "Draw 2", "8"."""
    return str(POWER_NAMES.get(card, card)) if isinstance(card, str) else str(card)


def with_article(card) -> str:
    """'a 7', 'an 8', 'a Peek': a card as a sentence names it."""
    if card == 8:
        return pgettext("card with article", "an 8")
    return pgettext("card with article", "a %(card)s") % {"card": card_name(card)}


def position(index: int) -> int:
    return index + 1


def card_at(card, index: int) -> str:
    """A card on the table by its position (from 1) and its face, or "face down" when the viewer cannot see it."""
    face = _("face down") if card is None else card_name(card)
    return _("Position %(position)s: %(card)s") % {"position": position(index), "card": face}


def draw_pile(count: int) -> str:
    """The draw pile's label: how many cards are left in it."""
    return _("Draw pile: %(n)s") % {"n": count}


def discard_top(card) -> str:
    """The accessible name of the discard pile's top card."""
    return _("Top of the discard pile: %(card)s") % {"card": card_name(card)}


CARD_CHOICES = {
    "take": gettext_lazy("take the discard into this position"),
    "replace": gettext_lazy("put the drawn card here"),
    "peek": gettext_lazy("peek at this card"),
}


def card_choice(card, index: int, choice: str) -> str:
    """A card of the player's own row offered as a move: where it is, what it shows, and what choosing it does."""
    return _("%(card)s, %(choice)s") % {"card": card_at(card, index), "choice": CARD_CHOICES[choice]}


# ---------------------------------------------------------------- the log


def _dealt(e):
    return _("Round %(round)s: %(dealer)s deals.") % {"round": e["round"], "dealer": mention(e["dealer"])}


def _power_turned_up(e):
    return _("A %(card)s turned up as the first discard and went back into the middle of the draw pile.") % {
        "card": card_name(e["card"])}


def _took_discard(e):
    return _("took the %(card)s from the discard pile and put it in position %(position)s, discarding "
             "%(discarded)s") % {"card": card_name(e["card"]), "position": position(e["position"]),
                                 "discarded": with_article(e["discarded"])}


def _replaced(e):
    return _("drew a card and put it in position %(position)s, discarding %(discarded)s") % {
        "position": position(e["position"]), "discarded": with_article(e["discarded"])}


def _discarded(e):
    if isinstance(e["card"], str):
        return _("drew %(card)s and did not use it") % {"card": with_article(e["card"])}
    return _("drew a card and discarded it: %(card)s") % {"card": e["card"]}


def _peeked(e):
    return _("drew a Peek and looked at position %(position)s") % {"position": position(e["position"])}


def _swapped(e):
    return _("drew a Swap and swapped their position %(position)s with position %(theirs)s of %(opponent)s") % {
        "position": position(e["position"]), "theirs": position(e["their_position"]),
        "opponent": mention(e["opponent"])}


def _power_replaced(e):
    return _("The %(card)s in position %(position)s of %(owner)s goes to the bottom of the draw pile and is "
             "replaced by %(replacement)s.") % {"card": card_name(e["card"]), "position": position(e["position"]),
                                                "owner": mention(e["owner"]),
                                                "replacement": with_article(e["replacement"])}


def _round_ended(e):
    listed = _(", ").join(_("%(seat)s %(score)s") % {"seat": mention(seat), "score": score}
                          for seat, score in enumerate(e["scores"]) if score is not None)
    return _("Round %(round)s ends: %(scores)s.") % {"round": e["round"], "scores": listed}


def _went_out(e):
    return _("reaches %(total)s and is out.") % {"total": e["total"]}


def _game_over(e):
    winners = e["winners"]
    return ngettext("The game is over: %(winners)s wins.", "The game is over: %(winners)s share the win.",
                    len(winners)) % {"winners": seat_list(winners)}


EVENTS = {
    "dealt": _dealt,
    "power_turned_up": _power_turned_up,
    "time_up": lambda e: _("Time is up: the round in progress is the last."),
    "took_discard": _took_discard,
    "drew_draw2": lambda e: _("drew a Draw 2 and discarded it: up to two more draws"),
    "replaced": _replaced,
    "discarded": _discarded,
    "peeked": _peeked,
    "swapped": _swapped,
    "knocked": lambda e: _("knocked: Rat-a-tat cat!"),
    "reshuffled": lambda e: _("The discard pile, except its top card, is shuffled into the draw pile."),
    "power_replaced": _power_replaced,
    "round_ended": _round_ended,
    "went_out": _went_out,
    "game_over": _game_over,
}


def event(entry: dict) -> str:
    """One log event as a sentence; an event this module does not know is shown by its name."""
    say = EVENTS.get(entry.get("event"))
    return say(entry) if say else str(entry.get("event", "")).replace("_", " ")


# ---------------------------------------------------------------- refusals

WAITING_FOR = {
    "play": gettext_lazy("take the top discard or draw a card"),
    "decide": gettext_lazy("play or discard the card you drew"),
    "knock": gettext_lazy("knock or end your turn"),
}


def _bad_round_score(p: dict) -> str:
    """The pad's sentence for a round score out of range, naming the number it refuses when it is one."""
    if "highest" not in p:
        return _("A round score is the sum of four cards.")
    points = p.get("points")
    if type(points) in (int, float):
        return _("A round score is the sum of four cards: a whole number from 0 to %(highest)d, not %(points)s.") % {
            "highest": p["highest"], "points": points}
    return _("A round score is the sum of four cards: a whole number from 0 to %(highest)d.") % p


REFUSALS = {
    "not_an_action": lambda p: _("That is not a move."),
    "game_over": lambda p: _("The game is over."),
    "not_the_clock": lambda p: _("Only the match service says when time is up."),
    "not_timed": lambda p: _("This game does not end on time."),
    "time_already_up": lambda p: _("Time is already up."),
    "not_a_seat": lambda p: _("Only a player at the table can make that move."),
    "unknown_action": lambda p: _("There is no such move in Rat-a-Tat Cat."),
    "not_whole": lambda p: _("Positions and seats must be whole numbers."),
    "peek_already_hidden": lambda p: _("Your opening peek is already hidden."),
    "not_your_turn": lambda p: _("It is not your turn."),
    "not_now": lambda p: _("Not now: %(step)s.") % {"step": WAITING_FOR.get(p.get("phase"), WAITING_FOR["play"])},
    "power_on_discard": lambda p: _("A power card can never be taken from the discard pile."),
    "not_for_drawn_card": lambda p: _("You drew %(card)s: %(step)s.") % {"card": with_article(p["card"]),
                                                                          "step": WAITING_FOR["decide"]},
    "not_an_opponent": lambda p: _("Swap with the card of an opponent still in the game."),
    "face_up_card": lambda p: _("With the memory aid on, only face-down cards can be peeked at or swapped."),
    "no_such_position": lambda p: _("Positions run from 1 to 4."),
    "not_allowed": lambda p: _("That move is not allowed now."),
    # The record pad's checks (tally.problems), each shown beside its cell or its option.
    "bad_round_score": _bad_round_score,
    "score_missing": lambda p: _("The score is missing: this player was still in."),
    "score_after_out": lambda p: _("This player went out after round %(out)d, so has no score afterwards.") % p
    if "out" in p else _("This player is out, so has no score afterwards."),
    "rounds_after_end": lambda p: _("The game ended after round %(round)d, when at most one player was left in, "
                                    "but %(played)d rounds are entered.") % p
    if {"round", "played"} <= set(p) else _("The game ended when at most one player was left in."),
    "rounds_played": lambda p: _("The game was set to %(rounds)d rounds, but %(played)d are entered.") % p
    if {"rounds", "played"} <= set(p) else _("Enter as many rounds as the game was set to."),
    "still_in": lambda p: _("The game goes on until at most one player is left below %(limit)d; %(still_in)d still "
                            "are.") % p
    if {"limit", "still_in"} <= set(p) else _("The game goes on until at most one player is left in."),
    "round_shape": lambda p: _("Round %(round)d: the pad needs a score for every player.") % p
    if "round" in p else _("The pad needs a score for every player in every round."),
    "round_length": lambda p: _("Round %(round)d does not have a score for every player.") % p
    if "round" in p else _("Every round needs a score for every player."),
    "seat_count": lambda p: _("Rat-a-Tat Cat is for %(low)d to %(high)d players.") % {"low": MIN_SEATS,
                                                                                    "high": MAX_SEATS},
    "rows_shape": lambda p: _("Give a row of cards for every player, or none at all."),
    "out_has_cards": lambda p: _("A player out has neither cards nor a score."),
    "bad_row": lambda p: _("A row is four cards from 0 to %(highest)d.") % p
    if "highest" in p else _("A row is four cards from 0 to %(highest)d.") % {"highest": HIGHEST_CARD},
    "row_sum": lambda p: _("These cards add up to %(sum)d, not %(points)d.") % p
    if {"sum", "points"} <= set(p) else _("The cards do not add up to the score."),
    "no_rounds": lambda p: _("Enter at least one round's scores."),
}


def refusal(code: str, params: dict) -> str | None:
    """Why a move was refused, in words; None for a code this module does not know (the engine's English then)."""
    say = REFUSALS.get(code)
    return say(params) if say else None


# ---------------------------------------------------------------- the new-match form

OPTION_LABELS = {
    "end": (gettext_lazy("The game ends by"),
            gettext_lazy("Rounds: after a number of rounds. Time: when the time limit passes (the round is "
                         "finished). Elimination: a player reaching the limit is out; the last player in wins.")),
    "rounds": (pgettext_lazy("card game", "Rounds"), gettext_lazy("When the game ends by rounds.")),
    "limit": (gettext_lazy("Elimination limit"),
              gettext_lazy("When the game ends by elimination: a total reaching this is out.")),
    "memory_aid": (gettext_lazy("Memory aid"),
                   gettext_lazy("Cards you have seen stay visible to you; outer cards lie face up (for young "
                                "players).")),
}
CHOICE_LABELS = {
    "end": {"rounds": pgettext_lazy("card game", "Rounds"), "time": gettext_lazy("Time"),
            "elimination": gettext_lazy("Elimination")},
}


# ---------------------------------------------------------------- moves and record keys

# The moves that add nothing to the public log (the card drawn is face down), for the replay.
ACTIONS = {"memorised": gettext_lazy("memorised their opening peek and turned the cards face down"),
           "draw": gettext_lazy("drew a card from the draw pile"),
           "end_turn": gettext_lazy("ended their turn without knocking")}


def action(action: dict) -> str | None:
    """A move that adds nothing to the public log, as a sentence without its subject (the replay tells it);
    None for a move the log already tells."""
    said = ACTIONS.get(action.get("type")) if isinstance(action, dict) else None
    return str(said) if said else None


CATEGORIES = {"rows": pgettext_lazy("a record key: each player's four cards at the end of a round", "Rows of cards")}


def category(key: str) -> str | None:
    """A key of the record's `final` for people (docs/adding-a-game.md); None for the keys every game shares."""
    said = CATEGORIES.get(key)
    return str(said) if said else None
