"""Rat-a-Tat Cat at the table: the result of a finished game from its round-by-round pad (pure, no Django).

The pad is the record's `final` (design/records.md): `rounds = [{"rows": ..., "scores": [17, 22, None]}]`.
Choices made for a table pad:
- `scores[seat]` is the player's round score (the sum of their four cards, 0 to 36), or None for a player
  already out (elimination only).
- `rows` is None when the players wrote only their round scores (the usual pad). When given, it is a row of four
  cards 0-9 per seat (None for a player out), and each row must add up to that seat's score.
- The game must have ended as chosen: `rounds` plays exactly that many rounds; `time` any number; `elimination`
  ends in the first round after which at most one player is still in.
Player counts, options, card values, round scores, the elimination rule and the ranks are the engine's own, in
`scoring`, so table and online games follow one rule. A bad option raises contract.IllegalAction (a ValueError).
"""

from games.contract import Problem, Problems, is_whole, problems_left

from . import scoring
from .scoring import CARD_VALUES, CARDS_IN_ROW, HIGHEST_CARD, HIGHEST_ROUND, normalise_options

MIN_PLAYERS, MAX_PLAYERS = scoring.MIN_SEATS, scoring.MAX_SEATS
# The keys the pad may hold (design/records.md), for imports to refuse any other (see cat_tower's tally).
FINAL_KEYS = {"rounds": [{"rows": None, "scores": None}]}

__all__ = ["MIN_PLAYERS", "MAX_PLAYERS", "CARDS_IN_ROW", "HIGHEST_CARD", "HIGHEST_ROUND", "normalise_options",
           "out_rounds", "standings", "outcome", "problems"]


def out_rounds(round_scores: list[list[int | None]], limit: int) -> list[int | None]:
    """The round (1, 2, ...) after which each seat's total reached `limit` and it went out; None: still in.

    The rule itself is the engine's `scoring.reaches_limit`.
    """
    seats = len(round_scores[0]) if round_scores else 0
    totals, out = [0] * seats, [None] * seats
    for number, scores in enumerate(round_scores, start=1):
        for seat, points in enumerate(scores):
            if out[seat] is None and points is not None:
                totals[seat] += points
                if scoring.reaches_limit(totals[seat], limit):
                    out[seat] = number
    return out


def standings(final: dict, options: dict) -> list[dict]:
    """Round by round, for a pad being filled in: each seat's running total, and who goes out after that round.

    Lenient on purpose (a missing score counts nothing); `outcome` is the strict check.
    """
    options = normalise_options(options)
    rounds = [_scores_or_blanks(r) for r in (final or {}).get("rounds") or []]
    seats = max((len(r) for r in rounds), default=0)
    rounds = [r + [None] * (seats - len(r)) for r in rounds]
    eliminating = options["end"] == "elimination"
    out = out_rounds(rounds, options["limit"]) if eliminating else [None] * seats
    totals, table = [0] * seats, []
    for number, scores in enumerate(rounds, start=1):
        for seat, points in enumerate(scores):
            if points is not None and (out[seat] is None or out[seat] >= number):
                totals[seat] += points
        table.append({
            "round": number,
            "scores": scores,
            "totals": list(totals),
            "out": [seat for seat in range(seats) if out[seat] == number],
            "was_out": [seat for seat in range(seats) if out[seat] is not None and out[seat] < number],
        })
    return table


def _scores_or_blanks(entry) -> list:
    scores = entry.get("scores") if isinstance(entry, dict) else None
    if not isinstance(scores, list):
        return []
    return [s if is_whole(s) else None for s in scores]


def outcome(final: dict, options: dict, *, finished: bool = True) -> dict:
    """The record's `result` from the pad; Problems (a ValueError) listing everything impossible in it.

    `finished=False`: a play stopped before its end is scored as it stood; only the checks that the game ended as
    its options say are left out."""
    options = normalise_options(options)
    found = problems_left(problems(final, options), finished=finished)
    if found:
        raise Problems(found)
    rounds = final["rounds"]
    seats = len(rounds[0]["scores"])
    scores = [r["scores"] for r in rounds]
    out = out_rounds(scores, options["limit"]) if options["end"] == "elimination" else [None] * seats
    totals = [sum(s[seat] or 0 for s in scores) for seat in range(seats)]
    state = {"seats": seats, "options": options, "totals": totals, "out_round": out}
    return {
        "scores": totals,
        "ranks": scoring.ranks(state),
        "breakdown": [{"rounds": [s[seat] for s in scores], "total": totals[seat]} for seat in range(seats)],
    }


