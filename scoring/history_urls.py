"""History URLs under /history/."""
from django.urls import include, path

from scoring import confirmation_views, history_views, transfer_views

urlpatterns = [
    path("", history_views.history, name="history"),
    path("players/", history_views.player_suggestions, name="player_suggestions"),
    path("needs-you/", confirmation_views.needing, name="records_needing"),
    path("<int:pk>/", history_views.record, name="record"),
    path("<int:pk>/confirm/<int:seat>/", history_views.confirm, name="record_confirm"),
    path("<int:pk>/replay/", transfer_views.record_replay, name="record_replay"),
    path("", include("scoring.photos.urls")),
    path("", include("scoring.nights.urls")),
]
