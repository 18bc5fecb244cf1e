"""URLs of the games: rules, the lobby, matches and their moves."""
from django.urls import path

from catsite import converters  # noqa: F401  (registers <id:...>)
from games import command_views, match_views, views

urlpatterns = [
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:slug>/", views.rules, name="rules"),
    path("play/", match_views.lobby, name="lobby"),
    path("play/new/<slug:slug>/", match_views.new_match, name="new_match"),
    path("matches/<id:match_id>/", match_views.match_page, name="match"),
    path("matches/<id:match_id>/table/", match_views.table, name="match_table"),
    path("matches/<id:match_id>/move/", match_views.move, name="match_move"),
    path("matches/<id:match_id>/command/", command_views.command, name="match_command"),
    path("matches/<id:match_id>/join/<str:token>/", match_views.join, name="match_join"),
    path("matches/<id:match_id>/resign/", match_views.resign, name="match_resign"),
    path("matches/<id:match_id>/claim/", match_views.claim, name="match_claim"),
    path("matches/<id:match_id>/stand-in/", match_views.hand_to_bot, name="match_stand_in"),
    path("matches/<id:match_id>/take-back/", match_views.take_back, name="match_take_back"),
    path("matches/<id:match_id>/undo/", match_views.ask_undo, name="match_undo"),
    path("matches/<id:match_id>/undo/answer/", match_views.answer_undo, name="match_undo_answer"),
    path("matches/<id:match_id>/cancel/", match_views.cancel, name="match_cancel"),
    path("matches/<id:match_id>/rematch/", match_views.rematch, name="match_rematch"),
    path("matches/<id:match_id>/record.json", match_views.record, name="match_record"),
]
