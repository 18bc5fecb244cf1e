"""Photos and notes of a recorded match: who may add them, adding, removing, and the files under MEDIA_ROOT."""
from __future__ import annotations

import hashlib

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import GameRecord, RecordPhoto
from scoring.photos.images import PhotoError, encode

MAX_PER_RECORD = 12
CAPTION_LENGTH = 200
NOTES_LENGTH = 2000  # GameRecord.notes


def may_change(user, game_record: GameRecord) -> bool:
    """Whoever recorded the match, and the players who sat at it, may add photos and write its notes."""
    if not user.is_authenticated:
        return False
    return game_record.recorded_by_id == user.pk or game_record.participants.filter(profile__user=user).exists()


def name_of(photo: bytes) -> str:
    return f"photos/{hashlib.sha256(photo).hexdigest()}.jpg"


def _store(name: str, data: bytes) -> str:
    return name if default_storage.exists(name) else default_storage.save(name, ContentFile(data))


@transaction.atomic
def add_photo(*, game_record: GameRecord, data: bytes, caption: str = "", user=None) -> RecordPhoto:
    """Re-encode and keep a photo of the match; PhotoError (a message to show) when refused."""
    GameRecord.objects.select_for_update().filter(pk=game_record.pk).first()  # one count at a time
    if game_record.photos.count() >= MAX_PER_RECORD:
        raise PhotoError(_("A record holds at most %(most)d photos.") % {"most": MAX_PER_RECORD})
    encoded = encode(data)
    name = name_of(encoded.photo)
    image = _store(name, encoded.photo)
    thumb = _store(name.replace("photos/", "photos/thumbs/", 1), encoded.thumb)
    return RecordPhoto.objects.create(game_record=game_record, image=image, thumb=thumb, width=encoded.width,
                                      height=encoded.height, caption=caption.strip()[:CAPTION_LENGTH], added_by=user)


def may_remove(user, photo: RecordPhoto) -> bool:
    return user.is_authenticated and (photo.added_by_id == user.pk or photo.game_record.recorded_by_id == user.pk)


@transaction.atomic
def remove_photo(photo: RecordPhoto) -> None:
    """Forget the photo; its files go once no photo names them (after the commit)."""
    names = [photo.image.name, photo.thumb.name]
    photo.delete()

    def delete_files():
        if not RecordPhoto.objects.filter(image=names[0]).exists():
            for name in names:
                default_storage.delete(name)

    transaction.on_commit(delete_files)


def set_notes(*, game_record: GameRecord, notes: str) -> GameRecord:
    game_record.notes = notes.strip()[:NOTES_LENGTH]
    game_record.save(update_fields=["notes"])
    return game_record
