"""The host's choice of a game's options at the table: the same fields as the new-match form (games/forms.py), one
set per game, named after it (`rat_a_tat_cat-option_rounds`), shown while that game is chosen (static/js/options.js)."""
import json

from django import forms

from games.contract import option_applies
from games.forms import option_field


class GameOptionsForm(forms.Form):
    def __init__(self, game, *args, **kwargs):
        super().__init__(*args, prefix=game.slug, **kwargs)
        self.game = game
        self.specs = game.engine.OPTIONS
        for name, spec in self.specs.items():
            self.fields[f"option_{name}"] = option_field(name, spec, game.words)
            self.fields[f"option_{name}"].required = False  # a field left out is the option's default

    def rows(self) -> list[dict]:
        """Each field with the condition under which it matters, in options.js's terms (the whole set matters only
        while its game is chosen)."""
        return [{"field": self[f"option_{name}"],
                 "when": json.dumps({"game": self.game.slug} | {self.add_prefix(f"option_{k}"): v
                                                                 for k, v in spec.get("when", {}).items()})}
                for name, spec in self.specs.items()]

    def options(self) -> dict:
        """The options chosen (after is_valid()), those that do not apply to the others left to their defaults."""
        chosen = {name: self.cleaned_data.get(f"option_{name}") for name in self.specs}
        return {name: value for name, value in chosen.items() if option_applies(self.specs[name], chosen)}

    def clean(self):
        data = super().clean()
        for name, spec in self.specs.items():
            if data.get(f"option_{name}") in (None, "") and not isinstance(spec.get("default"), bool):
                data[f"option_{name}"] = spec.get("default")
        chosen = {name: data.get(f"option_{name}", spec.get("default")) for name, spec in self.specs.items()}
        for name, spec in self.specs.items():  # what was typed into a hidden field cannot refuse the game
            if not option_applies(spec, chosen):
                self.errors.pop(f"option_{name}", None)
                data[f"option_{name}"] = spec.get("default")
        return data
