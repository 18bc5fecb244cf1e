"""The new-match form: the game's own options (its engine's OPTIONS, labelled by its words module) and who sits
where."""
from datetime import timedelta

from django import forms
from django.utils.translation import gettext, gettext_lazy, ngettext

from games.contract import option_applies
from games.lobby import SeatPlan
from games.log_words import bot_level
from games.models import Match

NO_SEAT = ""


def option_field(name: str, spec: dict, words=None) -> forms.Field:
    """A form field for one option spec; label, help and choice labels from the game's words module
    (OPTION_LABELS = {option: (label, help)}, CHOICE_LABELS = {option: {value: label}}), else the option's name."""
    label, help_text = getattr(words, "OPTION_LABELS", {}).get(name, (name.replace("_", " ").capitalize(), ""))
    # (an option the words module does not label keeps its name: that is the game's words module to fix)
    choice_labels = getattr(words, "CHOICE_LABELS", {}).get(name, {})
    default = spec.get("default")
    if isinstance(default, bool):
        return forms.BooleanField(label=label, initial=default, required=False, help_text=help_text)
    if "choices" in spec:
        choices = [(c, choice_labels.get(c, str(c).replace("_", " ").capitalize())) for c in spec["choices"]]
        return forms.TypedChoiceField(label=label, choices=choices, initial=default, help_text=help_text,
                                      coerce=type(default) if default is not None else str)
    if isinstance(default, int):
        return forms.IntegerField(label=label, initial=default, min_value=spec.get("min"), max_value=spec.get("max"),
                                  help_text=help_text)
    return forms.CharField(label=label, initial=default, help_text=help_text)


def seat_choices(game) -> list[tuple[str, str]]:
    levels = game.bot_levels
    return [(NO_SEAT, gettext("(nobody)")), ("me", gettext("Me")), ("invite", gettext("Invite a friend (by link)")),
            ("local", gettext("Local player at this screen"))] + [
        (f"bot:{level}", gettext("Bot: %(level)s") % {"level": bot_level(level)}) for level in levels]


# Minutes a player to move may stay away before the others can claim the match (0: they never can).
ABSENCE_CHOICES = [(60, gettext_lazy("an hour")), (24 * 60, gettext_lazy("a day")),
                   (3 * 24 * 60, gettext_lazy("three days")), (7 * 24 * 60, gettext_lazy("a week")),
                   (0, gettext_lazy("any time: the match is never claimed"))]


# Minutes a live match waits for a player with no page of it open before the others may let a bot play their seat.
WAIT_CHOICES = [(2, gettext_lazy("2 minutes")), (5, gettext_lazy("5 minutes")), (10, gettext_lazy("10 minutes"))]


# Live, or turn-based with this many hours per move (games/turn_based.py).
LIVE = 0
PACE_CHOICES = [(LIVE, gettext_lazy("Live: everyone plays now")), (12, gettext_lazy("Turn-based: 12 hours a move")),
                (24, gettext_lazy("Turn-based: a day a move")), (3 * 24, gettext_lazy("Turn-based: three days a move")),
                (7 * 24, gettext_lazy("Turn-based: a week a move"))]


def absence_limit(minutes: int | None) -> timedelta | None:
    """The host's choice: not given = a day; 0 = never."""
    if minutes is None:
        return Match.DEFAULT_ABSENCE
    return timedelta(minutes=minutes) if minutes else None


