"""Forms of "Record a game": the details, the players in seat order, and each game's score pad.

A form parses and checks what was typed; the game's tally module (games/<slug>/tally.py) decides whether the
pad is possible and what the result is. Nothing here counts a score.

Every problem is shown at once, beside its field: the tally's `problems(final, options)` lists them all
(games.contract.Problem: seat, field, code), the pad places each on its field (`problem_field`) in the game's
words (`words.refusal(code, params)`). The same form answers the live check as the player types (`live=True`:
blanks not yet filled in are not called missing) and the save, so the rules are written once, in the game.
"""

import re
from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.contract import Problem, problems_left
from games.registry import BY_SLUG
from scoring import services
from scoring.models import PlayerProfile
from scoring.records import FIRST_YEAR
from scoring.table_records import SeatChoice

NUMBER = {"inputmode": "numeric", "class": "num-input"}
MAX_DURATION_MINUTES = 24 * 60
BLANK = "blank"  # the code of "fill this in" errors, which the live check keeps quiet about until a save


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
    choices = [("", _("Choose a player…"))]
    if mine:
        choices.append((mine.handle, _("%(name)s (you)") % {"name": mine.display_name}))
    for title, group in ((_("Your table players"), table), (_("Registered players"), registered),
                         (_("Already in this game"), others)):
        if group:
            choices.append((title, [(p.handle, f"{p.display_name} (@{p.handle})") for p in group]))
    return choices


