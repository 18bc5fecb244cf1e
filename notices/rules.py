"""Who is told what, and when: the notice rules.

- It becomes a registered player's turn (a match of two registered players or more; not a hot-seat screen): they are
  told once for that stretch of being to move (`Turn`), unless a page of theirs for the match is open
  (games/presence.py). In a live match nobody here is told anything; in a turn-based one the turn is kept even so,
  for the reminder.
- A turn-based player still to move when only a part of their time per move is left (`remind_before`) is reminded
  once, wherever they are.
- A rematch invites the other players; a take-back request asks those who must agree; a record another person saved
  awaits its players' confirmation.

Each notice is written to the outbox (`Notice`) at once; it goes when due (notices/delivery.py): at once, or, when
the person was sent something within `GROUP_WINDOW`, with whatever else comes until that window closes.
"""
from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import translation

from games import presence, turn_based, undo
from games.models import Match, Seat
from notices import clock, tasks, words
from notices.models import CONFIRMATION, EMAIL, INVITATION, PUSH, REMINDER, TURN, UNDO, Notice, Preferences, Turn

logger = logging.getLogger(__name__)
GROUP_WINDOW = timedelta(minutes=5)


def remind_before(move_time: timedelta) -> timedelta:
    """How long before a turn-based player's time runs out they are reminded: a quarter of it, at most 12 hours."""
    return min(move_time / 4, timedelta(hours=12))


def preferences(user_id: int) -> Preferences:
    return Preferences.objects.filter(user_id=user_id).first() or Preferences(user_id=user_id)


def language_of(profile) -> str | None:
    return (getattr(profile, "language", "") or None) if profile else None


def notify(*, user_id: int, kind: str, key: str, params: dict, url: str, match: Match | None = None,
           now: datetime | None = None) -> Notice | None:
    """Put one notice in the outbox, once (`key`), due at once or with the group it joins; nothing when the person
    wants this kind neither by push nor by e-mail."""
    now = now or clock.now()
    prefs = preferences(user_id)
    if not (prefs.wants(kind, PUSH) or prefs.wants(kind, EMAIL)):
        return None
    last = prefs.last_sent_at
    due = now if last is None or now - last >= GROUP_WINDOW else last + GROUP_WINDOW
    try:
        with transaction.atomic():
            notice, made = Notice.objects.get_or_create(key=key[:100], defaults={
                "user_id": user_id, "kind": kind, "match": match, "params": params, "url": url, "created_at": now,
                "due_at": due})
    except IntegrityError:  # told already, by another process at the same moment
        return None
    if made:
        tasks.schedule(due, now)
    return notice if made else None


def opponents(seats: list[Seat], me: Seat) -> list[str]:
    return [str(seat.label) for seat in seats if seat.index != me.index and seat.user_id != me.user_id
            and seat.kind != Seat.OPEN]


def match_params(match: Match, seats: list[Seat], me: Seat, **more) -> dict:
    """What a notice about this match says, drawn in the language of the person told (a bot's name is a word)."""
    with translation.override(language_of(me.profile)):
        return {"game": match.game, "number": match.pk, "opponents": opponents(seats, me), **more}


def match_changed(match: Match, now: datetime | None = None, to_move_before: tuple | None = None) -> None:
    """After a change committed to a match (games/signals.py): the turns that began, the requests made.

    A move that leaves the same seats to move (a turn of several moves) begins no turn and ends none: the Turns
    are as the change that last changed who is to move left them, and are not read again."""
    now = now or clock.now()
    seats = Seat.of_changed(match)
    people = {seat.index: seat for seat in seats if seat.kind == Seat.PLAYER and seat.user_id}
    if len({seat.user_id for seat in people.values()}) < 2:
        return  # one person at one screen (hot-seat), or alone with bots: nobody to tell
    if match.status != Match.PLAYING or match.state is None:
        if match.status != Match.OPEN:
            Turn.objects.filter(match=match).delete()
        return
    to_move = set(match.engine.to_move(match.state)) - set(match.stand_ins)
    request = undo.pending(match)
    asked = request and request.get("refused_by") is None
    invited = match.rematch_of_id is not None and match.version == 0
    if to_move_before is not None and set(to_move_before) - set(match.stand_ins) == to_move and not asked:
        return
    movers = {people[index].user_id: people[index] for index in sorted(to_move) if index in people}
    turns = {turn.user_id: turn for turn in Turn.objects.filter(match=match)}
    gone = [user_id for user_id in turns if user_id not in movers]
    if gone:
        Turn.objects.filter(match=match, user_id__in=gone).delete()
    new = [seat for user_id, seat in movers.items() if user_id not in turns]
    if not (new or asked or invited):
        return
    here = {seats[index].user_id for index in presence.here_now(match, seats) if index < len(seats)}
    if invited:
        invite(match, seats, people, here, now)
    for seat in new:
        began_turn(match, seats, seat, away=seat.user_id not in here, told=invited, now=now)
    if asked:
        ask_to_agree(match, seats, request, here, now)


