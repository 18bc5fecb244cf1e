from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class NoticesConfig(AppConfig):
    name = "notices"
    verbose_name = gettext_lazy("Notices")

    def ready(self):
        from notices import listeners  # noqa: F401  (connects the receivers)
