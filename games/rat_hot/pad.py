"""Rat Hot's record pad: the final-tally sheet of a game played at the table with the real strips.

Per player: the chips taken during play, counted by colour (grey 1 point, yellow 2), and the final tally as the
number of visible groups of two and of three or more of their spices; or "ended by rats" with who lost. The
totals and the winner show as the sheet fills; every impossible entry is refused at once, each with its reason
next to its field. The numbers go to games/rat_hot/tally.py, which scores them with scoring.py as the engine
does. Records of the first, plain pad (chips and final tally in points) still open: correcting one asks for
the counts, showing what the plain pad held.
"""
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.record_forms import BLANK, RecordForm, number_field

from . import scoring, tally, words

COLOURS = ("red", "green")
LABELS = {"grey": gettext_lazy("Grey chips (1 point)"), "yellow": gettext_lazy("Yellow chips (2 points)"),
          "pairs": gettext_lazy("Groups of two"), "large": gettext_lazy("Groups of three or more")}
FIELD_NAMES = {"grey": gettext_lazy("grey chips"), "yellow": gettext_lazy("yellow chips"),
               "pairs": gettext_lazy("groups of two"), "large": gettext_lazy("groups of three or more")}
CHIP_FIELDS, GROUP_FIELDS = ("grey", "yellow"), ("pairs", "large")
SUMMARY = gettext_lazy("This sheet is not possible: the reasons are next to the fields.")


