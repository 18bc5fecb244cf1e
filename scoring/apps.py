from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from scoring import csv_columns, summaries  # noqa: F401  (their signals keep the tallies and the CSV's columns)
