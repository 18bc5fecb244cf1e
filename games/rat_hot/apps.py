from django.apps import AppConfig


class RatHotConfig(AppConfig):
    name = "games.rat_hot"
    label = "rat_hot"
    default_auto_field = "django.db.models.BigAutoField"
