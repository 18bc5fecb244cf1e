"""ASGI entry point: HTTP through Django, websockets through Channels, from one process."""
import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "catsite.settings")
django.setup(set_prefix=False)

from catsite.http_handler import SiteASGIHandler  # noqa: E402

django_asgi_app = SiteASGIHandler()  # Django's, which ends every request whatever it raised (catsite/http_handler.py)

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from catsite.origins import SameOriginValidator  # noqa: E402
from catsite.server_loop import KnowsItsLoop  # noqa: E402
from catsite.shutdown import stop_promptly_under_daphne  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from table_mode.routing import websocket_urlpatterns as table_urls  # noqa: E402

# games.routing ends with the route that refuses any other path: every other app's routes go before it.
application = KnowsItsLoop(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(table_urls + websocket_urlpatterns))),
    }
))

stop_promptly_under_daphne()  # SIGTERM: gone within seconds, not when every request thread gives up

# What is loaded by now (Django, the apps and their modules) lives as long as the process: kept out of
# the collector's passes, a full one no longer walks it all again every few hundred moves (docs/live-matches.md).
gc.collect()  # what start-up left as garbage goes first: a frozen object is never collected
gc.freeze()