class Pad(RecordForm):
    slug = "rat_hot"
    tally = tally

    def seat_label(self, i):
        says = {"number": i + 1, "colour": words.COLOUR_NAMES[i]}
        return _("Seat %(number)d: %(colour)s (starts)") % says if i == 0 else _("Seat %(number)d: %(colour)s") % says

    def add_pad_fields(self):
        for i in range(self.seat_count):
            for name in (*CHIP_FIELDS, *GROUP_FIELDS):
                field = number_field(LABELS[name], required=False, max_value=999)
                field.widget.attrs["aria-label"] = _("Seat %(number)d (%(colour)s): %(field)s") % {
                    "number": i + 1, "colour": words.COLOUR_NAMES[i], "field": FIELD_NAMES[name]}
                field.widget.attrs["data-rh"] = name
                self.fields[f"s{i}-{name}"] = field
        self.fields["lost_by_rats"] = forms.ChoiceField(
            label=_("How the game ended"), required=False, widget=forms.RadioSelect,
            choices=[("", _("The last strip was placed: final tally"))]
            + [(str(i), _("Ended by rats: seat %(number)d (%(colour)s) showed three of their rats and lost") % {
                "number": i + 1, "colour": words.COLOUR_NAMES[i]}) for i in range(2)])
        self.fields["rats"] = forms.BooleanField(label=_("Played with the rats"), required=False, initial=True,
                                                 help_text=_("Without them, rats are blanks and end nothing."))

    # --- reading the sheet --------------------------------------------------------------------------------

    def pad_rows(self):
        return [{**seat, "colour": COLOURS[seat["index"]], "colour_name": words.COLOUR_NAMES[seat["index"]],
                 "chips": [self[f"s{seat['index']}-{n}"] for n in CHIP_FIELDS],
                 "groups": [self[f"s{seat['index']}-{n}"] for n in GROUP_FIELDS]}
                for seat in self.seat_rows()]

    def ended_by_rats(self, cleaned) -> bool:
        return (cleaned.get("lost_by_rats") or "") != ""

    def pad_final(self, cleaned):
        # What was entered, also where a problem was then found (add_error drops the field from cleaned_data).
        cleaned = {**cleaned, **getattr(self, "_entered", {})}
        loser = cleaned.get("lost_by_rats") or ""
        players = []
        for i in range(self.seat_count):
            entry = {name: cleaned.get(f"s{i}-{name}") or 0 for name in (*CHIP_FIELDS, *GROUP_FIELDS)}
            players.append({**entry, "lost_by_rats": loser == str(i)})
        rats = bool(cleaned.get("rats")) if self.is_bound else True
        return {"ended_by": "rats" if loser else "last_strip", "players": players}, {"rats": rats}

    def pad_errors(self, cleaned):
        """Blank counts, then everything the tally finds impossible: all at once, next to their fields."""
        self._entered = dict(cleaned)
        blank = []
        for i in range(self.seat_count):
            needed = CHIP_FIELDS if self.ended_by_rats(cleaned) else (*CHIP_FIELDS, *GROUP_FIELDS)
            for name in needed:
                key = f"s{i}-{name}"
                if cleaned.get(key) is None and key not in self.errors:
                    blank.append(key)
        for key in blank:
            self.add_error(key, forms.ValidationError(_("Count them: write 0 if there were none."), code=BLANK))

    def problem_field(self, problem):
        if problem.field == "ended_by":
            return "lost_by_rats"
        return super().problem_field(problem)

    def skip_problem(self, problem):
        # The chips are not a count yet: their own error says so.
        return problem.code == "more_groups_than_chips" and f"s{problem.seat}-{problem.params['chip']}" in self.errors

    def place_problems(self, problems) -> None:
        placed = any(not self.skip_problem(p) and self.problem_field(p) not in (None, *self.errors) for p in problems)
        super().place_problems(problems)
        if placed:
            self.add_error(None, SUMMARY)

    def add_problems(self, problems) -> None:
        self.place_problems(problems)

    def refuse(self, error):
        if isinstance(error, tally.SheetProblems):
            self.add_problems(error.problems)
        else:
            super().refuse(error)

    # --- live totals --------------------------------------------------------------------------------------

    def preview_pad(self, final, options):
        names = [self.seat_name(i) for i in range(self.seat_count)]
        problems = self.tally.problems(final, self.tally.normalise_options(options))
        players = []
        for i, (name, player) in enumerate(zip(names, final["players"], strict=True)):
            shown = tally.points(player)
            players.append({
                "name": name, "colour": COLOURS[i], "colour_name": words.COLOUR_NAMES[i],
                **{n: player[n] for n in (*CHIP_FIELDS, *GROUP_FIELDS)},
                "grey_points": player["grey"] * scoring.CHIPS["grey"],
                "yellow_points": player["yellow"] * scoring.CHIPS["yellow"],
                "pairs_points": scoring.tally_points(player["pairs"], 0),
                "large_points": scoring.tally_points(0, player["large"]),
                **shown, "total": shown["chips"] + (0 if final["ended_by"] == "rats" else shown["final_tally"]),
                "lost_by_rats": player["lost_by_rats"],
            })
        shown = {"players": players, "ended_by": final["ended_by"],
                 "problems": [(names[p.seat] if p.seat is not None else "",
                               words.refusal(p.code, p.params) or self.named(p.message)) for p in problems]}
        if not problems:
            result = self.tally.outcome(final, options, finished=self.finished)
            shown.update(result=result, rows=self.rows(result))
            shown["draw"] = final["ended_by"] == "last_strip" and result["ranks"] == [1, 1]
            shown["winner"] = None if shown["draw"] else names[result["ranks"].index(1)]
        return shown

    # --- a record being corrected -------------------------------------------------------------------------

    @classmethod
    def initial_pad(cls, final, options):
        initial = {"rats": options.get("rats", True), "lost_by_rats": ""}
        for i, player in enumerate(final["players"]):
            if player.get("lost_by_rats"):
                initial["lost_by_rats"] = str(i)
        if tally.is_plain(final):
            # The plain pad kept points only: the counts cannot be known, so they are asked again.
            initial["plain"] = [tally.points(p) for p in final["players"]]
            return initial
        for i, player in enumerate(final["players"]):
            initial.update({f"s{i}-{name}": player.get(name, 0) for name in (*CHIP_FIELDS, *GROUP_FIELDS)})
        return initial

    def plain_record(self) -> list[dict] | None:
        """What a record of the plain pad held (chips and final tally in points), when one is being corrected."""
        plain = (self.initial or {}).get("plain")
        return [{"name": self.seat_name(i), **p} for i, p in enumerate(plain)] if plain else None
