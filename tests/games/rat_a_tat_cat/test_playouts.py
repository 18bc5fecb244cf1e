"""Random playouts through the engine contract: cards conserved, illegal moves refused, no view or log leaks.

At every step of 1,000 random games (2-6 players, each way of ending, with and without the memory aid):
all 54 cards are somewhere; an illegal move raises IllegalAction and changes nothing; what each seat (and a
spectator) knows is exactly what an independent tracker of the rules says it may know, and its view carries
only what its screen shows (its glimpses still showing; with the memory aid, or once over, all it knows); the
view of two observers picked at random does not change when every card they may not know is shuffled around;
and the log's events name only public cards.
"""

import json
import random
from collections import Counter

import pytest

from games.rat_a_tat_cat import engine
from games.rat_a_tat_cat.deck import OUTER, full_deck

from .helpers import memory_of

FULL_DECK = Counter(full_deck())
GARBAGE = [{}, {"type": None}, {"type": "no-such-move"}, [], None, "draw", {"type": "draw", "position": 1},
           {"type": "replace", "position": 4}, {"type": "take_discard", "position": -1},
           {"type": "peek", "position": "1"}, {"type": "swap", "position": 1, "opponent": 9, "their_position": 1},
           {"type": "knock"}, {"type": "end_turn"}, {"type": "memorised"}, {"type": "discard"}, {"type": "draw"},
           {"type": "take_discard", "position": 0}, {"type": "time_up"}]


class Tracker:
    """What each seat (and the public, None) may know, worked out from the moves as the rules page says."""

    def __init__(self, state):
        self.reset(state)

    def reset(self, state):
        observers = [None, *range(state["seats"])]
        self.known = {k: {} for k in observers}
        players = [seat for seat, row in enumerate(state["rows"]) if row]
        # The cards on each seat's screen without the memory aid: its opening peek, then its latest glimpse.
        self.glimpses = {k: set() for k in observers}
        if not state["options"]["memory_aid"] and not engine.is_over(state):
            self.glimpses.update({seat: {(seat, p) for p in OUTER} for seat in players})
        for owner in players:
            for position in range(4):
                if engine.is_over(state):
                    self._learn(state, observers, owner, position)
                elif position in OUTER:
                    self._learn(state, observers if state["options"]["memory_aid"] else [owner], owner, position)

    def _learn(self, state, observers, owner, position):
        for k in observers:
            self.known[k][(owner, position)] = state["rows"][owner][position]

    def observe(self, before, seat, action, after):
        if after["round"] != before["round"] or engine.is_over(after):
            self.reset(after)
            return
        kind, everybody = action["type"], list(self.known)
        if seat is not None:
            self.glimpses[seat] = set()
        if kind in ("take_discard", "replace", "peek"):
            self.glimpses[seat] = {(seat, action["position"])}
        if kind == "swap":
            for glimpses in self.glimpses.values():
                glimpses -= {(seat, action["position"]), (action["opponent"], action["their_position"])}
        if kind == "take_discard":
            self._learn(after, everybody, seat, action["position"])
        elif kind == "replace":
            for known in self.known.values():
                known.pop((seat, action["position"]), None)
            public = after["options"]["memory_aid"] and action["position"] in OUTER
            self._learn(after, everybody if public else [seat], seat, action["position"])
        elif kind == "peek":
            self._learn(after, [seat], seat, action["position"])
        elif kind == "swap":
            mine, theirs = (seat, action["position"]), (action["opponent"], action["their_position"])
            for known in self.known.values():
                a, b = known.pop(mine, None), known.pop(theirs, None)
                known.update({key: value for key, value in ((theirs, a), (mine, b)) if value is not None})


def cards_everywhere(state):
    rows = [card for row in state["rows"] for card in row]
    drawn = [] if state["drawn"] is None else [state["drawn"]]
    return Counter(state["draw_pile"] + state["discard_pile"] + rows + drawn)


def with_unknown_cards_shuffled(state, known, observer, rng):
    """A copy of the state where every card the observer may not know has changed places at random."""
    other = json.loads(json.dumps(state))
    slots = [(other["draw_pile"], i) for i in range(len(other["draw_pile"]))]
    slots += [(other["discard_pile"], i) for i in range(1, len(other["discard_pile"]))]
    slots += [(row, p) for owner, row in enumerate(other["rows"]) for p in range(len(row)) if (owner, p) not in known]
    if other["drawn"] is not None and observer != other["turn"]:
        slots.append((other, "drawn"))
    values = [holder[key] for holder, key in slots]
    rng.shuffle(values)
    for (holder, key), value in zip(slots, values, strict=True):
        holder[key] = value
    return other


