"""URLs of statistics under /stats/: the games, a leaderboard per game, and links of table players."""
from django.urls import path

from scoring import link_views, stats_views

urlpatterns = [
    path("", stats_views.stats_index, name="stats"),
    path("links/request/<slug:handle>/", link_views.link_request, name="link_request"),
    path("links/<int:pk>/answer/", link_views.link_answer, name="link_answer"),
    path("<slug:slug>/", stats_views.leaderboard, name="leaderboard"),
]
