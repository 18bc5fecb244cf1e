"""Hot Tin Roof at the table: the result of a finished game from its score pad (pure: no Django, no I/O).

The pad is the record's `final` (design/records.md): `players[seat] = {"cans", "fish", "home_tiles",
"pairs_left", "penalties"}` and `trigger_seat`, the seat that took the last fish. Choices made:
- `cans` and `fish` are what each player holds once the game is over, after paying for the pairs left on the
  board: `penalties` is what they paid (15 cans per pair not joined, less only when they ran out of money).
- The breakdown counts points: `cans`, `fish` (10 per fish) and `total` (their sum, the score).
- Ranks are strict: the seat rule settles every tie, so nobody shares a place.
- The numbers and the ranking are the engine's own (rules.py): nothing is computed twice.
"""

from games.contract import is_whole

from . import rules
from .rules import FISH_IN_MARKET, MAX_PLAYERS, MIN_PLAYERS, PAIR_PENALTY, PAIRS_PER_PLAYER

OPTIONS = rules.OPTIONS
FIELDS = ("cans", "fish", "home_tiles", "pairs_left", "penalties")


def normalise_options(options: dict | None) -> dict:
    """The options with defaults filled in; IllegalAction (a ValueError) for an unknown option or a bad value."""
    return rules.normalise_options(options)


def outcome(final: dict, options: dict) -> dict:
    """The record's `result` from the pad; ValueError(plain-English reason) when the pad is impossible."""
    options = rules.normalise_options(options)
    players, trigger = _checked(final)
    return rules.result(players, trigger, options)


ranks = rules.ranks
score = rules.score


def _checked(final: dict) -> tuple[list[dict], int]:
    if not isinstance(final, dict) or not isinstance(final.get("players"), list):
        raise ValueError("The pad must list the players' cans, fish, home tiles, pairs left and penalties.")
    players = final["players"]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Hot Tin Roof is for {MIN_PLAYERS} or {MAX_PLAYERS} players, not {len(players)}.")
    for seat, player in enumerate(players):
        _check_player(seat, player)
    trigger = final.get("trigger_seat")
    if not is_whole(trigger) or not 0 <= trigger < len(players):
        raise ValueError("Say who took the last fish: that ended the game.")
    _check_fish(players)
    if players[trigger]["home_tiles"] == players[trigger]["pairs_left"]:
        raise ValueError(f"Player {trigger + 1} took the last fish but joined no pair: check who took the last fish.")
    return players, trigger


def _check_player(seat: int, player: dict) -> None:
    who = f"Player {seat + 1}"
    if not isinstance(player, dict):
        raise ValueError(f"{who}: the pad needs cans, fish, home tiles, pairs left and penalties.")
    for name in FIELDS:
        value = player.get(name)
        if not is_whole(value) or value < 0:
            raise ValueError(f"{who}: {name.replace('_', ' ')} must be a whole number, 0 or more.")
    pairs, paid = player["pairs_left"], player["penalties"]
    if pairs > PAIRS_PER_PLAYER:
        raise ValueError(f"{who}: {pairs} pairs left on the board, but a player has only {PAIRS_PER_PLAYER} pairs.")
    if paid > PAIR_PENALTY * pairs:
        raise ValueError(f"{who}: paid {_count(paid, 'can')} of penalties for {_count(pairs, 'pair')} left: "
                         f"at most {PAIR_PENALTY} cans per pair.")
    # A player who paid less than 15 ran out, but may hold cans again: tolls paid by players settling later.
    if player["home_tiles"] < player["fish"] + pairs:
        raise ValueError(f"{who}: holds {player['fish']} fish and has {_count(pairs, 'pair')} on the board but "
                         f"took only {_count(player['home_tiles'], 'home tile')}: each fish came from a pair joined, "
                         "and each pair was put on the board by a home tile.")


def _count(n: int, word: str) -> str:
    """"1 pair", "2 pairs": a count in words, singular or plural."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _check_fish(players: list[dict]) -> None:
    market = FISH_IN_MARKET[len(players)]
    held = sum(p["fish"] for p in players)
    if held > market:
        raise ValueError(f"The players hold {held} fish, but the market has only {market} with {len(players)} players.")
    # Each home tile puts a pair on the board; each pair joined during the game took one fish from the market,
    # which the game emptied; a pair still on the board at the end took none.
    joined = sum(p["home_tiles"] - p["pairs_left"] for p in players)
    if joined != market:
        raise ValueError(f"All {market} fish were taken, one for each pair joined, so the home tiles taken less the "
                         f"pairs left on the board must add up to {market}, not {joined}.")
