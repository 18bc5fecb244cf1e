"""History URLs under /history/."""
from django.urls import path

from scoring import history_views, transfer_views

urlpatterns = [
    path("", history_views.history, name="history"),
    path("<int:pk>/", history_views.record, name="record"),
    path("<int:pk>/confirm/<int:seat>/", history_views.confirm, name="record_confirm"),
    path("<int:pk>/replay/", transfer_views.record_replay, name="record_replay"),
]
