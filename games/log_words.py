"""The engines' public log in words: "{seat:N}" mentions become names (used by pages and replays), and the
pieces every game's words module shares."""
import re

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy, pgettext

from games.contract import is_whole

SEAT_MENTION = re.compile(r"\{seat:(\d+)\}")

# The bot levels the games' bots modules name (bots.LEVELS), and a bot seat's name when it was given none.
BOT_LEVELS = {"easy": gettext_lazy("easy"), "medium": gettext_lazy("medium"), "good": gettext_lazy("good")}
BOT_NAMES = {"easy": gettext_lazy("Easy bot"), "medium": gettext_lazy("Medium bot"), "good": gettext_lazy("Good bot")}


def bot_level(level: str) -> str:
    return str(BOT_LEVELS.get(level, level))


def bot_name(level: str) -> str:
    """"Easy bot": the name of a bot seat nobody named."""
    known = BOT_NAMES.get(level)
    return str(known) if known else gettext("%(level)s bot") % {"level": level.title()}


def seat_name(name: str, bot: str | None) -> str:
    """A recorded seat's name as a page shows it. A record names a bot seat nobody named in the site's own language
    (games/records.py: a record is the same for everyone); the page names that bot in its reader's language. Any
    other name is the player's, shown as it is."""
    if bot:
        with translation.override(settings.LANGUAGE_CODE):
            recorded = bot_name(bot)
        if name == recorded:
            return bot_name(bot)
    return name


def with_names(text: str, names: list[str]) -> str:
    """Replace each "{seat:N}" with the name of seat N ("seat N+1" when there is no such name)."""

    def name(found):
        index = int(found.group(1))
        return names[index] if index < len(names) else gettext("seat %(number)d") % {"number": index + 1}

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
    return name_list([mention(seat) for seat in seats])


def name_list(names: list[str]) -> str:
    """Names in one phrase: "Mia", "Mia and Leo", "Mia, Leo and Ada" (「Mia、Leo 和 Ada」)."""
    names = [str(name) for name in names]
    if len(names) <= 1:
        return "".join(names)
    separator = pgettext("between the names of a list", ", ")
    return gettext("%(some)s and %(last)s") % {"some": separator.join(names[:-1]), "last": names[-1]}


# The refusals of games/contract.py, shared by every game (a words module may word them its own way first).
CONTRACT_REFUSALS = {
    "not_whole": lambda p, game: gettext("Enter a whole number."),
    "not_a_seat": lambda p, game: gettext("Only a player at the table can make that move."),
    "not_an_action": lambda p, game: gettext("That move could not be read; please choose it again."),
    "bad_options": lambda p, game: gettext("The options must be a set of names and values."),
    "unknown_option": lambda p, game: gettext("%(game)s has no such option.") % {"game": game},
    "bad_option": lambda p, game: gettext("That value is not allowed for this option."),
}


def contract_refusal(code: str, params: dict, game: str) -> str | None:
    """A refusal of the shared contract in words; None for a code of the game's own."""
    if code == "out_of_range" and is_whole(params.get("low")) and is_whole(params.get("high")):
        return gettext("Enter a number from %(low)d to %(high)d.") % {"low": params["low"], "high": params["high"]}
    if code == "seat_count" and is_whole(params.get("low")) and is_whole(params.get("high")):
        if params["low"] == params["high"]:
            return gettext("%(game)s is for %(count)d players.") % {"game": game, "count": params["low"]}
        return gettext("%(game)s is for %(low)d to %(high)d players.") % {
            "game": game, "low": params["low"], "high": params["high"]}
    say = CONTRACT_REFUSALS.get(code)
    return say(params, game) if say else None
