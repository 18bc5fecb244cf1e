"""Take Away's rules, shared by its engine and its tally."""
PLAYERS = 2
MOST_PER_TURN = 3
OPTIONS = {"stones": {"default": 11, "min": 4, "max": 40}}


def outcome(stones: list[int], winner: int) -> dict:
    """The winner scores 1; the breakdown counts the stones each player took."""
    from games.contract import ranks

    scores = [1 if seat == winner else 0 for seat in range(PLAYERS)]
    return {"scores": scores, "ranks": ranks(scores),
            "breakdown": [{"stones": stones[seat], "total": scores[seat]} for seat in range(PLAYERS)]}
