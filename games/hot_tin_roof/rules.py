"""Hot Tin Roof's numbers and its final reckoning, shared by the engine and the table tally (pure)."""

from games.contract import normalise_options as _normalise
from games.contract import ranks as _ranks

MIN_PLAYERS, MAX_PLAYERS = 3, 4
FISH_IN_MARKET = {3: 12, 4: 14}
FISH_VALUE = 10  # one fish is worth 10 cans, both for the exchange with the bank and for the score
PAIR_PENALTY = 15  # cans to the bank for a pair still apart at the end
PAIRS_PER_PLAYER = 2
START_CANS = 10
ANTE = 5  # one can onto each of the five dumpsters
HANDOUT = 2  # a player who cannot pay the ante takes this from the bank and ends the turn
CATWALK_TOLL, SHELTER_TOLL = 1, 2
RESERVE = {"catwalks": 6, "shelters": 3}

OPTIONS = {
    "home_tiles_break_ties": {"default": False},
}


def fish_left(players: int, taken: int) -> int:
    """The fish still in the market once `taken` have left it (one for each pair joined)."""
    return FISH_IN_MARKET[players] - taken


def market_empty(left: int) -> bool:
    """The end of the game: it ends at once when the last fish leaves the market (engine and tally both ask)."""
    return left == 0


def normalise_options(options: dict | None) -> dict:
    """Every option with its default; IllegalAction (a ValueError) for an unknown option or a bad value."""
    return _normalise(OPTIONS, options)


def score(player: dict) -> int:
    return player["cans"] + FISH_VALUE * player["fish"]


def breakdown(player: dict) -> dict:
    """Points per category: `cans`, `fish` (10 per fish) and their `total`."""
    return {"cans": player["cans"], "fish": FISH_VALUE * player["fish"], "total": score(player)}


def ranks(scores: list[int], trigger_seat: int, home_tiles: list[int] | None = None) -> list[int]:
    """1 = winner. Highest score first; ties go to the player furthest to the left of the trigger player in turn
    order (distance 0 for the trigger player, who so loses every tie). With `home_tiles`, the most home tiles
    taken break a tie first. Distances differ for every seat, so nobody shares a place."""
    seats = len(scores)
    tiles = home_tiles if home_tiles is not None else [0] * seats
    return _ranks([(scores[s], tiles[s], (s - trigger_seat) % seats) for s in range(seats)])


def tie_break(scores: list[int], trigger_seat: int, home_tiles: list[int] | None = None) -> list[dict]:
    """The ties that a tie-break settled, for the end screen: [{"score", "seats", "by": "home_tiles" | "seat"}]."""
    decided = []
    for value in sorted(set(scores), reverse=True):
        tied = [s for s in range(len(scores)) if scores[s] == value]
        if len(tied) < 2:
            continue
        by = "seat"
        if home_tiles is not None and len({home_tiles[s] for s in tied}) == len(tied):
            by = "home_tiles"
        decided.append({"score": value, "seats": tied, "by": by})
    return decided


def result(players: list[dict], trigger_seat: int, options: dict) -> dict:
    """The record's `result` from the players' final holdings (records.md's `final.players`)."""
    options = normalise_options(options)
    scores = [score(p) for p in players]
    tiles = [p["home_tiles"] for p in players] if options["home_tiles_break_ties"] else None
    return {
        "scores": scores,
        "ranks": ranks(scores, trigger_seat, tiles),
        "breakdown": [breakdown(p) for p in players],
    }
