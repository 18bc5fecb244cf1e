"""Photos of a match: check an upload, and re-encode it as a small JPEG and a thumbnail with nothing but pixels.

Pure (bytes in, bytes out). Phones upload 12-megapixel JPEGs of several MB carrying EXIF (camera, GPS position,
orientation): the photo is turned upright, shrunk to fit PHOTO_SIDE, and rebuilt from its pixels alone, so no
EXIF, GPS, ICC profile, XMP or comment survives.
"""
from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from PIL import Image, ImageOps, UnidentifiedImageError

from scoring import avatars  # its Image.MAX_IMAGE_PIXELS guard and its RGB conversion

MAX_BYTES = 20 * 1024 * 1024  # a phone's photo is 3-12 MB
MAX_PIXELS = avatars.MAX_PIXELS  # 40 megapixels; JPEGs are decoded at a reduced scale (draft)
MAX_FULL_DECODE_PIXELS = avatars.MAX_FULL_DECODE_PIXELS
ACCEPTED_FORMATS = ("JPEG", "PNG", "WEBP")
PHOTO_SIDE, THUMB_SIDE = 1600, 320  # the longer side, in pixels
QUALITY = 82

TOO_LARGE = format_lazy(_("That file is too large: a photo may be at most {mb} MB."), mb=MAX_BYTES // (1024 * 1024))
NOT_A_PHOTO = _("That file is not a photo we can use: upload a JPEG, PNG or WebP picture.")
DAMAGED = _("That photo is damaged or incomplete and cannot be read. Try another one.")
TOO_MANY_PIXELS = format_lazy(_("That photo has too many pixels (at most {most} megapixels)."),
                              most=MAX_PIXELS // 1_000_000)


class PhotoError(ValueError):
    """An upload we refuse; the message is fit to show."""


@dataclass
class Encoded:
    photo: bytes
    thumb: bytes
    width: int
    height: int


def open_photo(data: bytes) -> Image.Image:
    """The photo decoded, upright and in RGB, at least PHOTO_SIDE on its longer side where it was that large."""
    if len(data) > MAX_BYTES:
        raise PhotoError(TOO_LARGE)
    if not data:
        raise PhotoError(NOT_A_PHOTO)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=ACCEPTED_FORMATS)
            pixels = image.width * image.height
            if pixels > MAX_PIXELS or (image.format != "JPEG" and pixels > MAX_FULL_DECODE_PIXELS):
                raise PhotoError(TOO_MANY_PIXELS)
            if image.format == "JPEG":
                image.draft("RGB", (PHOTO_SIDE, PHOTO_SIDE))  # decode at a reduced scale: cheap for 12 MP
            image.load()
            image = ImageOps.exif_transpose(image)
    except PhotoError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PhotoError(TOO_MANY_PIXELS) from None
    except UnidentifiedImageError:
        raise PhotoError(NOT_A_PHOTO) from None
    except (OSError, SyntaxError, ValueError, EOFError, IndexError, TypeError):
        raise PhotoError(DAMAGED) from None
    return avatars._to_rgb(image).convert("RGB")  # a JPEG has no transparency: composite on nothing


def fitted(image: Image.Image, side: int) -> Image.Image:
    """The image shrunk to fit side x side (never enlarged), rebuilt from its pixels alone."""
    copy = image.copy()
    copy.thumbnail((side, side), Image.Resampling.LANCZOS)
    return Image.frombytes(copy.mode, copy.size, copy.tobytes())


def jpeg(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=QUALITY, optimize=True, progressive=True)  # no exif, icc or comment passed
    return buffer.getvalue()


def encode(data: bytes) -> Encoded:
    """Check an uploaded photo and return it small and clean, with its thumbnail; PhotoError when refused."""
    image = open_photo(data)
    photo = fitted(image, PHOTO_SIDE)
    return Encoded(photo=jpeg(photo), thumb=jpeg(fitted(photo, THUMB_SIDE)), width=photo.width, height=photo.height)