class NewMatchForm(forms.Form):
    def __init__(self, game, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        engine = game.engine
        self.option_names = list(engine.OPTIONS)
        for name, spec in engine.OPTIONS.items():
            self.fields[f"option_{name}"] = option_field(name, spec, game.words)
        # An option may say which of its values makes the match end on a time limit ({"time_limit": "time"}).
        self.timed = next(((f"option_{name}", spec["time_limit"]) for name, spec in engine.OPTIONS.items()
                           if "time_limit" in spec), None)
        if self.timed:
            self.fields["minutes"] = forms.IntegerField(
                label=gettext("Time limit (minutes)"), min_value=1, max_value=600, required=False, initial=30,
                help_text=gettext("When the game ends by time: the round in progress is finished after this."))
        self.fields["listed"] = forms.BooleanField(
            label=gettext("List the open seats in the lobby"), required=False, initial=True,
            help_text=gettext("Anyone may then take an open seat; otherwise only your invitation link leads to them."))
        self.fields["pace"] = forms.TypedChoiceField(
            label=gettext("Pace"), choices=PACE_CHOICES, coerce=int, initial=LIVE, required=False, empty_value=LIVE,
            help_text=gettext("Turn-based: the players need not be online together; each has this long for a move, "
                              "then the others may let a bot play for them or claim the match."))
        self.fields["absent_after"] = forms.TypedChoiceField(
            label=gettext("A player who does not move for"), choices=ABSENCE_CHOICES, coerce=int, initial=24 * 60,
            required=False, empty_value=None,
            help_text=gettext("After this long, the others may claim the match: it ends, scored as abandoned by the "
                              "absent player."))
        self.fields["wait"] = forms.TypedChoiceField(
            label=gettext("Wait for a player who leaves the table"), choices=WAIT_CHOICES, coerce=int,
            initial=int(Match.DEFAULT_WAIT.total_seconds() // 60), required=False, empty_value=None,
            help_text=gettext("After this long without a page of the match open, any other player may let a bot play "
                              "their seat so that the match goes on; they may take it back when they return."))
        choices = seat_choices(game)
        bots = [c for c, _ in choices if c.startswith("bot:")]
        defaults = ["me", bots[-1] if bots else "invite"]
        for index in range(engine.MAX_SEATS):
            self.fields[f"seat_{index}"] = forms.ChoiceField(
                label=gettext("Seat %(number)d") % {"number": index + 1}, choices=choices, required=False,
                initial=defaults[index] if index < len(defaults) else NO_SEAT)
            self.fields[f"name_{index}"] = forms.CharField(
                label=gettext("Name for seat %(number)d") % {"number": index + 1}, max_length=60, required=False,
                help_text=gettext("For a local player or a bot (optional)."))

    def seat_rows(self):
        return [(self[f"seat_{i}"], self[f"name_{i}"]) for i in range(self.game.engine.MAX_SEATS)]

    def option_rows(self):
        """Each option's field with the condition under which it matters ({"option_end": "rounds"}, or {}):
        the page shows a field only while its condition holds (static/js/options.js; all show without a script)."""
        specs = self.game.engine.OPTIONS
        rows = [(self[f"option_{name}"], {f"option_{k}": v for k, v in specs[name].get("when", {}).items()})
                for name in self.option_names]
        if self.timed:
            rows.append((self["minutes"], {self.timed[0]: self.timed[1]}))
        return [{"field": field, "when": when} for field, when in rows]

    def _drop_options_that_do_not_apply(self, data: dict) -> None:
        """An option that does not matter for the chosen others is not checked: what was typed into a field the
        page hid cannot refuse the match. It takes its default."""
        specs = self.game.engine.OPTIONS
        chosen = {name: data.get(f"option_{name}", specs[name].get("default")) for name in self.option_names}
        for name in self.option_names:
            if not option_applies(specs[name], chosen):
                self.errors.pop(f"option_{name}", None)
                data[f"option_{name}"] = specs[name].get("default")

    def clean(self):
        data = super().clean()
        self._drop_options_that_do_not_apply(data)
        engine = self.game.engine
        plans = []
        for index in range(engine.MAX_SEATS):
            kind = data.get(f"seat_{index}") or NO_SEAT
            if kind == NO_SEAT:
                continue
            name = (data.get(f"name_{index}") or "").strip()
            if kind.startswith("bot:"):
                plans.append(SeatPlan("bot", name=name, bot_level=kind.split(":", 1)[1]))
            else:
                plans.append(SeatPlan(kind, name=name))
        if not engine.MIN_SEATS <= len(plans) <= engine.MAX_SEATS:
            raise forms.ValidationError(
                ngettext("%(game)s is for %(low)d to %(high)d players; you chose %(count)d.",
                         "%(game)s is for %(low)d to %(high)d players; you chose %(count)d.", len(plans))
                % {"game": self.game.name, "low": engine.MIN_SEATS, "high": engine.MAX_SEATS, "count": len(plans)})
        if self._ends_on_time(data) and not data.get("minutes"):
            self.add_error("minutes", gettext("Give the time limit for a game that ends by time."))
        data["plans"] = plans
        return data

    def _ends_on_time(self, data: dict) -> bool:
        return self.timed is not None and data.get(self.timed[0]) == self.timed[1]

    def match_arguments(self) -> dict:
        data = self.cleaned_data
        minutes = data.get("minutes") if self._ends_on_time(data) else None
        return {
            "options": {name: data[f"option_{name}"] for name in self.option_names},
            "seats": data["plans"],
            "time_limit": timedelta(minutes=minutes) if minutes else None,
            "listed": data.get("listed", False),
            "absence_limit": absence_limit(data.get("absent_after")),
            "wait": timedelta(minutes=data["wait"]) if data.get("wait") else Match.DEFAULT_WAIT,
            "move_time": timedelta(hours=data["pace"]) if data.get("pace") else None,
        }
