"""Settings of the load benchmark's servers: the site's own (DEBUG off), with two changes for the benchmark.

- Sign-up hashes passwords with a fast hasher: the benchmark signs up hundreds of players before it measures,
  and PBKDF2's deliberate slowness would only make that set-up take minutes (sign-up is not what is measured;
  that hashing stays outside the write transaction is tested in tests/scoring/test_account_views.py).
- The floor's URLs (benchmarks/floor.py) are served beside the site's.
On PostgreSQL, connections come from a small pool per process (Django's own, psycopg_pool), unless the site's
settings already configure one: under ASGI each request runs on a thread of its own, and a connection kept per
thread would grow with them.
"""
from catsite.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.load_urls"
ASGI_APPLICATION = "benchmarks.load_asgi.application"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":  # noqa: F405
    _options = DATABASES["default"].setdefault("OPTIONS", {})  # noqa: F405
    if "pool" not in _options:
        _options["pool"] = {"min_size": 2, "max_size": int(os.environ.get("DATABASE_POOL_SIZE", "8"))}  # noqa: F405
        DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = False  # noqa: F405
# No collected static files (collectstatic) are needed to render pages: the benchmark fetches none.
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}  # noqa: F405
