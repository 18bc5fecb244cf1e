"""The Cat Tower table page: exactly the legal actions as choices, hidden marks stay hidden, sheets and scores."""
import json
import re

import pytest
from django.utils.html import escape

from games import bot_runner, lobby, turns
from games.cat_tower import engine
from games.lobby import SeatPlan
from games.models import Match, Move, Seat
from tests.composed import canonical, form_posts, posted_actions

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def rendered_actions(page: str) -> list[str]:
    """Every action the page's forms can post (each choice composed as a browser would), in canonical JSON."""
    return canonical(posted_actions(page))


def legal(match: Match, seat: int) -> list[str]:
    return canonical(engine.legal_actions(match.state, seat))


def sheet_html(page: str, seat: int) -> str:
    found = re.search(rf'<section class="ct-sheet[^"]*"[^>]*data-seat="{seat}">(.*?)</section>', page, re.S)
    assert found, f"no sheet for seat {seat}"
    return found.group(1)


def column_html(page: str, seat: int, column: int) -> str:
    found = re.search(rf'<ol class="ct-col c{column}[ "].*?</ol>', sheet_html(page, seat), re.S)
    assert found, f"no column {column} on seat {seat}'s sheet"
    return found.group(0)


def cell(page: str, seat: int, key: str) -> tuple[str, str]:
    """The classes and the inner HTML of one hex ("column-floor") of one seat's sheet."""
    column, floor = key.split("-")
    found = re.search(rf'<li class="(f{floor}(?: [^"]*)?)">(.*?)</li>', column_html(page, seat, int(column)), re.S)
    assert found, f"no hex {key} on seat {seat}'s sheet"
    return found.group(1), found.group(2)


def shows_item(classes: str) -> bool:
    """A hex drawn with an item: marked (m-<item>) or this seat's own pending mark (p-<item>)."""
    return any(c.startswith(("m-", "p-")) for c in classes.split())


def score(page: str, category: str, seat: int) -> int:
    """One number of the score table: the row of the category, the column of the seat."""
    from games.cat_tower.words import CATEGORY_LABELS

    label = CATEGORY_LABELS.get(category, category.capitalize())
    row = re.search(rf'<th scope="row">{label}</th>(.*?)</tr>', page[page.index('class="ct-scores'):]).group(1)
    return int(re.findall(r"<td>(-?\d+)</td>", row)[seat])


def page_of(client, match: Match) -> str:
    response = client.get(f"/matches/{match.pk}/table/")
    assert response.status_code == 200
    return response.content.decode()


def refresh(match: Match) -> Match:
    match.refresh_from_db()
    return match


def bots_move(match: Match) -> Match:
    """The bots' moves (the test's transaction never commits, so nothing runs them on commit)."""
    bot_runner.play_bots(match.pk)
    return refresh(match)


def draft_until_marking(match: Match, humans: tuple[int, ...]) -> Match:
    """The humans take the first free die whenever it is their pick (bots move by themselves)."""
    while bots_move(match).state["phase"] == "draft":
        seat = engine.to_move(match.state)[0]
        assert seat in humans, "a bot's pick should have been made at once"
        turns.play(match_id=match.pk, seat=seat, action=engine.legal_actions(match.state, seat)[0],
                   version=match.version)
    return bots_move(match)


def set_state(match: Match, change) -> Match:
    state = json.loads(json.dumps(match.state))
    change(state)
    Match.objects.filter(pk=match.pk).update(state=state)
    return refresh(match)


def with_dice(match: Match, mine: int, shared: int) -> Match:
    """Mia's die and the shared die set to these values (so that a mark is sure to fit on an empty sheet)."""
    def change(state):
        state["roll"][engine.my_die(state, 0)] = mine
        state["roll"][state["shared"]] = shared

    return set_state(match, change)


@pytest.fixture
def solo(mia):
    """Mia (seat 0) against an easy and a good bot."""
    match = lobby.create_match(host=mia, game="cat_tower", options={},
                               seats=[SeatPlan("me"), SeatPlan("bot", bot_level="easy"),
                                     SeatPlan("bot", bot_level="good")])
    return bots_move(match)


