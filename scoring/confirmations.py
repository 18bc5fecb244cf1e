"""Results people agree to: a recorded match naming a registered player counts for them once they confirm it.

A record saved by someone else (a table game, an import) leaves each other registered player's seat "awaiting
confirmation" (scoring/records.py). That player confirms or disputes it, from their page or from the link the
record page shows as a QR code at the table. Only confirmed seats count in statistics and ratings, and a
disputed record (GameRecord.disputed: a seat of it disputed) counts for nobody until its recorder corrects it or
the dispute is withdrawn (the player confirms after all). Whenever a seat or a record starts or stops counting the
game's ratings are rebuilt, so they stay as if the answers had been given from the start.

`needing_count` is the header's badge: records waiting for this user's answer, and those they recorded that are
disputed.
"""
from __future__ import annotations

import segno
from django.db import transaction
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from scoring import ratings
from scoring.models import GameRecord, Participant, PlayerProfile

ANSWERS = {"confirm": Participant.CONFIRMED, "dispute": Participant.DISPUTED}


class NotYours(Exception):
    """Only the player a seat names may confirm or dispute it."""


def may_answer(user, participant: Participant) -> bool:
    profile = participant.profile
    return bool(user.is_authenticated and profile is not None and profile.user_id == user.pk)


@transaction.atomic
def answer(*, user, participant_id: int, answer: str) -> Participant:
    """Confirm or dispute one seat of a record, as the player it names. Confirming counts the match for them."""
    if answer not in ANSWERS:
        raise ValueError(_("Answer confirm or dispute."))
    # of=("self",): PostgreSQL cannot lock the nullable side of the outer join to the profile, and needs not to.
    participant = Participant.objects.select_for_update(of=("self",)).select_related("profile", "game_record").get(
        pk=participant_id)
    if not may_answer(user, participant):
        raise NotYours(_("Only the player named in this seat may confirm or dispute it."))
    before, after = participant.confirmation, ANSWERS[answer]
    if before == after:
        return participant
    participant.confirmation = after
    participant.save(update_fields=["confirmation"])
    record_changed = mark_disputed(participant.game_record)
    if record_changed or Participant.CONFIRMED in (before, after):  # a seat or the record starts or stops counting
        ratings.rerate(participant.game_record)  # its game from this record on
    return participant


def mark_disputed(game_record: GameRecord) -> bool:
    """Set the record's `disputed` from its seats (one of them disputed, or none); whether it changed."""
    disputed = game_record.participants.filter(confirmation=Participant.DISPUTED).exists()
    if disputed == game_record.disputed:
        return False
    game_record.disputed = disputed
    game_record.save(update_fields=["disputed"])  # a save, not an update: the kept tallies follow (summaries.py)
    return True


def needing_count(user) -> int:
    """How many records need this user: awaiting their answer (a seat of theirs), or recorded by them and disputed.
    One query of two index lookups (Participant (profile, confirmation), GameRecord (recorded_by, disputed))."""
    if not user.is_authenticated:
        return 0
    awaiting = Participant.objects.filter(profile__user=user, confirmation=Participant.AWAITING).order_by()
    disputed = GameRecord.objects.filter(recorded_by=user, disputed=True).order_by()
    # UNION, not UNION ALL: a record counts once (a player named on two seats of it, a mistake at the table).
    return awaiting.values_list("game_record_id").union(disputed.values_list("pk")).count()


def disputed_records(user):
    """The records this user recorded that someone disputes, newest first, with their seats."""
    return (GameRecord.objects.filter(recorded_by=user, disputed=True).defer("record")
            .prefetch_related("participants__profile").order_by("-played_at", "-id"))


def awaiting(profile: PlayerProfile):
    """The player's seats still waiting for their answer (or disputed by them), newest match first.

    Named, not "every answer but confirmed": so the (profile, confirmation) index finds them alone, without reading
    the player's every seat."""
    return (
        Participant.objects.filter(profile=profile, confirmation__in=[Participant.AWAITING, Participant.DISPUTED])
        .select_related("game_record", "game_record__recorded_by__profile")
        .defer("game_record__record")
        .order_by("-game_record__played_at", "-game_record_id")
    )


def confirm_path(participant: Participant) -> str:
    return reverse("record_confirm", args=[participant.game_record_id, participant.seat])


def qr_svg(url: str) -> str:
    """The address as a QR code, an inline SVG (segno), for a phone at the table to open."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=4, title=_("QR code of the confirmation link")))


def table_codes(request, game_record: GameRecord, participants: list[Participant]) -> list[dict]:
    """One QR code per seat awaiting its player: what the record page shows at the table."""
    codes = []
    for participant in participants:
        if participant.confirmation != Participant.AWAITING:
            continue
        url = request.build_absolute_uri(confirm_path(participant))
        codes.append({"participant": participant, "url": url, "svg": qr_svg(url)})
    return codes
