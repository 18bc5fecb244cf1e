"""Rat-a-Tat Cat's record pad: the score sheet of a game played at a table ("Record a game")."""
from django import forms

from games.rat_a_tat_cat import tally
from scoring.record_forms import RecordForm, number_field


class Pad(RecordForm):
    slug = "rat_a_tat_cat"
    tally = tally
    default_seats = 3
    MAX_ROUNDS = 60
    ENDS = [("rounds", "A number of rounds"), ("time", "Until the time was up"),
            ("elimination", "Elimination: out at a limit")]

    def __init__(self, data=None, *, rounds: int | None = None, **kwargs):
        source = data if data is not None else (kwargs.get("initial") or {})
        asked = rounds if rounds is not None else source.get("round_count")
        kwargs["rounds"] = rounds
        try:
            self.round_count = min(max(int(asked), 1), self.MAX_ROUNDS)
        except (TypeError, ValueError):
            self.round_count = 5
        super().__init__(data, **kwargs)

    def add_pad_fields(self):
        defaults = tally.normalise_options({})
        self.fields["end"] = forms.ChoiceField(label="The game ended after", choices=self.ENDS,
                                               initial=defaults["end"], widget=forms.RadioSelect)
        self.fields["rounds"] = number_field("Rounds", required=False, min_value=1, max_value=20,
                                             initial=defaults["rounds"])
        self.fields["limit"] = number_field("Limit", required=False, min_value=10, max_value=500,
                                            initial=defaults["limit"])
        self.fields["round_count"] = forms.IntegerField(widget=forms.HiddenInput, required=False)
        self.initial["round_count"] = self.round_count
        for r in range(self.round_count):
            for i in range(self.seat_count):
                self.fields[f"r{r}-s{i}"] = number_field(f"Round {r + 1}, seat {i + 1}", required=False,
                                                         max_value=tally.HIGHEST_ROUND)

    def round_rows(self) -> list[dict]:
        return [{"number": r + 1, "cells": [self[f"r{r}-s{i}"] for i in range(self.seat_count)]}
                for r in range(self.round_count)]

    def pad_final(self, cleaned):
        rounds = [[cleaned.get(f"r{r}-s{i}") for i in range(self.seat_count)] for r in range(self.round_count)]
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
            shown["standings"] = self.tally.standings(final, options)
        except ValueError:
            shown["standings"] = []
        shown["options"] = options
        return shown

    @classmethod
    def initial_pad(cls, final, options):
        initial = {"end": options.get("end"), "rounds": options.get("rounds"), "limit": options.get("limit"),
                   "round_count": len(final["rounds"])}
        for r, entry in enumerate(final["rounds"]):
            for i, score in enumerate(entry["scores"]):
                initial[f"r{r}-s{i}"] = score
        return initial
