"""A bad file's refusal on the import of other loggers' files reads whole in Traditional Chinese: the reason is the
site's sentence, with where the file breaks, never the parser's English words ("mismatched tag", "Expecting
value")."""
import pytest
from django.utils import translation

from scoring.loggers import importing
from scoring.transfer import ImportRefused
from tests.i18n.english import PROPER_NAMES, english_runs

BAD_FILES = [
    (b"<plays><play></plays>", "檔案不是格式正確的 XML（在第 1 行第 16 欄）",
     "the file is not well-formed XML (at line 1, column 16)"),
    (b"<plays>\n  <play id='1'>\n</plays", "檔案不是格式正確的 XML（在第 3 行第",
     "the file is not well-formed XML (at line 3, column"),
    (b"{not json", "第 1 行第 2 欄無法讀取", "it cannot be read at line 1, column 2."),
    (b'{"plays": [1,\n  2,]}', "第 2 行第 5 欄無法讀取", "it cannot be read at line 2, column 5."),
    (b"", "既不是 BG Stats 備份檔", "neither a BG Stats backup"),
    (b"\xff\xfe{", "檔案不是 UTF-8 文字", "not UTF-8"),
    (b"[1, 2]", "這個 JSON 檔不是 BG Stats 備份檔", "This JSON file is not a BG Stats backup"),
]


def refusal(data: bytes, language: str) -> str:
    with translation.override(language), pytest.raises(ImportRefused) as refused:
        importing.read_file(data)
    (problem,) = refused.value.problems
    return problem


@pytest.mark.parametrize(("data", "chinese", "english"), BAD_FILES)
def test_a_bad_files_reason_is_all_chinese_and_says_where(data, chinese, english):
    reason = refusal(data, "zh-hant")
    assert chinese in reason
    assert not english_runs(reason, ["Top Cat", *PROPER_NAMES]), reason
    assert english in refusal(data, "en-gb")
