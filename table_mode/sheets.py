"""A game played with the real box, scored at the table: each phone fills its own player's part of the game's record
pad (games/<slug>/pad.py), the big screen shows the running totals, and the host saves the record once.

The pad is the game's own form, unchanged: a sheet keeps what was typed as the pad's data (field name -> text) and
builds the pad from it whenever it is shown or saved, so the totals and the checks are the game's (its tally).
A field belongs to a seat by the pads' naming (`s<seat>-...`, and Rat-a-Tat Cat's rounds `r<round>-s<seat>`); the
others (an option, who ended the game) are the host's, on the big screen. A registered player who filled their part
from their own phone has confirmed the record: their seat is saved confirmed.
"""
import re

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from games import registry
from scoring import confirmations, table_records
from scoring.models import Participant
from table_mode.models import Member, Table, TableSheet

SEAT_FIELD = re.compile(r"^(?:r\d+-)?s(\d+)(?:-|$)")
FRAME = {"played_on", "location", "duration", "notes", "unfinished"}  # the record's details: the host's, on save
MOST_TEXT = 100  # a field's text: every pad field is a number or a short choice


class SheetError(Exception):
    """Something the person can fix; the message says what."""


def pad_class(game: str):
    known = registry.BY_SLUG.get(game)
    if known is None or known.pad is None:
        raise SheetError(gettext("There is no record pad for this game."))
    return known.pad


def seat_of(name: str) -> int | None:
    found = SEAT_FIELD.match(name)
    return int(found.group(1)) if found else None


def _pads_own(form, name: str) -> bool:
    return not name.startswith("seat-") and name not in FRAME and name != "seats"


def seat_fields(form, seat: int) -> list:
    return [form[name] for name in form.fields if _pads_own(form, name) and seat_of(name) == seat]


def shared_fields(form) -> list:
    return [form[name] for name in form.fields if _pads_own(form, name) and seat_of(name) is None
            and not form.fields[name].widget.is_hidden]


@transaction.atomic
def start_sheet(*, table: Table, user, game: str, players: list[int]) -> TableSheet:
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.host_id != user.pk:
        raise SheetError(gettext("Only the table's host can start a game."))
    pad = pad_class(game)
    members = set(table.members.values_list("pk", flat=True))
    if len(set(players)) != len(players) or not set(players) <= members:
        raise SheetError(gettext("Choose players from the people at this table."))
    low, high = pad.tally.MIN_PLAYERS, pad.tally.MAX_PLAYERS
    if not low <= len(players) <= high:
        raise SheetError(gettext("%(game)s is for %(low)d to %(high)d players.") % {
            "game": registry.get(game).name, "low": low, "high": high})
    sheet = TableSheet.objects.create(table=table, game=game, seats=players)
    table.sheet, table.match, table.used_at = sheet, None, timezone.now()
    table.save(update_fields=["sheet", "match", "used_at"])
    return sheet


def members_of(sheet: TableSheet) -> list[Member]:
    found = {m.pk: m for m in Member.objects.filter(pk__in=sheet.seats).select_related("profile")}
    return [found[pk] for pk in sheet.seats if pk in found]


def pad(sheet: TableSheet, *, live: bool = True, data: dict | None = None):
    """The game's pad holding what the sheet has so far (`live`: blanks not yet called missing)."""
    members = members_of(sheet)
    cls = pad_class(sheet.game)
    blank = cls(None, user=sheet.table.host, seats=len(members))
    defaults = {field.name: _initial(field) for field in shared_fields(blank) if _initial(field) is not None}
    rows = {**defaults, "seats": str(len(members)), "played_on": timezone.localdate().isoformat(),
            **{f"seat-{i}-player": m.profile.handle if m.profile else "" for i, m in enumerate(members)},
            **(data if data is not None else sheet.data)}
    extra = [m.profile for m in members if m.profile]
    return cls(rows, user=sheet.table.host, seats=len(members), extra_profiles=extra, live=live)


def _initial(field):
    """A shared field's starting value as the pad would post it (the host changes it on the big screen)."""
    value = field.initial
    if isinstance(value, bool):
        return "on" if value else ""
    return None if value is None or callable(value) else str(value)


