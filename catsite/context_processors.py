"""Values every page needs: the site name and the games for the navigation."""
from games.registry import GAMES


def site(request):
    return {"SITE_NAME": "Top Cat", "ALL_GAMES": GAMES}
