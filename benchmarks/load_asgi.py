"""The load benchmark's ASGI application: the site's, plus the floor's websocket."""
import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.load_settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from benchmarks.floor import FloorConsumer  # noqa: E402
from catsite.server_loop import KnowsItsLoop  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

application = KnowsItsLoop(ProtocolTypeRouter({
    "http": django_asgi_app,
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(
        [path("ws/floor/<int:match_id>/", FloorConsumer.as_asgi()), *websocket_urlpatterns]))),
}))

gc.collect()
gc.freeze()  # as catsite/asgi.py does
