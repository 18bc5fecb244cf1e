"""Admin for players and the match history."""

from django.contrib import admin

from scoring.models import GameRecord, Participant, PlayerProfile


@admin.register(PlayerProfile)
class PlayerProfileAdmin(admin.ModelAdmin):
    list_display = ["handle", "display_name", "user", "created_by", "favourite_game", "created_at"]
    list_filter = ["favourite_game", ("user", admin.EmptyFieldListFilter)]
    search_fields = ["handle", "display_name", "user__username", "user__email"]
    raw_id_fields = ["user", "created_by"]
    # Avatars only enter through the profile edit page, which re-encodes them and strips their metadata.
    readonly_fields = ["avatar", "avatar_small", "created_at"]


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0
    raw_id_fields = ["profile"]


@admin.register(GameRecord)
class GameRecordAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "source", "played_at", "recorded_by"]
    list_filter = ["game", "source"]
    date_hierarchy = "played_at"
    raw_id_fields = ["recorded_by"]
    inlines = [ParticipantInline]


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    list_display = ["name", "game_record", "seat", "profile", "score", "rank", "bot"]
    list_filter = ["game_record__game"]
    search_fields = ["name", "profile__handle", "profile__display_name"]
    raw_id_fields = ["game_record", "profile"]
