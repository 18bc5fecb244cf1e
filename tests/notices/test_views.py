"""The notices' pages: a device's subscription (bad ones refused, nothing kept), the service worker at the root,
the profile's choices, and the e-mails' one-click unsubscribe (RFC 8058) that a forged token cannot use."""
import json
import os
import re

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core import mail
from django.urls import reverse

from notices import unsubscribe
from notices.models import CONFIRMATION, REMINDER, TURN, Preferences, PushSubscription
from tests.notices.conftest import b64, by_email, duel, play, to_move, user_of

SUBSCRIBE = "/notices/push/subscribe/"
FORGET = "/notices/push/forget/"


def keys() -> dict:
    public = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"p256dh": b64(public), "auth": b64(os.urandom(16))}


def subscription(endpoint="https://fcm.googleapis.com/fcm/send/abc123", **changes) -> dict:
    return {"endpoint": endpoint, "expirationTime": None, "keys": {**keys(), **changes}}


def post(client, data, raw: bytes | None = None):
    return client.post(SUBSCRIBE, raw if raw is not None else json.dumps(data), content_type="application/json")


@pytest.mark.django_db
def test_a_device_subscribes(client, leo, vapid):
    client.force_login(leo)
    answer = post(client, subscription())
    assert answer.status_code == 201
    [kept] = PushSubscription.objects.all()
    assert kept.user == leo and kept.endpoint == "https://fcm.googleapis.com/fcm/send/abc123"
    assert post(client, subscription()).status_code == 201  # the same device again: still one
    assert PushSubscription.objects.count() == 1


BAD = {
    "plain http": subscription("http://fcm.googleapis.com/fcm/send/abc"),
    "an address": subscription("https://10.0.0.7/push/abc"),
    "localhost": subscription("https://localhost/push/abc"),
    "no host": subscription("https:///push"),
    "another scheme": subscription("javascript:alert(1)"),
    "too long": subscription("https://fcm.googleapis.com/" + "a" * 1000),
    "no keys": {"endpoint": "https://fcm.googleapis.com/fcm/send/abc"},
    "key not base64": subscription(p256dh="not base64 at all!!"),
    "key too short": subscription(p256dh=b64(b"\x04" + b"\x01" * 30)),
    "key off the curve": subscription(p256dh=b64(b"\x04" + b"\x01" * 64)),
    "secret too long": subscription(auth=b64(os.urandom(32))),
    "secret missing": subscription(auth=None),
    "a list": [1, 2, 3],
}


@pytest.mark.django_db
@pytest.mark.parametrize("name", list(BAD))
def test_a_bad_subscription_is_refused_and_nothing_kept(client, leo, vapid, name):
    client.force_login(leo)
    answer = post(client, BAD[name])
    assert answer.status_code == 400
    assert answer.json()["error"]
    assert not PushSubscription.objects.exists()


@pytest.mark.django_db
def test_a_device_is_forgotten_by_its_owner_only_and_a_bad_endpoint_changes_nothing(client, mia, leo, vapid):
    client.force_login(leo)
    post(client, subscription())
    endpoint = PushSubscription.objects.get().endpoint
    client.force_login(mia)
    assert client.post(FORGET, {"endpoint": endpoint}).status_code == 200  # not hers: nothing to forget
    for bad in ({}, {"endpoint": "http://10.0.0.7/x"}, {"endpoint": "x" * 5000}, {"endpoint": "a\x00b"}):
        assert client.post(FORGET, bad).status_code == 400, bad
    assert PushSubscription.objects.filter(user=leo, endpoint=endpoint).exists()
    client.logout()
    assert client.post(FORGET, {"endpoint": endpoint}).status_code == 403
    client.force_login(leo)
    assert client.post(FORGET, {"endpoint": endpoint}).status_code == 200
    assert not PushSubscription.objects.exists()


@pytest.mark.django_db
def test_a_huge_or_unreadable_subscription_is_refused(client, leo, vapid):
    client.force_login(leo)
    huge = subscription()
    huge["padding"] = "x" * 10_000
    assert post(client, huge).status_code == 400
    assert post(client, None, raw=b"{not json").status_code == 400
    assert post(client, None, raw=b"\xff\xfe").status_code == 400
    assert not PushSubscription.objects.exists()


@pytest.mark.django_db
def test_only_a_logged_in_player_subscribes_and_only_where_push_is_offered(client, leo, vapid, settings):
    assert post(client, subscription()).status_code == 403
    client.force_login(leo)
    settings.VAPID_PRIVATE_KEY = ""
    assert post(client, subscription()).status_code == 404
    assert not PushSubscription.objects.exists()