def began_turn(match: Match, seats: list[Seat], seat: Seat, *, away: bool, told: bool, now: datetime) -> None:
    if match.move_time is None and not away:
        return  # live and at the table: nothing to keep
    try:
        with transaction.atomic():
            Turn.objects.create(match=match, user_id=seat.user_id, version=match.version)
    except IntegrityError:
        return  # another process saw the same change first
    if away and not told:
        notify(user_id=seat.user_id, kind=TURN, key=f"turn:{match.pk}:{seat.user_id}:{match.version}",
               params=match_params(match, seats, seat), url=match.get_absolute_url(), match=match, now=now)
    if match.move_time is not None:
        tasks.schedule(turn_based.turn_began(match) + match.move_time - remind_before(match.move_time), now)


def invite(match: Match, seats: list[Seat], people: dict, here: set, now: datetime) -> None:
    host = next((seat for seat in people.values() if seat.user_id == match.host_id), None)
    by = str(host.label) if host else ""
    for seat in people.values():
        if seat.user_id == match.host_id or seat.user_id in here:
            continue
        notify(user_id=seat.user_id, kind=INVITATION, key=f"invitation:{match.pk}:{seat.user_id}",
               params=match_params(match, seats, seat, by=by), url=match.get_absolute_url(), match=match, now=now)


def ask_to_agree(match: Match, seats: list[Seat], request: dict, here: set, now: datetime) -> None:
    by = str(seats[request["seat"]].label)
    for index in request["waiting"]:
        seat = seats[index]
        if index in request["agreed_by"] or seat.kind != Seat.PLAYER or not seat.user_id or seat.user_id in here:
            continue
        notify(user_id=seat.user_id, kind=UNDO, key=f"undo:{match.pk}:{request['version']}:{seat.user_id}",
               params=match_params(match, seats, seat, by=by), url=match.get_absolute_url(), match=match, now=now)


def remind_due(now: datetime | None = None) -> int:
    """Remind each turn-based player still to move whose time is almost up (once a turn). How many were."""
    now = now or clock.now()
    count = 0
    for turn in (Turn.objects.filter(reminded=False, match__status=Match.PLAYING, match__move_time__isnull=False)
                 .select_related("match")):
        match = turn.match
        left = turn_based.time_left(match, now)
        if left > remind_before(match.move_time) or left <= timedelta(0):
            continue
        if not Turn.objects.filter(pk=turn.pk, reminded=False).update(reminded=True):
            continue  # another worker reminded them
        seats = Seat.of(match.pk)
        seat = next((s for s in seats if s.user_id == turn.user_id and s.kind == Seat.PLAYER), None)
        if seat is None:
            continue
        with translation.override(language_of(seat.profile)):
            left_text = words.left_words(left.total_seconds())
        notify(user_id=turn.user_id, kind=REMINDER, key=f"reminder:{match.pk}:{turn.user_id}:{turn.version}",
               params=match_params(match, seats, seat, left=left_text), url=match.get_absolute_url(), match=match,
               now=now)
        count += 1
    return count


def records_saved(record_ids: list[int], now: datetime | None = None) -> None:
    """Records saved by someone else: each registered player whose seat awaits their confirmation is asked."""
    from scoring.confirmations import confirm_path
    from scoring.models import Participant

    now = now or clock.now()
    awaiting = (Participant.objects.filter(game_record_id__in=record_ids, confirmation=Participant.AWAITING,
                                           profile__user__isnull=False)
                .select_related("profile", "game_record__recorded_by__profile"))
    for participant in awaiting:
        record = participant.game_record
        others = [p.name for p in record.participants.all() if p.pk != participant.pk]
        recorder = record.recorded_by
        by = (getattr(getattr(recorder, "profile", None), "display_name", "") or recorder.get_username()) \
            if recorder else ""
        notify(user_id=participant.profile.user_id, kind=CONFIRMATION,
               key=f"confirmation:{record.pk}:{participant.seat}:{participant.profile.user_id}",
               params={"game": record.game, "number": record.pk, "opponents": others, "by": by},
               url=confirm_path(participant), now=now)
