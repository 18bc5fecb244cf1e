"""A guest who later logs in or signs up on the same phone may take the guest's results into their profile.

Only the phone that played as the guest can: its signed cookie names the guest's profiles (games/guests.py), and
such a profile has no creator, so nobody can link it otherwise (scoring/linking.py asks for the creator). The
offer is answered once: taken or declined, the cookie forgets those profiles.
"""
from django.db import transaction

from games.models import Seat
from scoring import linking
from scoring.models import PlayerProfile
from scoring.services import profile_for
from table_mode.models import Member


def guest_profiles(ids: list[int]) -> list[PlayerProfile]:
    """The guests' profiles among `ids` that can still be taken (no user, no creator: a table mode guest)."""
    if not ids:
        return []
    return list(PlayerProfile.objects.filter(pk__in=ids, user=None, created_by=None).order_by("pk"))


@transaction.atomic
def take(*, user, ids: list[int]) -> tuple[list[str], list[str]]:
    """Merge every guest profile of `ids` into the user's own; returns the names taken and those that could not be
    (a guest who played in a match with this account is someone else)."""
    account = profile_for(user)
    taken, refused = [], []
    for guest in guest_profiles(ids):
        name = guest.display_name
        try:
            with transaction.atomic():
                live = list(guest.seats.filter(kind=Seat.GUEST).values_list("pk", flat=True))
                # Their place at the tables becomes the account's (unless the account sits there already).
                Member.objects.filter(profile=guest, user=None).exclude(
                    table__members__user=user).update(user=user, profile=account)
                linking.merge(table_player=guest, account=account)
                # A game still being played goes on as the account's: the phone now acts as the user.
                Seat.objects.filter(pk__in=live).update(kind=Seat.PLAYER, user=user)
        except linking.LinkError:
            refused.append(name)
        else:
            taken.append(name)
    return taken, refused
