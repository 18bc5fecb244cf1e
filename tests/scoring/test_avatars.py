"""scoring.avatars: what uploads are accepted, and that what we store is clean, square and upright."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from scoring import avatars
from tests.scoring import images


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def dominant(pixel) -> str:
    red, green, blue = pixel[:3]
    return max((red, "red"), (green, "green"), (blue, "blue"))[1]


def test_jpeg_with_exif_gps_icc_and_comment_is_stored_without_any_metadata():
    source = images.jpeg_with_metadata()
    assert images.has_metadata(source)  # the test file really does carry metadata

    result = avatars.make_avatars(source)

    assert set(result) == {"avatar", "avatar_small"}
    for field, size in (("avatar", 256), ("avatar_small", 64)):
        assert images.has_metadata(result[field]) == []
        image = decode(result[field])
        assert image.format == avatars.OUTPUT_FORMAT
        assert image.size == (size, size)


@pytest.mark.parametrize("orientation, top, bottom", [(1, "red", "blue"), (6, "red", "blue"), (8, "blue", "red")])
def test_exif_orientation_is_applied_before_cropping(orientation, top, bottom):
    avatar = decode(avatars.make_avatars(images.halves_jpeg(orientation))["avatar"]).convert("RGB")
    if orientation == 1:
        # Upright landscape: the centre square shows red on the left and blue on the right.
        assert (dominant(avatar.getpixel((10, 128))), dominant(avatar.getpixel((245, 128)))) == (top, bottom)
    else:
        # Rotated to portrait: the halves end up above one another.
        assert (dominant(avatar.getpixel((128, 10))), dominant(avatar.getpixel((128, 245)))) == (top, bottom)


def test_centre_crop_of_a_wide_image():
    wide = Image.new("RGB", (900, 300), (0, 0, 255))
    wide.paste((0, 255, 0), (300, 0, 600, 300))  # green middle third
    buffer = io.BytesIO()
    wide.save(buffer, "PNG")
    avatar = decode(avatars.make_avatars(buffer.getvalue())["avatar"]).convert("RGB")
    assert {dominant(avatar.getpixel(xy)) for xy in [(2, 2), (253, 2), (128, 128), (2, 253), (253, 253)]} == {"green"}


def test_png_text_chunks_and_icc_profile_are_stripped_and_transparency_kept():
    source = images.png_with_text_and_icc()
    assert images.has_metadata(source)
    result = avatars.make_avatars(source)
    assert images.has_metadata(result["avatar"]) == []
    image = decode(result["avatar"])
    assert image.mode == "RGBA"
    assert 100 < image.getpixel((128, 128))[3] < 160


def test_gif_uses_the_first_frame():
    avatar = decode(avatars.make_avatars(images.two_frame_gif())["avatar"]).convert("RGB")
    assert dominant(avatar.getpixel((128, 128))) == "red"
    assert getattr(avatar, "n_frames", 1) == 1


def test_webp_is_accepted():
    result = avatars.make_avatars(images.image_bytes("WEBP", colour=(0, 200, 0)))
    assert dominant(decode(result["avatar_small"]).convert("RGB").getpixel((32, 32))) == "green"


def test_cmyk_jpeg_is_accepted():
    result = avatars.make_avatars(images.image_bytes("JPEG", mode="CMYK", colour=(0, 255, 255, 0)))
    assert dominant(decode(result["avatar"]).convert("RGB").getpixel((128, 128))) == "red"


def test_a_tiny_image_is_scaled_up_to_the_avatar_sizes():
    result = avatars.make_avatars(images.image_bytes("PNG", size=(5, 3)))
    assert decode(result["avatar"]).size == (256, 256)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"this is not an image, just some text pretending to be one",
        b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n",
        images.image_bytes("BMP"),  # a real image, but not a format we accept
        images.image_bytes("TIFF"),
    ],
    ids=["empty", "text", "pdf", "bmp", "tiff"],
)
def test_anything_that_is_not_an_accepted_image_is_refused(data):
    with pytest.raises(avatars.AvatarError) as error:
        avatars.make_avatars(data)
    assert str(error.value) == avatars.NOT_AN_IMAGE


def test_a_truncated_image_is_refused_as_damaged():
    data = images.image_bytes("PNG", size=(400, 400), colour=(1, 2, 3))
    with pytest.raises(avatars.AvatarError) as error:
        avatars.make_avatars(data[: len(data) // 2])
    assert str(error.value) in (avatars.DAMAGED, avatars.NOT_AN_IMAGE)


@pytest.mark.parametrize(
    "data",
    [images.png_bomb(20000, 20000), images.png_bomb(7000, 7000), images.png_bomb(100_000, 100_000), images.gif_bomb()],
    ids=["png-400MP", "png-49MP", "png-10GP", "gif-4GP"],
)
def test_decompression_bombs_are_refused_before_decoding(data):
    assert len(data) < 200
    with pytest.raises(avatars.AvatarError) as error:
        avatars.make_avatars(data)
    assert str(error.value) == avatars.TOO_MANY_PIXELS


def test_the_pixel_cap_is_also_pillows_limit():
    assert Image.MAX_IMAGE_PIXELS == avatars.MAX_PIXELS == 40_000_000


def test_an_oversized_upload_is_refused_without_reading_it_all():
    upload = SimpleUploadedFile("big.jpg", b"\xff" * (avatars.MAX_BYTES + 1), content_type="image/jpeg")
    with pytest.raises(avatars.AvatarError) as error:
        avatars.read_upload(upload)
    assert str(error.value) == avatars.TOO_LARGE


def test_an_upload_that_lies_about_its_size_is_still_capped():
    class Liar(io.BytesIO):
        size = 10

    with pytest.raises(avatars.AvatarError):
        avatars.read_upload(Liar(b"x" * (avatars.MAX_BYTES + 10)))
    with pytest.raises(avatars.AvatarError):
        avatars.make_avatars(b"x" * (avatars.MAX_BYTES + 1))


def test_an_upload_at_the_limit_is_read():
    upload = SimpleUploadedFile("ok.png", images.image_bytes("PNG"), content_type="image/png")
    assert avatars.read_upload(upload) == images.image_bytes("PNG")


def test_hue_is_stable_and_ignores_case():
    assert avatars.hue_for("alice") == avatars.hue_for("ALICE")
    assert 0 <= avatars.hue_for("alice") < 360
    assert len({avatars.hue_for(name) for name in ["alice", "bob", "carol", "dave", "erin"]}) > 1


def test_initials_svg_is_an_svg_with_escaped_initials_and_the_handle_colour():
    svg = avatars.initials_svg("<&", "alice")
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert "&lt;&amp;" in svg and "<&" not in svg
    assert f"hsl({avatars.hue_for('alice')}," in svg
    assert "style=" not in svg
    assert ">?<" in avatars.initials_svg("", "x")


# --- The cost of large uploads --------------------------------------------------------------------------------


def test_a_png_larger_than_16_megapixels_is_refused_before_decoding():
    """A 6300 x 6300 PNG (40 megapixels, 130 KB when plain) cost seconds of CPU and 120 MB to decode."""
    with pytest.raises(avatars.AvatarError) as error:
        avatars.make_avatars(images.png_bomb(6300, 6300))
    assert str(error.value) == avatars.TOO_MANY_PIXELS_UNLESS_JPEG
    assert "at most 16 megapixels" in str(error.value) and "save it as a JPEG" in str(error.value)


def test_a_large_jpeg_is_still_accepted_as_it_decodes_at_a_reduced_scale():
    avatars.make_avatars(images.image_bytes("JPEG", size=(6300, 6300)))


def test_a_large_image_is_box_reduced_before_it_is_resampled(monkeypatch):
    seen = []
    square = avatars.square
    monkeypatch.setattr(avatars, "square", lambda image, size: seen.append(image.size) or square(image, size))
    avatars.make_avatars(images.image_bytes("PNG", size=(4000, 3000)))
    assert seen and all(512 <= min(size) < 1024 for size in seen), seen


@pytest.mark.parametrize("mode, colour", [("P", 3), ("RGBA", (1, 2, 3, 0)), ("L", 90)])
def test_reducing_keeps_the_picture(mode, colour):
    image = avatars.shrink(Image.new(mode, (2048, 1100), colour))
    assert image.size == (1024, 550)
    assert image.mode in ("RGB", "RGBA", "L")
