"""Records with their photos as one zip (records.md version 2): `records.json` and the `photos/` folder.

Reading is bounded before anything is decompressed: the number of entries, each entry's declared size (and its
real size, read one byte past the bound), and only the names a record may give (`photos/<sha256>.jpg`).
"""
from __future__ import annotations

import io
import json
import re
import zipfile

from django.core.files.storage import default_storage
from django.utils.translation import gettext as _

from scoring import transfer
from scoring.photos.images import MAX_BYTES as PHOTO_BYTES

RECORDS = "records.json"
PHOTO_NAME = re.compile(r"photos/[0-9a-f]{64}\.jpg")
MAX_ENTRIES = 2000
MAX_ARCHIVE_BYTES = 60 * 1024 * 1024  # the upload form's and import_records' bound for a zip


def is_zip(data: bytes) -> bool:
    return data[:4] == b"PK\x03\x04"


def zip_of(game_records) -> bytes:
    """The records (with their photos) as a zip: records.json, a JSON array, and each photo file once."""
    buffer = io.BytesIO()
    records, names = [], set()
    for game_record in game_records:
        records.append(transfer.exported(game_record, with_photos=True))
        names.update(photo.image.name for photo in game_record.photos.all())
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(RECORDS, json.dumps(records, indent=2, ensure_ascii=False) + "\n")
        for name in sorted(names):
            with default_storage.open(name) as handle:
                archive.writestr(name, handle.read(), compress_type=zipfile.ZIP_STORED)  # a JPEG does not shrink
    return buffer.getvalue()


def read_zip(data: bytes) -> tuple[bytes, dict[str, bytes]]:
    """records.json's bytes and the photo files by name; transfer.ImportRefused saying why it cannot be read."""
    if len(data) > MAX_ARCHIVE_BYTES:
        raise transfer.ImportRefused([_("The file is larger than %(mb)d MB.") % {"mb": MAX_ARCHIVE_BYTES // 2**20}])
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
        if len(entries) > MAX_ENTRIES:
            raise transfer.ImportRefused([_("The zip holds %(count)d files; at most %(most)d are read.")
                                          % {"count": len(entries), "most": MAX_ENTRIES}])
        records, photos = None, {}
        for entry in entries:
            if entry.is_dir():
                continue
            if entry.filename == RECORDS:
                records = _read(archive, entry, transfer.MAX_FILE_BYTES)
            elif PHOTO_NAME.fullmatch(entry.filename):
                photos[entry.filename] = _read(archive, entry, PHOTO_BYTES)
            else:
                raise transfer.ImportRefused([_("The zip holds %(name)s: a records zip holds records.json and "
                                                "photos/<sha256>.jpg only.") % {"name": repr(entry.filename[:80])}])
    except (zipfile.BadZipFile, EOFError, NotImplementedError, RuntimeError, ValueError) as exc:
        raise transfer.ImportRefused([_("The zip cannot be read: %(error)s.") % {"error": exc}]) from None
    if records is None:
        raise transfer.ImportRefused([_("The zip holds no records.json.")])
    return records, photos


def _read(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, most: int) -> bytes:
    """The entry's bytes, refused when it says or turns out to be larger than `most` (a zip bomb stops early)."""
    too_large = transfer.ImportRefused([_("%(name)s is larger than %(mb)d MB.")
                                        % {"name": entry.filename, "mb": most // 2**20}])
    if entry.file_size > most:
        raise too_large
    with archive.open(entry) as handle:
        data = handle.read(most + 1)
    if len(data) > most:
        raise too_large
    return data
