"""Web push (RFC 8030/8291/8292) through `pywebpush` and `py-vapid`: the site's VAPID keys come from the environment
(VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); without them push is simply not offered.

A subscription comes from a browser's PushManager and is checked before it is kept: an https endpoint on a named
host (no address, no localhost: the server posts there), of bounded size, with a P-256 public key and a 16-byte
secret. Sending never raises: a push service that does not answer within PUSH_TIMEOUT seconds, or fails, is logged;
one that answers 404 or 410 (the subscription is gone) has the subscription deleted.
"""
from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import logging
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings

from notices.models import PushSubscription

logger = logging.getLogger(__name__)
MAX_BODY = 4096  # bytes of a subscription as posted: a browser's is well under 1 KB
MAX_ENDPOINT = 1000


class BadSubscription(ValueError):
    """A subscription the site will not keep."""


def configured() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def public_key() -> str:
    return settings.VAPID_PUBLIC_KEY


def _b64(value, size: int | None, what: str) -> bytes:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise BadSubscription(f"The subscription's {what} is missing or too long.")
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise BadSubscription(f"The subscription's {what} is not base64url.") from None
    if size is not None and len(raw) != size:
        raise BadSubscription(f"The subscription's {what} has the wrong length.")
    return raw


def check_endpoint(endpoint) -> str:
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > MAX_ENDPOINT:
        raise BadSubscription("The subscription's endpoint is missing or too long.")
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").rstrip(".").lower()
    if parts.scheme != "https" or not host or parts.username or parts.password:
        raise BadSubscription("A push endpoint is an https address.")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        pass
    else:
        raise BadSubscription("A push endpoint names its host.")
    if "." not in host or host == "localhost" or host.endswith(".localhost") or host.endswith(".local"):
        raise BadSubscription("A push endpoint is on the public internet.")
    return endpoint


def parse(body: bytes) -> dict:
    """The subscription a browser posted (PushSubscription.toJSON()), checked; BadSubscription otherwise."""
    if len(body) > MAX_BODY:
        raise BadSubscription("The subscription is too large.")
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise BadSubscription("The subscription is not JSON.") from None
    if not isinstance(data, dict) or not isinstance(data.get("keys"), dict):
        raise BadSubscription("The subscription has no keys.")
    endpoint = check_endpoint(data.get("endpoint"))
    p256dh, auth = data["keys"].get("p256dh"), data["keys"].get("auth")
    point = _b64(p256dh, 65, "public key")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise BadSubscription("The subscription's public key is not a P-256 point.") from None
    _b64(auth, 16, "secret")
    return {"endpoint": endpoint, "p256dh": p256dh, "auth": auth}


def send(subscription: PushSubscription, payload: dict) -> bool:
    """Send one message to one device; True when its push service took it. Never raises."""
    from pywebpush import WebPushException, webpush

    try:
        webpush(subscription_info=subscription.info(), data=json.dumps(payload),
                vapid_private_key=settings.VAPID_PRIVATE_KEY, vapid_claims={"sub": settings.VAPID_SUBJECT},
                timeout=settings.PUSH_TIMEOUT, ttl=settings.PUSH_TTL)
        return True
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):
            PushSubscription.objects.filter(pk=subscription.pk).delete()
            logger.info("Push subscription %s is gone (%s): deleted", subscription.pk, status)
        else:
            logger.warning("Push to subscription %s failed: %s", subscription.pk, exc)
    except Exception:  # a service that hangs (timeout), refuses the connection, or anything else
        logger.exception("Push to subscription %s failed", subscription.pk)
    return False


def send_to(user_id: int, payload: dict) -> int:
    """Send to every device of a person; how many took it."""
    if not configured():
        return 0
    return sum(send(subscription, payload) for subscription in PushSubscription.objects.filter(user_id=user_id))
