"""Record a game: the picker, each game's pad saved with the right scores and places, its validation messages,
live totals, repeats, corrections by the recorder only, and the record in every participant's history."""

import re

import pytest
from django.urls import reverse

from scoring.models import GameRecord, PlayerProfile

pytestmark = pytest.mark.django_db

FINISHED_CAT_TOWER = [  # the three sheets of tests/games/cat_tower/test_tally.py: 55, 54 and 30 points
    {"marks": {"1-1": "yarn", "1-2": "mouse", "1-3": "mouse", "1-5": "house", "2-1": "yarn", "3-1": "bowl",
               "3-2": "yarn", "3-4": "house", "3-5": "cushion", "3-6": "mouse", "5-1": "cushion", "5-3": "house",
               "5-4": "butterfly"},
     "cats": {"mouse": 2, "house": 4, "cushion": 6}, "columns": {"1": 6, "3": 7, "5": 3},
     "footprints": {"circled": 4, "crossed": 2}},
    {"marks": {"1-1": "yarn", "1-2": "yarn", "1-3": "bowl", "1-5": "house", "2-1": "mouse", "2-2": "house",
               "2-3": "mouse", "2-4": "butterfly", "2-5": "cushion", "2-6": "yarn", "4-1": "yarn"},
     "cats": {"yarn": 3, "bowl": 2}, "columns": {"1": 4, "2": 9}, "footprints": {"circled": 2, "crossed": 1}},
    {"marks": {"1-1": "yarn", "1-2": "yarn", "3-1": "yarn", "3-2": "cushion", "4-1": "butterfly", "4-2": "bowl",
               "5-1": "mouse", "5-3": "house", "5-4": "mouse"},
     "cats": {"mouse": 2}, "columns": {"5": 2}, "footprints": {"circled": 3, "crossed": 0}},
]


def form_data(*players, **pad):
    """The form as a browser posts it: details, seats ("@handle" or a new name), then the pad's own fields."""
    data = {"played_on": "2026-11-28", "location": "", "duration": "", "notes": "", "seats": str(len(players)),
            "action": "save"}
    for i, player in enumerate(players):
        data[f"seat-{i}-player"], data[f"seat-{i}-new"] = (player[1:], "") if player.startswith("@") else ("", player)
    data.update({key: str(value) for key, value in pad.items()})
    return data


def hot_tin_roof_pad(players, trigger, **options):
    pad = {f"s{i}-{name}": value for i, p in enumerate(players) for name, value in p.items()}
    return {**pad, "trigger_seat": trigger, **options}


HTR_TIED = [  # seats 0 and 1 tie on 65; seat 1 took the last fish
    {"cans": 25, "fish": 4, "home_tiles": 5, "pairs_left": 1, "penalties": 15},
    {"cans": 15, "fish": 5, "home_tiles": 6, "pairs_left": 1, "penalties": 15},
    {"cans": 30, "fish": 3, "home_tiles": 3, "pairs_left": 0, "penalties": 0},
]


def rat_a_tat_cat_pad(scores_by_round, **options):
    pad = {"round_count": len(scores_by_round), **options}
    for r, scores in enumerate(scores_by_round):
        for i, score in enumerate(scores):
            pad[f"r{r}-s{i}"] = "" if score is None else score
    return pad


def cat_tower_pad(sheets, columns_to_end=3):
    pad = {"columns_to_end": columns_to_end}
    for i, sheet in enumerate(sheets):
        pad.update({f"s{i}-hex-{h}": item for h, item in sheet["marks"].items()})
        pad.update({f"s{i}-col-{c}": points for c, points in sheet["columns"].items()})
        cats = sheet["cats"].items() if isinstance(sheet["cats"], dict) else sheet["cats"]
        for k, (cat, points) in enumerate(cats):
            # The pad works the points out: house k + 1 scored its cat with points / (k + 1) items then.
            pad[f"s{i}-cat{k}"] = cat
            if cat != "house":
                pad[f"s{i}-catitems{k}"] = points // (k + 1)
        pad[f"s{i}-circled"], pad[f"s{i}-crossed"] = sheet["footprints"]["circled"], sheet["footprints"]["crossed"]
    return pad


