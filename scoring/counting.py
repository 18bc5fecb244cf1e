"""Which records and seats count in statistics, leaderboards and kept summaries: said once, here.

A record counts when it was played to its end (an unfinished table play counts for nobody, docs/records.md) and
nobody disputes it (a disputed record counts for nobody until it is corrected or the dispute withdrawn). A seat of
a counted record counts when its player agreed to it (scoring/confirmations.py) and by how its match ended
(`seat_counting`, kept on the seat when the record is saved: `Participant.counted` and `score_counted`):
- a match played to its end: each seat counts fully, its place (matches played, wins, head to head, leaderboards,
  ratings) and its score (averages, bests), except the two below;
- a seat a bot finished for its absent player (`bot_from` without `bot_until`: games/stand_in.py): nothing;
- a match ended by a resignation, a claim or abandonment (records.md version 2's `ended`): no seat counts, so the
  players left win nothing, score nothing and are not rated, except
- a seat whose player resigned (`"resigned": true`: the resignation that ended the match, or one in a match of three
  or more that a bot then played to the end): a loss. Its place counts (a match played and not won, behind the
  others in head to head and in the rating, where a seat that does not count plays as a newcomer), never its score
  (the unfinished game's score is no average and no best); and only when a seat that did not resign finished ahead
  of it (a match that everyone resigned counts for nobody).
A claim is no loss for the absent player: their seat counts like one a bot finished. Every such match stays in the
history and in its game's number of recorded matches, marked (scoring/templates/scoring/_record_list.html).
Every statistic, rating, kept summary and their rebuild reads these, so a new rule goes here only.
"""
from django.db.models import Q

from games.records import finished_by_bot
from scoring.models import GameRecord, Participant

COUNTED_RECORD = Q(unfinished=False, disputed=False)
# The same condition, seen from a record's seats.
OF_COUNTED_RECORD = Q(game_record__unfinished=False, game_record__disputed=False)
# A counted seat whose score counts too (averages, bests): a filter of an aggregate over counted_seats().
SCORE_COUNTED = Q(score_counted=True)
# records.md version 2's `ended` of a match not played to its end ("played_out", the default, is never kept).
ENDED_EARLY = ("resigned", "claimed", "abandoned")


def counted_records():
    """The records that count, of every game."""
    return GameRecord.objects.filter(COUNTED_RECORD)


def record_counts(game_record: GameRecord) -> bool:
    """Whether this one record counts (the same rule as counted_records, for a record in hand)."""
    return not game_record.unfinished and not game_record.disputed


def counted_seats():
    """The seats whose place counts: their record counts, their player agreed to it, and it ended as it should."""
    return Participant.objects.filter(OF_COUNTED_RECORD, confirmation=Participant.CONFIRMED, counted=True)


def seat_counts(confirmation: str, counted: bool) -> bool:
    """Whether a seat of a counted record counts (the rule of counted_seats, for a seat's values in hand)."""
    return confirmation == Participant.CONFIRMED and counted


def ended(record: dict) -> str:
    """How the record's match ended, as `GameRecord.ended` keeps it: one of ENDED_EARLY, or "" when played out.
    (A record of before version 2 said it as `{"reason": ...}`: scoring/earlier_records.py.)"""
    value = record.get("ended")
    if isinstance(value, dict):
        value = {"abandoned": "claimed"}.get(value.get("reason"), value.get("reason"))
    return value if value in ENDED_EARLY else ""


def seat_counting(record: dict, seat: dict) -> tuple[bool, bool]:
    """(counted, score_counted) of one seat of a record, by how the match ended (the rule of this module's first
    lines). Pure: the record writer (scoring/records.py) and migration scoring 0016 set the seats' fields by it."""
    if seat.get("resigned") is True:
        ranks = (record.get("result") or {}).get("ranks") or []
        mine = _rank(ranks, seat)
        behind = mine is not None and any(
            not other.get("resigned") and _rank(ranks, other) is not None and _rank(ranks, other) < mine
            for other in record.get("seats") or [] if isinstance(other, dict) and other is not seat)
        return behind, False
    if ended(record) or finished_by_bot(seat):
        return False, False
    return True, True


def _rank(ranks: list, seat: dict) -> int | None:
    index = seat.get("seat")
    return ranks[index] if type(index) is int and 0 <= index < len(ranks) else None
