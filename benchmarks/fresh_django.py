"""Django for a benchmark: production-like settings (DEBUG off) on a fresh temporary SQLite file."""
import os
import shutil
import tempfile
import warnings
from pathlib import Path

TEMPLATE = "BENCH_SQLITE_TEMPLATE"  # a migrated SQLite file to start from (the smoke's: tests/benchmarks)


def copy_template(path: str) -> None:
    """Start the new SQLite file at `path` as a copy of the migrated file named by $BENCH_SQLITE_TEMPLATE, if any:
    the benchmark's `migrate` then finds nothing left to do (a fresh migration costs over 2 s of CPU)."""
    if os.environ.get(TEMPLATE):
        shutil.copyfile(os.environ[TEMPLATE], path)


def setup(prefix: str, database_url: str = "") -> tempfile.TemporaryDirectory:
    """Point the settings at a new SQLite file (or at `database_url`, a database of the benchmark's own) and set
    Django up. Keep the returned directory alive."""
    directory = tempfile.TemporaryDirectory(prefix=prefix)
    os.environ["SQLITE_PATH"] = str(Path(directory.name) / "bench.sqlite3")
    copy_template(os.environ["SQLITE_PATH"])
    os.environ.pop("DATABASE_URL", None)  # SQLite, whatever the shell has (CI's PostgreSQL pass sets it)
    if database_url:
        os.environ["DATABASE_URL"] = database_url
    os.environ.pop("REDIS_URL", None)  # the in-memory channel layer: one process
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
