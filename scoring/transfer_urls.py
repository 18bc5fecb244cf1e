"""URLs of data portability: import and export of records, under /records/."""
from django.urls import path

from scoring import transfer_views

urlpatterns = [
    path("<int:pk>.json", transfer_views.export_record, name="export_record"),
    path("<int:pk>.csv", transfer_views.export_record_csv, name="export_record_csv"),
    path("player/<slug:handle>.json", transfer_views.export_player, name="export_player"),
    path("player/<slug:handle>.csv", transfer_views.export_player_csv, name="export_player_csv"),
    path("import/", transfer_views.import_records, name="import_records"),
]
