"""Matches brought to a chosen point for browser tests that look at the page there (mid-game, at the end).

Runs inside the browser server's Django through `manage shell` (see `setup` below): the match is made with the
lobby's own service and every move goes through `games.turns.play`, the one way in. The player's own seat is played
by the easy bot's choice, the bots by the bot runner, so the position is one a real game reaches.
"""
import json

SHELL = "from tests.browser import positions; positions.{call}"


def setup(manage, call: str) -> dict:
    """Run `positions.<call>` in the server's database and return what it printed as JSON."""
    return setup_all(manage, [call])[0]


def setup_all(manage, calls: list[str]) -> list[dict]:
    """Run several `positions.<call>`s, in order, in one `manage shell` (one start of Django, not one a call), and
    return what each printed as JSON."""
    out = manage("shell", "-c", "\n".join(SHELL.format(call=call) for call in calls)).stdout
    return [json.loads(line) for line in out.strip().splitlines()[-len(calls):]]


def new(game: str, handle: str, seats: list[str], options: dict | None = None) -> None:
    """Make a match hosted by the player `handle`: seats as the new-match form's choices ("me", "invite",
    "local", "bot:easy"...). Prints {"match": id}."""
    print(json.dumps({"match": _made(game, handle, seats, options)}))


def played(game: str, handle: str, seats: list[str], options: dict | None = None, moves: int | None = None) -> None:
    """A new match (as `new`) played on at once (as `play`): prints what `play` prints."""
    play(_made(game, handle, seats, options), moves)


def _made(game: str, handle: str, seats: list[str], options: dict | None) -> int:
    from games import lobby
    from scoring.models import PlayerProfile

    host = PlayerProfile.objects.get(handle=handle).user
    plans = []
    for kind in seats:
        kind, _, level = kind.partition(":")
        plans.append(lobby.SeatPlan(kind=kind, bot_level=level, name="Ann" if kind == "local" else ""))
    return lobby.create_match(host=host, game=game, options=options or {}, seats=plans).pk


def play(match_id: int, moves: int | None = None) -> None:
    """Play the match on: the people's seats `moves` times (None: to the end), the bots whenever they are to move.
    Prints {"match": id, "status": ..., "version": ..., "record": the history record's id or null}."""
    from django.conf import settings

    from games import bot_runner, turns
    from games.models import Match, Seat

    settings.BOT_RUNNER, settings.BOT_DELAY = "inline", 0  # the bots answer in this process, at once
    made = 0
    while True:
        match = Match.objects.get(pk=match_id)
        if match.status != Match.PLAYING:
            break
        bots = set(match.seats.filter(kind=Seat.BOT).values_list("index", flat=True))
        people = [seat for seat in match.engine.to_move(match.state) if seat not in bots]
        if not people:
            bot_runner.play_bots(match_id)
            continue
        if moves is not None and made >= moves:
            break
        try:
            turns.play(match_id=match_id, seat=people[0], action=bot_runner.choose(match, people[0], "easy"),
                       version=match.version)
            made += 1
        except turns.StaleVersion:
            pass  # the server's bot runner moved meanwhile: look again
    match.refresh_from_db()
    print(json.dumps({"match": match.pk, "status": match.status, "version": match.version,
                      "record": match.game_record_id}))


def reserve_used_up(handle: str, dumpster: str) -> None:
    """A Hot Tin Roof match of the player `handle` and two easy bots, played until the player is to dive with no
    piece of `dumpster`'s kind ("catwalk", "shelter") left in reserve, so that this dive moves one of theirs: the
    player dives into that dumpster whenever it places one, otherwise chooses as the easy bot. Prints {"match": id,
    "version": ...}."""
    from django.conf import settings

    from games import bot_runner, turns
    from games.models import Match

    settings.BOT_RUNNER, settings.BOT_DELAY = "inline", 0
    match_id = _made("hot_tin_roof", handle, ["me", "bot:easy", "bot:easy"], None)
    while True:
        match = Match.objects.get(pk=match_id)
        assert match.status == Match.PLAYING, f"the game ended before the reserve was used up ({match.version})"
        if 0 not in match.engine.to_move(match.state):
            bot_runner.play_bots(match_id)
            continue
        actions = match.engine.legal_actions(match.state, 0)
        if any(a.get("dumpster") == dumpster and "from" in a for a in actions):
            break
        spot = "gap" if dumpster == "catwalk" else "patio"
        placing = [a for a in actions if a.get("dumpster") == dumpster and spot in a]  # from the reserve
        action = placing[0] if placing else bot_runner.choose(match, 0, "easy")
        try:
            turns.play(match_id=match_id, seat=0, action=action, version=match.version)
        except turns.StaleVersion:
            pass  # the server's bot runner moved meanwhile: look again
    print(json.dumps({"match": match.pk, "version": match.version}))


def awaiting(handle: str) -> None:
    """A Rat Hot game recorded at the table by another player (Tess), naming `handle`: it awaits their answer, so the
    header's badge shows ("1 record needs you"). Prints {"record": id}."""
    import datetime as dt

    from scoring import services, table_records

    recorder = services.sign_up(username="tess", email="tess@example.com", password="correct-horse-battery-9",
                                display_name="Tess", handle="tess")
    final = {"ended_by": "last_strip", "players": [{"chips": 21, "final_tally": 9, "lost_by_rats": False},
                                                   {"chips": 25, "final_tally": 3, "lost_by_rats": False}]}
    record = table_records.record_table_game(
        user=recorder, game="rat_hot", played_on=dt.date(2026, 11, 28), final=final, options={},
        choices=[table_records.SeatChoice(handle="tess"), table_records.SeatChoice(handle=handle)])
    print(json.dumps({"record": record.pk}))
