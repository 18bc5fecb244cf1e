"""Rat Hot at the table: the result of a finished game from its plain final-score pad (pure, no Django).

The pad is the record's `final` for a table game: `{"ended_by": "last_strip" | "rats", "players": [{"chips": 31,
"final_tally": 12, "lost_by_rats": false}, ...]}`, seat 0 red, seat 1 green. Choices made:
- `chips` is the chip total when the game ended; `final_tally` the points of the final tally after the last
  strip (0 when the rats ended the game: there is no final tally then).
- A rats loss: the loser's breakdown is `{"lost_by_rats": true}` (records.md); the loser places second whatever
  the chips, and the winner's breakdown is their chips with a final tally of 0. Scores stay the chips, so the
  history still shows them.
- Equal totals after the last strip are a draw: both place first.
"""

from games import contract

PLAYERS = 2
OPTIONS = {"rats": {"default": True}}  # option specs in the style of games/contract.py
ENDS = ("last_strip", "rats")


def normalise_options(options: dict | None) -> dict:
    """The options with defaults filled in; contract.IllegalAction (a ValueError) for an unknown or bad one."""
    return contract.normalise_options(OPTIONS, options)


def total(player: dict) -> int:
    """A player's points after the last strip: chips plus the final tally."""
    return player["chips"] + player.get("final_tally", 0)


def outcome(final: dict, options: dict) -> dict:
    """The record's `result` from the pad; ValueError(plain-English reason) when the pad is impossible."""
    options = normalise_options(options)
    players, loser = _checked(final, options)
    if loser is not None:
        scores = [p["chips"] for p in players]
        return {
            "scores": scores,
            "ranks": [2 if seat == loser else 1 for seat in range(PLAYERS)],
            "breakdown": [
                {"lost_by_rats": True} if seat == loser
                else {"chips": p["chips"], "final_tally": 0, "total": p["chips"]}
                for seat, p in enumerate(players)
            ],
        }
    scores = [total(p) for p in players]
    return {
        "scores": scores,
        "ranks": [1 + sum(other > mine for other in scores) for mine in scores],
        "breakdown": [
            {"chips": p["chips"], "final_tally": p["final_tally"], "total": total}
            for p, total in zip(players, scores, strict=True)
        ],
    }


def _checked(final: dict, options: dict) -> tuple[list[dict], int | None]:
    players = final.get("players") if isinstance(final, dict) else None
    if not isinstance(players, list) or len(players) != PLAYERS or not all(isinstance(p, dict) for p in players):
        raise ValueError("Rat Hot is for two players: give each one's chips and final tally.")
    players = [{"final_tally": 0, **p} for p in players]
    for seat, player in enumerate(players):
        for name in ("chips", "final_tally"):
            value = player.get(name, 0)
            if not contract.is_whole(value) or value < 0:
                raise ValueError(f"Player {seat + 1}: {name.replace('_', ' ')} must be a whole number, 0 or more.")
        if not isinstance(player.get("lost_by_rats", False), bool):
            raise ValueError(f"Player {seat + 1}: lost by rats is true or false.")
    losers = [seat for seat, p in enumerate(players) if p.get("lost_by_rats")]
    ended_by = final.get("ended_by", "rats" if losers else "last_strip")
    if ended_by not in ENDS:
        raise ValueError("The game ends with the last strip or with the rats.")
    if ended_by == "last_strip":
        if losers:
            raise ValueError("A player lost by rats, so the game did not end with the last strip.")
        return players, None
    if not options["rats"]:
        raise ValueError("The game was played without rats, so nobody can lose by rats.")
    if len(losers) != 1:
        raise ValueError("When the rats end the game, say which one player showed three of their rats.")
    if any(p["final_tally"] for p in players):
        raise ValueError("When the rats end the game there is no final tally: leave it at 0.")
    return players, losers[0]