@pytest.mark.django_db
def test_the_service_worker_is_served_for_the_whole_site(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    body = answer.content.decode()
    assert 'addEventListener("push"' in body and "openWindow" in body


@pytest.mark.django_db(transaction=True)
def test_the_offer_is_made_on_a_turn_based_match_page_of_ones_own_only_with_keys(client, mia, leo, make_user,
                                                                                 vapid, settings):
    match = duel(mia, leo)
    client.force_login(leo)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Tell me when it's my turn" in page and "data-push-offer" in page
    assert settings.VAPID_PUBLIC_KEY in page
    client.force_login(make_user("sam"))  # a spectator
    assert "data-push-offer" not in client.get(f"/matches/{match.pk}/").content.decode()
    client.force_login(leo)
    live = duel(mia, leo, move_time=None)
    assert "data-push-offer" not in client.get(f"/matches/{live.pk}/").content.decode()
    settings.VAPID_PUBLIC_KEY = ""
    assert "data-push-offer" not in client.get(f"/matches/{match.pk}/").content.decode()
    client.logout()
    assert "data-push-offer" not in client.get("/").content.decode()  # never on a first visit


@pytest.mark.django_db
def test_the_profile_chooses_per_kind_and_way(client, leo):
    client.force_login(leo)
    page = client.get("/notices/")
    assert page.status_code == 200
    answer = client.post("/notices/", {"push_turn": "on", "email_turn": "on", "email_reminder": "on",
                                       "push_undo": "on"})
    assert answer.status_code == 302
    prefs = Preferences.objects.get(user=leo)
    assert prefs.wants(TURN, "push") and prefs.wants(TURN, "email") and prefs.wants(REMINDER, "email")
    assert not prefs.wants(REMINDER, "push") and not prefs.wants(CONFIRMATION, "email")
    assert client.get(reverse("player_edit", args=[leo.profile.handle])).content.decode().count("/notices/") == 1


def an_email_to(mia, leo):
    by_email(leo)
    match = duel(mia, leo)
    if user_of(match, to_move(match)) == leo:
        play(match)
    mail.outbox.clear()
    Preferences.objects.filter(user=leo).update(last_sent_at=None)  # nothing sent lately: this one goes at once
    play(match)
    [message] = mail.outbox
    return match, message


@pytest.mark.django_db(transaction=True)
def test_every_email_unsubscribes_in_one_click(client, mia, leo):
    match, message = an_email_to(mia, leo)
    assert message.to == ["leo@example.com"]
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = re.fullmatch(r"<(https://topcat\.example/notices/unsubscribe/[^/]+/)>",
                       message.extra_headers["List-Unsubscribe"]).group(1)
    assert url in message.body
    assert url in message.alternatives[0][0]
    assert f"https://topcat.example/matches/{match.pk}/" in message.alternatives[0][0]
    path = url.removeprefix("https://topcat.example")

    page = client.get(path)  # a mail scanner's look changes nothing
    assert page.status_code == 200 and Preferences.objects.get(user=leo).wants(TURN, "email")
    answer = client.post(path, {"List-Unsubscribe": "One-Click"})  # the mail program's post: no cookie, no CSRF
    assert answer.status_code == 200
    prefs = Preferences.objects.get(user=leo)
    assert not prefs.wants(TURN, "email") and prefs.wants(REMINDER, "email")  # only the kinds it held
    again = client.post(path, {"List-Unsubscribe": "One-Click"})
    assert again.status_code == 200 and "already" in again.content.decode()
    assert Preferences.objects.get(user=leo).email == prefs.email


@pytest.mark.django_db(transaction=True)
def test_a_forged_or_changed_token_is_refused_and_changes_nothing(client, mia, leo):
    _match, message = an_email_to(mia, leo)
    before = Preferences.objects.get(user=leo).email
    real = re.search(r"/notices/unsubscribe/([^/]+)/", message.extra_headers["List-Unsubscribe"]).group(1)
    from django.core import signing

    forged = [
        signing.dumps({"u": leo.pk, "k": [TURN]}, salt="another salt", compress=True),  # signed, not by us
        signing.dumps({"u": leo.pk, "k": [TURN]}, key="a stranger's key", salt=unsubscribe.SALT),
        real[:-2] + ("AA" if not real.endswith("AA") else "BB"),  # one character changed
        "nonsense",
    ]
    for token in forged:
        answer = client.post(f"/notices/unsubscribe/{token}/")
        assert answer.status_code == 400, token
        assert client.get(f"/notices/unsubscribe/{token}/").status_code == 400
    assert Preferences.objects.get(user=leo).email == before
