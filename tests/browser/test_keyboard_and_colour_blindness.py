"""In real Chromium, by keyboard alone: a few moves of Cat Tower (take a die, choose a lit hex, draw an item) and of
Rat Hot (rotate a strip, choose a spot from the menu, place it), every control reached with Tab and used with Enter,
Space or the arrows, each showing its focus. Then Rat Hot's red and green under a simulated deuteranopia: the
page's own symbols, photographed and passed through the Machado et al. (2009) deuteranopia matrix, still have
different shapes (their masks differ), so the colours need not be told apart."""
import io

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import expect

from tests.browser.keyboard import is_focused, tab_to
from tests.browser.tables import create_match, version, wait_for_version
from tests.browser.test_signup import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the page in the browser, not the database: once, on SQLite

# Machado, Oliveira and Fernandes (2009), deuteranopia at severity 1.0, as Pillow's RGB matrix (3 rows of 4).
DEUTERANOPIA = (0.367322, 0.860646, -0.227968, 0,
                0.280085, 0.672501, 0.047413, 0,
                -0.011820, 0.042940, 0.968881, 0)
RED = ["chili", "paprika", "saffron", "cinnamon", "rat-red"]
GREEN = ["basil", "mint", "coriander", "bay", "rat-green"]


def press_and_wait(page, key: str) -> None:
    """Press a key that posts a move and wait for the table that answers it."""
    before = version(page)
    with page.expect_response(lambda r: r.request.method == "POST" and "/move/" in r.url) as answer:
        page.keyboard.press(key)
    assert answer.value.status == 200, answer.value.text()
    wait_for_version(page, before + 1)


def outline(locator) -> str:
    return locator.evaluate("e => getComputedStyle(e).outlineStyle + ' ' + getComputedStyle(e).outlineWidth")


MINE = "#table .ct-sheet.mine"


def wait_for_my_turn(page) -> None:
    expect(page.locator("#table .table-status")).to_contain_text("Your move", timeout=15_000)


def test_cat_tower_by_keyboard(new_context):
    page = new_context().new_page()
    sign_up(page, "keycat", "Kit")
    create_match(page, "cat_tower", ["me", "bot:easy"])
    marked = 0
    for _round in range(3):
        wait_for_my_turn(page)
        take = page.locator("#table button.ct-take")
        if take.count():
            tab_to(page, take)
            press_and_wait(page, "Enter")
            wait_for_my_turn(page)
        expect(page.locator("#table .ct-play")).to_contain_text("Mark your tower")
        hexes = page.locator(f"{MINE} .lit input")
        if not hexes.count():  # nothing fits these dice: pass
            tab_to(page, page.locator("#table .ct-pass button"))
            press_and_wait(page, "Enter")
            continue
        tab_to(page, hexes)  # the lit hexes are one group of radio buttons: Tab enters it at the first
        page.keyboard.press("ArrowDown")  # the arrows move through the hexes...
        page.keyboard.press("ArrowUp")
        page.keyboard.press("Space")  # ...and Space chooses one
        chosen = page.locator(f"{MINE} .lit:has(input:checked)")
        expect(chosen).to_have_count(1)
        lit = page.locator(f"{MINE} .lit:not(:has(input:checked))")
        if lit.count():  # the hex with the focus is drawn otherwise than the others
            colour = "e => getComputedStyle(e).backgroundColor"
            assert chosen.evaluate(colour) != lit.first.evaluate(colour)
        name = chosen.locator("b").inner_text()
        assert name.startswith("Column ") and ", floor " in name, name
        choice = page.locator(f"{MINE} .ct-row button:visible").first
        expect(choice).to_be_visible()
        page.keyboard.press("Tab")  # the next stop after the hexes: the first thing to draw there
        assert is_focused(choice), "Tab goes from the hex to what may be drawn there"
        press_and_wait(page, "Enter")
        marked += 1
    assert marked, "some item was drawn by keyboard"
    expect(page.locator(f'{MINE} .ct-col li[class*=" m-"]')).to_have_count(marked, timeout=15_000)


