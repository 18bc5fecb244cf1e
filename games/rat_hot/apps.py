from django.apps import AppConfig


class RatHotConfig(AppConfig):
    name = "games.rat_hot"
    label = "rat_hot"
    default_auto_field = "django.db.models.BigAutoField"
    script = "rat_hot/table.js"  # the table's script, loaded once by the match page (games.registry.Game.script)
