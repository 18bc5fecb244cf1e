"""Setting matches up: create one with its seats, take an open seat by invitation, start, cancel, rematch."""
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from games import registry, turns
from games.contract import IllegalAction
from games.models import Match, Seat
from scoring.services import profile_for


class SeatingError(Exception):
    """Something about who sits where that the player can fix."""


@dataclass(frozen=True)
class SeatPlan:
    kind: str  # "me", "invite", "local" or "bot"
    name: str = ""
    bot_level: str = ""


def new_seed() -> int:
    return secrets.randbelow(2**53)


@transaction.atomic
def create_match(*, host, game: str, options: dict, seats: list[SeatPlan], time_limit=None,
                 listed: bool = True, absence_limit=Match.DEFAULT_ABSENCE, wait=Match.DEFAULT_WAIT,
                 move_time=None) -> Match:
    """A new match; it starts at once when nobody has to be invited. `move_time`: a turn-based match, each player
    having that long for a move (games/turn_based.py), which replaces the live match's absence limit and wait."""
    known = registry.get(game)
    engine = known.engine
    if not engine.MIN_SEATS <= len(seats) <= engine.MAX_SEATS:
        raise SeatingError(gettext("%(game)s is for %(low)d to %(high)d players.") % {
            "game": known.name, "low": engine.MIN_SEATS, "high": engine.MAX_SEATS})
    if sum(plan.kind == "me" for plan in seats) > 1:
        raise SeatingError(gettext("You can take only one seat yourself; add local players for the others at your "
                                   "screen."))
    try:
        options = known.normalise_options(options)
    except IllegalAction as exc:
        raise SeatingError(known.refusal_text(exc)) from exc
    match = Match.objects.create(game=game, options=options, seed=new_seed(), host=host, time_limit=time_limit,
                                 has_bots=any(plan.kind == "bot" for plan in seats), listed=listed,
                                 absence_limit=None if move_time else absence_limit, wait=wait,
                                 move_time=move_time)
    Seat.objects.bulk_create(seat_from_plan(match, index, plan, host) for index, plan in enumerate(seats))
    start_if_full(match)
    return match


def seat_from_plan(match: Match, index: int, plan: SeatPlan, host) -> Seat:
    if plan.kind == "me":
        profile = profile_for(host)
        return Seat(match=match, index=index, kind=Seat.PLAYER, user=host, profile=profile)
    if plan.kind == "local":
        return Seat(match=match, index=index, kind=Seat.LOCAL, user=host, name=plan.name or local_name(index))
    if plan.kind == "bot":
        return Seat(match=match, index=index, kind=Seat.BOT, bot_level=plan.bot_level, name=plan.name)
    if plan.kind == "invite":
        return Seat(match=match, index=index, kind=Seat.OPEN)
    raise SeatingError(gettext("Unknown kind of seat: %(kind)s") % {"kind": plan.kind})


def local_name(index: int) -> str:
    """A local player nobody named: "Player 2" in the language of the host's page (it is stored as their name)."""
    return gettext("Player %(number)d") % {"number": index + 1}


def start_if_full(match: Match) -> bool:
    if match.status != Match.OPEN or match.seats.filter(kind=Seat.OPEN).exists():
        return False
    turns.start(match)
    return True


@transaction.atomic
def take_seat(*, match_id: int, user, token: str) -> Seat:
    """A registered player accepts an invitation: the first open seat becomes theirs."""
    match = Match.objects.select_for_update().get(pk=match_id)
    if not secrets.compare_digest(token, match.invite_token):
        raise SeatingError(gettext("This invitation link is not valid."))
    if match.status == Match.CANCELLED:
        raise SeatingError(gettext("This match was cancelled by its host."))
    if match.status != Match.OPEN:
        raise SeatingError(gettext("This match has already started."))
    if match.seats.filter(user=user, kind=Seat.PLAYER).exists():
        raise SeatingError(gettext("You already have a seat at this match."))
    seat = match.seats.filter(kind=Seat.OPEN).order_by("index").first()
    if seat is None:
        raise SeatingError(gettext("Every seat is taken."))
    seat.kind, seat.user, seat.profile = Seat.PLAYER, user, profile_for(user)
    seat.save(update_fields=["kind", "user", "profile"])
    if not start_if_full(match):
        turns.announce(match)
    return seat


@transaction.atomic
def cancel_match(*, match_id: int, user) -> Match:
    """The host calls off a match nobody has started playing: it leaves every list, and nothing is recorded."""
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.host_id != user.pk:
        raise SeatingError(gettext("Only the host can cancel this match."))
    if match.status != Match.OPEN:
        raise SeatingError(gettext("A match can be cancelled only before it starts; once it is under way, resign "
                                   "instead."))
    match.status = Match.CANCELLED
    match.finished_at = timezone.now()
    match.save(update_fields=["status", "finished_at"])
    turns.announce(match)  # the guests' pages show that it is off
    return match


@transaction.atomic
def rematch(*, match_id: int, user) -> Match:
    """Same game, same options, same people in the same seats, a new seed; starts at once."""
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.status != Match.FINISHED:
        raise SeatingError(gettext("A rematch can start only when the match is over."))
    if not match.seats.filter(user=user).exists():
        raise SeatingError(gettext("Only the players of this match can start its rematch."))
    existing = Match.objects.filter(rematch_of=match).first()
    if existing:
        return existing
    again = Match.objects.create(
        game=match.game, options=match.options, seed=new_seed(), host=user, time_limit=match.time_limit,
        rematch_of=match, has_bots=match.seats.filter(kind=Seat.BOT).exists(), listed=match.listed,
        absence_limit=match.absence_limit, wait=match.wait, move_time=match.move_time,
    )
    Seat.objects.bulk_create(
        Seat(match=again, index=s.index, kind=s.kind, user=s.user, profile=s.profile, name=s.name,
             bot_level=s.bot_level)
        for s in match.seats.all()
    )
    start_if_full(again)
    turns.announce(match)  # the finished table now shows the way to the rematch
    return again