def place_by_keyboard(page, rotate: bool) -> str:
    form = page.locator("#table form.rh-play")
    if rotate:
        tab_to(page, form.locator("button.rh-rotate"))
        assert outline(form.locator("button.rh-rotate")).split()[0] != "none", "focus shows"
        page.keyboard.press("Enter")
        expect(form.locator('input[name="rh-dir"][value="S"]')).to_be_checked()
        page.keyboard.press("Tab")  # from Rotate to the spot menu
    else:
        tab_to(page, form.locator("select.rh-spot"))
    select = form.locator("select.rh-spot")
    assert is_focused(select)
    expect(select.locator("option").nth(1)).to_be_attached()
    page.keyboard.press("ArrowDown")  # the next spot of the menu (the first, unless one was kept from before)
    label = select.evaluate("s => s.options[s.selectedIndex].text")
    assert select.evaluate("s => s.selectedIndex") > 0, "a spot is chosen, not the placeholder"
    expect(form.locator(".rh-preview")).to_have_text(label)
    expect(page.locator("#table .rh-ghost use")).to_have_count(3)
    page.keyboard.press("Tab")
    assert is_focused(form.locator("button.rh-place")), "Tab goes from the menu to Place the strip"
    press_and_wait(page, "Enter")
    return label


def test_rat_hot_by_keyboard(new_context):
    page = new_context().new_page()
    sign_up(page, "keyrat", "Rae")
    page.goto("/play/new/rat_hot/")
    page.select_option("#id_seat_0", "me")
    page.select_option("#id_seat_1", "bot:good")
    page.uncheck("#id_option_rats")
    page.click("button:text('Create the match')")
    page.wait_for_url("**/matches/*/")
    placed = []
    for turn in range(3):  # 1 strip, then 2 each turn
        for _strip in range(1 if turn == 0 else 2):
            wait_for_my_turn(page)
            expect(page.locator("#table form.rh-play select.rh-spot option").nth(1)).to_be_attached()
            placed.append(place_by_keyboard(page, rotate=not placed))
    assert "facing south" in placed[0]
    assert len(placed) == 5
    expect(page.locator(".match-log")).to_contain_text("placed")


def masks(page) -> dict[str, Image.Image]:
    """Each red and green symbol of the page, drawn 120 px wide, photographed, seen with deuteranopia, and made a
    mask of what differs from its background."""
    spaces = RED + GREEN
    page.evaluate("""spaces => {
        const NS = "http://www.w3.org/2000/svg", box = document.createElement("div");
        box.id = "cvd-probe";
        for (const space of spaces) {
            const svg = document.createElementNS(NS, "svg");
            svg.setAttribute("viewBox", "0 0 1 1"); svg.setAttribute("width", "120"); svg.setAttribute("height", "120");
            svg.dataset.space = space;
            const use = document.createElementNS(NS, "use");
            use.setAttribute("href", "#rh-" + space);
            svg.appendChild(use); box.appendChild(svg);
        }
        document.body.prepend(box);
    }""", spaces)
    found = {}
    for space in spaces:
        shot = Image.open(io.BytesIO(page.locator(f'#cvd-probe svg[data-space="{space}"]').screenshot())).convert("RGB")
        seen = shot.convert("RGB", DEUTERANOPIA)
        background = Image.new("RGB", seen.size, seen.getpixel((3, 3)))
        difference = ImageChops.difference(seen, background).convert("L")
        found[space] = difference.point(lambda v: 255 if v > 40 else 0).convert("1")
    return found


def overlap(a: Image.Image, b: Image.Image) -> float:
    """Intersection over union of two masks."""
    both = ImageChops.logical_and(a, b).histogram()[255]
    either = ImageChops.logical_or(a, b).histogram()[255]
    return both / either if either else 1.0


def test_rat_hots_red_and_green_keep_their_shapes_under_deuteranopia(new_context):
    page = new_context().new_page()
    sign_up(page, "cvdrat", "Dee")
    create_match(page, "rat_hot", ["me", "bot:easy"])
    expect(page.locator("#table .rh-board")).to_be_visible()
    found = masks(page)
    for space, mask in found.items():
        assert mask.histogram()[255] > 500, f"{space} draws something"
    for red in RED:
        for green in GREEN:
            apart = ImageChops.logical_xor(found[red], found[green]).histogram()[255]
            # Not the same picture: at most 90% of what either draws is shared, and at least 400 of the 14,400
            # pixels differ (a square beside a disc of about its size differs by about 900).
            assert overlap(found[red], found[green]) < 0.9 and apart >= 400, \
                f"{red} and {green} look alike without colour ({apart} pixels apart)"
