"""Small image files made on the fly for the avatar tests: real photos with metadata, GIFs, bombs."""

import io
import struct
import zlib

from PIL import Image, ImageCms, PngImagePlugin

GPS_IFD = 0x8825
ORIENTATION = 0x0112


def image_bytes(fmt: str, size=(300, 200), colour=(200, 40, 40), mode="RGB", **save_args) -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size, colour).save(buffer, fmt, **save_args)
    return buffer.getvalue()


def srgb_icc() -> bytes:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def jpeg_with_metadata(size=(400, 300), orientation: int = 1) -> bytes:
    """A JPEG carrying EXIF (camera, GPS position, orientation), an ICC profile and a comment."""
    exif = Image.Exif()
    exif[0x010F] = "SecretCam"  # Make
    exif[0x0110] = "Model X"  # Model
    exif[ORIENTATION] = orientation
    exif[GPS_IFD] = {1: "N", 2: (51.0, 30.0, 12.5), 3: "W", 4: (0.0, 7.0, 39.0)}
    buffer = io.BytesIO()
    Image.new("RGB", size, (30, 120, 200)).save(
        buffer, "JPEG", exif=exif, icc_profile=srgb_icc(), comment=b"secret comment", quality=90
    )
    return buffer.getvalue()


def halves_jpeg(orientation: int) -> bytes:
    """A 300x150 JPEG, red on the left half and blue on the right, with the given EXIF orientation."""
    image = Image.new("RGB", (300, 150), (0, 0, 255))
    image.paste((255, 0, 0), (0, 0, 150, 150))
    exif = Image.Exif()
    exif[ORIENTATION] = orientation
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", exif=exif, quality=95)
    return buffer.getvalue()


def png_with_text_and_icc() -> bytes:
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "secret comment")
    info.add_text("Location", "51.5N 0.1W")
    return image_bytes("PNG", mode="RGBA", colour=(10, 200, 10, 128), pnginfo=info, icc_profile=srgb_icc())


def two_frame_gif() -> bytes:
    """An animated GIF: a red first frame, then a green one."""
    red = Image.new("RGB", (120, 80), (255, 0, 0))
    green = Image.new("RGB", (120, 80), (0, 255, 0))
    buffer = io.BytesIO()
    red.save(buffer, "GIF", save_all=True, append_images=[green], duration=100, loop=0)
    return buffer.getvalue()


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bomb(width: int = 20000, height: int = 20000) -> bytes:
    """A tiny PNG whose header declares a huge image (the pixel data is a few compressed bytes)."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00" * 64)
    return b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header) + _png_chunk(b"IDAT", pixels) + _png_chunk(b"IEND", b"")


def gif_bomb() -> bytes:
    """A GIF header declaring a 65535 x 65535 screen and image."""
    screen = b"GIF89a" + struct.pack("<HHBBB", 65535, 65535, 0, 0, 0)
    descriptor = b"," + struct.pack("<HHHHB", 0, 0, 65535, 65535, 0)
    return screen + descriptor + b"\x02\x02\x44\x01\x00;"


def has_metadata(data: bytes) -> list[str]:
    """What metadata an encoded image still carries (empty when clean)."""
    found = []
    with Image.open(io.BytesIO(data)) as image:
        if image.getexif():
            found.append("exif")
        for key in ("exif", "icc_profile", "xmp", "comment", "Comment", "Location", "XML:com.adobe.xmp"):
            if image.info.get(key):
                found.append(key)
    for marker in (b"Exif", b"SecretCam", b"secret comment", b"ICC_PROFILE", b"iCCP", b"51.5N"):
        if marker in data:
            found.append(marker.decode())
    return found
