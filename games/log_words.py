"""The engines' public log in words: "{seat:N}" mentions become names (used by pages and replays), and the
pieces every game's words module shares."""
import re

from django.utils.translation import gettext

from games.contract import is_whole

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
    valid = is_whole(seat) and 0 <= seat < len(names)
    return names[seat] if valid else ""


def mention(seat: int) -> str:
    """A seat as the words modules write it, for the page to name: "{seat:2}"."""
    return f"{{seat:{seat}}}"


def seat_list(seats: list[int]) -> str:
    """Several seats in one phrase: "{seat:0}", "{seat:0} and {seat:2}", "{seat:0}, {seat:1} and {seat:2}"."""
    named = [mention(seat) for seat in seats]
    if len(named) <= 1:
        return "".join(named)
    return gettext("%(some)s and %(last)s") % {"some": ", ".join(named[:-1]), "last": named[-1]}
