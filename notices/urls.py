"""The notices' URLs under /notices/ (the service worker is at the root: catsite/urls.py)."""
from django.urls import path

from notices import views

urlpatterns = [
    path("", views.preferences, name="notices_preferences"),
    path("push/subscribe/", views.subscribe, name="notices_subscribe"),
    path("push/forget/", views.unsubscribe_device, name="notices_forget_device"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="notices_unsubscribe"),
]
