"""Player pages: the list, profiles, editing, avatars, table players."""

import datetime as dt
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from scoring import avatars, services
from scoring.models import GameRecord, Participant, PlayerProfile
from tests.scoring import images

pytestmark = pytest.mark.django_db


def edit_data(**changes):
    data = {"display_name": "Alice C.", "favourite_game": "cat_tower", "bio": "Likes cats."}
    data.update(changes)
    return data


def upload(data: bytes, name="photo.jpg", content_type="image/jpeg"):
    return SimpleUploadedFile(name, data, content_type=content_type)


def stored(field) -> Image.Image:
    with field.storage.open(field.name, "rb") as handle:
        data = handle.read()
    assert images.has_metadata(data) == []
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_profile_page_shows_the_player_and_the_default_avatar(client, alice):
    response = client.get(reverse("player", args=["alice"]))
    assert response.status_code == 200
    text = response.text
    assert "Alice Cooper" in text and "@alice" in text
    svg_url = reverse("player_avatar_svg", args=["alice"])
    assert f'src="{svg_url}?v=AC"' in text
    assert "style=" not in text
    assert "No recorded matches yet." in text
    assert "Edit profile" not in text


def test_profile_url_ignores_case_and_redirects_to_the_handle(client, alice):
    response = client.get("/players/ALICE/")
    assert response.status_code == 301 and response.url == "/players/alice/"


def test_unknown_player_is_404(client, db):
    assert client.get(reverse("player", args=["nobody"])).status_code == 404
    assert client.get(reverse("player_avatar_svg", args=["nobody"])).status_code == 404


def test_default_avatar_svg(client, alice):
    response = client.get(reverse("player_avatar_svg", args=["alice"]))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    svg = response.content.decode()
    assert ">AC</text>" in svg
    assert f"hsl({avatars.hue_for('alice')}," in svg


def test_own_profile_has_edit_and_account_links(alice_client):
    text = alice_client.get(reverse("player", args=["alice"])).text
    assert reverse("player_edit", args=["alice"]) in text
    assert reverse("password_change") in text
    assert reverse("table_player_new") in text


def test_profile_page_lists_recent_matches(client, alice):
    record = GameRecord.objects.create(
        game="rat_hot", source="online", record={}, played_at=dt.datetime(2026, 2, 14, tzinfo=dt.UTC)
    )
    Participant.objects.create(game_record=record, seat=0, profile=alice.profile, name="Alice", score=17, rank=1)
    Participant.objects.create(game_record=record, seat=1, name="Bot", bot="easy", score=9, rank=2)
    text = client.get(reverse("player", args=["alice"])).text
    assert "Rat Hot" in text and "14 Feb 2026" in text and ">17<" in text and "1st" in text


def test_players_list_and_search(client, alice, bob):
    services.create_table_player(created_by=alice, display_name="Granny Smith")
    text = client.get(reverse("players")).text
    assert all(name in text for name in ("Alice Cooper", "Bob Dylan", "Granny Smith", "Table player"))
    found = client.get(reverse("players"), {"q": "dyl"}).text
    assert "Bob Dylan" in found and "Alice Cooper" not in found
    by_handle = client.get(reverse("players"), {"q": "granny"}).text
    assert "Granny Smith" in by_handle and "Bob Dylan" not in by_handle
    assert "No player matches" in client.get(reverse("players"), {"q": "zzz"}).text


def test_owner_edits_their_profile(alice_client, alice):
    url = reverse("player_edit", args=["alice"])
    page = alice_client.get(url)
    assert page.status_code == 200 and 'value="Alice Cooper"' in page.text and "Rat Hot" in page.text
    response = alice_client.post(url, edit_data())
    assert response.url == reverse("player", args=["alice"])
    alice.profile.refresh_from_db()
    assert (alice.profile.display_name, alice.profile.favourite_game, alice.profile.bio) == (
        "Alice C.",
        "cat_tower",
        "Likes cats.",
    )
    text = alice_client.get(response.url).text
    assert "Cat Tower" in text and "Likes cats." in text


def test_edit_rejects_an_unknown_game(alice_client):
    response = alice_client.post(reverse("player_edit", args=["alice"]), edit_data(favourite_game="chess"))
    assert "Select a valid choice." in response.text


def test_others_may_not_edit_a_profile(client, alice, bob):
    url = reverse("player_edit", args=["alice"])
    assert client.get(url).url.startswith(reverse("login"))
    client.force_login(bob)
    assert client.get(url).status_code == 403
    assert client.post(url, edit_data(display_name="Hacked")).status_code == 403
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Alice Cooper"


def test_uploading_a_photo_stores_clean_square_avatars(alice_client, alice, django_capture_on_commit_callbacks):
    url = reverse("player_edit", args=["alice"])
    with django_capture_on_commit_callbacks(execute=True):
        response = alice_client.post(url, edit_data(avatar=upload(images.jpeg_with_metadata())))
    assert response.status_code == 302
    profile = PlayerProfile.objects.get(pk=alice.profile.pk)
    big, small = stored(profile.avatar), stored(profile.avatar_small)
    assert (big.size, small.size) == ((256, 256), (64, 64))
    assert big.format == small.format == avatars.OUTPUT_FORMAT
    assert not big.getexif() and not small.getexif()

    page = alice_client.get(reverse("player", args=["alice"])).text
    assert f'src="{profile.avatar.url}"' in page  # the large one on the profile
    assert f'src="{profile.avatar_small.url}"' in page  # the small one in the navigation
    # (That the browser really loads it from /media/ is checked by tests/browser/test_signup.py.)


