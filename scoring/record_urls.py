"""URLs of "Record a game": the table score pads and sheets, under /record/."""
from django.urls import path

from scoring import record_views

urlpatterns = [
    path("", record_views.record_game, name="record_game"),
    path("edit/<int:pk>/", record_views.record_edit, name="record_edit"),
    path("<slug:slug>/", record_views.record_new, name="record_new"),
    path("<slug:slug>/preview/", record_views.record_preview, name="record_preview"),
]
