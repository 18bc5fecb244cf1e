"""How long does a table take to render, and how big is it? Cat Tower and Rat-a-Tat Cat against a floor, in process.

Run: `.venv/bin/python benchmarks/tables.py` (options `--samples N`, default 200; `--warmup N`, default 20;
`--seats N`, default 4; `--seed N`, the seed of the bot game, default 20261201).

Each game is played by its own bots (seeded) to the middle of the game (tests/playouts.py); for Cat Tower the table
is taken at the first mark step after that, when every seat still has all its marks to choose from. One sample of
each series per round, in a rotating order, rendered exactly as a websocket push is (`games.tables.render_table`,
no request):

  floor         a two-line Django template with one filter (what any render costs at least)
  ratc seat     the Rat-a-Tat Cat table of the seat to move
  ct seat       the Cat Tower table of seat 0, to mark (its choices on the page)
  ct spectator  the Cat Tower table of a spectator
  ... a move, all tables  every seat's table and a spectator's after each of 40 consecutive moves of the game
                from there on (Cat Tower: its sheets kept from one move to the next, none at the first)

It prints p50, p95, the ratio of each p50 to the floor's and to the Rat-a-Tat Cat table's p50 (a real table, the
steadier reference on a busy machine), the size of each table, and the load average.

`--calls N` counts instead of timing, which gives the same figures on a busy machine as on an idle one: each
series rendered N times under cProfile, the Python function calls (builtins included) per render and the
template renders (`Template.render`, each `{% include %}` is one) per render; `--top K` adds the K functions with
the most calls. `--seats 2` gives the two-player tables that benchmarks/load.py plays.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import fresh_django  # noqa: E402

_TMP = fresh_django.setup("topcat-bench-tables-")

from django.contrib.auth.models import AnonymousUser  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.template import Context, Template  # noqa: E402


def started_match(slug: str, users: list):
    from games import lobby
    from games.models import Match

    match = lobby.create_match(host=users[0], game=slug, options={},
                               seats=[lobby.SeatPlan("me")] + [lobby.SeatPlan("invite")] * (len(users) - 1))
    for user in users[1:]:
        lobby.take_seat(match_id=match.pk, user=user, token=match.invite_token)
    match = Match.objects.get(pk=match.pk)
    return match, list(match.seats.select_related("profile").order_by("index"))


def mid_game(slug: str, users: list, seed: int, mark_step: bool):
    """The match set to the middle of a bot game (to a mark step where all seats choose, when asked)."""
    from games import registry
    from tests.playouts import bot_playout, middle

    match, seats = started_match(slug, users)
    states = bot_playout(registry.get(slug), len(users), match.options, seed)
    for version, state in middle(states, (0.5, 1.0)):
        if not mark_step or (state["phase"] == "mark" and all(mark is None for mark in state["pending"])):
            match.state, match.version = state, version
            return match, seats
    raise SystemExit(f"no mark step in the second half of the {slug} game")


class MoveTables:
    """Every seat's table and a spectator's, as a push renders them after each move of `MOVES` consecutive moves
    of the same bot game from the match's version on: one `render()` per move. The parts of a table a move did not
    change are kept (games/fragments.py): the sequence starts with none kept, so the first of every `MOVES` pays for
    them all."""

    MOVES = 40

    def __init__(self, slug: str, match, seats, users: list, seed: int):
        from games import registry
        from tests.playouts import bot_playout

        states = bot_playout(registry.get(slug), len(users), match.options, seed)
        first = match.version
        self.steps = list(enumerate(states))[first:first + self.MOVES]
        self.match, self.seats, self.viewers, self.at = match, seats, [*users, AnonymousUser()], 0

    def render(self) -> str:
        from games import fragments
        from games.tables import render_table

        if self.at % len(self.steps) == 0:
            fragments.clear()
        version, state = self.steps[self.at % len(self.steps)]
        self.at += 1
        keep = self.match.state, self.match.version
        self.match.state, self.match.version = state, version
        try:
            return "".join(render_table(self.match, self.seats, viewer, None, oob=True) for viewer in self.viewers)
        finally:
            self.match.state, self.match.version = keep


class Series:
    def __init__(self, name: str, render):
        self.name, self.render, self.times = name, render, []
        self.size = len(render().encode())

    def sample(self) -> None:
        t0 = time.perf_counter_ns()
        self.render()
        self.times.append((time.perf_counter_ns() - t0) / 1e6)

    def p(self, q: float) -> float:
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--calls", type=int, default=0, help="count function calls over this many renders")
    parser.add_argument("--top", type=int, default=0, help="with --calls: the functions with the most calls")
    args = parser.parse_args(argv)
    call_command("migrate", verbosity=0, interactive=False)

    from django.contrib.auth import get_user_model

    from games.tables import render_table
    from scoring.services import profile_for

    users = []
    for i in range(args.seats):
        user = get_user_model().objects.create_user(username=f"player{i}")  # no password: never logs in
        profile_for(user)
        users.append(user)
    ratc, ratc_seats = mid_game("rat_a_tat_cat", users, args.seed, mark_step=False)
    ratc_user = users[ratc.engine.to_move(ratc.state)[0]]
    ct, ct_seats = mid_game("cat_tower", users, args.seed, mark_step=True)
    floor = Template('{% load match_tags %}<p class="{{ c }}">{{ a|tojson }}</p>\n<p>{{ b }}</p>')
    floor_context = {"a": {"type": "pass"}, "b": "table", "c": "floor"}
    series = [
        Series("floor (tiny template)", lambda: floor.render(Context(floor_context))),
        Series("ratc seat to move", lambda: render_table(ratc, ratc_seats, ratc_user, None, oob=True)),
        Series("ct seat 0, to mark", lambda: render_table(ct, ct_seats, users[0], None, oob=True)),
        Series("ct spectator", lambda: render_table(ct, ct_seats, AnonymousUser(), None, oob=True)),
        Series("ratc a move, all tables", MoveTables("rat_a_tat_cat", ratc, ratc_seats, users, args.seed).render),
        Series("ct a move, all tables", MoveTables("cat_tower", ct, ct_seats, users, args.seed).render),
    ]
    if args.calls:
        return count_calls(series, args.calls, args.top)
    for i in range(args.warmup + args.samples):
        for s in series[i % len(series):] + series[:i % len(series)]:
            s.sample()
    for s in series:
        s.times = s.times[args.warmup:]

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Top Cat table renders, in process, {os.cpu_count()} CPUs, load average {load}; "
          f"{args.seats} seats, Cat Tower round {ct.state['round']}")
    print(f"{'render (ms)':<24} {'n':>5} {'p50':>8} {'p95':>8} {'vs floor':>9} {'vs ratc':>8} {'KB':>7}")
    floor_p50, ratc_p50 = series[0].p(0.5), series[1].p(0.5)
    for s in series:
        print(f"{s.name:<24} {len(s.times):>5} {s.p(0.5):>8.3f} {s.p(0.95):>8.3f} {s.p(0.5) / floor_p50:>8.1f}x "
              f"{s.p(0.5) / ratc_p50:>7.2f}x {s.size / 1024:>7.1f}")
    return 0


def count_calls(series: list[Series], renders: int, top: int) -> int:
    """Function calls per render under cProfile (deterministic), after one render of each to warm caches."""
    import cProfile
    import pstats

    from django.template import base

    print(f"{'calls per render':<24} {'calls':>9} {'templates':>10} {'KB':>7}")
    for s in series:
        s.render()
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(renders):
            s.render()
        profile.disable()
        stats = pstats.Stats(profile).stats
        render = base.Template.render.__code__
        templates = sum(counts[1] for (file, line, name), counts in stats.items()
                        if (file, line, name) == (render.co_filename, render.co_firstlineno, render.co_name))
        print(f"{s.name:<24} {sum(v[1] for v in stats.values()) / renders:>9.0f} {templates / renders:>10.1f} "
              f"{s.size / 1024:>7.1f}")
        for (file, line, name), (_, calls, *_) in sorted(stats.items(), key=lambda kv: -kv[1][1])[:top]:
            print(f"    {calls / renders:>9.1f}  {Path(file).name}:{line}({name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
