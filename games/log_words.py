"""The engines' public log in words: "{seat:N}" mentions become names (pure, used by pages and replays)."""
import re

SEAT_MENTION = re.compile(r"\{seat:(\d+)\}")


def with_names(text: str, names: list[str]) -> str:
    """Replace each "{seat:N}" with the name of seat N ("seat N+1" when there is no such name)."""

    def name(found):
        index = int(found.group(1))
        return names[index] if index < len(names) else f"seat {index + 1}"

    return SEAT_MENTION.sub(name, text)


def who(entry: dict, names: list[str]) -> str:
    """The name of the seat a log entry is about, or "" for the game's own announcements."""
    seat = entry.get("seat")
    valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names)
    return names[seat] if valid else ""
