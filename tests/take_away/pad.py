"""Take Away's record pad: how many stones each took, and who took the last."""
from django import forms

from scoring.record_forms import RecordForm, number_field

from . import tally


class Pad(RecordForm):
    slug = "take_away"
    tally = tally

    def add_pad_fields(self):
        for i in range(self.seat_count):
            self.fields[f"s{i}-stones"] = number_field("Stones taken")
        self.fields["winner"] = forms.TypedChoiceField(label="Took the last stone", coerce=int, required=False,
                                                       choices=[(i, f"Seat {i + 1}") for i in range(self.seat_count)])
        self.fields["stones"] = number_field("Stones in the pile", initial=11, min_value=4, max_value=40)

    def pad_rows(self) -> list[dict]:
        return [{**seat, "stones": self[f"s{seat['index']}-stones"]} for seat in self.seat_rows()]

    def pad_final(self, cleaned):
        taken = [cleaned.get(f"s{i}-stones") or 0 for i in range(self.seat_count)]
        return {"taken": taken, "winner": cleaned.get("winner")}, {"stones": cleaned.get("stones") or 11}

    @classmethod
    def initial_pad(cls, final, options):
        return {**{f"s{i}-stones": n for i, n in enumerate(final["taken"])}, "winner": final["winner"],
                "stones": options.get("stones", 11)}
