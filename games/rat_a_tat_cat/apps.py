from django.apps import AppConfig


class RatATatCatConfig(AppConfig):
    name = "games.rat_a_tat_cat"
    label = "rat_a_tat_cat"
    default_auto_field = "django.db.models.BigAutoField"