def post(client, slug, data):
    return client.post(reverse("record_new", args=[slug]), data)


def saved(response) -> GameRecord:
    assert response.status_code == 302, errors_in(response)
    game_record = GameRecord.objects.get()
    assert response["Location"] == game_record.get_absolute_url()
    return game_record


def errors_in(response) -> str:
    return " | ".join(re.sub(r"<[^>]+>", "", e) for e in re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>',
                                                                    response.text, re.S))


def places(game_record):
    return [(p.seat, p.name, p.score, p.rank) for p in game_record.participants.all()]


# --- the pages ------------------------------------------------------------------------------------------------


def test_recording_needs_a_login(client):
    for url in (reverse("record_game"), reverse("record_new", args=["cat_tower"]), reverse("record_edit", args=[1])):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_the_picker_lists_the_four_games_and_the_menu_links_it(alice_client):
    response = alice_client.get(reverse("record_game"))
    assert f'href="{reverse("record_game")}">Record a game</a>' in response.text
    for slug in ("hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"):
        assert reverse("record_new", args=[slug]) in response.text


def test_an_unknown_game_is_not_found(alice_client):
    assert alice_client.get(reverse("record_new", args=["chess"])).status_code == 404


def test_each_pad_opens_with_today_and_the_players_to_choose(alice_client, alice, bob, make_player):
    table_player = PlayerProfile.objects.create(handle="zoe", display_name="Zoe", created_by=alice)
    PlayerProfile.objects.create(handle="someone-elses", display_name="Not Mine", created_by=bob)
    for slug, seats in (("hot_tin_roof", 3), ("rat_a_tat_cat", 3), ("cat_tower", 3), ("rat_hot", 2)):
        response = alice_client.get(reverse("record_new", args=[slug]))
        assert response.status_code == 200
        text = response.text
        assert text.count('name="seat-') == 2 * seats
        assert re.search(r'name="played_on" value="\d{4}-\d\d-\d\d"', text)
        assert "Alice Cooper (you)" in text and "Bob Dylan (@bob)" in text
        assert f"{table_player.display_name} (@zoe)" in text
        assert "Not Mine" not in text  # another user's table player is theirs to record
        assert 'hx-post="' + reverse("record_preview", args=[slug]) + '"' in text
        assert "css/record.css" in text


def test_a_cat_tower_sheet_offers_only_what_each_hex_allows(alice_client):
    text = alice_client.get(reverse("record_new", args=["cat_tower"]) + "?players=2").text
    house_hex = re.search(r'<select name="s0-hex-2-2".*?</select>', text, re.S).group(0)
    other_hex = re.search(r'<select name="s0-hex-2-3".*?</select>', text, re.S).group(0)
    assert re.findall(r'value="(\w*)"', house_hex) == ["", "house"]
    assert re.findall(r'value="(\w*)"', other_hex) == ["", "yarn", "butterfly", "bowl", "cushion", "mouse"]
    assert 'aria-label="Seat 1: column 2, floor 2, the house hex"' in house_hex
    assert text.count('name="s1-hex-') == 24  # 24 hexes a sheet; scratching posts have none
    bonus = re.search(r'<select name="s0-col-2".*?</select>', text, re.S).group(0)
    assert re.findall(r'value="(\d*)"', bonus) == ["", "9", "5"]


def test_the_number_of_players_changes_and_keeps_what_was_typed(alice_client):
    data = form_data("@alice", "Zoe", **{"s0-chips": 7})
    data.update(action="players-4", location="The café")
    response = post(alice_client, "cat_tower", data)
    assert response.status_code == 200 and not GameRecord.objects.exists()
    assert response.text.count('name="seat-') == 8
    assert 'value="The café"' in response.text and 'name="seat-1-new" value="Zoe"' in response.text
    # Redrawing is not a failed save: no field complains (the totals may say the sheets are not finished).
    assert "This field is required" not in response.text and "Choose who sat here" not in response.text
    assert 'role="alert"' not in response.text


