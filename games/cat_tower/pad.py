"""Cat Tower's record pad: the score sheet of a game played at a table ("Record a game").

The cats are written as on paper, one line per house in the order the houses were marked: which cat that house
scored, and how many hexes of the cat's item the sheet held then (blank: as many as now). The points are the
rules' own (scoring.cat_points: houses so far x items then; the house cat houses x houses), worked out as the
player types: nobody multiplies by hand.
"""
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.cat_tower import tally, words
from games.cat_tower.scoring import cat_points, in_house_order, items_on
from games.cat_tower.sheet import default_tower
from scoring.record_forms import BLANK, RecordForm, number_field


class Pad(RecordForm):
    slug = "cat_tower"
    tally = tally
    default_seats = 3
    preview_extras = "cat_tower/pad_preview.html"
    CAT_ROWS = 5  # one per house hex: no sheet scores more cats than it has houses

    def add_pad_fields(self):
        tower = default_tower()
        items = [name for _number, name in sorted(tower.items.items())]
        every_item = [("", pgettext("hex", "empty"))] + [(item, words.item_label(item)) for item in items]
        self.fields["columns_to_end"] = number_field(
            words.OPTION_LABELS["columns_to_end"][0], min_value=1, max_value=len(tower.columns),
            initial=tower.columns_to_end)
        for i in range(self.seat_count):
            who = _("Seat %(number)d") % {"number": i + 1}
            for h in tower.hexes:
                column, floor = tower.column_of[h], tower.floor_of[h]
                house = h in tower.house_hexes
                # Any item is accepted, so validate_sheet can say why one does not belong; the menu offers
                # only what the rules allow there.
                label = _("Column %(column)s, floor %(floor)s") % {"column": column, "floor": floor}
                field = forms.ChoiceField(label=label, choices=every_item, required=False)
                allowed = ["house"] if house else [item for item in items if item != "house"]
                field.widget.choices = [("", "⌂" if house else "·")] + [(item, words.item_label(item))
                                                                       for item in allowed]
                field.widget.attrs.update({
                    "class": "rc-item",
                    "aria-label": (_("%(who)s: column %(column)s, floor %(floor)s, the house hex") if house else
                                   _("%(who)s: column %(column)s, floor %(floor)s")) % {
                        "who": who, "column": column, "floor": floor},
                })
                self.fields[f"s{i}-hex-{h}"] = field
            for column in tower.columns.values():
                field = forms.IntegerField(label=_("Column %(column)s bonus") % {"column": column.id}, required=False,
                                           min_value=0, max_value=99)
                field.widget = forms.Select(
                    choices=[("", "–"), (column.first, _("big %(n)s") % {"n": column.first}),
                             (column.later, _("small %(n)s") % {"n": column.later})],
                    attrs={"class": "rc-bonus-pick", "aria-label": _("%(who)s: column %(column)s bonus") % {
                        "who": who, "column": column.id}})
                self.fields[f"s{i}-col-{column.id}"] = field
            for k in range(self.CAT_ROWS):
                cat = forms.ChoiceField(label=_("House %(n)d's cat") % {"n": k + 1}, required=False,
                                        choices=[("", _("no cat"))] + [(c, words.cat_name(c)) for c in tower.cats])
                cat.widget.attrs["aria-label"] = _("%(who)s: the cat of house %(n)d") % {"who": who, "n": k + 1}
                self.fields[f"s{i}-cat{k}"] = cat
                then = number_field(gettext_lazy("Items then"), required=False, max_value=len(tower.hexes))
                then.widget.attrs["aria-label"] = _("%(who)s: house %(n)d, its cat's items on the sheet then") % {
                    "who": who, "n": k + 1}
                then.widget.attrs["placeholder"] = gettext_lazy("as now")
                self.fields[f"s{i}-catitems{k}"] = then
            self.fields[f"s{i}-circled"] = number_field(gettext_lazy("Footprints circled"), required=False,
                                                        max_value=tower.footprints)
            self.fields[f"s{i}-crossed"] = number_field(gettext_lazy("of them crossed out"), required=False,
                                                        max_value=tower.footprints)

    def sheets(self) -> list[dict]:
        """Each player's sheet laid out as the paper one: columns of hexes, scratching posts, bonus numbers."""
        tower = default_tower()
        preview = self.preview()
        problems = [p for _i, _name, p in preview.get("sheet_problems", [])] or self.sheet_problems
        points = dict(preview.get("cat_points", []))
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
                "cats": [{"house": k + 1, "cat": self[f"s{i}-cat{k}"], "items": self[f"s{i}-catitems{k}"],
                          "points_id": f"s{i}-catpoints{k}", "points": points.get(f"s{i}-catpoints{k}", "")}
                         for k in range(self.CAT_ROWS)],
                "circled": self[f"s{i}-circled"],
                "crossed": self[f"s{i}-crossed"],
                "problems": problems[i] if i < len(problems) else [],
            })
        return sheets

    # --- the cats, house by house ----------------------------------------------------------------------------

    def _marks(self, cleaned, i: int) -> dict:
        return {h: cleaned[f"s{i}-hex-{h}"] for h in default_tower().hexes if cleaned.get(f"s{i}-hex-{h}")}

    def cat_lines(self, cleaned, i: int) -> list[dict]:
        """Seat i's cat lines: house number, cat, items then (typed, else as many as the sheet holds now) and the
        points they score; None for a line with no cat."""
        marks = self._marks(cleaned, i)
        lines = []
        for k in range(self.CAT_ROWS):
            cat = cleaned.get(f"s{i}-cat{k}")
            if not cat:
                lines.append(None)
                continue
            now = len(items_on({"marks": marks}, "house" if cat == "house" else cat))
            typed = cleaned.get(f"s{i}-catitems{k}")
            then = k + 1 if cat == "house" else (now if typed is None else typed)
            lines.append({"house": k + 1, "cat": cat, "now": now, "then": then, "typed": typed,
                          "points": cat_points(cat, k + 1, then)})
        return lines

    def pad_errors(self, cleaned):
        """The cat lines against the houses: one line per house marked, in order, none for a house not there."""
        for i in range(self.seat_count):
            houses = len(items_on({"marks": self._marks(cleaned, i)}, "house"))
            for k, line in enumerate(self.cat_lines(cleaned, i)):
                cat_field, items_field = f"s{i}-cat{k}", f"s{i}-catitems{k}"
                if line is None:
                    if k < houses and cat_field not in self.errors:
                        self.add_error(cat_field, forms.ValidationError(
                            _("This sheet has %(houses)s: each house scored a cat when it was marked. Choose the "
                              "cat of house %(house)d.") % {"houses": _houses(houses), "house": k + 1}, code=BLANK))
                    continue
                if k >= houses:
                    self.add_error(cat_field, _("Only %(houses)s on this sheet: house %(house)d, which scored "
                                                "this cat, is not there.") % {"houses": _houses(houses),
                                                                             "house": k + 1})
                elif line["cat"] != "house" and line["then"] > line["now"] and items_field not in self.errors:
                    self.add_error(items_field, ngettext(
                        "At most %(now)d: the sheet holds %(now)d %(item)s hex now, and items are never rubbed out.",
                        "At most %(now)d: the sheet holds %(now)d %(item)s hexes now, and items are never rubbed "
                        "out.", line["now"]) % {"now": line["now"], "item": words.item_name(line["cat"])})

    def pad_final(self, cleaned):
        tower = default_tower()
        sheets = []
        for i in range(self.seat_count):
            cats = [[line["cat"], line["points"]] for line in self.cat_lines(cleaned, i) if line]
            columns = {str(c): cleaned[f"s{i}-col-{c}"] for c in tower.columns
                       if cleaned.get(f"s{i}-col-{c}") is not None}
            footprints = {"circled": cleaned.get(f"s{i}-circled") or 0, "crossed": cleaned.get(f"s{i}-crossed") or 0}
            sheets.append({"marks": self._marks(cleaned, i), "cats": cats, "columns": columns,
                           "footprints": footprints})
        return {"sheets": sheets}, {"columns_to_end": cleaned.get("columns_to_end") or tower.columns_to_end}

    def problem_field(self, problem):
        if problem.seat is not None and problem.field and problem.field.startswith("cat"):
            cat = problem.field.removeprefix("cat-") if problem.field.startswith("cat-") else None
            source = self.cleaned_data if hasattr(self, "cleaned_data") else {}
            for k in range(self.CAT_ROWS):
                if cat is None or source.get(f"s{problem.seat}-cat{k}") == cat:
                    return f"s{problem.seat}-cat{k}"
            return None
        return super().problem_field(problem)

    def skip_problem(self, problem):
        # A cat line the pad refused already (its house is missing, or too many items then) says why itself.
        field = self.problem_field(problem)
        return field is not None and field.startswith(f"s{problem.seat}-cat") and any(
            name.startswith(f"s{problem.seat}-cat") for name in self.errors)

    def problem_text(self, problem):
        said = words.refusal(problem.code, problem.params or {})
        if said is not None:
            return self.named(said)
        text = self.named(problem.message)
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")

    def record_final(self, final):
        return {"sheets": [self.tally.record_sheet(sheet) for sheet in final["sheets"]]}

    def preview_pad(self, final, options):
        shown = self.tally.preview(final, options, finished=self.finished)
        names = [self.seat_name(i) for i in range(self.seat_count)]
        return {
            "result": shown, "rows": self.rows(shown),
            "categories": [(category, words.CATEGORY_LABELS.get(category, category),
                            [b[category] for b in shown["breakdown"]])
                           for category in (*tally.scoring.CATEGORIES, "total")],
            "sheet_problems": list(zip(range(self.seat_count), names, self._unplaced(shown["problems"]), strict=True)),
            "game_problems": [self.problem_text(p) for p in shown["problems"] if p.seat is None],
            "cat_points": self.cat_points_shown(),
        }

    def _unplaced(self, problems) -> list[list[str]]:
        """Per sheet, the problems that have no field of their own to stand beside."""
        return [[self.problem_text(p) for p in problems if p.seat == i and self.problem_field(p) is None]
                for i in range(self.seat_count)]

    def cat_points_shown(self) -> list[tuple[str, str]]:
        """(slot id, text) of every cat line's points as they stand, for the live pad."""
        cleaned = getattr(self, "cleaned_data", {}) if self.is_bound else {}
        shown = []
        for i in range(self.seat_count):
            for k, line in enumerate(self.cat_lines(cleaned, i)):
                text = ""
                if line and line["cat"] == "house":
                    text = _("%(h)d × %(h)d houses = %(points)d") % {"h": line["house"], "points": line["points"]}
                elif line:
                    text = _("%(h)d houses × %(then)d %(item)s = %(points)d") % {
                        "h": line["house"], "then": line["then"], "item": words.item_name(line["cat"]),
                        "points": line["points"]}
                shown.append((f"s{i}-catpoints{k}", text))
        return shown

    @classmethod
    def initial_pad(cls, final, options):
        initial = {"columns_to_end": options.get("columns_to_end")}
        for i, sheet in enumerate(final["sheets"]):
            initial.update({f"s{i}-hex-{h}": item for h, item in sheet["marks"].items()})
            initial.update({f"s{i}-col-{c}": points for c, points in sheet["columns"].items()})
            for k, (cat, points) in enumerate(in_house_order(sheet)):
                initial[f"s{i}-cat{k}"] = cat
                if cat != "house":
                    initial[f"s{i}-catitems{k}"] = points // (k + 1)
            initial[f"s{i}-circled"] = sheet["footprints"].get("circled", 0)
            initial[f"s{i}-crossed"] = sheet["footprints"].get("crossed", 0)
        return initial


def _houses(n: int) -> str:
    return ngettext("%(n)d house", "%(n)d houses", n) % {"n": n}
