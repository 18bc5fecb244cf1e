"""Player services: sign-up, profiles for every user, table players, profile edits and avatars.

Views and forms call these; they hold the rules (who may edit what, how handles are made unique).
"""

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.urls import NoReverseMatch
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games import registry
from scoring import avatars
from scoring.models import Participant, PlayerProfile
from scoring.newest import newest_first

HANDLE_MAX_LENGTH = PlayerProfile._meta.get_field("handle").max_length
# Words used by the /players/... URLs themselves, so no player can take them as a handle.
RESERVED_HANDLES = frozenset({"new", "edit", "search", "me", "admin", "accounts", "static", "media"})


def normalise_handle(handle: str) -> str:
    return handle.strip().lower()


def handle_taken(handle: str, *, exclude: PlayerProfile | None = None) -> bool:
    """Whether the handle is reserved or used by another profile, ignoring case."""
    handle = normalise_handle(handle)
    if handle in RESERVED_HANDLES:
        return True
    profiles = PlayerProfile.objects.filter(handle__iexact=handle)
    if exclude is not None and exclude.pk:
        profiles = profiles.exclude(pk=exclude.pk)
    return profiles.exists()


def unique_handle(base: str) -> str:
    """A free handle made from a name: slugified, lower case, with -2, -3... added when needed."""
    stem = slugify(base)[:HANDLE_MAX_LENGTH].strip("-_") or "player"
    candidate = stem
    number = 1
    while handle_taken(candidate):
        number += 1
        suffix = f"-{number}"
        candidate = f"{stem[: HANDLE_MAX_LENGTH - len(suffix)]}{suffix}"
    return candidate


def profile_for(user) -> PlayerProfile:
    """The user's player profile, created (handle from the username, made unique) if they have none yet."""
    try:
        return user.profile
    except PlayerProfile.DoesNotExist:
        pass
    display_name = (user.get_full_name() or user.get_username())[:60]
    for _attempt in range(5):
        try:
            with transaction.atomic():
                profile = PlayerProfile.objects.create(
                    user=user, handle=unique_handle(user.get_username()), display_name=display_name
                )
        except IntegrityError:
            # Another request created this profile, or took the handle, at the same moment.
            existing = PlayerProfile.objects.filter(user=user).first()
            if existing is not None:
                profile = existing
                break
            continue
        break
    else:
        raise RuntimeError(f"Could not create a player profile for {user!r}.")
    user.profile = profile
    return profile


def sign_up(*, username: str, email: str, password: str, display_name: str, handle: str):
    """Create a user and their player profile together; returns the user (with `user.profile` set).

    The password is hashed first, outside the transaction: hashing is slow on purpose, and on SQLite a write
    transaction holds the whole database, so every move would wait for it."""
    model = get_user_model()
    user = model(username=model.normalize_username(username), email=model.objects.normalize_email(email),
                 password=make_password(password))
    with transaction.atomic():
        user.save()
        profile = PlayerProfile.objects.create(
            user=user, handle=normalise_handle(handle), display_name=display_name.strip()
        )
    user.profile = profile
    return user


def can_edit(user, profile: PlayerProfile) -> bool:
    """A registered player edits their own profile; a table player is edited by the user who added them."""
    if not user.is_authenticated:
        return False
    if profile.user_id is not None:
        return profile.user_id == user.pk
    return profile.created_by_id == user.pk


@transaction.atomic
def create_table_player(
    *, created_by, display_name: str, handle: str = "", favourite_game: str = "", bio: str = "", bgg_username: str = ""
) -> PlayerProfile:
    """A profile without an account, for someone who plays at the table; only its creator may edit it."""
    handle = normalise_handle(handle) if handle else unique_handle(display_name)
    return PlayerProfile.objects.create(
        handle=handle,
        display_name=display_name.strip(),
        favourite_game=favourite_game,
        bio=bio.strip(),
        bgg_username=bgg_username.strip().lower(),
        created_by=created_by,
    )


