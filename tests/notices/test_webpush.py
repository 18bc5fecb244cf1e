"""Web push against a push service on this machine that records what it receives: the message is encrypted for the
device (decrypted here with the device's keys), signed with the site's VAPID key; a gone subscription (404, 410) is
deleted; a service that fails or hangs costs a move nothing."""
import time

import pytest
from django.core import mail
from django.core.management import call_command

from notices import delivery, webpush
from notices.models import PushSubscription
from tests.notices.conftest import duel, play, to_move, user_of

pytestmark = pytest.mark.django_db(transaction=True)


def waiting_turn(mia, leo):
    """A match where Leo is to move next, once his opponent moved."""
    match = duel(mia, leo)
    if user_of(match, to_move(match)) == leo:
        play(match)
    return match


def test_the_device_gets_the_notice_encrypted_for_it(mia, leo, vapid, push_service, clock):
    match = waiting_turn(mia, leo)
    device = push_service.subscribe(leo)
    play(match)
    [message] = push_service.received
    assert message["path"] == "/push/device"
    assert message["headers"]["authorization"].startswith("vapid t=")
    assert f"k={webpush.public_key()}" in message["headers"]["authorization"]
    shown = push_service.read(message, device)
    assert shown["title"] == "Your turn"
    assert shown["body"] == f"Your turn in Take Away, match #{match.pk} against mia."
    assert shown["url"] == f"/matches/{match.pk}/"  # opens the match, on the site the service worker serves


def test_every_device_of_the_player_gets_it(mia, leo, vapid, push_service, clock):
    match = waiting_turn(mia, leo)
    phone, laptop = push_service.subscribe(leo, "phone"), push_service.subscribe(leo, "laptop")
    push_service.subscribe(mia, "mias")
    play(match)
    assert sorted(m["path"] for m in push_service.received) == ["/push/laptop", "/push/phone"]
    assert push_service.read(push_service.received[0], phone if push_service.received[0]["path"].endswith("phone")
                             else laptop)["url"] == f"/matches/{match.pk}/"


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_service_says_is_gone_is_deleted(mia, leo, vapid, push_service, clock, status):
    match = waiting_turn(mia, leo)
    device = push_service.subscribe(leo)
    push_service.status = status
    play(match)
    assert len(push_service.received) == 1
    assert not PushSubscription.objects.filter(pk=device.pk).exists()


def test_a_failing_service_keeps_the_subscription_and_breaks_nothing(mia, leo, vapid, push_service, clock):
    match = waiting_turn(mia, leo)
    device = push_service.subscribe(leo)
    push_service.status = 500
    played = play(match)
    assert played.version == match.version + 1  # the move stands
    assert len(push_service.received) == 1
    assert PushSubscription.objects.filter(pk=device.pk).exists()
    # What kept the move whole: the sending answers False for a failing service, and does not raise.
    assert webpush.send(device, {"title": "x"}) is False
    assert len(push_service.received) == 2
    assert PushSubscription.objects.filter(pk=device.pk).exists()


def test_a_hanging_service_is_given_up_on(mia, leo, vapid, push_service, settings, clock):
    settings.PUSH_TIMEOUT = 0.5
    device = push_service.subscribe(leo)
    push_service.hang.set()
    started = time.monotonic()
    assert webpush.send(device, {"title": "x"}) is False
    assert time.monotonic() - started < 5
    assert PushSubscription.objects.filter(pk=device.pk).exists()


def test_a_move_never_waits_for_a_push_service(mia, leo, vapid, push_service, settings, clock):
    """With the database task backend (the site's default) a move only enqueues the sending; the worker sends."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    from django_tasks_db.models import DBTaskResult

    match = waiting_turn(mia, leo)
    device = push_service.subscribe(leo)
    push_service.hang.set()
    started = time.monotonic()
    play(match)
    assert time.monotonic() - started < 2  # the service hangs for 10 s: the move did not ask it anything
    assert push_service.received == []
    assert DBTaskResult.objects.filter(status="READY").exists()
    push_service.hang.clear()
    call_command("db_worker", "--batch", "--no-startup-delay")
    assert push_service.arrived.wait(10)
    assert push_service.read(push_service.received[0], device)["url"] == f"/matches/{match.pk}/"


def test_without_vapid_keys_nothing_is_pushed(mia, leo, push_service, clock, settings):
    match = waiting_turn(mia, leo)
    push_service.subscribe(leo)
    assert not webpush.configured()
    play(match)
    assert push_service.received == [] and mail.outbox == []
    assert delivery.deliver_due() == 0
