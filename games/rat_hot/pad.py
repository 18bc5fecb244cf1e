"""Rat Hot's record pad: the score sheet of a game played at a table ("Record a game")."""
from django import forms

from games.rat_hot import tally
from scoring.record_forms import RecordForm, number_field


class Pad(RecordForm):
    slug = "rat_hot"
    tally = tally
    COLOURS = ("red", "green")

    @property
    def min_seats(self):
        return self.tally.PLAYERS

    @property
    def max_seats(self):
        return self.tally.PLAYERS

    def seat_label(self, i):
        return f"Seat {i + 1}: {self.COLOURS[i]}" + (" (starts)" if i == 0 else "")

    def add_pad_fields(self):
        for i in range(self.seat_count):
            self.fields[f"s{i}-chips"] = number_field("Chips")
            self.fields[f"s{i}-final_tally"] = number_field("Final tally", required=False)
        self.fields["lost_by_rats"] = forms.ChoiceField(
            label="How the game ended", required=False, widget=forms.RadioSelect,
            choices=[("", "The last strip was placed")]
            + [(str(i), f"Seat {i + 1} ({self.COLOURS[i]}) showed three of their rats") for i in range(2)])
        self.fields["rats"] = forms.BooleanField(label="Played with the rats", required=False, initial=True,
                                                 help_text="Without them, rats are blanks and end nothing.")

    def pad_rows(self):
        return [{**seat, "chips": self[f"s{seat['index']}-chips"], "final_tally": self[f"s{seat['index']}-final_tally"]}
                for seat in self.seat_rows()]

    def pad_final(self, cleaned):
        loser = cleaned.get("lost_by_rats")
        players = [{"chips": cleaned.get(f"s{i}-chips") or 0, "final_tally": cleaned.get(f"s{i}-final_tally") or 0,
                    "lost_by_rats": loser == str(i)} for i in range(self.seat_count)]
        rats = bool(cleaned.get("rats")) if self.is_bound else True
        return {"ended_by": "rats" if loser else "last_strip", "players": players}, {"rats": rats}

    def partial_totals(self, final):
        return [self.tally.total(p) for p in final["players"]]

    @classmethod
    def initial_pad(cls, final, options):
        initial = {"rats": options.get("rats", True), "lost_by_rats": ""}
        for i, player in enumerate(final["players"]):
            initial[f"s{i}-chips"], initial[f"s{i}-final_tally"] = player["chips"], player.get("final_tally", 0)
            if player.get("lost_by_rats"):
                initial["lost_by_rats"] = str(i)
        return initial
