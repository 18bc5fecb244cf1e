"""The names of the site's models and of their fields are words for people: Django puts them in form errors ("A
player profile with this handle already exists") and in the admin. Each is marked for translation and reads in
Chinese in zh-hant."""
import re

import pytest
from django.apps import apps
from django.utils import translation

CJK = re.compile(r"[\u4e00-\u9fff]")
OUR_APPS = ("scoring", "games")


def names() -> list[tuple[str, str, object]]:
    """(model, what, the name) for every model of our apps and each of its own fields."""
    found = []
    for model in apps.get_models():
        if model._meta.app_label not in OUR_APPS:
            continue
        found += [(model.__name__, "verbose_name", model._meta.verbose_name),
                  (model.__name__, "verbose_name_plural", model._meta.verbose_name_plural)]
        found += [(model.__name__, field.name, field.verbose_name)
                  for field in model._meta.get_fields() if field.concrete and not field.auto_created]
    return found


@pytest.mark.django_db(databases=[])
def test_every_model_and_field_name_reads_in_chinese():
    with translation.override("zh-hant"):
        english = [f"{model}.{what}: {name}" for model, what, name in names() if not CJK.search(str(name))]
    assert not english, f"{len(english)} names without a translation: {english}"


@pytest.mark.django_db(databases=[])
def test_a_uniqueness_error_names_the_model_and_the_field_in_chinese():
    from scoring.models import PlayerProfile

    with translation.override("zh-hant"):
        message = str(PlayerProfile().unique_error_message(PlayerProfile, ["handle"]).messages[0])
    assert CJK.search(message) and not re.search(r"[A-Za-z]", message), message
