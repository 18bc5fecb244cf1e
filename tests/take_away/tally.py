"""Take Away at the table: who won and how many stones each took."""
from games.contract import IllegalAction, whole
from games.contract import normalise_options as normalise

from . import rules

MIN_PLAYERS = MAX_PLAYERS = rules.PLAYERS
OPTIONS = rules.OPTIONS


def normalise_options(options: dict | None) -> dict:
    return normalise(OPTIONS, options)


def outcome(final: dict, options: dict) -> dict:
    options = normalise_options(options)
    taken = [whole(n, "stones", low=0) for n in final.get("taken", [])]
    winner = final.get("winner")
    if len(taken) != rules.PLAYERS or sum(taken) != options["stones"]:
        raise IllegalAction("wrong_stones", f"The players took {sum(taken)} stones, but the pile held "
                            f"{options['stones']}.")
    if winner not in range(rules.PLAYERS) or taken[winner] == 0:
        raise IllegalAction("no_winner", "Say who took the last stone (they took at least one).")
    return rules.outcome(taken, winner)
