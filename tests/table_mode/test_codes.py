"""Room codes: short, no look-alike characters, typed forgivingly."""
from table_mode import codes

LOOK_ALIKES = ["0O", "1IL", "2Z", "5S", "8B", "UV", "6G"]


def test_a_code_has_no_two_characters_that_look_alike():
    for group in LOOK_ALIKES:
        assert sum(c in codes.ALPHABET for c in group) <= 1, group
    assert not set("0O1IL2Z5S8BUV") & set(codes.ALPHABET)


def test_new_codes_are_short_and_from_the_alphabet():
    made = {codes.new_code() for _ in range(200)}
    assert all(len(code) == codes.LENGTH and set(code) <= set(codes.ALPHABET) for code in made)
    assert len(made) > 190  # random, not a sequence


def test_a_typed_code_is_read_in_any_case_with_spaces_and_dashes():
    assert codes.normalise(" kx7 tm ") == "KX7TM"
    assert codes.normalise("kx-7tm") == "KX7TM"


def test_what_cannot_be_a_code_reads_as_nothing():
    for typed in ["", "KX7T", "KX7TMM", "KX0TM", "ＫＸ７ＴＭ", "KX7T\x00"]:
        assert codes.normalise(typed) == ""