def _texts(posted, names: list[str]) -> dict:
    """The posted values of these fields (absent ones blank), as short text."""
    return {name: str(posted.get(name, ""))[:MOST_TEXT] for name in names}


def _refusals(fields: list, texts: dict) -> list[str]:
    """What is wrong with each value typed, by the field's own checks (a count, its range); a blank is not filled
    in yet, which only the save calls missing."""
    found = []
    for field in fields:
        if texts[field.name].strip():
            try:
                field.field.clean(texts[field.name])
            except ValidationError as exc:
                label = field.field.widget.attrs.get("aria-label") or field.label
                found += [f"{label}: {message}" for message in exc.messages]
    return found


@transaction.atomic
def fill(*, sheet: TableSheet, member: Member, posted) -> TableSheet:
    """A phone sends its player's part: that seat's fields, the others left as they were. A part holding another
    seat's field (or none of its own: a page of an earlier sheet) or a value the pad cannot take changes nothing."""
    sheet = TableSheet.objects.select_for_update().get(pk=sheet.pk)
    if sheet.game_record_id:
        raise SheetError(gettext("This game is recorded already."))
    if member.pk not in sheet.seats:
        raise SheetError(gettext("You do not play in this game."))
    form = pad(sheet)
    own = seat_fields(form, sheet.seats.index(member.pk))
    sent = {name for name in posted if seat_of(name) is not None}
    if not sent or not sent <= {f.name for f in own}:
        raise SheetError(gettext("That is not your part of the game being scored: reload the page and send your own."))
    texts = _texts(posted, [f.name for f in own])
    refused = _refusals(own, texts)
    if refused:
        raise SheetError(" ".join(refused))
    sheet.data = {**sheet.data, **texts}
    if member.pk not in sheet.filled:
        sheet.filled = [*sheet.filled, member.pk]
    sheet.save(update_fields=["data", "filled"])
    return sheet


@transaction.atomic
def fill_shared(*, sheet: TableSheet, user, posted) -> TableSheet:
    sheet = TableSheet.objects.select_for_update().get(pk=sheet.pk)
    if sheet.table.host_id != user.pk:
        raise SheetError(gettext("Only the table's host can start a game."))
    if sheet.game_record_id:
        raise SheetError(gettext("This game is recorded already."))
    form = pad(sheet)
    names = [f.name for f in shared_fields(form)]
    texts = _texts(posted, names)
    for name in names:  # an unticked box is not posted: it is off
        if form.fields[name].widget.input_type == "checkbox" and name not in posted:
            texts[name] = ""
    sheet.data = {**sheet.data, **texts}
    sheet.save(update_fields=["data"])
    return sheet


@transaction.atomic
def save(*, sheet: TableSheet, user, unfinished: bool = False):
    """The host saves the record, once; the seats of registered players who filled their part are confirmed.
    Returns the record, or the pad with its errors (nothing saved)."""
    sheet = TableSheet.objects.select_for_update().select_related("table").get(pk=sheet.pk)
    if sheet.table.host_id != user.pk:
        raise SheetError(gettext("Only the table's host can save the record."))
    if sheet.game_record_id:
        raise SheetError(gettext("This game is recorded already."))
    form = pad(sheet, live=False, data={**sheet.data, "unfinished": "on" if unfinished else ""})
    if not form.is_valid():
        return form
    try:
        record = table_records.record_table_game(
            user=user, game=sheet.game, choices=form.seat_choices, played_on=form.cleaned_data["played_on"],
            final=form.final, options=form.options, unfinished=not form.finished)
    except table_records.AlreadyRecorded as exc:
        raise SheetError(str(exc)) from exc
    sheet.game_record = record
    sheet.save(update_fields=["game_record"])
    sheet.table.games_recorded.add(record)
    present = {m.user_id for m in members_of(sheet) if m.user_id and m.pk in sheet.filled}
    for participant in record.participants.filter(profile__user_id__in=present, confirmation=Participant.AWAITING):
        confirmations.answer(user=participant.profile.user, participant_id=participant.pk, answer="confirm")
    return record
