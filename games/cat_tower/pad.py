"""Cat Tower's record pad: the score sheet of a game played at a table ("Record a game")."""
from django import forms

from games.cat_tower import tally
from games.cat_tower.sheet import default_tower
from scoring.record_forms import RecordForm, number_field


class Pad(RecordForm):
    slug = "cat_tower"
    tally = tally
    default_seats = 3
    preview_extras = "cat_tower/pad_preview.html"
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
        if isinstance(error, tally.SheetProblems):
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
                           for category in (*tally.scoring.CATEGORIES, "total")],
            "sheet_problems": list(zip(range(self.seat_count), names, shown["sheet_problems"], strict=True)),
            "game_problems": shown["game_problems"],
        }

    @classmethod
    def initial_pad(cls, final, options):
        initial = {"columns_to_end": options.get("columns_to_end")}
        for i, sheet in enumerate(final["sheets"]):
            initial.update({f"s{i}-hex-{h}": item for h, item in sheet["marks"].items()})
            initial.update({f"s{i}-col-{c}": points for c, points in sheet["columns"].items()})
            for k, (cat, points) in enumerate(tally.scoring.cat_entries(sheet)):
                initial[f"s{i}-cat{k}"], initial[f"s{i}-catpoints{k}"] = cat, points
            initial[f"s{i}-circled"] = sheet["footprints"].get("circled", 0)
            initial[f"s{i}-crossed"] = sheet["footprints"].get("crossed", 0)
        return initial
