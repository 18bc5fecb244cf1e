"""Values every page needs: the site name, the games for the navigation, and the languages for the menu."""
from django.conf import settings

from catsite.languages import back_here
from games.registry import GAMES


def site(request):
    # Each language named in itself ("English", "繁體中文"), whatever the page's language is.
    return {"SITE_NAME": "Top Cat", "ALL_GAMES": GAMES, "LANGUAGE_MENU": settings.LANGUAGES,
            "LANGUAGE_NEXT": back_here(request)}
