"""Results people agree to: a recorded match naming a registered player counts for them once they confirm it.

A record saved by someone else (a table game, an import) leaves each other registered player's seat "awaiting
confirmation" (scoring/records.py). That player confirms or disputes it, from their page or from the link the
record page shows as a QR code at the table. Only confirmed seats count in statistics and ratings; confirming
a seat rebuilds the game's ratings, so they stay as if the seat had been confirmed from the start.
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
    if Participant.CONFIRMED in (before, after):  # the seat starts or stops counting in the ratings
        ratings.rebuild_ratings(game=participant.game_record.game)
    return participant


def awaiting(profile: PlayerProfile):
    """The player's seats still waiting for their answer (or disputed), newest match first."""
    return (
        Participant.objects.filter(profile=profile)
        .exclude(confirmation=Participant.CONFIRMED)
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
