"""One-click unsubscribe (RFC 8058): every e-mail carries a signed token naming its person and the kinds of notice it
holds; the token alone turns those e-mails off. Signed with the site's SECRET_KEY under a salt of its own: a token
made by anyone else, or changed by one character, is refused."""
from __future__ import annotations

from django.core import signing

from notices.models import KINDS

SALT = "notices.unsubscribe"
KNOWN = {kind for kind, _label in KINDS}


class BadToken(Exception):
    """Not a token this site made."""


def make(user_id: int, kinds: list[str]) -> str:
    return signing.dumps({"u": user_id, "k": sorted(set(kinds))}, salt=SALT, compress=True)


def read(token: str) -> tuple[int, list[str]]:
    if not isinstance(token, str) or len(token) > 500:
        raise BadToken
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        raise BadToken from None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or not isinstance(data.get("k"), list):
        raise BadToken
    kinds = [kind for kind in data["k"] if kind in KNOWN]
    if not kinds:
        raise BadToken
    return data["u"], kinds
