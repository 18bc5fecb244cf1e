"""Game nights, under /history/nights/."""
from django.urls import path

from scoring.loggers import views as logger_views
from scoring.nights import views

urlpatterns = [
    path("nights/<uuid:key>/", views.night_page, name="night"),
    path("nights/<uuid:key>/edit/", views.edit, name="night_edit"),
    path("nights/<uuid:key>/split/<int:record>/", views.split, name="night_split"),
    path("nights/<uuid:key>/join/", views.join, name="night_join"),
    path("nights/<uuid:key>.bgstats.json", logger_views.export_night_bgstats, name="export_night_bgstats"),
    path("nights/<uuid:key>.bgg.xml", logger_views.export_night_bgg, name="export_night_bgg"),
]
