"""Take Away's bots: "easy" takes at random, "good" leaves a multiple of four when it can."""


def easy(view, legal_actions, rng):
    return rng.choice(legal_actions)


def good(view, legal_actions, rng):
    best = [a for a in legal_actions if (view["pile"] - a["stones"]) % 4 == 0]
    return best[0] if best else rng.choice(legal_actions)


LEVELS = {"easy": easy, "good": good}


def choose(level, view, legal_actions, rng):
    return LEVELS[level](view, legal_actions, rng)
