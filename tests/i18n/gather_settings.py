"""Settings for gathering strings into a scratch copy (tests/i18n/catalogues.py): no LOCALE_PATHS, so that
makemessages writes into the copy's own locale/ and never into the project's."""
from tests.settings import *  # noqa: F403

LOCALE_PATHS = []
