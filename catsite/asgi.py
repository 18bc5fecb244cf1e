"""ASGI entry point: HTTP through Django, websockets through Channels, from one process."""
import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "catsite.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from catsite.origins import SameOriginValidator  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# What is loaded by now (Django, the apps and their modules) lives as long as the process: kept out of
# the collector's passes, a full one no longer walks it all again every few hundred moves (docs/live-matches.md).
gc.collect()  # what start-up left as garbage goes first: a frozen object is never collected
gc.freeze()
