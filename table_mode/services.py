"""Tables: open one, find it by its code, join it (a registered player or a guest), start a game at it."""
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from games import lobby, registry
from games.contract import IllegalAction
from games.guests import Guest
from games.log_words import name_list
from games.models import Match, Seat
from scoring.models import GameRecord
from scoring.services import create_table_player, profile_for
from table_mode import codes
from table_mode.models import Member, Table

MOST_MEMBERS = 8
NAME_LENGTH = 30
TOUCH_EVERY = timedelta(minutes=5)  # a table in use is marked used at most this often (not on every poll)
TIME_LIMIT = timedelta(minutes=30)  # a game at the table that ends by time (the new-match form's default)


class TableError(Exception):
    """Something about joining or starting that the person can fix: the message says what."""


def open_table(*, host) -> Table:
    for _ in range(20):  # a clash among 1.9 million codes is rare; twenty in a row is a bug
        try:
            with transaction.atomic():
                return Table.objects.create(code=codes.new_code(), host=host)
        except IntegrityError:
            continue
    raise RuntimeError("no free table code")


def find(code: str) -> Table | None:
    """The open table of that code (as typed), or None: a wrong code and a closed table look the same."""
    code = codes.normalise(code)
    return Table.objects.still_open().filter(code=code).first() if code else None


def touch(table: Table) -> None:
    now = timezone.now()
    if now - table.used_at >= TOUCH_EVERY:
        Table.objects.filter(pk=table.pk).update(used_at=now)
        table.used_at = now


def member_of(table: Table, who) -> Member | None:
    """This device's place at the table: its user's, or the guest's its cookie names (games/guests.py)."""
    if getattr(who, "is_authenticated", False):
        return table.members.filter(user=who).first()
    if isinstance(who, Guest):
        return table.members.filter(user=None, profile_id__in=who.guest_profiles).first()
    return None


def _check_room(table: Table) -> None:
    if table.members.count() >= MOST_MEMBERS:
        raise TableError(gettext("This table is full (%(most)d people).") % {"most": MOST_MEMBERS})


def _name_free(table: Table, name: str) -> bool:
    return not table.members.filter(name__iexact=name).exists()


@transaction.atomic
def join_as_user(*, table: Table, user) -> Member:
    """A registered player sits down (again: a second join finds the same place)."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    member = table.members.filter(user=user).first()
    if member:
        return member
    _check_room(table)
    profile = profile_for(user)
    name = profile.display_name[:NAME_LENGTH]
    if not _name_free(table, name):
        name = f"@{profile.handle}"[:NAME_LENGTH]
    if not _name_free(table, name):
        raise TableError(gettext("Someone at this table already has your name."))
    touch(table)
    return Member.objects.create(table=table, user=user, profile=profile, name=name)


def clean_name(typed: str) -> str:
    name = " ".join(typed.split())
    if not name:
        raise TableError(gettext("Say your name."))
    if len(name) > NAME_LENGTH:
        raise TableError(gettext("A name has at most %(most)d characters.") % {"most": NAME_LENGTH})
    return name


@transaction.atomic
def join_as_guest(*, table: Table, name: str) -> Member:
    """Someone without an account sits down under a name: a profile without a user that nobody created, so that
    nobody but this guest's phone can ever take its results (table_mode/claims.py)."""
    name = clean_name(name)
    table = Table.objects.select_for_update().get(pk=table.pk)
    if not _name_free(table, name):
        raise TableError(gettext("“%(name)s” is already taken at this table: choose another name.") % {"name": name})
    _check_room(table)
    touch(table)
    return Member.objects.create(table=table, name=name, profile=create_table_player(created_by=None,
                                                                                      display_name=name))


def seat_for(match: Match, index: int, member: Member | None, bot_level: str = "") -> Seat:
    if member is None:
        return Seat(match=match, index=index, kind=Seat.BOT, bot_level=bot_level)
    if member.is_guest:
        return Seat(match=match, index=index, kind=Seat.GUEST, profile_id=member.profile_id, name=member.name)
    return Seat(match=match, index=index, kind=Seat.PLAYER, user_id=member.user_id, profile_id=member.profile_id)


@transaction.atomic
def start_game(*, table: Table, user, game: str, players: list[int], bots: list[str],
               options: dict | None = None) -> Match:
    """The host starts `game` with the members `players` (ids, in seat order) and then bots of those levels.
    A game that ends when time is up gets TIME_LIMIT."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.host_id != user.pk:
        raise TableError(gettext("Only the table's host can start a game."))
    try:
        known = registry.get(game)
    except KeyError:
        raise TableError(gettext("There is no such game.")) from None
    if not known.playable:
        raise TableError(gettext("%(game)s cannot be played online yet.") % {"game": known.name})
    members = {m.pk: m for m in table.members.all()}
    if len(set(players)) != len(players) or not set(players) <= members.keys():
        raise TableError(gettext("Choose players from the people at this table."))
    if any(level not in known.bot_levels for level in bots):
        raise TableError(gettext("Unknown kind of bot."))
    engine = known.engine
    count = len(players) + len(bots)
    if not engine.MIN_SEATS <= count <= engine.MAX_SEATS:
        raise TableError(gettext("%(game)s is for %(low)d to %(high)d players.") % {
            "game": known.name, "low": engine.MIN_SEATS, "high": engine.MAX_SEATS})
    try:
        options = known.normalise_options(options or {})
    except IllegalAction as exc:
        raise TableError(known.refusal_text(exc)) from exc
    timed = any(options.get(name) == spec["time_limit"]
                for name, spec in engine.OPTIONS.items() if "time_limit" in spec)
    match = Match.objects.create(game=game, options=options, seed=lobby.new_seed(), host=table.host, listed=False,
                                 has_bots=bool(bots), time_limit=TIME_LIMIT if timed else None)
    seats = [members[pk] for pk in players] + [None] * len(bots)
    levels = [""] * len(players) + bots
    Seat.objects.bulk_create(seat_for(match, index, member, level)
                             for index, (member, level) in enumerate(zip(seats, levels, strict=True)))
    lobby.start_if_full(match)
    table.match, table.sheet, table.used_at = match, None, timezone.now()
    table.save(update_fields=["match", "sheet", "used_at"])
    table.games.add(match)
    return match


def evening(table: Table) -> list[dict]:
    """Who won what tonight: each game of the table played to its record (online, or with the box and scored at
    the table), oldest first, with its winners' names."""
    online = GameRecord.objects.filter(online_match__in=table.games.filter(status=Match.FINISHED))
    records = (online | GameRecord.objects.filter(pk__in=table.games_recorded.values("pk"))).distinct()
    return [{"record": record, "game": record.game_name,
             "winners": name_list([p.shown_name for p in record.participants.all() if p.rank == 1])}
            for record in records.prefetch_related("participants").order_by("created_at", "pk")]
