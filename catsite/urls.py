"""The site's URLs: pages of the games, the players, the accounts and the admin."""
from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.static import serve

from catsite import languages
from games import views as game_views
from notices import views as notice_views

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
    path("table/", include("table_mode.urls")),
    path("notices/", include("notices.urls")),
    path("sw.js", notice_views.service_worker, name="service_worker"),
    path("", include("games.urls")),
]
# Avatars are small re-encoded images under MEDIA_ROOT; serving them from Django keeps the site one command.
urlpatterns += [path(f"{settings.MEDIA_URL.strip('/')}/<path:path>", serve, {"document_root": settings.MEDIA_ROOT})]

# The error pages (catsite/errors.py): the site's look, both languages, rendered without the database.
handler400 = "catsite.errors.bad_request"
handler403 = "catsite.errors.permission_denied"
handler404 = "catsite.errors.page_not_found"
handler500 = "catsite.errors.server_error"
