from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class TableModeConfig(AppConfig):
    """Table mode: one shared screen, a phone per player, guests without accounts (docs/table-mode.md)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "table_mode"
    verbose_name = gettext_lazy("Table mode")
