"""Rat-a-Tat Cat's record pad: the score sheet of a game played at a table ("Record a game")."""
import re

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.rat_a_tat_cat import tally
from scoring.record_forms import RecordForm, number_field

TYPED_CELL = re.compile(r"^r(\d+)-s\d+$")  # a round score's field: r<round>-s<seat>
ROUND_SCORE_ERRORS = {
    # Django's validators give the number refused as %(show_value)s.
    "max_value": format_lazy(_("A round score is at most {most}: four cards of {card}, not %(show_value)s."),
                             most=tally.HIGHEST_ROUND, card=tally.HIGHEST_CARD),
    "min_value": _("A round score is at least 0, not %(show_value)s."),
    "invalid": _("A round score is a whole number."),
}


class Pad(RecordForm):
    slug = "rat_a_tat_cat"
    tally = tally
    default_seats = 3
    MAX_ROUNDS = 60
    ENDS = [("rounds", _("A number of rounds")), ("time", _("Until the time was up")),
            ("elimination", _("Elimination: out at a limit"))]
    # When the number of rounds typed calls for another number of rows, the live totals redraw the rows too.
    preview_extras = "rat_a_tat_cat/pad_rows_refit.html"

    def __init__(self, data=None, *, rounds: int | None = None, **kwargs):
        source = data if data is not None else (kwargs.get("initial") or {})
        asked = rounds if rounds is not None else source.get("round_count")
        if asked in (None, "") and source.get("end", "rounds") == "rounds":
            asked = source.get("rounds")  # a pad of a set number of rounds has that many rows
        elif asked in (None, ""):
            # No set number of rounds and no rows asked for (a score sheet at a table, sent a round at a time):
            # the rows typed in and a blank one for the next round.
            asked = max(tally.normalise_options({})["rounds"], _rows_typed(source) + 1)
        kwargs["rounds"] = rounds
        try:
            self.round_count = min(max(int(asked), 1), self.MAX_ROUNDS)
        except (TypeError, ValueError):
            self.round_count = tally.normalise_options({})["rounds"]
        super().__init__(data, **kwargs)

    def add_pad_fields(self):
        defaults = tally.normalise_options({})
        self.fields["end"] = forms.ChoiceField(label=_("The game ended after"), choices=self.ENDS,
                                               initial=defaults["end"], widget=forms.RadioSelect)
        self.fields["rounds"] = number_field(pgettext_lazy("card game", "Rounds"), required=False, min_value=1,
                                             max_value=20, initial=defaults["rounds"])
        self.fields["limit"] = number_field(_("Limit"), required=False, min_value=10, max_value=500,
                                            initial=defaults["limit"])
        self.fields["round_count"] = forms.IntegerField(widget=forms.HiddenInput, required=False)
        self.initial["round_count"] = self.round_count
        for r in range(self.round_count):
            for i in range(self.seat_count):
                label = _("Round %(round)d, seat %(seat)d") % {"round": r + 1, "seat": i + 1}
                self.fields[f"r{r}-s{i}"] = number_field(label, required=False,
                                                         max_value=tally.HIGHEST_ROUND,
                                                         error_messages=ROUND_SCORE_ERRORS)

    def problem_field(self, problem):
        if problem.field == "round":
            name = f"r{problem.params['round'] - 1}-s{problem.seat}"
            return name if name in self.fields else None
        return super().problem_field(problem)

    def round_rows(self) -> list[dict]:
        return [{"number": r + 1, "cells": [self[f"r{r}-s{i}"] for i in range(self.seat_count)]}
                for r in range(self.round_count)]

    def _score(self, cleaned, r: int, i: int):
        """A cell's score; a whole number out of range is passed on as typed, so the tally says what is wrong
        with it (a 40 is too high, not missing)."""
        name = f"r{r}-s{i}"
        if name in cleaned:
            return cleaned[name]
        typed = str(self.data.get(self.add_prefix(name), "")).strip() if self.is_bound else ""
        return int(typed) if typed.lstrip("-").isdigit() and typed.isascii() else None

    def pad_final(self, cleaned):
        rounds = [[self._score(cleaned, r, i) for i in range(self.seat_count)] for r in range(self.round_count)]
        while rounds and all(score is None for score in rounds[-1]):
            rounds.pop()  # blank rows at the end of the pad are not rounds
        defaults = tally.normalise_options({})
        options = {"end": cleaned.get("end") or defaults["end"],
                   "rounds": cleaned.get("rounds") or defaults["rounds"],
                   "limit": cleaned.get("limit") or defaults["limit"]}
        return {"rounds": [{"rows": None, "scores": scores} for scores in rounds]}, options

    def preview_pad(self, final, options):
        shown = super().preview_pad(final, options)
        try:
            shown["standings"] = _unknown_after_blanks(self.tally.standings(final, options))
        except ValueError:
            shown["standings"] = []
        shown["options"] = options
        return shown

    # --- the rows follow the number of rounds ----------------------------------------------------------------

    def fitted_round_count(self) -> int:
        """The rows the pad should have: as many as the rounds chosen (a game of a set number of rounds), never
        dropping a row something is typed in; other ends keep the rows as they are."""
        if not self.is_bound or self.data.get("end", "rounds") != "rounds":
            return self.round_count
        try:
            chosen = min(max(int(self.data.get("rounds")), 1), 20)
        except (TypeError, ValueError):
            return self.round_count
        typed = [r + 1 for r in range(self.round_count)
                 if any(str(self.data.get(f"r{r}-s{i}", "")).strip() for i in range(self.seat_count))]
        return max(chosen, max(typed, default=0))

    def refitted(self):
        """The same pad with the fitted number of rows and what is typed so far, or None when it fits already."""
        fitted = self.fitted_round_count()
        if fitted == self.round_count:
            return None
        return type(self)(initial=self.data.dict(), rounds=fitted, user=self.user, seats=self.seat_count,
                          extra_profiles=self.extra_profiles)

    @classmethod
    def initial_pad(cls, final, options):
        initial = {"end": options.get("end"), "rounds": options.get("rounds"), "limit": options.get("limit"),
                   "round_count": len(final["rounds"])}
        for r, entry in enumerate(final["rounds"]):
            for i, score in enumerate(entry["scores"]):
                initial[f"r{r}-s{i}"] = score
        return initial


def _rows_typed(source) -> int:
    """How many rows of the pad reach the last one with a score typed in."""
    return max((int(found.group(1)) + 1 for key in source
                if (found := TYPED_CELL.match(str(key))) and str(source.get(key) or "").strip()), default=0)


def _unknown_after_blanks(table: list[dict]) -> list[dict]:
    """Running totals stop at a blank: a player still in with no score in a round has no total from then on
    (the tally's standings count a blank as nothing, which would read as a 0)."""
    unknown = set()
    for row in table:
        missing = [seat for seat, points in enumerate(row["scores"])
                   if points is None and seat not in row["was_out"]]
        unknown.update(missing)
        row["missing"] = missing
        row["totals"] = [None if seat in unknown else total for seat, total in enumerate(row["totals"])]
    return table
