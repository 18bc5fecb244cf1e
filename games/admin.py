"""Admin pages for live matches, their seats and their moves."""
from django.contrib import admin

from games.models import Match, Move, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["user", "profile"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "status", "version", "host", "created_at", "finished_at"]
    list_filter = ["game", "status"]
    search_fields = ["id", "host__username"]
    raw_id_fields = ["host", "rematch_of", "game_record"]
    # The state changes only through games.turns.play: the admin shows it but never edits it.
    readonly_fields = ["state", "version", "seed", "started_at", "finished_at"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["match", "index", "kind", "user", "profile", "name", "bot_level"]
    list_filter = ["kind"]
    raw_id_fields = ["match", "user", "profile"]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ["match", "seq", "seat", "action", "created_at"]
    raw_id_fields = ["match"]
    readonly_fields = ["match", "seq", "seat", "action", "created_at"]
