"""URLs of table mode."""
from django.urls import path

from table_mode import views

urlpatterns = [
    path("new/", views.new_table, name="table_new"),
    path("join/", views.join_by_code, name="table_join"),
    path("guest-results/", views.guest_results, name="table_guest_results"),
    path("<str:code>/", views.phone, name="table_phone"),
    path("<str:code>/part/", views.phone_part, name="table_phone_part"),
    path("<str:code>/screen/", views.screen, name="table_screen"),
    path("<str:code>/screen/part/", views.screen_part, name="table_screen_part"),
    path("<str:code>/start/", views.start, name="table_start"),
    path("<str:code>/screen/totals/", views.screen_totals, name="table_screen_totals"),
    path("<str:code>/sheet/", views.sheet_fill, name="table_sheet"),
    path("<str:code>/sheet/start/", views.sheet_start, name="table_sheet_start"),
    path("<str:code>/sheet/shared/", views.sheet_shared, name="table_sheet_shared"),
    path("<str:code>/sheet/save/", views.sheet_save, name="table_sheet_save"),
]