# --- Hot Tin Roof -------------------------------------------------------------------------------------------


def test_hot_tin_roof_saves_with_the_seat_tie_break(alice_client, alice, bob):
    game_record = saved(post(alice_client, "hot_tin_roof",
                             form_data("@alice", "@bob", "Zoe", **hot_tin_roof_pad(HTR_TIED, trigger=1))))
    assert places(game_record) == [(0, "Alice Cooper", 65, 1), (1, "Bob Dylan", 65, 2), (2, "Zoe", 60, 3)]
    assert game_record.record["final"]["trigger_seat"] == 1
    assert game_record.record["options"] == {"home_tiles_break_ties": False}
    assert game_record.record["result"]["breakdown"][0] == {"cans": 25, "fish": 40, "total": 65}


def test_hot_tin_roof_record_page_names_who_took_the_last_fish(alice_client, alice, bob):
    game_record = saved(post(alice_client, "hot_tin_roof",
                             form_data("@alice", "@bob", "Zoe", **hot_tin_roof_pad(HTR_TIED, trigger=1))))
    text = alice_client.get(game_record.get_absolute_url()).text
    row = re.search(r'<th scope="row">The seat that took the last fish</th><td>(.*?)</td>', text)
    assert row and row.group(1) == "Bob Dylan", "the seat's player, not a seat counted from 0"


def test_hot_tin_roof_home_tiles_break_ties_first_with_the_option(alice_client, alice, bob):
    pad = hot_tin_roof_pad(HTR_TIED, trigger=1, home_tiles_break_ties="on")
    game_record = saved(post(alice_client, "hot_tin_roof", form_data("@alice", "@bob", "Zoe", **pad)))
    assert [p.rank for p in game_record.participants.all()] == [2, 1, 3]  # Bob took 6 home tiles, Alice 5
    assert game_record.record["options"] == {"home_tiles_break_ties": True}


@pytest.mark.parametrize("change, message", [
    ({"trigger_seat": ""}, "Say who took the last fish: that ended the game."),
    ({"s0-cans": ""}, "This field is required."),
    ({"s0-cans": "-4"}, "Ensure this value is greater than or equal to 0."),
    ({"s2-home_tiles": "4"}, "the game ends when all 12 are taken"),
    ({"s0-penalties": "30"}, "15 cans for each pair left: 1 pair left is at most 15 cans paid, not 30"),
    ({"s1-pairs_left": "3", "s1-penalties": "15"}, "A player has only 2 pairs of cats"),
    ({"s2-home_tiles": "2"}, "3 fish and 0 pairs on the board need at least 3 home tiles, not 2"),
])
def test_hot_tin_roof_refuses_impossible_pads_with_a_clear_message(alice_client, alice, bob, change, message):
    data = form_data("@alice", "@bob", "Zoe", **hot_tin_roof_pad(HTR_TIED, trigger=1))
    data.update(change)
    response = post(alice_client, "hot_tin_roof", data)
    assert response.status_code == 200 and not GameRecord.objects.exists()
    assert message in errors_in(response)
    assert not PlayerProfile.objects.filter(display_name="Zoe").exists()


# --- the players ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, message", [
    (("@alice", "@alice", "Zoe"), "This player already sits in seat 1."),
    (("@alice", "Zoe", "zoe"), "Seat 2 has a new player of this name already"),
    (("@alice", "@bob", ""), "Choose who sat here, or type a new player&#x27;s name."),
    (("@alice", "@nobody", "Zoe"), "Select a valid choice."),
])
def test_seats_are_checked(alice_client, alice, bob, players, message):
    response = post(alice_client, "hot_tin_roof", form_data(*players, **hot_tin_roof_pad(HTR_TIED, trigger=1)))
    assert response.status_code == 200 and message in response.text


