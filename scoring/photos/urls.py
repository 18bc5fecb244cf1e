"""Photos and notes of a record, under /history/<pk>/."""
from django.urls import path

from scoring.photos import views

urlpatterns = [
    path("<int:pk>/photos/", views.add_photo, name="record_photo_add"),
    path("<int:pk>/photos/<int:photo>/remove/", views.remove_photo, name="record_photo_remove"),
    path("<int:pk>/notes/", views.notes, name="record_notes"),
]
