"""Player URLs under /players/: the list, profiles, their edit pages, avatars and table players."""

from django.urls import path

from scoring import views

urlpatterns = [
    path("", views.players, name="players"),
    path("new/", views.table_player_new, name="table_player_new"),
    path("<slug:handle>/", views.player, name="player"),
    path("<slug:handle>/edit/", views.player_edit, name="player_edit"),
    path("<slug:handle>/avatar.svg", views.player_avatar_svg, name="player_avatar_svg"),
]