def test_a_seat_takes_a_player_or_a_new_name_not_both(alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Zoe", **hot_tin_roof_pad(HTR_TIED, trigger=1))
    data["seat-2-player"] = "bob"
    assert "Choose a player or type a new name, not both." in post(alice_client, "hot_tin_roof", data).text


# --- Rat-a-Tat Cat ------------------------------------------------------------------------------------------


def test_rat_a_tat_cat_lowest_total_wins(alice_client, alice, bob):
    pad = rat_a_tat_cat_pad([[10, 4], [3, 12], [None, None]], end="rounds", rounds=2)
    game_record = saved(post(alice_client, "rat_a_tat_cat", form_data("@alice", "@bob", **pad)))
    assert places(game_record) == [(0, "Alice Cooper", 13, 1), (1, "Bob Dylan", 16, 2)]
    assert game_record.record["final"] == {"rounds": [{"rows": None, "scores": [10, 4]},
                                                      {"rows": None, "scores": [3, 12]}]}
    assert game_record.record["options"] == {"end": "rounds", "rounds": 2, "limit": 100, "memory_aid": False}


def test_rat_a_tat_cat_elimination_ranks_and_shows_who_goes_out(alice_client, alice, bob):
    rounds = [[31, 3, 4], [None, 20, 9], [None, 9, 10]]
    pad = rat_a_tat_cat_pad(rounds, end="elimination", limit=30)
    data = form_data("@alice", "@bob", "Zoe", **pad)
    preview = alice_client.post(reverse("record_preview", args=["rat_a_tat_cat"]), data)
    rows = re.findall(r"<tr><th scope=\"row\">(\d)</th>(.*?)</tr>", preview.text, re.S)
    assert [re.sub(r"<[^>]+>", " ", cells).split() for _n, cells in rows] == [
        ["31", "out", "3", "4"], ["out", "23", "13"], ["out", "32", "out", "23"]]
    assert "A player whose total reaches 30 is out" in preview.text
    game_record = saved(post(alice_client, "rat_a_tat_cat", data))
    assert places(game_record) == [(0, "Alice Cooper", 31, 3), (1, "Bob Dylan", 32, 2), (2, "Zoe", 23, 1)]


@pytest.mark.parametrize("rounds, options, message", [
    ([[10, 4], [3, 12]], {"end": "rounds", "rounds": 3}, "The game was set to 3 rounds, but 2 are entered."),
    ([[10, 4], [3, None]], {"end": "time"}, "The score is missing: this player was still in."),
    ([[31, 3], [4, 5]], {"end": "elimination", "limit": 30}, "The game ended after round 1"),
    ([[10, 4]], {"end": "elimination", "limit": 30}, "at most one player is left below 30; 2 still are"),
    ([[10, 37]], {"end": "time"}, "A round score is at most 36: four cards of 9, not 37."),
    ([[None, None]], {"end": "time"}, "Enter at least one round&#x27;s scores."),
])
def test_rat_a_tat_cat_refuses_impossible_pads(alice_client, alice, bob, rounds, options, message):
    response = post(alice_client, "rat_a_tat_cat", form_data("@alice", "@bob", **rat_a_tat_cat_pad(rounds, **options)))
    assert response.status_code == 200 and not GameRecord.objects.exists()
    assert message in response.text


def test_rat_a_tat_cat_adds_a_round_keeping_the_scores(alice_client, alice, bob):
    data = form_data("@alice", "@bob", **rat_a_tat_cat_pad([[10, 4], [3, 12]], end="time"))
    data["action"] = "add-round"
    response = post(alice_client, "rat_a_tat_cat", data)
    assert 'name="r2-s1"' in response.text and 'name="r1-s1" value="12"' in response.text
    assert 'name="round_count" value="3"' in response.text


@pytest.mark.parametrize("slug", ["rat_a_tat_cat", "hot_tin_roof"])
def test_adding_a_round_with_a_garbled_round_count_redraws_the_pad(alice_client, alice, bob, slug):
    response = post(alice_client, slug, form_data("@alice", "@bob", "Zoe", action="add-round", round_count="abc"))
    assert response.status_code == 200 and not GameRecord.objects.exists()
    assert 'name="seat-2-new" value="Zoe"' in response.text


# --- Cat Tower ----------------------------------------------------------------------------------------------


def test_cat_tower_saves_the_three_sheets_with_the_full_breakdown(alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Ada", **cat_tower_pad(FINISHED_CAT_TOWER))
    game_record = saved(post(alice_client, "cat_tower", data))
    assert places(game_record) == [(0, "Alice Cooper", 55, 1), (1, "Bob Dylan", 54, 2), (2, "Ada", 30, 3)]
    assert game_record.record["final"] == {"sheets": FINISHED_CAT_TOWER}
    assert game_record.record["result"]["breakdown"][2] == {
        "cats": 2, "yarn": 12, "butterfly": 2, "bowl": 8, "cushion": 2, "mouse": 2, "columns": 2, "total": 30}
    assert game_record.record["options"] == {"columns_to_end": 3}


def test_cat_tower_live_totals_come_from_the_scoring_module(alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Ada", **cat_tower_pad(FINISHED_CAT_TOWER))
    response = alice_client.post(reverse("record_preview", args=["cat_tower"]), data)
    totals = dict(re.findall(r'data-seat="(\d)" data-category="total">(\d+)<', response.text))
    assert totals == {"0": "55", "1": "54", "2": "30"}
    assert re.search(r'data-seat="1" data-category="yarn">21<', response.text)
    # Each sheet's own total and (no) problems are swapped in beside the sheets.
    assert '<span id="sheet-total-2" class="sheet-total" hx-swap-oob="true">30 points</span>' in response.text
    assert '<div id="sheet-problems-0" class="sheet-problems" hx-swap-oob="true"></div>' in response.text
    assert '<span id="seat-name-2" class="seat-name" hx-swap-oob="true">: Ada</span>' in response.text


def cat_tower_refusal(client, seat, **change):
    sheets = [dict(sheet) for sheet in FINISHED_CAT_TOWER]
    sheets[seat] = {**sheets[seat], **change}
    response = post(client, "cat_tower", form_data("@alice", "@bob", "Ada", **cat_tower_pad(sheets)))
    assert response.status_code == 200 and not GameRecord.objects.exists()
    assert "problems to put right" in response.text or "problem to put right" in response.text
    slots = re.findall(rf'<div id="id_s{seat}-[\w-]+-errors" class="field-errors">(.*?)</div>', response.text, re.S)
    return re.sub(r"<[^>]+>", " ", " ".join(slots))


def test_cat_tower_refuses_a_house_off_a_house_hex(alice_client, alice, bob):
    marks = {**FINISHED_CAT_TOWER[2]["marks"], "4-3": "house"}
    assert "A house on column 4, floor 3, which is not a house hex" in cat_tower_refusal(alice_client, 2, marks=marks)


def test_cat_tower_refuses_a_cat_scored_twice(alice_client, alice, bob):
    reasons = cat_tower_refusal(alice_client, 1, cats=[("yarn", 3), ("yarn", 2)])
    assert "The yarn cat is scored 2 times; each cat is scored once" in reasons


def test_cat_tower_refuses_a_bonus_the_column_does_not_allow(alice_client, alice, bob):
    assert "Column 2 gives 9 or 5, not 8" in cat_tower_refusal(alice_client, 1, columns={"1": 4, "2": 8})
    assert "Column 4 scores a bonus but is not complete" in cat_tower_refusal(alice_client, 2,
                                                                               columns={"5": 2, "4": 4})


def test_cat_tower_asks_for_the_points_of_a_cat_and_the_cat_of_points(alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Ada", **cat_tower_pad(FINISHED_CAT_TOWER))
    data.update({"s2-cat1": "bowl"})
    text = post(alice_client, "cat_tower", data).text
    assert "Only 1 house on this sheet: house 2, which scored this cat, is not there." in text


def test_cat_tower_refuses_an_unfinished_game(alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Ada", **cat_tower_pad(FINISHED_CAT_TOWER, columns_to_end=4))
    response = post(alice_client, "cat_tower", data)
    assert "The game ends when a player has completed 4 columns; no sheet has yet." in response.text


# --- Rat Hot: its final-tally sheet is tested with the game, tests/games/rat_hot/test_pad.py ----------------


# --- repeats, corrections, who sees it ----------------------------------------------------------------------


def test_the_same_game_twice_is_a_clear_form_error(alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Zoe", **hot_tin_roof_pad(HTR_TIED, trigger=1))
    first = saved(post(alice_client, "hot_tin_roof", data))
    response = post(alice_client, "hot_tin_roof", data)
    assert response.status_code == 200
    assert f'This game is already recorded: <a href="{first.get_absolute_url()}">see it in the history</a>.' in (
        response.text)
    assert GameRecord.objects.count() == 1 and PlayerProfile.objects.filter(display_name="Zoe").count() == 1


def test_the_recorder_corrects_a_record(alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Zoe", **hot_tin_roof_pad(HTR_TIED, trigger=1))
    game_record = saved(post(alice_client, "hot_tin_roof", data))
    zoe = game_record.record["seats"][2]["player"]
    edit = reverse("record_edit", args=[game_record.pk])
    page = alice_client.get(edit).text
    assert 'name="s0-cans" value="25"' in page and f'<option value="{zoe}" selected>' in page
    assert 'name="trigger_seat" value="1"' in page and re.search(r'value="1"[^>]*checked', page)
    assert 'value="2026-11-28"' in page
    assert re.search(r'data-seat="2" data-category="total">60<', page)  # the totals of the record as it stands
    corrected = form_data("@alice", "@bob", f"@{zoe}", **hot_tin_roof_pad(HTR_TIED, trigger=0), notes="Fixed.")
    response = alice_client.post(edit, corrected)
    assert response.status_code == 302 and response["Location"] == game_record.get_absolute_url()
    game_record.refresh_from_db()
    assert [p.rank for p in game_record.participants.all()] == [2, 1, 3]  # now Alice took the last fish
    assert game_record.notes == "Fixed." and GameRecord.objects.count() == 1


def test_only_the_recorder_may_open_the_correction(client, alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Zoe", **hot_tin_roof_pad(HTR_TIED, trigger=1))
    game_record = saved(post(alice_client, "hot_tin_roof", data))
    client.force_login(bob)
    edit = reverse("record_edit", args=[game_record.pk])
    assert client.get(edit).status_code == 403
    assert client.post(edit, data).status_code == 403
    GameRecord.objects.filter(pk=game_record.pk).update(source="online")
    alice_client.force_login(alice)
    assert alice_client.get(edit).status_code == 403


def test_every_participant_with_an_account_sees_the_record(client, alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Zoe", **hot_tin_roof_pad(HTR_TIED, trigger=1))
    game_record = saved(post(alice_client, "hot_tin_roof", data))
    client.force_login(bob)
    history = client.get(reverse("history") + "?player=bob").text
    assert game_record.get_absolute_url() in history and "Bob Dylan" in history
    assert game_record.get_absolute_url() in client.get(reverse("player", args=["bob"])).text
    assert client.get(game_record.get_absolute_url()).status_code == 200


def test_a_date_still_to_come_is_refused(alice_client, alice, bob):
    data = form_data("@alice", "@bob", "Zoe", **hot_tin_roof_pad(HTR_TIED, trigger=1))
    data["played_on"] = "2999-01-01"
    response = post(alice_client, "hot_tin_roof", data)
    assert "That date is still to come: enter the day the game was played." in response.text


def test_a_user_without_a_profile_gets_one_to_sit_in(client, bare_user):
    client.force_login(bare_user)
    assert "(you)</option>" in client.get(reverse("record_new", args=["rat_hot"])).text
