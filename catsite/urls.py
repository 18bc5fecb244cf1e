"""The site's URLs: pages of the games, the players, the accounts and the admin."""
from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.static import serve

from catsite import languages
from games import views as game_views

urlpatterns = [
    path("", game_views.home, name="home"),
    path("admin/", admin.site.urls),
    path("language/", languages.choose, name="choose_language"),
    path("accounts/", include("scoring.account_urls")),
    path("players/", include("scoring.urls")),
    path("history/", include("scoring.history_urls")),
    path("record/", include("scoring.record_urls")),
    path("stats/", include("scoring.stats_urls")),
    path("records/", include("scoring.transfer_urls")),
    path("", include("games.urls")),
]
# Avatars are small re-encoded images under MEDIA_ROOT; serving them from Django keeps the site one command.
urlpatterns += [path(f"{settings.MEDIA_URL.strip('/')}/<path:path>", serve, {"document_root": settings.MEDIA_ROOT})]