def update_profile(
    *, profile: PlayerProfile, display_name: str, favourite_game: str = "", bio: str = "",
    bgg_username: str | None = None,
) -> PlayerProfile:
    profile.display_name = display_name.strip()
    profile.favourite_game = favourite_game
    profile.bio = bio.strip()
    fields = ["display_name", "favourite_game", "bio"]
    if bgg_username is not None:  # kept in lower case: imports match it ignoring case (scoring/loggers/people.py)
        profile.bgg_username = bgg_username.strip().lower()
        fields.append("bgg_username")
    profile.save(update_fields=fields)
    return profile


def set_text_mode(*, profile: PlayerProfile, on: bool) -> PlayerProfile:
    """Turn the text-first mode of a player's match pages on or off (games/text_mode.py)."""
    if profile.text_mode != on:
        profile.text_mode = on
        profile.save(update_fields=["text_mode"])
    return profile


def set_avatar(*, profile: PlayerProfile, images: dict[str, bytes]) -> PlayerProfile:
    """Store freshly encoded avatars (from `avatars.make_avatars`) and delete the previous files."""
    old = [name for name in (profile.avatar.name, profile.avatar_small.name) if name]
    token = secrets.token_hex(4)  # a new name each time, so browsers never show a cached old picture
    for field, data in images.items():
        size = avatars.SIZES[field]
        name = f"{profile.handle}-{token}-{size}{avatars.EXTENSION}"
        getattr(profile, field).save(name, ContentFile(data), save=False)
    profile.save(update_fields=list(images))
    _delete_files_on_commit(profile, old)
    return profile


def remove_avatar(*, profile: PlayerProfile) -> PlayerProfile:
    """Go back to the initials avatar."""
    old = [name for name in (profile.avatar.name, profile.avatar_small.name) if name]
    profile.avatar = ""
    profile.avatar_small = ""
    profile.save(update_fields=["avatar", "avatar_small"])
    _delete_files_on_commit(profile, old)
    return profile


def _delete_files_on_commit(profile: PlayerProfile, names: list[str]) -> None:
    storage = profile.avatar.storage

    def delete():
        for name in names:
            storage.delete(name)

    transaction.on_commit(delete)


def game_choices() -> list[tuple[str, str]]:
    return [("", _("No favourite yet"))] + [(game.slug, game.name) for game in registry.GAMES]


def game_name(slug: str) -> str:
    game = registry.BY_SLUG.get(slug)
    return game.name if game else slug


def record_url(record) -> str | None:
    """The page of a recorded match, or None while the site has no record pages."""
    try:
        return record.get_absolute_url()
    except NoReverseMatch:
        return None


def recent_matches(profile: PlayerProfile, *, limit: int = 20) -> list[dict]:
    """The player's latest recorded matches they agreed to, newest first, ready for the profile page (2 queries,
    reading the player's own seats only: scoring/newest.py)."""
    mine = Participant.objects.filter(profile=profile, confirmation=Participant.CONFIRMED)
    latest = newest_first(mine, limit=limit)
    order = {record_id: place for place, record_id in enumerate(latest)}
    participations = sorted(
        mine.filter(game_record_id__in=latest).select_related("game_record")
        .defer("game_record__record"),  # the whole record is not needed for a line of the list
        key=lambda seat: (order[seat.game_record_id], seat.seat),
    )
    participations = [seat for place, seat in enumerate(participations)
                      if place == 0 or seat.game_record_id != participations[place - 1].game_record_id]
    return [
        {
            "name": seat.name,
            "game": game_name(seat.game_record.game),
            "played_at": seat.game_record.played_at,
            "source": seat.game_record.get_source_display(),
            "score": seat.score,
            "rank": seat.rank,
            "url": record_url(seat.game_record),
            # Marked when it does not count fully (scoring/counting.py): how it ended, and what it counts for.
            "ended": seat.game_record.get_ended_display() if seat.game_record.ended else "",
            "counting": _("resigned: a loss") if seat.counted_as_loss else "" if seat.counted else _("not counted"),
        }
        for seat in participations
    ]
