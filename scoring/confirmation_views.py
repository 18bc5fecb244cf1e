"""The page the header's badge leads to: the records that need the user, and what they can do about each."""
from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from scoring import confirmations
from scoring.models import Participant
from scoring.table_records import can_correct


@login_required
@require_GET
def needing(request):
    """Seats awaiting the user's answer (confirm or dispute in place) and the records they recorded that someone
    disputes (correct them, or ask the player to withdraw)."""
    profile = getattr(request.user, "profile", None)
    awaiting = [] if profile is None else [
        p for p in confirmations.awaiting(profile) if p.confirmation == Participant.AWAITING]
    disputed = [
        {"record": record, "can_correct": can_correct(request.user, record),
         "by": pgettext("list separator", ", ").join(
             p.shown_name for p in record.participants.all() if p.confirmation == Participant.DISPUTED)}
        for record in confirmations.disputed_records(request.user)
    ]
    return render(request, "scoring/needs_you.html", {"awaiting": awaiting, "disputed": disputed})
