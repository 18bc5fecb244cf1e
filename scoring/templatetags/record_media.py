"""The photos and notes part of a record's page (scoring/photos)."""
from django import template

from scoring.photos import services
from scoring.photos.views import NotesForm, PhotoForm

register = template.Library()


@register.inclusion_tag("scoring/photos/_record_media.html", takes_context=True)
def record_media(context, game_record):
    user = context["request"].user
    photos = list(game_record.photos.all())
    may_change = services.may_change(user, game_record)
    return {
        "request": context["request"], "csrf_token": context.get("csrf_token"), "game_record": game_record,
        "photos": [{"photo": p, "removable": services.may_remove(user, p)} for p in photos],
        "may_change": may_change, "room": len(photos) < services.MAX_PER_RECORD,
        "photo_form": PhotoForm(auto_id="id_photo_%s") if may_change else None,
        "notes_form": NotesForm(initial={"notes": game_record.notes}, auto_id="id_notes_%s") if may_change else None,
    }
