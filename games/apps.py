from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from catsite import translations
        from games import bot_runner, pushes  # noqa: F401  (they listen to games.signals.match_changed)

        translations.install()  # a table says hundreds of words: each is looked up once, not seven times