def problems(final: dict, options: dict) -> list[Problem]:
    """Everything impossible in the pad, all at once: each round score beside its cell (seat, "round", number)."""
    options = normalise_options(options)
    rounds = final.get("rounds") if isinstance(final, dict) else None
    if not isinstance(rounds, list) or not rounds:
        return [Problem(None, None, "no_rounds", "Enter at least one round's scores.", unended=True)]
    found = _shape_problems(rounds)
    if found:
        return found
    scores = [r["scores"] for r in rounds]
    out = out_rounds(scores, options["limit"]) if options["end"] == "elimination" else [None] * len(scores[0])
    return _who_played_problems(scores, out, options)


def _cell(number: int, seat: int, code: str, message: str, **params) -> Problem:
    return Problem(seat, "round", code, message, {"round": number, "seat": seat, **params})


def _shape_problems(rounds: list) -> list[Problem]:
    found, seats = [], None
    for number, entry in enumerate(rounds, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("scores"), list):
            return [Problem(None, None, "round_shape", f"Round {number}: the pad needs a score for every player.",
                            {"round": number})]
        scores = entry["scores"]
        seats = len(scores) if seats is None else seats
        if len(scores) != seats:
            return [Problem(None, None, "round_length", f"Round {number} has {len(scores)} scores but round 1 has "
                            f"{seats}.", {"round": number})]
        if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
            return [Problem(None, None, "seat_count", f"Rat-a-Tat Cat is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                            f"players, not {seats}.")]
        for seat, points in enumerate(scores):
            if points is not None and (not is_whole(points) or not 0 <= points <= HIGHEST_ROUND):
                found.append(_cell(number, seat, "bad_round_score", f"Round {number}, player {seat + 1}: a round "
                                   f"score is the sum of four cards, a whole number from 0 to {HIGHEST_ROUND}, not "
                                   f"{points!r}.", highest=HIGHEST_ROUND, points=points))
        found += _row_problems(number, entry.get("rows"), scores)
    return found


def _row_problems(number: int, rows, scores: list) -> list[Problem]:
    if rows is None:
        return []
    if not isinstance(rows, list) or len(rows) != len(scores):
        return [Problem(None, None, "rows_shape", f"Round {number}: give a row of cards for every player, or none "
                        "at all.", {"round": number})]
    found = []
    for seat, (row, points) in enumerate(zip(rows, scores, strict=True)):
        if row is None and points is None:
            continue
        if (row is None) != (points is None):
            found.append(_cell(number, seat, "out_has_cards", f"Round {number}, player {seat + 1}: a player out has "
                               "neither cards nor a score."))
        elif (not isinstance(row, list) or len(row) != CARDS_IN_ROW
              or not all(is_whole(c) and c in CARD_VALUES for c in row)):
            found.append(_cell(number, seat, "bad_row", f"Round {number}, player {seat + 1}: a row is four cards "
                               f"from 0 to {HIGHEST_CARD}.", highest=HIGHEST_CARD))
        elif scoring.round_score(row) != points:
            found.append(_cell(number, seat, "row_sum", f"Round {number}, player {seat + 1}: the cards {row} add up "
                               f"to {sum(row)}, not {points}.", sum=sum(row), points=points))
    return found


def _who_played_problems(scores: list[list], out: list, options: dict) -> list[Problem]:
    """Everybody in plays every round, nobody out does, and the game ended when the chosen end says so."""
    found = []
    for number, round_scores in enumerate(scores, start=1):
        for seat, points in enumerate(round_scores):
            gone = out[seat] is not None and out[seat] < number
            if gone and points is not None:
                found.append(_cell(number, seat, "score_after_out", f"Round {number}, player {seat + 1}: went out "
                                   f"after round {out[seat]}, so has no score afterwards.", out=out[seat]))
            if not gone and points is None:
                found.append(_cell(number, seat, "score_missing", f"Round {number}, player {seat + 1}: the score is "
                                   "missing."))
        still_in = sum(1 for seat in range(len(round_scores)) if out[seat] is None or out[seat] > number)
        ended = scoring.game_ends(options, rounds_played=number, still_in=still_in, time_up=False)
        if options["end"] == "elimination" and ended and number < len(scores):
            found.append(Problem(None, "limit", "rounds_after_end", f"The game ended after round {number}, when at "
                                 f"most one player was left in, but {len(scores)} rounds are entered.",
                                 {"round": number, "played": len(scores)}))
            break
    played = len(scores)
    if options["end"] == "rounds" and played != options["rounds"]:
        found.append(Problem(None, "rounds", "rounds_played", f"The game was set to {options['rounds']} rounds, but "
                             f"{played} are entered.", {"rounds": options["rounds"], "played": played},
                             unended=played < options["rounds"]))
    if options["end"] == "elimination":
        still_in = sum(1 for o in out if o is None)
        if not scoring.game_ends(options, rounds_played=played, still_in=still_in, time_up=False):
            found.append(Problem(None, "limit", "still_in", f"The game goes on until at most one player is left "
                                 f"below {options['limit']}; {still_in} still are.",
                                 {"limit": options["limit"], "still_in": still_in}, unended=True))
    return found
