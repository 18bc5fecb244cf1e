from django.apps import AppConfig


class HotTinRoofConfig(AppConfig):
    name = "games.hot_tin_roof"
    label = "hot_tin_roof"
    default_auto_field = "django.db.models.BigAutoField"
