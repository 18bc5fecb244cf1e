"""The match history: every finished match, online or at the table, and one match's page."""
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from games.registry import GAMES
from scoring.models import GameRecord, PlayerProfile

PAGE_SIZE = 25


def history(request):
    records = GameRecord.objects.prefetch_related("participants__profile")
    game = request.GET.get("game", "")
    if game:
        records = records.filter(game=game)
    player = request.GET.get("player", "")
    if player:
        records = records.filter(participants__profile__handle=player).distinct()
    source = request.GET.get("source", "")
    if source in {"online", "table"}:
        records = records.filter(source=source)
    page = Paginator(records, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "scoring/history.html", {
        "page": page, "games": GAMES, "game": game, "player": player, "source": source,
        "players": PlayerProfile.objects.filter(participations__isnull=False).distinct().order_by("display_name"),
    })


def record(request, pk):
    game_record = get_object_or_404(GameRecord.objects.prefetch_related("participants__profile"), pk=pk)
    return render(request, "scoring/record.html", {
        "game_record": game_record, "participants": list(game_record.participants.all()),
        "online_match": getattr(game_record, "online_match", None),
    })
