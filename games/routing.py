"""Websocket URLs. A path no route knows is refused at the handshake (daphne answers 403), as a page that is not
there: Channels' URLRouter raises ValueError for it, which the server logged as an error of ours."""
from django.urls import path, re_path

from catsite import converters  # noqa: F401  (registers <id:...>)
from games.consumers import MatchConsumer


async def refuse(scope, receive, send):
    """No such socket: closed before it is accepted. No consumer, so no channel of the channel layer either."""
    await receive()  # the handshake (websocket.connect)
    await send({"type": "websocket.close"})


websocket_urlpatterns = [
    path("ws/matches/<id:match_id>/", MatchConsumer.as_asgi()),
    re_path("", refuse),  # anything else
]
