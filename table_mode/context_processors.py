"""The offer to a player who logged in on a phone that played as a guest: take those results (table_mode/claims.py)."""
from games import guests
from table_mode.claims import guest_profiles


def guest_results(request) -> dict:
    if not request.user.is_authenticated:
        return {}
    ids = guests.profiles_of(request)
    return {"guest_results": [profile.display_name for profile in guest_profiles(ids)]} if ids else {}
