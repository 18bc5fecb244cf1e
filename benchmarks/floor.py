"""The floor: the least a live move can cost through the same server stack, to measure the site against.

A bare move view (logged-in user through the site's middleware, one conditional UPDATE of a one-row-per-match
table, one channel-layer message to the match's group) and a bare consumer that forwards that message to its
socket. Its table is a few bytes of HTML shaped like the site's (`#table` with `data-version`, one form with
`seat`, `version`, `action` for the seat to move), so the load generator plays both the same way. A match has 2
seats, or as many as its host asks (2-6: `seats`, as the site's matches of the game measured have); they take
turns: the seat to move is the version modulo the seats. Every change is forwarded to every socket of the match,
the mover's included.

Served by daphne with `benchmarks.load_settings` (FLOOR=1), beside the site's own URLs (sign-up, login).
"""
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import connection
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseForbidden, JsonResponse
from django.urls import path
from django.views.decorators.http import require_POST

TABLE = "floor_match"


def ensure_table() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} (id integer PRIMARY KEY, version integer NOT NULL, "
                       "seats integer NOT NULL)")


def table_html(match_id: int, version: int, seats: int) -> str:
    seat = version % seats
    return (f'<div id="table" data-version="{version}" hx-swap-oob="true"><form hx-post="/floor/{match_id}/move/">'
            f'<input type="hidden" name="seat" value="{seat}"><input type="hidden" name="version" value="{version}">'
            f'<input type="hidden" name="action" value="{{}}"><button>Move</button></form></div>')


@require_POST
def new(request):
    if not request.user.is_authenticated:
        return HttpResponseForbidden()
    try:
        seats = int(request.POST.get("seats", "2"))
    except ValueError:
        return HttpResponseBadRequest()
    if not 2 <= seats <= 6:
        return HttpResponseBadRequest()
    match_id = request.user.pk  # one floor match per host
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {TABLE} (id, version, seats) VALUES (%s, 0, %s) ON CONFLICT DO NOTHING",
                       [match_id, seats])
    return JsonResponse({"id": match_id})


@require_POST
def move(request, match_id):
    if not request.user.is_authenticated:
        return HttpResponseForbidden()
    try:
        version = int(request.POST["version"])
    except (KeyError, ValueError):
        return HttpResponseBadRequest()
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {TABLE} SET version = version + 1 WHERE id = %s AND version = %s RETURNING seats",
                       [match_id, version])
        row = cursor.fetchone()
    if row is None:
        return HttpResponse(status=409)
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    html = table_html(match_id, version + 1, row[0])
    async_to_sync(get_channel_layer().group_send)(f"floor-{match_id}", {"type": "forward", "html": html})
    return HttpResponse(html)


def current(match_id: int) -> str:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT version, seats FROM {TABLE} WHERE id = %s", [match_id])
        row = cursor.fetchone()
    return table_html(match_id, *row) if row else ""


class FloorConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        from channels.db import database_sync_to_async

        self.group = f"floor-{int(self.scope['url_route']['kwargs']['match_id'])}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=await database_sync_to_async(current)(int(self.group.split("-")[1])))

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def forward(self, event):
        await self.send(text_data=event["html"])


urlpatterns = [path("floor/new/", new), path("floor/<int:match_id>/move/", move)]
