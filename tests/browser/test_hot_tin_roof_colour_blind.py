"""In real Chromium: Hot Tin Roof's player pieces stay apart under deuteranopia. The board of a real position is
drawn with the game's own template and CSS, screenshot, and every pixel passed through the deuteranopia matrix
(Machado, Oliveira and Fernandes 2009, severity 1, on linear RGB, with Pillow). Orange and brown then look alike
(two olive tones), so the test compares what is left once colour is gone: each piece's mask of marks (the pixels
far lighter or darker than its body). Two players' cats of the same pair have different masks; two cats of one
player the same."""
from io import BytesIO
from pathlib import Path

import pytest
from django.template.loader import render_to_string

from games.hot_tin_roof import engine
from games.hot_tin_roof.templatetags.hot_tin_roof_tags import roof

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the page in the browser, not the database: once, on SQLite
CSS = Path(engine.__file__).parent / "static" / "hot_tin_roof" / "hot_tin_roof.css"
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))


def position() -> dict:
    """Four players; the sitting cats of orange (seat 1) and brown (seat 2) alone on patios of their own."""
    state = engine.new_game(4, 5, {})
    spots = {0: ("A", "B"), 1: ("C", "D"), 2: ("E", "F"), 3: ("G", "H")}
    for seat, (a, b) in spots.items():
        state["players"][seat]["cats"] = {"sitting": [a, b], "standing": [None, None]}
    return engine.view(state, None)


def simulate(image):
    """The image as a deuteranope sees it."""
    from PIL import Image

    def to_linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def to_srgb(c):
        c = min(max(c, 0.0), 1.0)
        return round(255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))

    linear = [to_linear(v) for v in range(256)]
    raw = image.convert("RGB").tobytes()
    pixels = bytes(to_srgb(sum(row[k] * linear[raw[i + k]] for k in range(3)))
                   for i in range(0, len(raw), 3) for row in DEUTERANOPIA)
    return Image.frombytes("RGB", image.size, pixels)


def mask(piece) -> set:
    """The pixels of a piece far from its body's lightness: its outline and its owner's mark, not its colour."""
    grey = piece.convert("L")
    width, height = grey.size
    body = grey.getpixel((width // 2 - width // 5, height // 2 + height // 5))  # inside the body, off any mark
    return {(x, y) for y in range(height) for x in range(width) if abs(grey.getpixel((x, y)) - body) > 60}


def overlap(a: set, b: set) -> float:
    """How much two masks agree, at the best shift of up to a pixel (the pieces sit at fractional positions)."""
    shifts = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return max(len({(x + dx, y + dy) for x, y in a} & b) / len(a | b) for dx, dy in shifts)


def test_two_players_pieces_differ_by_shape_not_only_colour(browser):
    from PIL import Image

    page = browser.new_page(viewport={"width": 2000, "height": 1500})
    board = render_to_string("hot_tin_roof/board.html", {"r": roof(position(), [], ["Ann", "Bo", "Cy", "Di"])})
    page.set_content(f"<!doctype html><style>{CSS.read_text()}</style>{board}")
    shot = simulate(Image.open(BytesIO(page.locator(".htr-board").screenshot())))
    origin = page.locator(".htr-board").bounding_box()

    def piece(colour: str, index: int):
        box = page.locator(f".htr-cat.c-{colour}").nth(index).bounding_box()
        left, top = round(box["x"] - origin["x"]), round(box["y"] - origin["y"])
        return shot.crop((left, top, left + round(box["width"]), top + round(box["height"])))

    orange, brown = piece("orange", 0), piece("brown", 0)
    assert orange.size == brown.size
    # Colour alone: under deuteranopia the two bodies are close in hue (both olive), so something else must tell.
    (r1, g1, b1), (r2, g2, b2) = orange.getpixel((4, orange.size[1] // 2)), brown.getpixel((4, brown.size[1] // 2))
    assert abs((r1 - g1) - (r2 - g2)) < 40 and b1 < 60 and b2 < 60, (orange.getpixel((4, 20)), brown.getpixel((4, 20)))
    # Shape: the owners' marks (a bar, a dot) make the masks differ; one player's two cats match.
    assert overlap(mask(orange), mask(piece("orange", 1))) > 0.9
    assert overlap(mask(brown), mask(piece("brown", 1))) > 0.9
    assert overlap(mask(orange), mask(brown)) < 0.75
    assert overlap(mask(piece("blue", 0)), mask(orange)) < 0.75 and overlap(mask(piece("blue", 0)), mask(brown)) < 0.75
    shot.save("/tmp/hot_tin_roof_deuteranopia.png")
    page.close()