class RecordForm(forms.Form):
    """What every game's record asks: date, place, duration, notes and the players in seat order."""

    slug = ""     # each game's pad (games/<slug>/pad.py) sets its slug and its tally module
    tally = None
    default_seats = 2
    preview_extras = ""  # a template of the pad's own live updates beside the totals (swapped out of band)

    played_on = forms.DateField(label=gettext_lazy("Date"),
                                widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    location = forms.CharField(label=gettext_lazy("Where"), max_length=100, required=False,
                               widget=forms.TextInput(attrs={
                                   "placeholder": gettext_lazy("Optional: a café, Mia's kitchen…")}))
    duration = forms.IntegerField(label=gettext_lazy("Duration in minutes"), required=False, min_value=1,
                                  max_value=MAX_DURATION_MINUTES, widget=forms.NumberInput(attrs=NUMBER))
    notes = forms.CharField(label=gettext_lazy("Notes"), max_length=2000, required=False,
                            widget=forms.Textarea(attrs={"rows": 2, "placeholder": gettext_lazy("Optional")}))
    unfinished = forms.BooleanField(
        label=gettext_lazy("Unfinished: the game stopped before its end"), required=False,
        help_text=gettext_lazy("Kept in the history and marked unfinished, but left out of statistics and ratings. "
                               "What is entered is still checked; only the end of the game is not asked for."))

    def __init__(self, data=None, *, user, seats: int | None = None, rounds: int | None = None, initial=None,
                 extra_profiles=(), live: bool = False):
        """`seats` and `rounds` (only Rat-a-Tat Cat's pad has rows of rounds) size the pad; `extra_profiles` may
        sit besides the usual choices (the players of a record being corrected); `live`: a check while typing."""
        super().__init__(data, initial=initial)
        self.user, self.extra_profiles, self.live = user, list(extra_profiles), live
        self.seat_count = self.clamp_seats(seats)
        self.fields["played_on"].initial = timezone.localdate
        self.profiles = {}
        choices = player_choices(user, list(extra_profiles))
        for i in range(self.seat_count):
            self.fields[f"seat-{i}-player"] = forms.ChoiceField(
                label=_("Seat %(number)d") % {"number": i + 1}, choices=choices, required=False)
            self.fields[f"seat-{i}-new"] = forms.CharField(
                label=_("or a new table player"), max_length=60, required=False,
                widget=forms.TextInput(attrs={"placeholder": _("…or a new player's name"), "autocomplete": "off"}))
        self.add_pad_fields()
        self._describe_fields()
        self.seat_choices: list[SeatChoice] = []
        self.final = self.options = self.result = None
        self.sheet_problems: list[list[str]] = [[] for _ in range(self.seat_count)]

    @property
    def pad_template(self) -> str:
        return f"{self.slug}/pad.html"

    @property
    def totals_template(self) -> str:
        return f"{self.slug}/totals.html"

    def clean_played_on(self):
        played_on = self.cleaned_data["played_on"]
        if played_on > timezone.localdate() + timedelta(days=1):  # a day's grace for players east of the server
            raise forms.ValidationError(_("That date is still to come: enter the day the game was played."))
        if played_on.year < FIRST_YEAR:
            raise forms.ValidationError(_("A game recorded here was played in %(year)d or later.")
                                        % {"year": FIRST_YEAR})
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
        return _("Seat %(number)d (starts)") % {"number": i + 1} if i == 0 else _("Seat %(number)d") % {"number": i + 1}

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
        return "" if known else _("Seat %(number)d") % {"number": i + 1}

    def _clean_seats(self, cleaned: dict) -> None:
        handles = {}
        new_names = {}
        choices = []
        for i in range(self.seat_count):
            handle, new = cleaned.get(f"seat-{i}-player"), (cleaned.get(f"seat-{i}-new") or "").strip()
            if f"seat-{i}-player" in self.errors or f"seat-{i}-new" in self.errors:
                continue
            if handle and new:
                self.add_error(f"seat-{i}-new", _("Choose a player or type a new name, not both."))
            elif not handle and not new:
                self.add_error(f"seat-{i}-player", forms.ValidationError(
                    _("Choose who sat here, or type a new player's name."), code=BLANK))
            elif handle:
                if handle in handles:
                    self.add_error(f"seat-{i}-player", _("This player already sits in seat %(number)d.")
                                   % {"number": handles[handle] + 1})
                handles.setdefault(handle, i)
                choices.append(SeatChoice(handle=handle))
            else:
                if new.casefold() in new_names:
                    self.add_error(f"seat-{i}-new", _("Seat %(number)d has a new player of this name already: "
                                                      "choose them once they exist, or add something to tell "
                                                      "them apart.") % {"number": new_names[new.casefold()] + 1})
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

        def seat(match):
            index = int(match.group(1))
            return names[index] if 0 <= index < len(names) else match.group(0)

        return re.sub(r"\{seat:(\d+)\}", seat, re.sub(r"\b[Pp]layer (\d+)\b", name, str(reason)))

    def refuse(self, error: ValueError) -> None:
        self.add_error(None, self.named(str(error)))

    @property
    def finished(self) -> bool:
        return not (self.cleaned_data.get("unfinished") if hasattr(self, "cleaned_data") else False)

    def clean(self):
        cleaned = super().clean()
        self._clean_seats(cleaned)
        self.pad_errors(cleaned)
        final, options = self.pad_final(cleaned)
        try:
            found = problems_left(self.tally_problems(final, options), finished=self.finished)
        except ValueError as error:  # an option the tally refuses
            self.refuse(error)
            return cleaned
        self.place_problems(found)
        if self.errors:
            return cleaned
        try:
            self.result = self.outcome(final, options)
        except ValueError as error:
            self.refuse(error)
        else:
            self.final, self.options = self.record_final(final), self.tally.normalise_options(options)
        return cleaned

    def outcome(self, final: dict, options: dict) -> dict:
        if self.finished:
            return self.tally.outcome(final, options)
        return self.tally.outcome(final, options, finished=False)

    def tally_problems(self, final: dict, options: dict) -> list[Problem]:
        """The tally's problems; a tally without `problems` refuses with its first reason, as one problem."""
        if hasattr(self.tally, "problems"):
            return self.tally.problems(final, options)
        try:
            self.tally.outcome(final, options)
        except ValueError as error:
            return [Problem(None, None, getattr(error, "code", "refused"), str(error))]
        return []

    # --- problems beside their fields ---------------------------------------------------------------------

    def problem_field(self, problem) -> str | None:
        """The form field a tally's problem belongs to (None: the pad as a whole)."""
        if problem.field is None:
            return None
        name = problem.field if problem.seat is None else f"s{problem.seat}-{problem.field}"
        return name if name in self.fields else None

    def skip_problem(self, problem) -> bool:
        """A problem that follows from a field not filled in yet (its own error says so)."""
        return False

    def problem_text(self, problem) -> str:
        words = BY_SLUG[self.slug].words if self.slug in BY_SLUG else None
        text = words.refusal(problem.code, problem.params or {}) if words is not None else None
        return self.named(text or problem.message)

    def place_problems(self, problems) -> None:
        """Each problem beside its field, every one at once; a field's own error (not a number) comes first.

        Problems of the pad as a whole are only given once every pad field could be read: counted from blanks,
        they would be wrong."""
        unread = any(name in self.errors for name in self.fields if self._is_pad_field(name))
        for problem in problems:
            if self.skip_problem(problem):
                continue
            name = self.problem_field(problem)
            if name is not None:
                if name not in self.errors:
                    self.add_error(name, forms.ValidationError(self.problem_text(problem), code=problem.code))
            elif not unread:
                self.add_error(None, forms.ValidationError(self.problem_text(problem), code=problem.code))

    def _is_pad_field(self, name: str) -> bool:
        return name not in RecordForm.base_fields and not name.startswith("seat-")

    def _describe_fields(self) -> None:
        """Each control names its error slot (and its help) in aria-describedby, so a screen reader reads the
        problem beside it, also once the live check has put one there."""
        for name, field in self.fields.items():
            if field.widget.is_hidden:
                continue
            ids = [f"id_{name}_helptext"] if field.help_text else []
            field.widget.attrs["aria-describedby"] = " ".join([*ids, f"id_{name}-errors"])

    def field_title(self, name: str) -> str:
        """A field's name in the summary of problems: its own aria-label, else its label."""
        field = self.fields[name]
        return str(field.widget.attrs.get("aria-label") or field.label or name)

    def shown_errors(self) -> dict:
        """{field name or None: [messages]} as the page shows them: a live check leaves out what is only blank."""
        if not self.is_bound:
            return {}
        self.is_valid()
        shown = {}
        for name, errors in self.errors.as_data().items():
            texts = [message for error in errors if not (self.live and error.code in (BLANK, "required"))
                     for message in error.messages]
            if texts:
                shown[None if name == "__all__" else name] = texts
        return shown

    def error_slots(self) -> list[tuple[str, list[str]]]:
        """(slot id, messages) for every visible field: the live check rewrites them all."""
        shown = self.shown_errors()
        return [(f"id_{name}-errors", shown.get(name, [])) for name, field in self.fields.items()
                if not field.widget.is_hidden]

    def summary(self) -> dict:
        """What the summary above the form lists: each problem with its field, and those of the whole pad."""
        shown = self.shown_errors()
        fields = [{"id": self._control_id(name), "title": self.field_title(name), "text": text}
                  for name in self.fields if name in shown for text in shown[name]]
        whole = shown.get(None, [])
        return {"fields": fields, "whole": whole, "count": len(fields) + len(whole)}

    def _control_id(self, name: str) -> str:
        widget = self.fields[name].widget
        return f"id_{name}_0" if isinstance(widget, forms.RadioSelect) else f"id_{name}"

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
            result = self.outcome(final, options)
        except ValueError as error:
            partial = self.partial_totals(final)
            names = [self.seat_name(i) for i in range(self.seat_count)]
            return {"reason": self.reason(error),
                    "partial": list(zip(names, partial, strict=True)) if partial else None}
        return {"result": result, "rows": self.rows(result)}

    def reason(self, error: ValueError) -> str:
        """Why the totals are not a result yet, in the game's words (every problem, when the tally lists them)."""
        found = getattr(error, "problems", None)
        if found:
            return " ".join(self.problem_text(p) for p in found)
        return self.named(str(error))

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
            "unfinished": game_record.unfinished,
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
