"""Forms of "Record a game": the details, the players in seat order, and each game's score pad.

A form parses and checks what was typed; the game's tally module (games/<slug>/tally.py) decides whether the
pad is possible and what the result is. Nothing here counts a score.
"""

import re
from datetime import timedelta

from django import forms
from django.utils import timezone

from games.cat_tower import tally as cat_tower_tally
from games.cat_tower.sheet import default_tower
from games.hot_tin_roof import tally as hot_tin_roof_tally
from games.rat_a_tat_cat import tally as rat_a_tat_cat_tally
from scoring import services
from scoring.models import PlayerProfile
from scoring.table_records import SeatChoice

NUMBER = {"inputmode": "numeric", "class": "num-input"}
MAX_DURATION_MINUTES = 24 * 60


def number_field(label: str, *, required=True, min_value=0, max_value=999, **kwargs) -> forms.IntegerField:
    return forms.IntegerField(label=label, required=required, min_value=min_value, max_value=max_value,
                              widget=forms.NumberInput(attrs=NUMBER), **kwargs)


def player_choices(user, extra: list[PlayerProfile] = ()) -> list:
    """Who may sit at the table: the user, their table players, registered players, and anyone already in the
    record being corrected."""
    mine = services.profile_for(user)
    table = list(PlayerProfile.objects.filter(created_by=user, user=None).order_by("display_name"))
    registered = list(PlayerProfile.objects.filter(user__isnull=False).exclude(user=user).order_by("display_name"))
    shown = {p.pk for p in [mine, *table, *registered] if p}
    others = [p for p in extra if p.pk not in shown]
    choices = [("", "Choose a player…")]
    if mine:
        choices.append((mine.handle, f"{mine.display_name} (you)"))
    for title, group in (("Your table players", table), ("Registered players", registered),
                         ("Already in this game", others)):
        if group:
            choices.append((title, [(p.handle, f"{p.display_name} (@{p.handle})") for p in group]))
    return choices


