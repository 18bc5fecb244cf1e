"""Websockets open only from the site's own pages: same host and same port as the socket, or a trusted origin."""
import pytest
from channels.testing import WebsocketCommunicator

from catsite.asgi import application
from catsite.origins import origin_allowed


@pytest.mark.parametrize("origin, host", [
    ("http://127.0.0.1:8000", "127.0.0.1:8000"),
    ("http://localhost:8001", "localhost:8001"),
    ("https://localhost", "localhost"),  # behind a proxy on 443: the Host carries no port
    ("http://localhost", "localhost:80"),
])
def test_a_page_of_the_site_itself_may_open_a_socket(origin, host):
    assert origin_allowed(origin, host)


@pytest.mark.parametrize("origin, host", [
    ("http://127.0.0.1:9999", "127.0.0.1:8000"),  # another program on another port of an allowed host
    ("http://127.0.0.1", "127.0.0.1:8000"),
    ("http://evil.test:8000", "127.0.0.1:8000"),
    ("http://evil.test", "evil.test"),  # a host that is not allowed
    (None, "127.0.0.1:8000"),
    ("null", "127.0.0.1:8000"),
    ("http://127.0.0.1:8000", None),
    ("http://127.0.0.1:notaport", "127.0.0.1:8000"),
])
def test_any_other_origin_is_refused(origin, host):
    assert not origin_allowed(origin, host)


def test_a_trusted_origin_may_connect_through_a_proxy_that_rewrites_the_host(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://cats.example"]
    assert origin_allowed("https://cats.example", "127.0.0.1:8000")
    assert not origin_allowed("https://cats.example:8443", "127.0.0.1:8000")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("origin, accepted", [(b"http://127.0.0.1:8000", True), (b"http://127.0.0.1:8001", False)])
async def test_the_websocket_router_checks_the_port(origin, accepted):
    communicator = WebsocketCommunicator(application, "/ws/matches/999/",
                                         headers=[(b"origin", origin), (b"host", b"127.0.0.1:8000")])
    connected, code = await communicator.connect()
    # An allowed origin reaches the consumer, which closes with 4404 (no such match); a refused one never does.
    assert not connected and (code == 4404) is accepted
    await communicator.wait()
