"""A table's room code: short, read aloud easily, with no two characters that look or sound alike."""
import secrets

# No 0/O/Q/D, 1/I/L/J, 2/Z, 5/S, 8/B, U/V, G/6/C, nor vowels that spell words: what is left is easy to tell apart
# on a screen across a room and when said aloud.
ALPHABET = "AEFHKMNPRTWXY34679"
LENGTH = 5  # 18^5 = 1.9 million codes: with the join limit (table_mode/limits.py) not guessable in practice


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(typed: str) -> str:
    """What a person typed, as a code: upper case, without spaces or dashes; "" when it cannot be a code."""
    code = "".join(typed.split()).replace("-", "").upper()
    return code if len(code) == LENGTH and all(c in ALPHABET for c in code) else ""
