"""catsite.limits: JSON a user sends is refused, not crashed on, when it is too large, too deep or holds a NUL."""
import json

import pytest

from catsite import limits


def nested(depth: int, inner="1") -> str:
    return "[" * depth + inner + "]" * depth


def test_json_within_bounds_reads_as_json_does():
    assert limits.loads('{"type": "mark", "item": [1, {"x": "é"}]}', max_bytes=100, max_depth=3) == {
        "type": "mark", "item": [1, {"x": "é"}]}


@pytest.mark.parametrize("depth", [100_000, 2000])
def test_brackets_deeper_than_python_can_parse_are_refused_not_a_recursion_error(depth):
    with pytest.raises(limits.TooMuch, match="nested too deeply: at most 8 levels"):
        limits.loads(nested(depth), max_bytes=10**6, max_depth=8)


def test_depth_counts_each_list_and_object_as_a_level():
    assert limits.loads(nested(8), max_bytes=100, max_depth=8) == json.loads(nested(8))
    with pytest.raises(limits.TooMuch):
        limits.loads(nested(9), max_bytes=100, max_depth=8)
    with pytest.raises(limits.TooMuch):
        limits.check({"a": {"b": {"c": []}}}, max_depth=3)


def test_too_large_is_refused_before_it_is_read():
    with pytest.raises(limits.TooMuch, match="too large: at most 4 KB"):
        limits.loads(" " * 4097, max_bytes=4096, max_depth=8)


def test_too_many_values_are_refused():
    with pytest.raises(limits.TooMuch, match="too many values: at most 10"):
        limits.check(list(range(10)), max_depth=2, max_items=10)
    limits.check(list(range(9)), max_depth=2, max_items=10)


@pytest.mark.parametrize("value", ["a\x00b", {"k\x00": 1}, [{"name": "\x00"}]])
def test_a_nul_character_anywhere_is_refused(value):
    with pytest.raises(limits.TooMuch, match="NUL character"):
        limits.check(value, max_depth=8)


def test_not_json_is_left_as_a_decode_error():
    with pytest.raises(json.JSONDecodeError):
        limits.loads("{nope", max_bytes=100, max_depth=8)


def test_an_integer_longer_than_python_reads_is_too_much_not_a_plain_value_error():
    with pytest.raises(limits.TooMuch, match="A number has 5000 digits: at most 4300 are read."):
        limits.loads('{"x": ' + "9" * 5000 + "}", max_bytes=10_000, max_depth=8)
    assert limits.loads("[" + "9" * 4300 + "]", max_bytes=10_000, max_depth=8) == [int("9" * 4300)]