def test_gif_upload_keeps_the_first_frame(alice_client, alice):
    alice_client.post(reverse("player_edit", args=["alice"]), edit_data(avatar=upload(images.two_frame_gif(), "a.gif")))
    profile = PlayerProfile.objects.get(pk=alice.profile.pk)
    red, green, _blue = stored(profile.avatar).convert("RGB").getpixel((128, 128))
    assert red > 200 and green < 60


def test_webp_upload_is_accepted(alice_client, alice):
    data = images.image_bytes("WEBP", colour=(0, 0, 250))
    response = alice_client.post(reverse("player_edit", args=["alice"]), edit_data(avatar=upload(data, "a.webp")))
    assert response.status_code == 302
    assert stored(PlayerProfile.objects.get(pk=alice.profile.pk).avatar_small).size == (64, 64)


@pytest.mark.parametrize(
    "data, name, message",
    [
        (b"MZ\x90\x00 definitely a program, not a picture", "cat.jpg", avatars.NOT_AN_IMAGE),
        (images.png_bomb(20000, 20000), "bomb.png", avatars.TOO_MANY_PIXELS),
        (images.gif_bomb(), "bomb.gif", avatars.TOO_MANY_PIXELS),
        (b"\xff\xd8\xff" + b"\x00" * (5 * 1024 * 1024), "huge.jpg", avatars.TOO_LARGE),
    ],
    ids=["not-an-image", "png-bomb", "gif-bomb", "over-5mb"],
)
def test_bad_uploads_are_clear_form_errors_and_change_nothing(alice_client, alice, data, name, message):
    response = alice_client.post(reverse("player_edit", args=["alice"]), edit_data(avatar=upload(data, name)))
    assert response.status_code == 200
    assert message.replace("'", "&#x27;") in response.text
    assert 'class="errorlist' in response.text
    profile = PlayerProfile.objects.get(pk=alice.profile.pk)
    assert not profile.avatar and profile.display_name == "Alice Cooper"


def test_removing_the_avatar_goes_back_to_initials(alice_client, alice):
    url = reverse("player_edit", args=["alice"])
    alice_client.post(url, edit_data(avatar=upload(images.image_bytes("PNG"), "a.png", "image/png")))
    assert PlayerProfile.objects.get(pk=alice.profile.pk).avatar
    alice_client.post(url, edit_data(remove_avatar="on"))
    profile = PlayerProfile.objects.get(pk=alice.profile.pk)
    assert not profile.avatar and not profile.avatar_small
    assert reverse("player_avatar_svg", args=["alice"]) in alice_client.get(profile.get_absolute_url()).text


def test_adding_a_table_player(alice_client, alice):
    url = reverse("table_player_new")
    assert alice_client.get(url).status_code == 200
    response = alice_client.post(
        url,
        {
            "display_name": "Granny Smith",
            "handle": "",
            "favourite_game": "rat_hot",
            "bio": "Plays at Christmas.",
            "avatar": upload(images.image_bytes("PNG"), "g.png", "image/png"),
        },
    )
    granny = PlayerProfile.objects.get(handle="granny-smith")
    assert response.url == granny.get_absolute_url()
    assert granny.user is None and granny.created_by == alice and granny.favourite_game == "rat_hot"
    assert stored(granny.avatar).size == (256, 256)
    text = alice_client.get(alice.profile.get_absolute_url()).text
    assert "Your table players" in text and "Granny Smith" in text


def test_table_player_with_a_taken_handle(alice_client, bob):
    response = alice_client.post(reverse("table_player_new"), {"display_name": "Robert", "handle": "BOB"})
    assert "That handle is already taken" in response.text
    assert not PlayerProfile.objects.filter(display_name="Robert").exists()


def test_table_player_is_edited_only_by_its_creator(client, alice, bob):
    granny = services.create_table_player(created_by=alice, display_name="Granny")
    url = reverse("player_edit", args=[granny.handle])

    client.force_login(bob)
    assert client.get(url).status_code == 403
    assert client.post(url, edit_data(display_name="Not Granny")).status_code == 403
    assert "Edit profile" not in client.get(granny.get_absolute_url()).text

    client.force_login(alice)
    assert "Edit profile" in client.get(granny.get_absolute_url()).text
    response = client.post(url, edit_data(display_name="Granny S."))
    assert response.url == granny.get_absolute_url()
    granny.refresh_from_db()
    assert granny.display_name == "Granny S."


def test_table_player_page_needs_login(client, db):
    response = client.get(reverse("table_player_new"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_table_player_racing_for_a_handle_is_a_form_error(alice_client, bob, monkeypatch):
    monkeypatch.setattr("scoring.services.handle_taken", lambda handle, exclude=None: False)  # lose the race
    response = alice_client.post(reverse("table_player_new"), {"display_name": "Robert", "handle": "Bob"})
    assert response.status_code == 200
    assert "That handle is already taken" in response.text
    assert not PlayerProfile.objects.filter(display_name="Robert").exists()
