"""Avatar images: check an upload, re-encode it as clean square thumbnails, and draw the default initials avatar.

Everything here is pure (bytes in, bytes or text out) so it is easy to test and never touches storage.
The stored images are rebuilt from pixel data only: no EXIF, GPS, ICC profile or comment survives.
"""

import hashlib
import io
import warnings
from html import escape

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from PIL import Image, ImageOps, UnidentifiedImageError, features

MAX_BYTES = 5 * 1024 * 1024
MAX_PIXELS = 40_000_000
# A JPEG is decoded at a reduced scale (draft), so even 40 megapixels cost little. Other formats are decoded whole
# (a 6300 x 6300 PNG took seconds of CPU and 120 MB): they get a lower cap, and are box-reduced before resampling.
MAX_FULL_DECODE_PIXELS = 16_000_000
ACCEPTED_FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
SIZES = {"avatar": 256, "avatar_small": 64}
OUTPUT_FORMAT = "WEBP" if features.check("webp") else "PNG"
EXTENSION = ".webp" if OUTPUT_FORMAT == "WEBP" else ".png"

# Pillow warns above MAX_IMAGE_PIXELS and refuses above twice that. Lowering it to our own cap makes every
# image opened in this process (the admin's ImageField checks too) refuse absurd sizes before decoding.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS

# Lazy: each message is put in the language of the request that shows it.
TOO_LARGE = format_lazy(_("That file is too large: an avatar may be at most {mb} MB."), mb=MAX_BYTES // (1024 * 1024))
NOT_AN_IMAGE = _("That file is not an image we can use: upload a JPEG, PNG, WebP or GIF picture.")
DAMAGED = _("That image is damaged or incomplete and cannot be read. Try saving it again, or pick another one.")
TOO_MANY_PIXELS = format_lazy(
    _("That image has too many pixels (at most {most} megapixels). Pick a smaller picture."),
    most=MAX_PIXELS // 1_000_000,
)
TOO_MANY_PIXELS_UNLESS_JPEG = format_lazy(
    _("That image has too many pixels for a PNG, WebP or GIF (at most {most} megapixels; a JPEG may have "
      "{jpeg}). Pick a smaller picture, or save it as a JPEG."),
    most=MAX_FULL_DECODE_PIXELS // 1_000_000, jpeg=MAX_PIXELS // 1_000_000,
)


class AvatarError(ValueError):
    """An upload we refuse; the message is fit to show the player."""


def read_upload(upload) -> bytes:
    """All the bytes of an uploaded file, refusing it as soon as it is over the size limit."""
    size = getattr(upload, "size", None)
    if size is not None and size > MAX_BYTES:
        raise AvatarError(TOO_LARGE)
    upload.seek(0)
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise AvatarError(TOO_LARGE)
    return data


def open_image(data: bytes) -> Image.Image:
    """The first frame of an accepted image, decoded, upright (EXIF orientation applied) and in RGB or RGBA."""
    if len(data) > MAX_BYTES:
        raise AvatarError(TOO_LARGE)
    if not data:
        raise AvatarError(NOT_AN_IMAGE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=ACCEPTED_FORMATS)
            if image.width * image.height > MAX_PIXELS:
                raise AvatarError(TOO_MANY_PIXELS)
            if image.format != "JPEG" and image.width * image.height > MAX_FULL_DECODE_PIXELS:
                raise AvatarError(TOO_MANY_PIXELS_UNLESS_JPEG)
            image.seek(0)  # GIF and animated WebP: the first frame is the avatar
            if image.format == "JPEG":
                image.draft(None, (2 * SIZES["avatar"], 2 * SIZES["avatar"]))  # decode at reduced scale
            image.load()
            image = shrink(ImageOps.exif_transpose(image))
    except AvatarError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise AvatarError(TOO_MANY_PIXELS) from None
    except UnidentifiedImageError:
        raise AvatarError(NOT_AN_IMAGE) from None
    except (OSError, SyntaxError, ValueError, EOFError, IndexError, TypeError):
        raise AvatarError(DAMAGED) from None
    return _to_rgb(image)


def shrink(image: Image.Image) -> Image.Image:
    """The image box-reduced by a whole factor (cheap) while its short side stays at least twice the largest
    avatar: the costly LANCZOS resampling then works on about a megapixel at most, whatever was uploaded."""
    factor = min(image.size) // (2 * max(SIZES.values()))
    if factor < 2:
        return image
    if image.mode not in ("RGB", "RGBA", "L", "LA", "I", "F"):  # reduce() needs plain pixels, not a palette
        image = _to_rgb(image)
    return image.reduce(factor)


def _to_rgb(image: Image.Image) -> Image.Image:
    has_alpha = image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in image.info
    if image.mode in ("I", "I;16", "I;16B", "I;16L", "F"):
        image = image.convert("I").point(lambda value: value / 256).convert("L")  # 16-bit greyscale
    return image.convert("RGBA" if has_alpha else "RGB")


def square(image: Image.Image, size: int) -> Image.Image:
    """A size x size centre crop of the image, rebuilt from its pixels alone (it carries no metadata at all)."""
    fitted = ImageOps.fit(image, (size, size), Image.Resampling.LANCZOS, centering=(0.5, 0.5))
    return Image.frombytes(fitted.mode, fitted.size, fitted.tobytes())


def encode(image: Image.Image) -> bytes:
    """The image as WebP (PNG where Pillow lacks WebP), with nothing but the pixels."""
    buffer = io.BytesIO()
    if OUTPUT_FORMAT == "WEBP":
        image.save(buffer, "WEBP", quality=85, method=4, exif=b"", icc_profile=None)
    else:
        image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def make_avatars(data: bytes) -> dict[str, bytes]:
    """Check an uploaded image and return the encoded thumbnails, keyed by field name ("avatar", "avatar_small").

    Raises AvatarError with a message for the player when the upload is refused.
    """
    image = open_image(data)
    return {field: encode(square(image, size)) for field, size in SIZES.items()}


def hue_for(handle: str) -> int:
    """A stable hue (0-359) for a handle, so each player keeps their colour."""
    digest = hashlib.sha256(handle.lower().encode()).digest()
    return int.from_bytes(digest[:2], "big") % 360


def initials_svg(initials: str, handle: str) -> str:
    """The default avatar: the player's initials on a disc coloured from their handle (an SVG document)."""
    hue = hue_for(handle)
    text = escape(initials[:2].upper() or "?")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img">'
        f"<title>{text}</title>"
        f'<circle cx="64" cy="64" r="64" fill="hsl({hue}, 55%, 42%)"/>'
        f'<text x="64" y="64" dy="0.35em" text-anchor="middle" fill="#ffffff" font-size="52" font-weight="700" '
        f'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">{text}</text>'
        "</svg>"
    )
