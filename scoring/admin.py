"""Admin for players and the match history."""

from django.contrib import admin

from scoring import ratings
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


def _seated(game_record_id) -> list[int]:
    return list(Participant.objects.filter(game_record_id=game_record_id).exclude(profile=None)
                .values_list("profile_id", flat=True))


@admin.register(GameRecord)
class GameRecordAdmin(admin.ModelAdmin):
    """An edit here (its date, game, seats, ranks) rates its game again from the record on, or from where it was
    (scoring/ratings.py `rerate`); a deletion does so through its signal."""
    list_display = ["id", "game", "source", "played_at", "recorded_by"]
    list_filter = ["game", "source"]
    date_hierarchy = "played_at"
    raw_id_fields = ["recorded_by"]
    inlines = [ParticipantInline]

    def save_model(self, request, obj, form, change):
        before = GameRecord.objects.filter(pk=obj.pk).values_list("game", "played_at").first() if change else None
        obj._before_edit = (before, _seated(obj.pk) if change else [])
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)  # the seats, after the record
        was, seated = getattr(form.instance, "_before_edit", (None, []))
        ratings.rerate(form.instance, was=was, seated=seated)


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    """An edited seat rates its record's game again from the record on, as a record's edit does."""
    list_display = ["name", "game_record", "seat", "profile", "score", "rank", "bot"]
    list_filter = ["game_record__game"]
    search_fields = ["name", "profile__handle", "profile__display_name"]
    raw_id_fields = ["game_record", "profile"]

    def save_model(self, request, obj, form, change):
        was = Participant.objects.filter(pk=obj.pk).values_list("game_record_id", flat=True).first() if change else None
        records = {pk for pk in (was, obj.game_record_id) if pk is not None}  # a seat moved: both records
        seated = {pk: _seated(pk) for pk in records}
        super().save_model(request, obj, form, change)
        for game_record in GameRecord.objects.filter(pk__in=records).order_by("played_at", "pk"):
            ratings.rerate(game_record, seated=seated[game_record.pk])

    def delete_model(self, request, obj):
        seated, game_record = _seated(obj.game_record_id), obj.game_record
        super().delete_model(request, obj)
        ratings.rerate(game_record, seated=seated)

    def delete_queryset(self, request, queryset):
        records = {seat.game_record_id: seat.game_record for seat in queryset.select_related("game_record")}
        seated = {pk: _seated(pk) for pk in records}
        super().delete_queryset(request, queryset)
        for pk, game_record in records.items():
            ratings.rerate(game_record, seated=seated[pk])
