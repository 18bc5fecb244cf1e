"""URLs of the games: rules, the lobby, matches and their moves."""
from django.urls import path

from games import match_views, views

urlpatterns = [
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:slug>/", views.rules, name="rules"),
    path("play/", match_views.lobby, name="lobby"),
    path("play/new/<slug:slug>/", match_views.new_match, name="new_match"),
    path("matches/<int:match_id>/", match_views.match_page, name="match"),
    path("matches/<int:match_id>/table/", match_views.table, name="match_table"),
    path("matches/<int:match_id>/move/", match_views.move, name="match_move"),
    path("matches/<int:match_id>/join/<str:token>/", match_views.join, name="match_join"),
    path("matches/<int:match_id>/resign/", match_views.resign, name="match_resign"),
    path("matches/<int:match_id>/claim/", match_views.claim, name="match_claim"),
    path("matches/<int:match_id>/cancel/", match_views.cancel, name="match_cancel"),
    path("matches/<int:match_id>/rematch/", match_views.rematch, name="match_rematch"),
    path("matches/<int:match_id>/record.json", match_views.record, name="match_record"),
]
