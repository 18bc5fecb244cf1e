"""Websocket URLs of table mode: the big screen's socket of a match."""
from django.urls import path

from catsite import converters  # noqa: F401  (registers <id:...>)
from table_mode.consumers import ScreenConsumer

websocket_urlpatterns = [path("ws/screens/<id:match_id>/", ScreenConsumer.as_asgi())]