class RecordForm(forms.Form):
    """What every game's record asks: date, place, duration, notes and the players in seat order."""

    slug = ""
    tally = None
    pad_template = ""
    totals_template = ""
    default_seats = 2

    played_on = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    location = forms.CharField(label="Where", max_length=100, required=False,
                               widget=forms.TextInput(attrs={"placeholder": "Optional: a café, Mia's kitchen…"}))
    duration = forms.IntegerField(label="Duration in minutes", required=False, min_value=1,
                                  max_value=MAX_DURATION_MINUTES, widget=forms.NumberInput(attrs=NUMBER))
    notes = forms.CharField(label="Notes", max_length=2000, required=False,
                            widget=forms.Textarea(attrs={"rows": 2, "placeholder": "Optional"}))

    def __init__(self, data=None, *, user, seats: int | None = None, rounds: int | None = None, initial=None,
                 extra_profiles=()):
        """`seats` and `rounds` (only Rat-a-Tat Cat's pad has rows of rounds) size the pad; `extra_profiles` may
        sit besides the usual choices (the players of a record being corrected)."""
        super().__init__(data, initial=initial)
        self.user, self.extra_profiles = user, list(extra_profiles)
        self.seat_count = self.clamp_seats(seats)
        self.fields["played_on"].initial = timezone.localdate
        self.profiles = {}
        choices = player_choices(user, list(extra_profiles))
        for i in range(self.seat_count):
            self.fields[f"seat-{i}-player"] = forms.ChoiceField(label=f"Seat {i + 1}", choices=choices,
                                                               required=False)
            self.fields[f"seat-{i}-new"] = forms.CharField(
                label="or a new table player", max_length=60, required=False,
                widget=forms.TextInput(attrs={"placeholder": "…or a new player's name", "autocomplete": "off"}))
        self.add_pad_fields()
        self.seat_choices: list[SeatChoice] = []
        self.final = self.options = self.result = None
        self.sheet_problems: list[list[str]] = [[] for _ in range(self.seat_count)]

    def clean_played_on(self):
        played_on = self.cleaned_data["played_on"]
        if played_on > timezone.localdate() + timedelta(days=1):  # a day's grace for players east of the server
            raise forms.ValidationError("That date is still to come: enter the day the game was played.")
        return played_on

    # --- the seats ----------------------------------------------------------------------------------------

    @property
    def min_seats(self) -> int:
        return self.tally.MIN_PLAYERS

    @property
    def max_seats(self) -> int:
        return self.tally.MAX_PLAYERS

    def clamp_seats(self, seats) -> int:
        try:
            seats = int(seats)
        except (TypeError, ValueError):
            seats = self.default_seats
        return min(max(seats, self.min_seats), self.max_seats)

    def seat_label(self, i: int) -> str:
        return f"Seat {i + 1}" + (" (starts)" if i == 0 else "")

    def seat_rows(self) -> list[dict]:
        rows = []
        for i in range(self.seat_count):
            rows.append({"index": i, "label": self.seat_label(i), "name": self.seat_name(i),
                         "known_name": self.seat_name(i, known=True), "player": self[f"seat-{i}-player"],
                         "new": self[f"seat-{i}-new"]})
        return rows

    def seat_options(self) -> list[int]:
        return list(range(self.min_seats, self.max_seats + 1))

    def seat_name(self, i: int, *, known: bool = False) -> str:
        """The name shown for a seat: what was typed or chosen so far, else "Seat n" ("" when `known`)."""
        source = self.data if self.is_bound else self.initial
        new = (source.get(f"seat-{i}-new") or "").strip()
        if new:
            return new
        handle = source.get(f"seat-{i}-player") or ""
        if handle:
            if handle not in self.profiles:
                self.profiles[handle] = PlayerProfile.objects.filter(handle=handle).first()
            if self.profiles[handle]:
                return self.profiles[handle].display_name
        return "" if known else f"Seat {i + 1}"

    def _clean_seats(self, cleaned: dict) -> None:
        handles = {}
        new_names = {}
        choices = []
        for i in range(self.seat_count):
            handle, new = cleaned.get(f"seat-{i}-player"), (cleaned.get(f"seat-{i}-new") or "").strip()
            if f"seat-{i}-player" in self.errors or f"seat-{i}-new" in self.errors:
                continue
            if handle and new:
                self.add_error(f"seat-{i}-new", "Choose a player or type a new name, not both.")
            elif not handle and not new:
                self.add_error(f"seat-{i}-player", "Choose who sat here, or type a new player's name.")
            elif handle:
                if handle in handles:
                    self.add_error(f"seat-{i}-player", f"This player already sits in seat {handles[handle] + 1}.")
                handles.setdefault(handle, i)
                choices.append(SeatChoice(handle=handle))
            else:
                if new.casefold() in new_names:
                    self.add_error(f"seat-{i}-new", f"Seat {new_names[new.casefold()] + 1} has a new player of "
                                                     "this name already: choose them once they exist, or add "
                                                     "something to tell them apart.")
                new_names.setdefault(new.casefold(), i)
                choices.append(SeatChoice(new_name=new))
        self.seat_choices = choices

    # --- the pad: each game fills these in ----------------------------------------------------------------

    def add_pad_fields(self) -> None:
        raise NotImplementedError

    def pad_final(self, cleaned: dict) -> tuple[dict, dict]:
        """(final, options) from the fields that are valid so far; missing numbers count as blank."""
        raise NotImplementedError

    def pad_errors(self, cleaned: dict) -> None:
        """Form-level checks of the pad's own layout (not of the rules), before the tally sees it."""

    def record_final(self, final: dict) -> dict:
        """The final as stored in the record (records.md shape)."""
        return final

    def named(self, reason: str) -> str:
        """A tally's reason with "Player 2" / "player 2" written as that seat's player's name."""
        names = [self.seat_name(i) for i in range(self.seat_count)]

        def name(match):
            seat = int(match.group(1)) - 1
            return names[seat] if 0 <= seat < len(names) else match.group(0)

        return re.sub(r"\b[Pp]layer (\d+)\b", name, reason)

    def refuse(self, error: ValueError) -> None:
        self.add_error(None, self.named(str(error)))

    def clean(self):
        cleaned = super().clean()
        self._clean_seats(cleaned)
        self.pad_errors(cleaned)
        if self.errors:
            return cleaned
        final, options = self.pad_final(cleaned)
        try:
            self.result = self.tally.outcome(final, options)
        except ValueError as error:
            self.refuse(error)
        else:
            self.final, self.options = self.record_final(final), self.tally.normalise_options(options)
        return cleaned

    @property
    def duration_value(self) -> timedelta | None:
        minutes = self.cleaned_data.get("duration")
        return timedelta(minutes=minutes) if minutes else None

    # --- live totals ----------------------------------------------------------------------------------------

    def preview(self) -> dict:
        """What the totals panel shows for the data so far (the form need not be valid)."""
        if not hasattr(self, "_preview"):
            self._preview = self._compute_preview()
        return self._preview

    def _compute_preview(self) -> dict:
        if not self.is_bound:
            if not self.initial:
                return {"empty": True}
            # A record being corrected, or a pad redrawn: the totals of what it holds.
            twin = type(self)(dict(self.initial), user=self.user, seats=self.seat_count,
                              extra_profiles=self.extra_profiles)
            return twin.preview()
        self.is_valid()
        cleaned = getattr(self, "cleaned_data", {})
        names = [self.seat_name(i) for i in range(self.seat_count)]
        known = [self.seat_name(i, known=True) for i in range(self.seat_count)]
        try:
            final, options = self.pad_final(cleaned)
            return {"names": names, "known_names": known, **self.preview_pad(final, options)}
        except ValueError as error:
            return {"names": names, "known_names": known, "reason": self.named(str(error))}

    def preview_pad(self, final: dict, options: dict) -> dict:
        try:
            result = self.tally.outcome(final, options)
        except ValueError as error:
            partial = self.partial_totals(final)
            names = [self.seat_name(i) for i in range(self.seat_count)]
            return {"reason": self.named(str(error)),
                    "partial": list(zip(names, partial, strict=True)) if partial else None}
        return {"result": result, "rows": self.rows(result)}

    def partial_totals(self, final: dict) -> list | None:
        return None

    def rows(self, result: dict) -> list[dict]:
        names = [self.seat_name(i) for i in range(self.seat_count)]
        return [
            {"name": names[i], "score": result["scores"][i], "rank": result["ranks"][i],
             "parts": result["breakdown"][i]}
            for i in range(len(result["scores"]))
        ]

    # --- a record being corrected -----------------------------------------------------------------------------

    @classmethod
    def initial_from(cls, game_record) -> dict:
        record = game_record.record
        initial = {
            "played_on": timezone.localdate(game_record.played_at),
            "location": game_record.location,
            "duration": int(game_record.duration.total_seconds() // 60) if game_record.duration else None,
            "notes": game_record.notes,
        }
        for seat in record["seats"]:
            if seat.get("player") and PlayerProfile.objects.filter(handle__iexact=seat["player"]).exists():
                initial[f"seat-{seat['seat']}-player"] = seat["player"].lower()
            else:
                initial[f"seat-{seat['seat']}-new"] = seat["name"]
        initial.update(cls.initial_pad(record["final"], record.get("options") or {}))
        return initial

    @classmethod
    def initial_pad(cls, final: dict, options: dict) -> dict:
        raise NotImplementedError

    @classmethod
    def seats_in(cls, game_record) -> int:
        return len(game_record.record["seats"])


# --- Hot Tin Roof -------------------------------------------------------------------------------------------


class HotTinRoofForm(RecordForm):
    slug = "hot_tin_roof"
    tally = hot_tin_roof_tally
    pad_template = "scoring/record/pads/hot_tin_roof.html"
    totals_template = "scoring/record/totals/hot_tin_roof.html"
    default_seats = 3
    COLUMNS = [("cans", "Cans", True), ("fish", "Fish", True), ("home_tiles", "Home tiles taken", True),
               ("pairs_left", "Pairs left on the board", False), ("penalties", "Penalties paid (cans)", False)]

    def add_pad_fields(self):
        for i in range(self.seat_count):
            for name, label, required in self.COLUMNS:
                self.fields[f"s{i}-{name}"] = number_field(label, required=required)
        self.fields["trigger_seat"] = forms.TypedChoiceField(
            label="Took the last fish", coerce=int, widget=forms.RadioSelect,
            choices=[(i, f"Seat {i + 1}") for i in range(self.seat_count)],
            error_messages={"required": "Say who took the last fish: that ended the game."})
        self.fields["home_tiles_break_ties"] = forms.BooleanField(
            label="Home tiles break ties", required=False,
            help_text="The option: most home tiles taken first, then the seat rule.")

    def pad_rows(self) -> list[dict]:
        triggers = list(self["trigger_seat"])
        return [
            {**seat, "fields": [self[f"s{seat['index']}-{name}"] for name, _label, _required in self.COLUMNS],
             "trigger": triggers[seat["index"]]}
            for seat in self.seat_rows()
        ]

    def pad_final(self, cleaned):
        players = [{name: cleaned.get(f"s{i}-{name}") or 0 for name, _label, _required in self.COLUMNS}
                   for i in range(self.seat_count)]
        final = {"players": players, "trigger_seat": cleaned.get("trigger_seat")}
        return final, {"home_tiles_break_ties": bool(cleaned.get("home_tiles_break_ties"))}

    def partial_totals(self, final):
        return [self.tally.score(p) for p in final["players"]]

    @classmethod
    def initial_pad(cls, final, options):
        initial = {f"s{i}-{name}": player.get(name) for i, player in enumerate(final["players"])
                   for name, _label, _required in cls.COLUMNS}
        return {**initial, "trigger_seat": final.get("trigger_seat"),
                "home_tiles_break_ties": bool(options.get("home_tiles_break_ties"))}


# --- Rat-a-Tat Cat ------------------------------------------------------------------------------------------


class RatATatCatForm(RecordForm):
    slug = "rat_a_tat_cat"
    tally = rat_a_tat_cat_tally
    pad_template = "scoring/record/pads/rat_a_tat_cat.html"
    totals_template = "scoring/record/totals/rat_a_tat_cat.html"
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
        defaults = rat_a_tat_cat_tally.normalise_options({})
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
                                                         max_value=rat_a_tat_cat_tally.HIGHEST_ROUND)

    def round_rows(self) -> list[dict]:
        return [{"number": r + 1, "cells": [self[f"r{r}-s{i}"] for i in range(self.seat_count)]}
                for r in range(self.round_count)]

    def pad_final(self, cleaned):
        rounds = [[cleaned.get(f"r{r}-s{i}") for i in range(self.seat_count)] for r in range(self.round_count)]
        while rounds and all(score is None for score in rounds[-1]):
            rounds.pop()  # blank rows at the end of the pad are not rounds
        defaults = rat_a_tat_cat_tally.normalise_options({})
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