def mentioned_cards(entry):
    """The cards an event names."""
    return [entry[key] for key in ("card", "discarded", "replacement") if key in entry]


def public_cards_of(before, seat, action):
    """The cards a move puts face up (and so may name in the log): taken, replaced, discarded or used."""
    kind, position = action["type"], action.get("position")
    cards = {"draw2"}
    if kind == "take_discard":
        cards |= {before["discard_pile"][0], before["rows"][seat][position]}
    elif kind == "replace":
        cards.add(before["rows"][seat][position])
    elif kind in ("discard", "peek", "swap"):
        cards.add(before["drawn"])
    return cards


def check_step(before, seat, action, after, tracker, rng):
    assert cards_everywhere(after) == FULL_DECK
    for entry in after["log"][len(before["log"]):]:
        if entry["seat"] is not None:
            assert set(mentioned_cards(entry)) <= public_cards_of(before, seat, action), entry
    shuffled_for = rng.sample(list(tracker.known), 2)
    everything = after["options"]["memory_aid"] or engine.is_over(after)
    for observer, known in tracker.known.items():
        assert all(after["rows"][o][p] == value for (o, p), value in known.items())
        assert memory_of(after, observer) == known
        view = engine.view(after, observer)
        on_screen = known if everything else {key: known[key] for key in tracker.glimpses[observer]}
        assert {(m["seat"], m["position"]): m["value"] for m in view["memory"]} == on_screen
        if observer in shuffled_for:
            assert engine.view(with_unknown_cards_shuffled(after, known, observer, rng), observer) == view


def check_refused(state, rng):
    seat = rng.choice([None, *range(state["seats"])])
    action = rng.choice(GARBAGE)
    if seat is not None and state["turn"] is not None and seat != state["turn"]:
        action = rng.choice([action, *engine.legal_actions(state, state["turn"])])
    if action in engine.legal_actions(state, seat) or (seat is None and action == {"type": "time_up"}):
        return
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before


def choose(state, rng, knock_chance):
    seat = rng.choice(engine.to_move(state))
    actions = engine.legal_actions(state, seat)
    if {"type": "knock"} in actions:
        return seat, {"type": "knock" if rng.random() < knock_chance else "end_turn"}
    return seat, rng.choice(actions)


def playout(seats, options, seed):
    rng = random.Random(seed)
    state = engine.new_game(seats, seed, options)
    tracker, knock_chance = Tracker(state), rng.choice([0.6, 0.3, 0.1])
    time_up_at = rng.randrange(50) if options["end"] == "time" else None
    for step in range(20000):
        if engine.is_over(state):
            return state
        if step == time_up_at:
            seat, action = None, {"type": "time_up"}
        else:
            seat, action = choose(state, rng, knock_chance)
        check_refused(state, rng)
        after = engine.apply(state, seat, action)
        tracker.observe(state, seat, action, after)
        check_step(state, seat, action, after, tracker, rng)
        state = after
    raise AssertionError("the game did not end")


def games(count, end, seed):
    rng = random.Random(seed)
    for n in range(count):
        options = {"end": end, "rounds": 1, "limit": rng.choice([10, 20, 40]), "memory_aid": n % 2 == 1}
        yield rng.randint(2, 6), options, rng.randrange(10**9)


@pytest.mark.slow
@pytest.mark.parametrize("end, count", [("rounds", 400), ("time", 300), ("elimination", 300)])
def test_random_games_keep_every_rule_of_the_contract(end, count):
    seen_seats, seen_winners = set(), 0
    for seats, options, seed in games(count, end, seed=count):
        state = playout(seats, options, seed)
        outcome = engine.outcome(state)
        assert outcome["scores"] == state["totals"] and 1 in outcome["ranks"]
        assert [b["total"] for b in outcome["breakdown"]] == state["totals"]
        assert sum(score for r in engine.final(state)["rounds"] for score in r["scores"] if score) == sum(
            state["totals"])
        seen_seats.add(seats)
        seen_winners += len(engine.view(state, None)["winners"])
    assert seen_seats == {2, 3, 4, 5, 6} and seen_winners >= count
