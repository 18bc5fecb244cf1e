"""What each seat may know of the cards in the rows: learned when seen, carried by public swaps, lost on replace.

`state["known"][k][owner][position]` is the value that knower k may know, or None. Knowers are the seats
0..n-1 and, last, the public (what a spectator may know: face-up cards and cards placed in plain sight).
"""


def fresh(seats: int) -> list:
    return [[[None] * 4 for _ in range(seats)] for _ in range(seats + 1)]


def public(state) -> int:
    return state["seats"]


def knower(state, seat) -> int:
    """The index into state["known"] for a seat, or the public one for a spectator (None)."""
    return public(state) if seat is None else seat


def learn(state, seat, owner: int, position: int) -> None:
    """The seat (or the public, for None) sees the card at (owner, position)."""
    state["known"][knower(state, seat)][owner][position] = state["rows"][owner][position]


def learn_publicly(state, owner: int, position: int) -> None:
    """Everybody sees the card at (owner, position)."""
    for k in range(public(state) + 1):
        state["known"][k][owner][position] = state["rows"][owner][position]


def forget(state, owner: int, position: int) -> None:
    """Nobody knows the card now at (owner, position): a card nobody saw replaced it."""
    for k in range(public(state) + 1):
        state["known"][k][owner][position] = None


def carry_swap(state, a: int, i: int, b: int, j: int) -> None:
    """A public swap moved the cards at (a, i) and (b, j): so does everyone's knowledge of them."""
    for known in state["known"]:
        known[a][i], known[b][j] = known[b][j], known[a][i]


def learn_everything(state) -> None:
    """The reveal: every card in every row is public."""
    for owner, row in enumerate(state["rows"]):
        for position in range(len(row)):
            learn_publicly(state, owner, position)


def value(state, seat, owner: int, position: int):
    return state["known"][knower(state, seat)][owner][position]
