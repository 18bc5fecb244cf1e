"""Photos and notes of a record: a phone's 12-megapixel JPEG with GPS comes back small and without metadata,
with a thumbnail; bounded size and count; only the recorder and the players may add them."""
import io

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from scoring.models import RecordPhoto
from scoring.photos import images, services
from tests.scoring.images import jpeg_with_metadata
from tests.scoring.test_transfer import finished_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(alice, bob):
    return finished_match(alice, guest=bob).game_record


def phone_photo() -> bytes:
    """4000 x 3000 (12 megapixels), with camera, GPS position and orientation in its EXIF."""
    return jpeg_with_metadata(size=(4000, 3000), orientation=6)


def test_a_twelve_megapixel_jpeg_with_gps_comes_back_small_and_clean():
    data = phone_photo()
    assert b"SecretCam" in data and Image.open(io.BytesIO(data)).getexif().get_ifd(0x8825)
    encoded = images.encode(data)
    photo = Image.open(io.BytesIO(encoded.photo))
    assert photo.size == (1200, 1600)  # turned upright (orientation 6), the longer side 1600
    assert (encoded.width, encoded.height) == photo.size
    assert not photo.getexif() and not photo.getexif().get_ifd(0x8825)
    assert "icc_profile" not in photo.info and "comment" not in photo.info and "exif" not in photo.info
    assert b"SecretCam" not in encoded.photo and b"secret comment" not in encoded.photo
    assert len(encoded.photo) < len(data) / 3
    thumb = Image.open(io.BytesIO(encoded.thumb))
    assert max(thumb.size) == images.THUMB_SIDE and not thumb.getexif()


@pytest.mark.parametrize(("data", "reason"), [
    (b"", "not a photo"), (b"GIF89a" + b"\0" * 40, "not a photo"), (jpeg_with_metadata()[:900], "damaged"),
], ids=["empty", "a GIF", "a cut JPEG"])  # the JPEG's profile carries its making time: each worker must name it alike
def test_what_is_no_photo_is_refused(data, reason):
    with pytest.raises(images.PhotoError, match=reason):
        images.encode(data)


def test_a_player_adds_a_photo_on_the_record_page_and_it_shows(client, duel, bob):
    client.force_login(bob)
    response = client.post(reverse("record_photo_add", args=[duel.pk]),
                           {"photo": SimpleUploadedFile("IMG_0001.JPG", phone_photo()), "caption": "the last draw"})
    assert response.status_code == 302
    photo = RecordPhoto.objects.get()
    assert photo.image.name.startswith("photos/") and default_storage.exists(photo.image.name)
    assert default_storage.exists(photo.thumb.name) and photo.thumb.name.startswith("photos/thumbs/")
    page = client.get(duel.get_absolute_url()).content.decode()
    assert photo.thumb.url in page and 'alt="the last draw"' in page
    stored = default_storage.open(photo.image.name).read()
    assert b"SecretCam" not in stored and not Image.open(io.BytesIO(stored)).getexif()


def test_only_the_recorder_and_players_add_photos_or_notes(client, duel, make_player):
    carol = make_player("carol")
    client.force_login(carol)
    assert client.post(reverse("record_notes", args=[duel.pk]), {"notes": "hi"}).status_code == 403
    upload = {"photo": SimpleUploadedFile("a.jpg", jpeg_with_metadata())}
    assert client.post(reverse("record_photo_add", args=[duel.pk]), upload).status_code == 403
    assert not RecordPhoto.objects.exists()


def test_notes_are_written_on_the_record_page(client, duel, alice):
    client.force_login(alice)
    client.post(reverse("record_notes", args=[duel.pk]), {"notes": "  Bob swapped my 0 away  "})
    duel.refresh_from_db()
    assert duel.notes == "Bob swapped my 0 away"
    assert "Bob swapped my 0 away" in client.get(duel.get_absolute_url()).content.decode()


def test_a_bad_upload_is_a_clear_400_and_changes_nothing(client, duel, alice):
    client.force_login(alice)
    response = client.post(reverse("record_photo_add", args=[duel.pk]),
                           {"photo": SimpleUploadedFile("notes.txt", b"just text")})
    assert response.status_code == 400 and "not a photo" in response.content.decode()
    assert not RecordPhoto.objects.exists()


def test_a_record_holds_a_bounded_number_of_photos(duel, alice, monkeypatch):
    monkeypatch.setattr(services, "MAX_PER_RECORD", 2)
    for colour in range(2):
        services.add_photo(game_record=duel, data=jpeg_with_metadata(size=(40 + colour, 30)), user=alice)
    with pytest.raises(images.PhotoError, match="at most 2 photos"):
        services.add_photo(game_record=duel, data=jpeg_with_metadata(), user=alice)


def test_removing_a_photo_deletes_its_files_once_no_record_names_them(client, duel, alice, bob,
                                                                      django_capture_on_commit_callbacks):
    first = services.add_photo(game_record=duel, data=jpeg_with_metadata(), user=bob)
    second = services.add_photo(game_record=duel, data=jpeg_with_metadata(), user=bob)  # the same file
    assert first.image.name == second.image.name
    client.force_login(alice)  # she recorded the match
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("record_photo_remove", args=[duel.pk, first.pk]))
    assert default_storage.exists(second.image.name)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("record_photo_remove", args=[duel.pk, second.pk]))
    assert not default_storage.exists(second.image.name) and not default_storage.exists(second.thumb.name)


def test_records_with_photos_travel_as_a_zip_and_a_plain_json_leaves_them_out(client, duel, alice, bob):
    import json
    import zipfile

    from scoring import transfer
    from scoring.models import GameRecord
    services.add_photo(game_record=duel, data=phone_photo(), caption="the table", user=bob)
    plain = json.loads(client.get(reverse("export_record", args=[duel.pk])).content)
    assert "photos" not in plain and plain["format"] == "catsite-record/1"
    data = client.get(reverse("export_record_zip", args=[duel.pk])).content
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        record = json.loads(archive.read("records.json"))[0]
    assert record["format"] == "catsite-record/2"
    assert record["photos"] == [{"file": RecordPhoto.objects.get().image.name, "width": 1200, "height": 1600,
                                 "caption": "the table"}]
    assert names == ["records.json", record["photos"][0]["file"]]
    assert transfer.import_file(data).imported == []  # the same match: skipped, its photos not added twice
    GameRecord.objects.all().delete()
    imported = transfer.import_file(data, recorded_by=alice).imported[0]
    assert [(p.caption, p.width, p.height) for p in imported.photos.all()] == [("the table", 1200, 1600)]
    with pytest.raises(transfer.ImportRefused, match="which the file does not hold"):
        transfer.import_records([record])  # photos named, but a plain JSON file has no files


@pytest.mark.parametrize(("entries", "reason"), [
    ({"records.json": b"[]", "evil.sh": b"x"}, "records.json and photos/<sha256>.jpg only"),
    ({"photos/" + "a" * 64 + ".jpg": b"x"}, "no records.json"),
    ({"records.json": b"[]", "photos/" + "b" * 64 + ".jpg": b"\0" * (21 * 1024 * 1024)}, "larger than 20 MB"),
])
def test_a_bad_zip_is_refused_before_anything_is_imported(entries, reason):
    import zipfile

    from scoring import transfer
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    with pytest.raises(transfer.ImportRefused, match=reason):
        transfer.import_file(buffer.getvalue())