@pytest.fixture
def trio(mia, leo):
    """Mia (seat 0), Leo (seat 1) and an easy bot (seat 2), started."""
    match = lobby.create_match(host=mia, game="cat_tower", options={},
                               seats=[SeatPlan("me"), SeatPlan("invite"), SeatPlan("bot", bot_level="easy")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    return bots_move(match)


def test_the_draft_offers_one_button_per_free_die(client, mia, solo):
    client.force_login(mia)
    match = refresh(solo)
    assert match.state["phase"] == "draft" and engine.to_move(match.state) == [0]
    page = page_of(client, match)
    assert sorted(rendered_actions(page)) == sorted(legal(match, 0))
    assert "Your pick:" in page
    taken = [d for d in match.state["taken_by"] if d is not None]
    assert page.count('class="ct-take"') == len(match.state["roll"]) - len(taken)
    for value in match.state["roll"]:
        assert f"Take the {value}" in page or "A " + str(value) in page


def test_a_waiting_player_sees_who_picks_and_no_button(client, mia, leo, trio):
    match = refresh(trio)
    if engine.to_move(match.state) == [1]:  # make it Mia's pick, so that Leo waits
        turns.play(match_id=match.pk, seat=1, action=engine.legal_actions(match.state, 1)[0], version=match.version)
        match = bots_move(match)
    assert match.state["phase"] == "draft" and engine.to_move(match.state) == [0]
    client.force_login(leo)
    page = page_of(client, match)
    assert rendered_actions(page) == []
    assert f"{mia.profile.display_name} is picking a die." in page


def test_each_die_of_the_roll_says_whose_it_is(client, mia, leo, trio):
    """While marking: the viewer's die is theirs, the one left over shared, the others' named (as text, escaped)."""
    match = draft_until_marking(refresh(trio), humans=(0, 1))
    leo.profile.display_name = "Leo <b>"
    leo.profile.save()
    client.force_login(mia)
    page = page_of(client, match)
    dice = re.findall(r'<li class="ct-die (\w+)">.*?<span class="vh">(.*?)</span><span class="ct-die-owner small">(.*?)'
                      r"</span></li>", page)
    names = {1: "Leo &lt;b&gt;", 2: escape(Seat.objects.get(match=match, index=2).label)}
    expected = []
    for index, (value, taken_by) in enumerate(zip(match.state["roll"], match.state["taken_by"], strict=True)):
        if index == match.state["shared"]:
            expected.append(("shared", f"A {value}", "shared"))
        elif taken_by == 0:
            expected.append(("mine", f"A {value}", "yours"))
        else:
            expected.append(("taken", f"A {value}", names[taken_by]))
    assert dice == expected and {"mine", "shared", "taken"} <= {state for state, _, _ in dice}
    assert "ct-take" not in page  # nothing left to take while marking


def test_the_line_above_the_table_says_the_round_its_first_player_and_how_the_game_ends(client, mia, leo, trio):
    leo.profile.display_name = "Leo <b>"
    leo.profile.save()
    match = set_state(refresh(trio), lambda state: state.update(first_player=1))  # Leo's round
    first = "Leo &lt;b&gt;"
    columns = engine.view(match.state, 0)["columns_to_end"]
    client.force_login(mia)
    assert (f'<div class="ct-info row small"><span>Round <strong>{match.state["round"]}</strong></span> '
            f"<span>First player: {first}</span> <span class=\"muted\">The game ends with the round in which someone "
            f"completes {columns} column{'' if columns == 1 else 's'}.</span></div>") in page_of(client, match)


def test_a_house_that_scores_no_cat_says_every_cat_is_scored():
    """Once all six cats are scored a house hex scores none: its one button says so (the rows: marking_rows)."""
    from django.template import Context

    from games.cat_tower.templatetags.cat_tower_tags import marking_rows
    rows = [{"key": "h", "house": True, "choices": [{"part": {"cat": None}, "item": "house", "label": "House <1>"}],
             "hexes": [{"column": 1, "floor": 3, "label": "column 1:", "cost": "free", "dice": ""},
                       {"column": 4, "floor": 2, "label": "column 4:", "cost": "1 footprint", "dice": "your 5→4"}]}]
    html = marking_rows(Context({}), rows)
    assert ('<fieldset class="ct-row" data-row="h"><legend>House hex <span class="muted">· column 1: '
            '<span class="ct-cost">free</span>, column 4: <span class="ct-cost spends">1 footprint</span> (your 5→4)'
            '</span><br>Draw a house and score a cat:</legend>') in html
    assert ("""<button name="part-item" value='{"cat":null}' class="is-house"><b>House &lt;1&gt;</b> """
            "<small>every cat is scored</small></button></fieldset></div>") in html


def test_marking_offers_exactly_the_legal_marks_and_the_pass(client, mia, solo):
    client.force_login(mia)
    match = draft_until_marking(solo, humans=(0,))
    page = page_of(client, match)
    assert sorted(rendered_actions(page)) == sorted(legal(match, 0))
    assert json.dumps({"type": "pass"}) in rendered_actions(page)
    assert "Pass (circle a footprint)" in page and "Mark your tower" in page


def row_html(page: str, row: str) -> str:
    found = re.search(rf'<fieldset class="ct-row" data-row="{row}">.*?</fieldset>', page, re.S)
    assert found, f"no row {row} of choices"
    return found.group(0)


def test_footprints_and_houses_every_legal_mark_is_one_composition(client, mia, solo):
    """A roll that allows houses (one per cat) and marks that spend footprints."""
    client.force_login(mia)
    match = with_dice(draft_until_marking(solo, humans=(0,)), 1, 3)

    def change(state):
        sheet = state["sheets"][0]
        sheet["marks"].update({"1-1": "yarn", "2-2": "house", "3-1": "mouse"})
        sheet["cats"] = {"mouse": 1}
        sheet["footprints"] = {"circled": 5, "crossed": 2}

    match = set_state(match, change)
    actions = engine.legal_actions(match.state, 0)
    assert any(a.get("cat") == "yarn" for a in actions) and any(a.get("footprints") == 3 for a in actions)
    page = page_of(client, match)
    shown = rendered_actions(page)
    assert sorted(shown) == sorted(legal(match, 0)) and len(shown) == len(set(shown))
    # A lit house hex carries the house and its cost; the house row has one button per cat not yet scored, with
    # the points it would write; a lit hex of another floor lights that floor's row, each item with its cost.
    classes, inner = cell(page, 0, "3-4")
    assert "lit" in classes and "hh" in classes and 'data-row="h"' in inner
    houses = row_html(page, "h")
    assert "<b>Yarn cat</b> <small>2 × 1 = 2</small>" in houses
    assert "<b>House cat</b> <small>2 × 2 = 4</small>" in houses
    assert "Mouse cat" not in houses and "column 3: <span" in houses
    spends = [a for a in actions if a["type"] == "mark" and a["footprints"] == 3 and a["item"] != engine.HOUSE][0]
    classes, inner = cell(page, 0, f"{spends['column']}-{spends['floor']}")
    assert "lit" in classes and f'data-row="{spends["floor"]}"' in inner
    name = engine.TOWER.items[spends["item"]]
    row = row_html(page, str(spends["floor"]))
    assert f'class="is-{name}">{name.capitalize()} <small>3 footprints</small>' in row
    # The item filter lists the items that fit and the floors they fit on.
    assert 'name="ct-item" value="house"' in page


def test_no_actions_for_a_seat_that_has_marked(client, mia, leo, trio):
    match = with_dice(draft_until_marking(trio, humans=(0, 1)), 2, 4)
    mark = engine.legal_marks(match.state, 0)[0]
    client.force_login(mia)
    response = client.post(f"/matches/{match.pk}/move/", {"seat": 0, "version": match.version,
                                                           "action": json.dumps(mark)}, **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Waiting for the others" in page and rendered_actions(page) == []
    assert "Still choosing:" in page and leo.profile.display_name in page.split("Still choosing:")[1].split("</p>")[0]


def test_pending_marks_are_hidden_from_everyone_else(client, mia, leo, trio):
    match = with_dice(draft_until_marking(trio, humans=(0, 1)), 6, 3)
    bot_mark = match.state["pending"][2]
    assert bot_mark is not None, "the bot marks at once"
    mark = engine.legal_marks(match.state, 0)[0]
    turns.play(match_id=match.pk, seat=0, action=mark, version=match.version)
    match = refresh(match)
    assert match.state["phase"] == "mark" and match.state["pending"][0] == mark
    mine = f"{mark['column']}-{mark['floor']}"
    described = engine.TOWER.items[mark["item"]].capitalize() + f" on column {mark['column']}, floor {mark['floor']}"

    client.force_login(mia)
    page = page_of(client, match)
    classes, inner = cell(page, 0, mine)
    assert f"p-{engine.TOWER.items[mark['item']]}" in classes.split() and "not yet revealed" in inner
    assert described in page

    pages = {"Leo": None, "a spectator": None}
    client.force_login(leo)
    pages["Leo"] = page_of(client, match)
    client.logout()
    pages["a spectator"] = page_of(client, match)
    for who, page in pages.items():
        classes, inner = cell(page, 0, mine)
        assert not shows_item(classes), f"{who} sees Mia's mark"
        assert described not in page and "Your mark this round" not in page
        if bot_mark["type"] == "mark":
            bot_hex = f"{bot_mark['column']}-{bot_mark['floor']}"
            classes, _ = cell(page, 2, bot_hex)
            assert not shows_item(classes), f"{who} sees the bot's mark"
    # Mia does not see the bot's mark either.
    if bot_mark["type"] == "mark":
        client.force_login(mia)
        classes, _ = cell(page_of(client, match), 2, f"{bot_mark['column']}-{bot_mark['floor']}")
        assert not shows_item(classes)
    assert rendered_actions(pages["a spectator"]) == []
    assert sorted(rendered_actions(pages["Leo"])) == sorted(legal(match, 1))


def sample_sheets(state):
    state["sheets"][0].update(
        marks={"1-1": "yarn", "1-2": "bowl", "1-3": "mouse", "1-5": "house", "2-1": "mouse", "2-3": "butterfly",
               "5-1": "cushion", "5-3": "house", "5-4": "cushion"},
        cats={"yarn": 2, "cushion": 4}, columns={"1": 6, "5": 3},
        footprints={"circled": 6, "crossed": 2})
    state["sheets"][1].update(marks={"1-1": "yarn", "4-4": "bowl", "4-3": "mouse"}, crossed_out=[1, 5],
                              footprints={"circled": 1, "crossed": 0})
    state["sheets"][2].update(marks={"3-1": "yarn", "3-2": "yarn"}, footprints={"circled": 18, "crossed": 18},
                              crossed_out=[1, 5])
    state["claimed_columns"] = [1, 5]


def test_sheets_show_items_cats_footprints_and_columns(client, mia, solo):
    match = set_state(refresh(solo), sample_sheets)
    client.force_login(mia)
    page = page_of(client, match)
    for key, item in match.state["sheets"][0]["marks"].items():
        classes, inner = cell(page, 0, key)
        assert f"m-{item}" in classes.split()  # the picture, drawn by the stylesheet
        column, floor = key.split("-")
        # Its name for screen readers: floor and item, read within its column's list, which names the column (the
        # printed floor number is drawn by the stylesheet)
        assert inner == f"<b>Floor {floor}: {item}</b>"
        assert re.search(rf'<ol class="ct-col c{column}[^"]*" aria-label="Column {column}, ', page)
    classes, inner = cell(page, 0, "4-6")
    assert "hh" in classes.split() and not shows_item(classes)
    assert inner == "<b>Floor 6: house hex, empty</b>"
    classes, inner = cell(page, 0, "4-5")
    assert classes == "f5" and inner == "<b>Floor 5: empty</b>"
    classes, _ = cell(page, 1, "4-4")
    assert "m-bowl" in classes.split()
    game = page[page.index('<div class="ct"'):]
    assert ' style="' not in game, "the content security policy forbids inline styles"
    assert "<script" not in game, "scripts are not run when a table is swapped in: the match page loads them"
    match_page = client.get(f"/matches/{match.pk}/").text
    assert "cat_tower/table.js" in match_page and "cat_tower/table.css" in match_page
    mine = sheet_html(page, 0)
    assert "6 of 18 circled, 2 crossed out: <strong>4</strong> to spend" in mine
    track = re.search(r'<p class="ct-track" aria-hidden="true">(.*?)</p>', mine).group(1)
    # Runs of one kind within each line of nine: 2 crossed out, 4 circled, 3 empty; then 9 empty
    assert track == '<i class="x n2"></i><i class="c n4"></i><i class="n3"></i><i class="n9"></i>'
    assert '<i class="ct-i i-yarn"></i>Yarn cat <strong>2</strong>' in mine
    assert '<i class="ct-i i-mouse"></i>Mouse cat <small>not scored</small>' in mine
    assert 'aria-label="Column 1, bonus 6 (scored) or 4"' in mine
    assert 'aria-label="Column 5, bonus 3 (scored) or 2"' in mine
    theirs = sheet_html(page, 1)
    assert 'aria-label="Column 1, bonus 6 (crossed out) or 4"' in theirs
    assert "Cats scored: none yet" in theirs
    # Only hexes are on the page (24 of them); the scratching posts are printed by the stylesheet.
    assert len(re.findall(r'<li class="f\d', mine)) == len(engine.TOWER.hexes) == 24


def test_the_scores_table_is_the_engine_scoring(client, mia, solo):
    match = set_state(refresh(solo), sample_sheets)
    client.force_login(mia)
    page = page_of(client, match)
    breakdown = engine.outcome(match.state)["breakdown"]
    for seat, parts in enumerate(breakdown):
        for category, points in parts.items():
            assert score(page, category, seat) == points, f"seat {seat} {category} should be {points}"
    assert breakdown[0]["total"] > 0


def test_a_whole_game_through_the_page_ends_with_the_result(client, mia, solo):
    client.force_login(mia)
    match = refresh(solo)
    for _ in range(400):
        match = bots_move(match)
        if match.status == Match.FINISHED:
            break
        page = page_of(client, match)
        assert rendered_actions(page) == legal(match, 0)
        _, fields = form_posts(page)[0]  # the first choice on the page: a die, or the first lit hex's first mark
        response = client.post(f"/matches/{match.pk}/move/", fields, **HTMX)
        assert response.status_code == 200, response.content.decode()[:500]
    assert match.status == Match.FINISHED
    page = page_of(client, match)
    assert "The match is over" in page and rendered_actions(page) == []
    for seat, total in enumerate(engine.outcome(match.state)["scores"]):
        assert score(page, "total", seat) == total
    winners = [s for s, r in enumerate(engine.outcome(match.state)["ranks"]) if r == 1]
    for seat in winners:
        assert 'winner' in re.search(rf'<section class="ct-sheet[^"]*"[^>]*data-seat="{seat}">', page).group(0)


def test_a_mark_is_a_lit_hex_and_a_choice_posted_without_javascript(client, mia, solo):
    """A plain form POST (no htmx): the hex's and the button's fields compose the mark; the page reloads."""
    client.force_login(mia)
    match = with_dice(draft_until_marking(solo, humans=(0,)), 2, 4)  # dice that make marks, whatever the seed
    page = page_of(client, match)
    action, fields = next((a, f) for a, f in form_posts(page) if a["type"] == "mark")
    assert set(fields) == {"csrfmiddlewaretoken", "seat", "version", "action", "part-hex", "part-item"}
    assert json.loads(fields["action"]) == {"type": "mark"}
    response = client.post(f"/matches/{match.pk}/move/", fields)
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert Move.objects.filter(match=match, seat=0).latest("seq").action == action
    item = engine.TOWER.items[action["item"]]
    assert refresh(match).state["sheets"][0]["marks"][f"{action['column']}-{action['floor']}"] == item


def test_a_composition_the_rules_refuse_changes_nothing_and_says_why(client, mia, solo):
    """The page is never trusted: a lit hex with a button of another floor's row is refused by the engine."""
    client.force_login(mia)
    match = with_dice(draft_until_marking(solo, humans=(0,)), 2, 4)

    def change(state):
        state["sheets"][0]["footprints"] = {"circled": 3, "crossed": 0}

    match = set_state(match, change)
    page = page_of(client, match)
    posts = [f for a, f in form_posts(page) if a["type"] == "mark" and a["item"] != engine.HOUSE]
    marks = {json.dumps(a, sort_keys=True) for a in engine.legal_marks(match.state, 0)}
    wrong = next(dict(f, **{"part-item": g["part-item"]}) for f in posts for g in posts
                 if json.dumps({"type": "mark", **json.loads(f["part-hex"]), **json.loads(g["part-item"])},
                               sort_keys=True) not in marks)
    before = match.version
    response = client.post(f"/matches/{match.pk}/move/", wrong, **HTMX)
    assert response.status_code == 400
    page = response.content.decode()
    assert 'role="alert"' in page and "Mark your tower" in page  # the reason, above the fresh table
    assert "could not be read" not in page and "do not make one move" not in page  # the engine refused it
    match = refresh(match)
    assert match.version == before and match.state["pending"][0] is None
