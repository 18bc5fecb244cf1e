"""Hot Tin Roof's words: every log event and every refusal code the engine can produce reads as a sentence."""

import random
import re
from pathlib import Path

from games.hot_tin_roof import engine, words

from .test_playouts import playout

SOURCES = Path(engine.__file__).parent
EXPAND = {"{dumpster}": ("catwalk", "shelter"), "{field}": ("gap", "patio"),
          "{kind}": ("dive", "move", "end_turn", "settle")}


def refusal_codes() -> set[str]:
    """Every code the engine's modules pass to refuse(...), f-string placeholders expanded."""
    codes = set()
    for source in SOURCES.glob("*.py"):
        for code in re.findall(r'refuse\(f?"([a-z_{}]+)"', source.read_text()):
            variants = [code]
            for slot, values in EXPAND.items():
                variants = [v.replace(slot, value) for v in variants for value in values] if any(
                    slot in v for v in variants) else variants
            codes |= set(variants)
    return codes


def test_every_refusal_code_has_a_sentence():
    codes = refusal_codes()
    assert {"cannot_afford", "must_place_catwalk", "no_such_patio", "no_settle_now", "not_cheapest"} <= codes
    missing = sorted(code for code in codes if words.refusal(code, {}) is None)
    assert not missing


def emitted_events() -> set[str]:
    """Every event name the engine's modules write into the log, f-string placeholders expanded."""
    names = set()
    for source in SOURCES.glob("*.py"):
        text = source.read_text()
        found = re.findall(r'"event": f?"([a-z_{}]+)"', text) + re.findall(r'"event": "([a-z_]+)" if', text)
        found += re.findall(r'else "([a-z_]+)", "seat"', text)
        for name in found:
            names |= {name.replace("{dumpster}", d) for d in ("catwalk", "shelter")}
    return names


def test_every_event_the_engine_writes_has_a_sentence():
    names = emitted_events()
    assert {"paid_toll", "turn_over", "ended_turn", "placed_catwalk", "moved_shelter"} <= names
    assert names == set(words.EVENTS)


def test_the_log_of_whole_games_reads_as_sentences():
    rng = random.Random(5)
    for n in range(4):
        state, _ = playout(3 + n % 2, rng.randrange(10**9), {}, rng)
        for entry in state["log"]:
            text = words.event(entry)
            assert text and text != entry["event"] and "%(" not in text, entry


def test_sentences_count_in_words():
    assert words.event({"event": "paid_toll", "seat": 1, "to": 2, "cans": 1, "catwalks": 1, "shelters": 0}) == \
        "paid {seat:2} 1 can: 1 catwalk crossed."
    assert words.event({"event": "paid_toll", "seat": 1, "to": 0, "cans": 5, "catwalks": 1, "shelters": 2}) == \
        "paid {seat:0} 5 cans: 1 catwalk crossed, 2 shelters entered."
    assert words.event({"event": "moved", "seat": 0, "pair": "sitting", "cat": 0, "path": ["A", "B"],
                        "cans": 0}) == "moved a sitting cat A → B, to the Bakers, for free."
    assert words.event({"event": "joined", "seat": 0, "pair": "standing", "patio": "O", "market": 1}) == \
        "joined the standing pair on the Oscars' patio (O) and took a fish (1 left in the market)."
    assert words.event({"event": "settled_paid", "seat": 2, "pair": "sitting", "cans": 15}) == \
        "paid the bank 15 cans for the sitting pair left apart."
    assert words.refusal("cannot_afford", {"cans": 3, "have": 1}) == \
        "You cannot pay the tolls of that path: it costs 3 cans and you have 1 can."
    assert words.refusal("not_your_turn", {"turn": 2}) == "It is not your turn: {seat:2} is playing."
    assert words.refusal("no_such_code", {}) is None


def test_the_option_has_a_label_and_help():
    label, help_text = words.OPTION_LABELS["home_tiles_break_ties"]
    assert str(label) == "Home tiles break ties" and "most home tiles" in str(help_text)
    assert set(words.OPTION_LABELS) == set(engine.OPTIONS)
