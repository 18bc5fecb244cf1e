"""Hot Tin Roof at the table: the result of a finished game from its score pad (pure: no Django, no I/O).

The pad is the record's `final` (design/records.md): `players[seat] = {"cans", "fish", "home_tiles",
"pairs_left", "penalties"}` and `trigger_seat`, the seat that took the last fish. Choices made:
- `cans` and `fish` are what each player holds once the game is over, after paying for the pairs left on the
  board: `penalties` is what they paid (15 cans per pair not joined, less only when they ran out of money).
- The breakdown counts points: `cans`, `fish` (10 per fish) and `total` (their sum, the score).
- Ranks are strict: the seat rule settles every tie, so nobody shares a place.
- The numbers and the ranking are the engine's own (rules.py): nothing is computed twice.
"""

from games.contract import Problem, Problems, is_whole, problems_left
from games.contract import ranks as contract_ranks

from . import rules
from .rules import FISH_IN_MARKET, MAX_PLAYERS, MIN_PLAYERS, PAIR_PENALTY, PAIRS_PER_PLAYER

# The keys the pad may hold (design/records.md), for imports to refuse any other (see cat_tower's tally).
FINAL_KEYS = {"players": [dict.fromkeys(("cans", "fish", "home_tiles", "pairs_left", "penalties"))],
              "trigger_seat": None}

OPTIONS = rules.OPTIONS
FIELDS = ("cans", "fish", "home_tiles", "pairs_left", "penalties")


normalise_options = rules.normalise_options  # defaults filled in; IllegalAction (a ValueError) for a bad one


def outcome(final: dict, options: dict, *, finished: bool = True) -> dict:
    """The record's `result` from the pad; Problems (a ValueError) listing everything impossible in it.

    `finished=False`: a play stopped before its end, scored as it stood; only the checks that say the game had not
    ended yet are left out (all fish taken, who took the last one). Without that player the seat rule cannot
    settle ties, so tied players share a place."""
    options = rules.normalise_options(options)
    found = problems_left(problems(final, options), finished=finished)
    if found:
        raise Problems(found)
    players, trigger = final["players"], final.get("trigger_seat")
    if finished or is_whole(trigger):
        return rules.result(players, trigger, options)
    scores = [score(p) for p in players]
    return {"scores": scores, "ranks": contract_ranks(scores), "breakdown": [rules.breakdown(p) for p in players]}


ranks = rules.ranks
score = rules.score


def problems(final: dict, options: dict) -> list[Problem]:
    """Everything impossible in the pad, each beside its field (seat and field name), all at once."""
    rules.normalise_options(options)
    if not isinstance(final, dict) or not isinstance(final.get("players"), list):
        return [Problem(None, None, "pad_shape", "The pad must list the players' cans, fish, home tiles, pairs left "
                        "and penalties.")]
    players = final["players"]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        return [Problem(None, None, "seat_count", f"Hot Tin Roof is for {MIN_PLAYERS} or {MAX_PLAYERS} players, "
                        f"not {len(players)}.")]
    found = []
    for seat, player in enumerate(players):
        found += _player_problems(seat, player)
    if found:
        return found
    return _game_problems(players, final.get("trigger_seat"))


def _player_problems(seat: int, player) -> list[Problem]:
    who = f"Player {seat + 1}"
    if not isinstance(player, dict):
        return [Problem(seat, None, "pad_shape", f"{who}: the pad needs cans, fish, home tiles, pairs left and "
                        "penalties.")]
    found = [Problem(seat, name, "not_a_count", f"{who}: {name.replace('_', ' ')} must be a whole number, 0 or more.")
             for name in FIELDS if not is_whole(player.get(name)) or player.get(name) < 0]
    if found:
        return found
    pairs, paid = player["pairs_left"], player["penalties"]
    params = {"seat": seat, "pairs": pairs, "paid": paid, "most": PAIR_PENALTY * pairs, "each": PAIR_PENALTY,
              "fish": player["fish"], "tiles": player["home_tiles"], "limit": PAIRS_PER_PLAYER}
    if pairs > PAIRS_PER_PLAYER:
        found.append(Problem(seat, "pairs_left", "too_many_pairs_left", f"{who}: {pairs} pairs left on the board, "
                             f"but a player has only {PAIRS_PER_PLAYER} pairs.", params))
    elif paid > PAIR_PENALTY * pairs:
        found.append(Problem(seat, "penalties", "penalties_above_pairs", f"{who}: {PAIR_PENALTY} cans for each pair "
                             f"left: {_count(pairs, 'pair')} left is at most {_count(PAIR_PENALTY * pairs, 'can')}, "
                             f"not {paid}.", params))
    # A player who paid less than 15 ran out, but may hold cans again: tolls paid by players settling later.
    if player["home_tiles"] < player["fish"] + pairs:
        found.append(Problem(seat, "home_tiles", "too_few_home_tiles", f"{who}: one home tile for each fish and each "
                             f"pair left: {player['fish']} fish and {_count(pairs, 'pair')} on the board need at "
                             f"least {_count(player['fish'] + pairs, 'home tile')}, not {player['home_tiles']}.",
                             params))
    return found


def _count(n: int, word: str) -> str:
    """"1 pair", "2 pairs": a count in words, singular or plural."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _game_problems(players: list[dict], trigger) -> list[Problem]:
    found = []
    market = FISH_IN_MARKET[len(players)]
    held = sum(p["fish"] for p in players)
    if held > market:
        found.append(Problem(None, "fish", "more_fish_than_market", f"The players hold {held} fish, but the market has "
                             f"only {market} with {len(players)} players.", {"held": held, "market": market,
                                                                          "players": len(players)}))
    # Each home tile puts a pair on the board; each pair joined during the game took one fish from the market,
    # which the game emptied; a pair still on the board at the end took none.
    joined = sum(p["home_tiles"] - p["pairs_left"] for p in players)
    left = rules.fish_left(len(players), joined)
    if not rules.market_empty(left):
        found.append(Problem(None, "home_tiles", "joined_not_market", f"One fish for each pair joined, and the game "
                             f"ends when all {market} are taken: the home tiles taken less the pairs left must add up "
                             f"to {market}, not {joined}.", {"market": market, "joined": joined},
                             unended=left > 0))
    if not is_whole(trigger) or not 0 <= trigger < len(players):
        found.append(Problem(None, "trigger_seat", "who_took_last_fish", "Say who took the last fish: that ended the "
                             "game.", unended=True))
    elif players[trigger]["home_tiles"] == players[trigger]["pairs_left"]:
        found.append(Problem(None, "trigger_seat", "last_fish_without_pair", f"Player {trigger + 1} took the last fish "
                             "but joined no pair: check who took the last fish.", {"seat": trigger}))
    return found
