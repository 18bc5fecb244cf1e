"""`{% push_offer match %}`: the "Tell me when it's my turn" button, where it makes sense: push is configured, the
visitor is logged in and, on a match page, plays a turn-based match that is not over. Never on a first visit."""
from django import template

from games.models import Match
from notices import webpush

register = template.Library()


@register.inclusion_tag("notices/offer.html", takes_context=True)
def push_offer(context, match=None):
    request = context.get("request")
    user = getattr(request, "user", None)
    shown = webpush.configured() and user is not None and user.is_authenticated
    if shown and match is not None:
        shown = (match.move_time is not None and match.status in (Match.OPEN, Match.PLAYING)
                 and match.seats.filter(user=user).exists())
    return {"shown": shown, "vapid_key": webpush.public_key(), "csrf_token": context.get("csrf_token"),
            "request": request}
