from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from catsite import translations

        translations.install()  # a table says hundreds of words: each is looked up once, not seven times
