from django.apps import AppConfig


class CatTowerConfig(AppConfig):
    name = "games.cat_tower"
    label = "cat_tower"
    default_auto_field = "django.db.models.BigAutoField"
