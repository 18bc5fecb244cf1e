"""Win rates between bot levels, the same way for every game: one bot of a level against bots of another.

`play(levels, seed) -> ranks` plays one whole game with one level per seat. The lone bot's seat rotates with the
game's number, and game n is played from seed first + n, so every count is reproducible. A win is a first place
held alone.
"""

LEVELS = ["easy", "medium", "good"]  # every game's levels, weakest first


def lone_wins(play, level: str, against: str, games: int, seats: int, first: int = 0) -> int:
    """Of `games` games, how many one `level` bot wins outright against seats - 1 `against` bots."""
    wins = 0
    for n in range(games):
        lone = n % seats
        levels = [against] * seats
        levels[lone] = level
        ranks = play(levels, first + n)
        wins += ranks[lone] == 1 and list(ranks).count(1) == 1
    return wins
