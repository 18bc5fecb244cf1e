"""Records this site wrote before it followed design/records.md's version 2 for matches that ended early and seats
a bot stood in for: they said `"format": "catsite-record/1"` with an `ended` object (`{"reason": "resigned" |
"abandoned", "seat": k}`), a seat's `bot_from`, `bot_until` and `resigned` (only where a bot played on), and a move's
`"bot": true`. Files exported then are still imported, and the history's stored records were rewritten (scoring
migration 0015), as the version 2 records they mean: `ended` is `"resigned"` or `"claimed"` (the leaver is the last
move's), the resigner's seat says `"resigned": true`, the moves lose their marks (the seat's `bot_from` and
`bot_until` tell the bot's last stretch, as version 2 has it) and the format is version 2.
"""
FORMAT_1, FORMAT_2 = "catsite-record/1", "catsite-record/2"
REASONS = {"resigned": "resigned", "abandoned": "claimed"}
STAND_IN_KEYS = ("bot_from", "bot_until", "resigned")


def is_earlier(record) -> bool:
    if not isinstance(record, dict) or record.get("format") != FORMAT_1:
        return False
    seats = record.get("seats") if isinstance(record.get("seats"), list) else []
    moves = record.get("moves") if isinstance(record.get("moves"), list) else []
    return ("ended" in record or any(isinstance(seat, dict) and key in seat for seat in seats for key in STAND_IN_KEYS)
            or any(isinstance(move, dict) and "bot" in move for move in moves))


def upgraded(record):
    """The version 2 record an earlier one of this site's means; any other record as it is (a record whose old
    fields are malformed is left for the import's checks to refuse)."""
    if not is_earlier(record):
        return record
    ended = record.get("ended")
    if "ended" in record:
        if not (isinstance(ended, dict) and ended.get("reason") in REASONS and type(ended.get("seat")) is int):
            return record  # not what this site wrote: the checks say what is wrong
        record = {**record, "ended": REASONS[ended["reason"]]}
    record = {**record, "format": FORMAT_2}
    if isinstance(record.get("moves"), list):
        record["moves"] = [{key: value for key, value in move.items() if key != "bot"} if isinstance(move, dict)
                           else move for move in record["moves"]]
    seats = record.get("seats")
    if isinstance(ended, dict) and ended["reason"] == "resigned" and isinstance(seats, list) and (
            0 <= ended["seat"] < len(seats) and isinstance(seats[ended["seat"]], dict)):
        record["seats"] = [*seats[:ended["seat"]], {**seats[ended["seat"]], "resigned": True},
                           *seats[ended["seat"] + 1:]]
    return record
