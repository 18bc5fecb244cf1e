"""URLs of data portability: import and export of records, under /records/."""
from django.urls import path

from scoring import transfer_views
from scoring.loggers import views as logger_views
from scoring.photos import views as photo_views

urlpatterns = [
    path("<int:pk>.json", transfer_views.export_record, name="export_record"),
    path("<int:pk>.csv", transfer_views.export_record_csv, name="export_record_csv"),
    path("player/<slug:handle>.json", transfer_views.export_player, name="export_player"),
    path("player/<slug:handle>.csv", transfer_views.export_player_csv, name="export_player_csv"),
    path("<int:pk>.bgstats.json", logger_views.export_record_bgstats, name="export_record_bgstats"),
    path("<int:pk>.bgg.xml", logger_views.export_record_bgg, name="export_record_bgg"),
    path("player/<slug:handle>.bgstats.json", logger_views.export_player_bgstats, name="export_player_bgstats"),
    path("player/<slug:handle>.bgg.xml", logger_views.export_player_bgg, name="export_player_bgg"),
    path("<int:pk>.zip", photo_views.export_record_zip, name="export_record_zip"),
    path("player/<slug:handle>.zip", photo_views.export_player_zip, name="export_player_zip"),
    path("import/", transfer_views.import_records, name="import_records"),
    path("import/plays/", logger_views.upload, name="import_plays"),
    path("import/plays/<int:pk>/", logger_views.confirm, name="import_plays_confirm"),
]
