"""The sheet: five columns, 24 hexes, one house hex per column, and which hexes touch (offsets, scratching posts)."""

import pytest

from games.cat_tower.sheet import Tower, default_tower, hex_key, load_data, parse_hex, tower_for

TOWER = default_tower()


def touching(h):
    return set(TOWER.neighbours[h])


def test_the_sheet_has_24_hexes_in_five_columns_with_floors_1_to_6():
    assert len(TOWER.hexes) == 24
    assert sorted(TOWER.columns) == [1, 2, 3, 4, 5]
    assert set(TOWER.hexes_on_floor) == {1, 2, 3, 4, 5, 6}
    assert TOWER.hexes_on_floor[6] == ("2-6", "3-6", "4-6")


def test_each_column_has_one_house_hex():
    assert TOWER.house_hexes == {"1-5", "2-2", "3-4", "4-6", "5-3"}


def test_items_follow_the_die_numbers():
    assert TOWER.items == {1: "house", 2: "yarn", 3: "butterfly", 4: "bowl", 5: "cushion", 6: "mouse"}
    assert TOWER.footprints == 18 and TOWER.columns_to_end == 3


def test_hexes_of_one_column_touch_the_floor_above_and_below():
    assert {"2-2", "2-4"} <= touching("2-3")
    assert "2-1" not in touching("2-3")


def test_a_scratching_post_breaks_contact_in_a_column():
    # Column 1 has no floor 4, column 3 no floor 3, column 5 no floor 2.
    assert "1-5" not in touching("1-3") and "1-3" not in touching("1-5")
    assert "3-4" not in touching("3-2")
    assert "5-3" not in touching("5-1")


def test_columns_1_3_5_touch_the_same_floor_and_the_one_above_beside_them():
    assert touching("1-2") == {"1-1", "1-3", "2-2", "2-3"}
    assert touching("3-5") == {"3-4", "3-6", "2-5", "2-6", "4-5", "4-6"}
    assert touching("5-1") == {"4-1", "4-2"}


def test_columns_2_and_4_sit_half_a_hex_lower():
    assert touching("2-2") == {"2-1", "2-3", "1-1", "1-2", "3-1", "3-2"}
    assert touching("4-4") == {"4-3", "4-5", "3-4", "5-3", "5-4"}  # 3-3 is a scratching post


def test_only_existing_hexes_touch():
    assert touching("2-1") == {"2-2", "1-1", "3-1"}  # no floor 0 beside it
    assert touching("1-5") == {"2-5", "2-6"}  # 1-4 and 1-6 do not exist
    assert all(n in TOWER.floor_of for h in TOWER.hexes for n in TOWER.neighbours[h])


def test_touching_goes_both_ways():
    for h in TOWER.hexes:
        for n in TOWER.neighbours[h]:
            assert h in TOWER.neighbours[n], (h, n)


def test_hex_names_are_column_dash_floor():
    assert hex_key(3, 2) == "3-2"
    assert parse_hex("3-2") == (3, 2)
    assert parse_hex("3/2") is None and parse_hex("a-b") is None and parse_hex(7) is None


def test_the_sheet_is_read_from_its_data():
    assert tower_for(load_data()) == TOWER
    assert tower_for(None) is TOWER and tower_for(TOWER) is TOWER
    data = load_data()
    data["columns"][4]["floors"] = [1, 2, 3, 4]
    other = Tower.from_data(data)
    assert "5-2" in other.neighbours["5-1"] and len(other.hexes) == 25


@pytest.mark.parametrize("column", [1, 2, 3, 4, 5])
def test_bonus_numbers_come_from_the_sheet(column):
    printed = {c["id"]: c["bonus"] for c in load_data()["columns"]}[column]
    assert (TOWER.columns[column].first, TOWER.columns[column].later) == (printed["first"], printed["later"])
