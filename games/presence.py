"""Who is at the table: each person's seat is here (a page of the match open), away, or gone (no page open for
the match's `wait`, after which the others may hand the seat to a bot: games/stand_in.py).

Read from the sockets the channel layer already tracks (`catsite/channel_layer.py` `members`): a seat is here
while its audience's group (its player's sockets, or a shared screen's: hot-seat seats are here while their
device is) has a member in any language. That holds across server processes with Redis, as in one process with
the in-memory layer. Only the moment a seat's last page closed is stored (`Seat.left_at`, written by the
socket that closes last), so that "away" turns into "gone" after the wait whichever process looks.

Every socket of a match joins its match group (games/groups.py); a presence change (a socket that opens first
or closes last for its seats, a seat handed to a bot or taken back) is sent there as the section drawn once per
language (`games/presence.html`), and each socket forwards its language's (`MatchConsumer.presence_push`).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.template.loader import render_to_string
from django.utils import timezone, translation

from catsite import channel_layer
from games import text_mode, turn_based
from games.groups import language_group, languages, match_group, watch_group
from games.models import Match, Seat
from games.pushes import members_now, send
from games.tables import audiences, load

HERE, AWAY, GONE = "here", "away", "gone"


@dataclass(frozen=True)
class Presence:
    seat: Seat
    state: str  # HERE, AWAY or GONE; "" for a bot's seat or an open one
    gone_in: int | None = None  # seconds until an away seat is gone

    @property
    def stood_in(self) -> bool:
        return self.seat.stood_in


def seat_groups(match: Match, seats: list[Seat]) -> dict[int, list[str]]:
    """The groups (one per language) whose sockets make each person's seat here."""
    found: dict[int, list[str]] = {}
    for group, audience in audiences(match, seats).items():
        for index in audience.seats:
            found[index] = [text_mode.mode_group(language_group(group, language), text)
                            for language in languages() for text in text_mode.modes()]
    return found


def here_from(groups: dict[int, list[str]], with_members) -> set[int]:
    present = set(with_members)
    return {index for index, of_seat in groups.items() if present.intersection(of_seat)}


def here_now(match: Match, seats: list[Seat]) -> set[int]:
    """The seats with a page open, from sync code (a view, a service): every person's seat when there is no
    channel layer (nothing can tell who is away, so nobody is)."""
    groups = seat_groups(match, seats)
    layer = get_channel_layer()
    if layer is None:
        return set(groups)
    return here_from(groups, members_now(layer, [g for of_seat in groups.values() for g in of_seat]))


async def here_async(layer, match: Match, seats: list[Seat]) -> set[int]:
    groups = seat_groups(match, seats)
    wanted = [g for of_seat in groups.values() for g in of_seat]
    return here_from(groups, await channel_layer.with_members(layer, wanted))


def states(match: Match, seats: list[Seat], here: set[int], now: datetime | None = None) -> list[Presence]:
    """Each seat's presence: a person's seat not here is away since its last page closed (or since the match
    started, when none was ever seen closing), and gone once that lasted the match's wait. In a turn-based match
    a seat is away, however long ago it left, until its time per move runs out (games/turn_based.py): then it is
    gone, here or not."""
    now = now or timezone.now()
    out = set(turn_based.out_of_time(match, seats, now))
    found = []
    for seat in seats:
        if not seat.is_person:
            found.append(Presence(seat, ""))
        elif seat.index in out:
            found.append(Presence(seat, GONE))
        elif seat.index in here:
            found.append(Presence(seat, HERE))
        else:
            found.append(_away(match, seat, now))
    return found


def _away(match: Match, seat: Seat, now: datetime) -> Presence:
    """A person's seat with no page open: gone once that lasted the match's wait; in a turn-based match away, with
    the time left for its move when it is to move."""
    if match.move_time is not None:
        to_move = match.status == Match.PLAYING and match.state and seat.index in match.engine.to_move(match.state)
        left = int(turn_based.time_left(match, now).total_seconds()) + 1
        return Presence(seat, AWAY, max(1, left) if to_move else None)
    start = match.started_at or match.created_at
    since = max(seat.left_at, start) if seat.left_at else start
    left = (since + match.wait - now).total_seconds()
    return Presence(seat, GONE) if left <= 0 else Presence(seat, AWAY, max(1, int(left) + 1))


def is_gone(match: Match, seats: list[Seat], index: int) -> bool:
    here = here_now(match, seats)
    return any(p.seat.index == index and p.state == GONE for p in states(match, seats, here))


def section(match: Match, seats: list[Seat], here: set[int], oob: bool = False, request=None) -> str:
    """The presence section in the active language (games/presence.html)."""
    return render_to_string("games/presence.html", {
        "match": match, "presences": states(match, seats, here), "oob": oob,
        "playing": match.status == Match.PLAYING,
    }, request=request)


def sections(match: Match, seats: list[Seat], here: set[int]) -> dict[str, str]:
    """The section once per language, as a push carries it."""
    drawn = {}
    for language in languages():
        with translation.override(language):
            drawn[language] = section(match, seats, here, oob=True)
    return drawn


def message(match: Match, seats: list[Seat], here: set[int]) -> dict:
    return {"type": "presence.push", "html": sections(match, seats, here)}


def push_now(match_id: int) -> None:
    """Send the match's presence to all its sockets, from sync code (after a seat was handed to a bot or
    taken back)."""
    layer = get_channel_layer()
    if layer is None:
        return
    match, seats = load(match_id)
    send(layer, {match_group(match_id): message(match, seats, here_now(match, seats))})


async def socket_changed(layer, match_id: int, group: str, closed: bool) -> None:
    """A socket of `group` (its audience in its language) opened or closed: when that makes its seats here, or
    (closed last) away, every socket of the match is told. A spectator's socket changes nobody's presence."""
    if group.startswith(watch_group(match_id) + "."):
        return  # a spectator's: nothing to read
    match, seats = await database_sync_to_async(load)(match_id)
    groups = seat_groups(match, seats)
    mine = [index for index, of_seat in groups.items() if group in of_seat]
    if not mine:
        return
    here = await here_async(layer, match, seats)
    if closed:
        if here.intersection(mine):
            return  # another page of the same player is still open
        await database_sync_to_async(_mark_left)(match_id, mine)
        match, seats = await database_sync_to_async(load)(match_id)
    drawn = await database_sync_to_async(message)(match, seats, here)
    await layer.group_send(match_group(match_id), drawn)


def _mark_left(match_id: int, indexes: list[int]) -> None:
    Seat.objects.filter(match_id=match_id, index__in=indexes).update(left_at=timezone.now())


def page_section(match: Match, seats: list[Seat], controlled: list[int], request=None) -> str:
    """The section of a page being drawn: the viewer's own seats are here (their socket opens in a moment)."""
    return section(match, seats, here_now(match, seats) | set(controlled), request=request)