# --- Cat Tower ----------------------------------------------------------------------------------------------


class CatTowerForm(RecordForm):
    slug = "cat_tower"
    tally = cat_tower_tally
    pad_template = "scoring/record/pads/cat_tower.html"
    totals_template = "scoring/record/totals/cat_tower.html"
    default_seats = 3
    CAT_ROWS = 5  # one per house hex: no sheet scores more cats than it has houses

    def add_pad_fields(self):
        tower = default_tower()
        items = [name for _number, name in sorted(tower.items.items())]
        every_item = [("", "empty")] + [(item, item) for item in items]
        self.fields["columns_to_end"] = number_field(
            "Complete columns that end the game", min_value=1, max_value=len(tower.columns),
            initial=tower.columns_to_end)
        for i in range(self.seat_count):
            who = f"Seat {i + 1}"
            for h in tower.hexes:
                column, floor = tower.column_of[h], tower.floor_of[h]
                house = h in tower.house_hexes
                # Any item is accepted, so validate_sheet can say why one does not belong; the menu offers
                # only what the rules allow there.
                field = forms.ChoiceField(label=f"Column {column}, floor {floor}", choices=every_item, required=False)
                allowed = ["house"] if house else [item for item in items if item != "house"]
                field.widget.choices = [("", "⌂" if house else "·")] + [(item, item) for item in allowed]
                field.widget.attrs.update({
                    "class": "rc-item",
                    "aria-label": f"{who}: column {column}, floor {floor}" + (", the house hex" if house else ""),
                })
                self.fields[f"s{i}-hex-{h}"] = field
            for column in tower.columns.values():
                field = forms.IntegerField(label=f"Column {column.id} bonus", required=False, min_value=0,
                                           max_value=99)
                field.widget = forms.Select(
                    choices=[("", "–"), (column.first, f"big {column.first}"), (column.later, f"small {column.later}")],
                    attrs={"class": "rc-bonus-pick", "aria-label": f"{who}: column {column.id} bonus"})
                self.fields[f"s{i}-col-{column.id}"] = field
            for k in range(self.CAT_ROWS):
                cat = forms.ChoiceField(label=f"Cat {k + 1}", required=False,
                                        choices=[("", "no cat")] + [(c, f"{c} cat") for c in tower.cats])
                cat.widget.attrs["aria-label"] = f"{who}: cat {k + 1}"
                self.fields[f"s{i}-cat{k}"] = cat
                points = number_field("Points", required=False)
                points.widget.attrs["placeholder"] = "pts"
                points.widget.attrs["aria-label"] = f"{who}: cat {k + 1} points"
                self.fields[f"s{i}-catpoints{k}"] = points
            self.fields[f"s{i}-circled"] = number_field("Footprints circled", required=False,
                                                        max_value=tower.footprints)
            self.fields[f"s{i}-crossed"] = number_field("of them crossed out", required=False,
                                                        max_value=tower.footprints)

    def sheets(self) -> list[dict]:
        """Each player's sheet laid out as the paper one: columns of hexes, scratching posts, bonus numbers."""
        tower = default_tower()
        problems = [p for _i, _name, p in self.preview().get("sheet_problems", [])] or self.sheet_problems
        sheets = []
        for seat in self.seat_rows():
            i = seat["index"]
            cells = []
            for column in tower.columns.values():
                offset = column.id in tower.offset_columns
                for floor in range(1, max(column.floors) + 1):
                    h = f"{column.id}-{floor}"
                    cells.append({"column": column.id, "floor": floor, "offset": offset, "colour": column.colour,
                                  "house": h in tower.house_hexes,
                                  "field": self[f"s{i}-hex-{h}"] if h in tower.floor_of else None})
            sheets.append({
                **seat,
                "cells": cells,
                "bonuses": [{"column": c.id, "colour": c.colour, "field": self[f"s{i}-col-{c.id}"]}
                            for c in tower.columns.values()],
                "cats": [(self[f"s{i}-cat{k}"], self[f"s{i}-catpoints{k}"]) for k in range(self.CAT_ROWS)],
                "circled": self[f"s{i}-circled"],
                "crossed": self[f"s{i}-crossed"],
                "problems": problems[i] if i < len(problems) else [],
            })
        return sheets

    def pad_errors(self, cleaned):
        for i in range(self.seat_count):
            for k in range(self.CAT_ROWS):
                cat, points = cleaned.get(f"s{i}-cat{k}"), cleaned.get(f"s{i}-catpoints{k}")
                if cat and points is None and f"s{i}-catpoints{k}" not in self.errors:
                    self.add_error(f"s{i}-catpoints{k}", f"Write the {cat} cat's points.")
                elif points is not None and not cat:
                    self.add_error(f"s{i}-cat{k}", "Which cat scored these points?")

    def pad_final(self, cleaned):
        tower = default_tower()
        sheets = []
        for i in range(self.seat_count):
            marks = {h: cleaned[f"s{i}-hex-{h}"] for h in tower.hexes if cleaned.get(f"s{i}-hex-{h}")}
            cats = [[cleaned[f"s{i}-cat{k}"], cleaned[f"s{i}-catpoints{k}"]] for k in range(self.CAT_ROWS)
                    if cleaned.get(f"s{i}-cat{k}") and cleaned.get(f"s{i}-catpoints{k}") is not None]
            columns = {str(c): cleaned[f"s{i}-col-{c}"] for c in tower.columns
                       if cleaned.get(f"s{i}-col-{c}") is not None}
            footprints = {"circled": cleaned.get(f"s{i}-circled") or 0, "crossed": cleaned.get(f"s{i}-crossed") or 0}
            sheets.append({"marks": marks, "cats": cats, "columns": columns, "footprints": footprints})
        return {"sheets": sheets}, {"columns_to_end": cleaned.get("columns_to_end") or tower.columns_to_end}

    def record_final(self, final):
        return {"sheets": [self.tally.record_sheet(sheet) for sheet in final["sheets"]]}

    def refuse(self, error):
        if isinstance(error, cat_tower_tally.SheetProblems):
            self.sheet_problems = error.per_sheet
            if any(error.per_sheet):
                self.add_error(None, "Some sheets are not possible: the reasons are under each sheet.")
            for reason in error.game:
                self.add_error(None, reason)
        else:
            super().refuse(error)

    def preview_pad(self, final, options):
        shown = self.tally.preview(final, options)
        names = [self.seat_name(i) for i in range(self.seat_count)]
        return {
            "result": shown, "rows": self.rows(shown),
            "categories": [(category, [b[category] for b in shown["breakdown"]])
                           for category in (*cat_tower_tally.scoring.CATEGORIES, "total")],
            "sheet_problems": list(zip(range(self.seat_count), names, shown["sheet_problems"], strict=True)),
            "game_problems": shown["game_problems"],
        }

    @classmethod
    def initial_pad(cls, final, options):
        initial = {"columns_to_end": options.get("columns_to_end")}
        for i, sheet in enumerate(final["sheets"]):
            initial.update({f"s{i}-hex-{h}": item for h, item in sheet["marks"].items()})
            initial.update({f"s{i}-col-{c}": points for c, points in sheet["columns"].items()})
            for k, (cat, points) in enumerate(cat_tower_tally.scoring.cat_entries(sheet)):
                initial[f"s{i}-cat{k}"], initial[f"s{i}-catpoints{k}"] = cat, points
            initial[f"s{i}-circled"] = sheet["footprints"].get("circled", 0)
            initial[f"s{i}-crossed"] = sheet["footprints"].get("crossed", 0)
        return initial


# --- Rat Hot ------------------------------------------------------------------------------------------------

from games.rat_hot.pad import RatHotForm  # noqa: E402  (its sheet lives with the game; it builds on RecordForm)

FORMS = {form.slug: form for form in (HotTinRoofForm, RatATatCatForm, CatTowerForm, RatHotForm)}
