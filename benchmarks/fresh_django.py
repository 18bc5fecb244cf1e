"""Django for a benchmark: production-like settings (DEBUG off) on a fresh temporary SQLite file."""
import os
import tempfile
import warnings
from pathlib import Path


def setup(prefix: str) -> tempfile.TemporaryDirectory:
    """Point the settings at a new SQLite file and set Django up. Keep the returned directory alive."""
    directory = tempfile.TemporaryDirectory(prefix=prefix)
    os.environ["SQLITE_PATH"] = str(Path(directory.name) / "bench.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "catsite.settings"
    os.environ["DEBUG"] = "0"
    os.environ["SECRET_KEY"] = "benchmark-only-secret-key-" + "x" * 40
    os.environ["SECURE_SSL_REDIRECT"] = "0"
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("LOG_LEVEL", "ERROR")
    warnings.filterwarnings("ignore", "No directory at", UserWarning)  # whitenoise: no collected static files
    import django

    django.setup()
    return directory
