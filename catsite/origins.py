"""Websockets only from our own pages: the Origin of the handshake must be the site the socket connects to.

Channels' AllowedHostsOriginValidator checks the Origin's host name against ALLOWED_HOSTS but not its port, so
a page on any port of an allowed host (another program on 127.0.0.1, say) could open a player's socket with the
player's cookies. Here the Origin's host and port must be the Host the socket was opened on (as Django's CSRF
check compares Origin and Host for a form), that host must be allowed, or the Origin must be listed in
CSRF_TRUSTED_ORIGINS (a proxy that rewrites the Host). A handshake without an Origin is refused too.
"""
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_allowed(origin: str | None, host: str | None) -> bool:
    """Whether a websocket opened on `host` (the Host header) from a page of `origin` (the Origin header) is ours."""
    if not origin or not host:
        return False
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    try:
        parts = urlsplit(origin)
        origin_port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return False
    domain, port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    # A Host without a port was reached on the default port of the scheme the page used.
    return parts.hostname == domain and origin_port is not None and (not port or int(port) == origin_port)


class SameOriginValidator:
    """ASGI middleware for the websocket router: it denies a handshake whose Origin is not the socket's own site."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            headers = {name.decode("latin1"): value.decode("latin1") for name, value in scope.get("headers", [])}
            if not origin_allowed(headers.get("origin"), headers.get("host")):
                return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
