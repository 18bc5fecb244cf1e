"""Hot Tin Roof's record pad: the score sheet of a game played at a table ("Record a game")."""
from django import forms
from django.utils.translation import gettext_lazy as _

from games.hot_tin_roof import tally
from scoring.record_forms import RecordForm, number_field


class Pad(RecordForm):
    slug = "hot_tin_roof"
    tally = tally
    default_seats = 3
    COLUMNS = [("cans", _("Cans"), True), ("fish", _("Fish"), True), ("home_tiles", _("Home tiles taken"), True),
               ("pairs_left", _("Pairs left on the board"), False),
               ("penalties", _("Penalties paid (cans)"), False)]

    def add_pad_fields(self):
        for i in range(self.seat_count):
            for name, label, required in self.COLUMNS:
                self.fields[f"s{i}-{name}"] = number_field(label, required=required)
        self.fields["trigger_seat"] = forms.TypedChoiceField(
            label=_("Took the last fish"), coerce=int, widget=forms.RadioSelect,
            choices=[(i, _("Seat %(n)d") % {"n": i + 1}) for i in range(self.seat_count)],
            error_messages={"required": _("Say who took the last fish: that ended the game.")})
        self.fields["home_tiles_break_ties"] = forms.BooleanField(
            label=_("Home tiles break ties"), required=False,
            help_text=_("The option: most home tiles taken first, then the seat rule."))

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
