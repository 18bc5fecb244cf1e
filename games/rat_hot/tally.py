"""Rat Hot at the table: the result of a finished game from its final-tally sheet (pure, no Django).

The sheet is the record's `final` for a table game, seat 0 red, seat 1 green:
  {"ended_by": "last_strip" | "rats",
   "players": [{"grey": 5, "yellow": 8, "pairs": 3, "large": 4, "lost_by_rats": false}, ...]}
`grey` and `yellow` count the chips taken during play (1 and 2 points), `pairs` and `large` the visible groups
of two and of three or more of the player's spices at the final tally (none when the rats ended the game).

Records of the first, plain pad keep their shape and still score: `{"players": [{"chips": 31, "final_tally": 12,
"lost_by_rats": false}, ...]}` (chips and final tally in points).

The points, the final tally and the result come from games/rat_hot/scoring.py, as in the engine. Every problem of
a sheet is found at once: `outcome` raises SheetProblems (an IllegalAction, so a ValueError) listing them, each
with the seat and the field it belongs to, a code for words.py and an English fallback.
"""
from __future__ import annotations

from games.contract import Problem, Problems, is_whole

from . import scoring
from .scoring import BY_RATS, ENDS, LAST_STRIP, OPTIONS, PLAYERS, normalise_options
from .strips import spice_spaces

MIN_PLAYERS = MAX_PLAYERS = PLAYERS
__all__ = ["MIN_PLAYERS", "MAX_PLAYERS", "OPTIONS", "ENDS", "SheetProblems", "normalise_options", "problems", "outcome",
           "points", "is_plain", "total"]
COUNTS = ("grey", "yellow", "pairs", "large")  # the sheet's numbers
PLAIN = ("chips", "final_tally")  # the plain pad's numbers
# The keys a sheet may hold, either pad's (design/records.md), for imports to refuse any other (see cat_tower's tally).
FINAL_KEYS = {"ended_by": None, "players": [dict.fromkeys((*COUNTS, *PLAIN, "lost_by_rats"))]}
LABELS = {"grey": "grey chips", "yellow": "yellow chips", "pairs": "groups of two",
          "large": "groups of three or more", "chips": "chips", "final_tally": "final tally"}


class SheetProblems(Problems):
    """A sheet that cannot be: every problem found, in `problems`."""

    def __init__(self, problems: list[Problem]):
        super().__init__(problems, "impossible_sheet")


def total(player: dict) -> int:
    """A plain-pad player's points after the last strip: chips plus the final tally."""
    return player.get("chips", 0) + player.get("final_tally", 0)


def is_plain(final: dict) -> bool:
    """Whether a sheet is of the first, plain pad (chips and final tally in points)."""
    players = final.get("players") if isinstance(final, dict) else None
    return isinstance(players, list) and not any(isinstance(p, dict) and set(p) & set(COUNTS) for p in players)


def points(player: dict) -> dict:
    """{"chips", "final_tally"} in points of one player's entry (either shape); blanks count as 0."""
    if set(player) & set(COUNTS):
        return {"chips": scoring.chip_points(player.get("grey", 0), player.get("yellow", 0)),
                "final_tally": scoring.tally_points(player.get("pairs", 0), player.get("large", 0))}
    return {"chips": player.get("chips", 0), "final_tally": player.get("final_tally", 0)}


def problems(final: dict, options: dict) -> list[Problem]:
    """Everything impossible in a sheet (empty when it is a finished game)."""
    options = normalise_options(options)
    players = final.get("players") if isinstance(final, dict) else None
    if not isinstance(players, list) or len(players) != PLAYERS or not all(isinstance(p, dict) for p in players):
        return [Problem(None, None, "two_players",
                        "Rat Hot is for two players: give each one's chips and final tally.")]
    plain = is_plain(final)
    names = PLAIN if plain else COUNTS
    found = []
    for seat, player in enumerate(players):
        for name in names:
            value = player.get(name, 0)
            if not is_whole(value) or value < 0:
                found.append(Problem(seat, name, "not_a_count", f"Player {seat + 1}: {LABELS[name]} must be a whole "
                                     "number, 0 or more.", {"seat": seat, "field": name}))
        if not isinstance(player.get("lost_by_rats", False), bool):
            found.append(Problem(seat, "lost_by_rats", "bad_rats_flag", f"Player {seat + 1}: lost by rats is true "
                                 "or false.", {"seat": seat}))
    if found:
        return found
    losers = [seat for seat, p in enumerate(players) if p.get("lost_by_rats")]
    ended_by = final.get("ended_by", BY_RATS if losers else LAST_STRIP)
    if ended_by not in ENDS:
        return [Problem(None, "ended_by", "bad_end", "The game ends with the last strip or with the rats.")]
    if ended_by == LAST_STRIP:
        if losers:
            found.append(Problem(None, "ended_by", "rats_and_last_strip",
                                 "A player lost by rats, so the game did not end with the last strip."))
        elif not plain:
            found += _groups_possible(players)
        return found
    if not options["rats"]:
        found.append(Problem(None, "ended_by", "played_without_rats",
                             "The game was played without rats, so nobody can lose by rats."))
    if len(losers) != 1:
        found.append(Problem(None, "ended_by", "one_loser",
                             "When the rats end the game, say which one player showed three of their rats."))
    for seat, player in enumerate(players):
        for name in ("final_tally",) if plain else ("pairs", "large"):
            if player.get(name, 0):
                found.append(Problem(seat, name, "no_final_tally", f"Player {seat + 1}: when the rats end the game "
                                     "there is no final tally: leave it at 0.", {"seat": seat, "field": name}))
    return found


def _groups_possible(players: list[dict]) -> list[Problem]:
    found = []
    for seat, player in enumerate(players):
        # Each visible group scored a chip when it took its final shape: grey for two cells, yellow for more.
        for group, chip in (("pairs", "grey"), ("large", "yellow")):
            if player.get(group, 0) > player.get(chip, 0):
                found.append(Problem(seat, group, "more_groups_than_chips", f"Player {seat + 1}: {player[group]} "
                                     f"{LABELS[group]} at the end, but only {player.get(chip, 0)} {LABELS[chip]}: each "
                                     f"such group took a {chip} chip when it got its final shape.",
                                     {"seat": seat, "groups": player[group], "chips": player.get(chip, 0),
                                      "group": group, "chip": chip}))
        cells = 2 * player.get("pairs", 0) + 3 * player.get("large", 0)
        if cells > spice_spaces(seat):
            found.append(Problem(seat, "large", "too_many_groups", f"Player {seat + 1}: those groups need at least "
                                 f"{cells} spaces of their spices, and the strips have only {spice_spaces(seat)}.",
                                 {"seat": seat, "cells": cells, "spaces": spice_spaces(seat)}))
    return found


def outcome(final: dict, options: dict, *, finished: bool = True) -> dict:
    """The record's `result` from the sheet; SheetProblems (a ValueError) naming every problem when impossible.

    Either end of the game leaves a sheet of the same shape, so an unfinished play (`finished=False`) is checked
    and scored the same way: the chips and groups as they stood."""
    found = problems(final, options)
    if found:
        raise SheetProblems(found)
    players = final["players"]
    losers = [seat for seat, p in enumerate(players) if p.get("lost_by_rats")]
    return scoring.result([points(p) for p in players], losers[0] if losers else None)
