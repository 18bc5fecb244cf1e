"""Settings for Top Cat, read from the environment (the README lists every variable)."""
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"  # noqa: S105
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "axes",
    "django_htmx",
    "template_partials",
    "scoring",
    "games",
    "games.rat_a_tat_cat",
    "games.cat_tower",
    "games.hot_tin_roof",
    "games.rat_hot",
    "table_mode",
    "django_tasks",
    "django_tasks_db",
    "notices",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "catsite.middleware.ContentSecurityPolicyMiddleware",
    "catsite.middleware.ProxyCountCheck",  # X-Forwarded-For with PROXY_COUNT unset: says so, loudly, in the log
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # HTML answers gzipped (docs/deployment.md, "Compression"): below WhiteNoise, which answers static files with
    # its own compressed copies before this is reached; above everything that writes a body. Django's own BREACH
    # mitigation (4.2+: random bytes in the gzip header) and the masked CSRF tokens stay on.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # the language: cookie, then the browser's Accept-Language
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "scoring.middleware.PlayerProfileMiddleware",
    "catsite.languages.LanguageMiddleware",  # then a ?lang= link or the player's profile wins (docs/i18n.md)
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.text_mode.TextModeMiddleware",  # tables drawn as text for a player who asked (docs/accessibility.md)
    "axes.middleware.AxesMiddleware",  # last: it turns a locked-out login into the 429 page
]

ROOT_URLCONF = "catsite.urls"
CSRF_FAILURE_VIEW = "catsite.errors.csrf_failure"  # the 403 page in the site's look (catsite/errors.py)
ASGI_APPLICATION = "catsite.asgi.application"
WSGI_APPLICATION = "catsite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "catsite.context_processors.site",
                "scoring.context_processors.needs_you",
                "table_mode.context_processors.guest_results",
            ],
            "libraries": {"i18n": "catsite.i18n_tags"},  # Django's, each literal {% translate %} said once a language
        },
    }
]

# SQLite by default: WAL lets readers run beside the writer, IMMEDIATE takes the write lock at BEGIN so two
# moves on one match queue up instead of failing half-way with "database is locked". A write waits at most
# SQLITE_TIMEOUT seconds for the lock; then the move answers "busy, try again" (503) at once, having changed
# nothing, rather than after 20 s with a 500.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": float(os.environ.get("SQLITE_TIMEOUT", "5")),
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
DATABASE_URL = os.environ.get("DATABASE_URL", "")
# PostgreSQL: one pool of connections per process (psycopg's pool), so that the number of connections is bounded by
# DATABASE_POOL_SIZE x processes, not by the threads an ASGI server starts (each request runs in a thread of its
# own, and a persistent connection kept by a thread that is gone stays open until PostgreSQL runs out of them).
# Django hands its connection back to the pool at the end of each request (CONN_MAX_AGE must be 0 with a pool).
# A request that finds every connection busy, or the database unreachable, waits up to DATABASE_POOL_TIMEOUT seconds
# and then answers 503 "try again" (catsite/errors.py); a new connection gives up after DATABASE_CONNECT_TIMEOUT
# seconds. See docs/deployment.md.
DATABASE_POOL_SIZE = int(os.environ.get("DATABASE_POOL_SIZE", "10"))
DATABASE_POOL_TIMEOUT = float(os.environ.get("DATABASE_POOL_TIMEOUT", "5"))
DATABASE_CONNECT_TIMEOUT = int(os.environ.get("DATABASE_CONNECT_TIMEOUT", "3"))
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0, conn_health_checks=True)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1, "max_size": DATABASE_POOL_SIZE, "timeout": DATABASE_POOL_TIMEOUT, "max_idle": 300,
        }
        DATABASES["default"]["OPTIONS"]["connect_timeout"] = DATABASE_CONNECT_TIMEOUT
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
        }
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Django's SQLite backend, with its connections reused across the per-request threads of ASGI
    # (catsite/sqlite/base.py: at most SQLITE_POOL_SIZE idle connections per process).
    DATABASES["default"]["ENGINE"] = "catsite.sqlite"
    DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
    DATABASES["default"]["TEST"] = {"NAME": os.environ.get("SQLITE_TEST_PATH") or None}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
# Every key the channel layer keeps in Redis starts with CHANNEL_LAYER_PREFIX (channels_redis's own default: "asgi"):
# sites (or test runs) that share one Redis database keep their groups, named after match ids, apart.
CHANNEL_LAYER_PREFIX = os.environ.get("CHANNEL_LAYER_PREFIX", "asgi")
# How long a read from Redis may take before the channel layer gives up on it. It must be longer than the
# 5 seconds that channels_redis's receive blocks in Redis (BZPOPMIN) waiting for a message: redis-py 8 reads with a
# 5 s timeout by default, so an idle socket's read timed out just before Redis answered "nothing yet", and the
# socket was closed ("Timeout reading from 127.0.0.1:6379", about every 5 s of quiet). A Redis that stops
# answering is still noticed, after this long. See docs/deployment.md.
CHANNEL_LAYER_READ_TIMEOUT = float(os.environ.get("CHANNEL_LAYER_READ_TIMEOUT", "15"))


def redis_channel_layer(url: str, prefix: str) -> dict:
    return {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [{"address": url, "socket_timeout": CHANNEL_LAYER_READ_TIMEOUT, "socket_connect_timeout": 5}],
            "prefix": prefix,
        },
    }


if REDIS_URL:
    CHANNEL_LAYERS = {"default": redis_channel_layer(REDIS_URL, CHANNEL_LAYER_PREFIX)}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "catsite.channel_layer.InMemoryChannelLayer"}}  # one process

# What one websocket of a match page may ask (games/socket_limits.py, docs/security.md): a frame asks for the table
# again (the site's pages send none today), each answered with a whole table rendered. A burst of 10, then 2 a
# second; a frame beyond is not answered, and a socket 10 frames in debt is closed. At most 5 open sockets per player
# per match (20 per address for visitors not logged in): one more closes the oldest.
SOCKET_FRAME_BURST = 10
SOCKET_FRAMES_PER_SECOND = 2.0
SOCKETS_PER_PLAYER = 5
SOCKETS_PER_ADDRESS = 20

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Sign-in: the login limits first (below), then the site's backend (a user read with their profile, one query:
# scoring/backends.py); ModelBackend for the sessions made before it.
AUTHENTICATION_BACKENDS = ["scoring.login_limits.LoginAttemptsBackend", "scoring.backends.PlayerBackend",
                           "django.contrib.auth.backends.ModelBackend"]
# Failed logins (django-axes, see scoring/login_limits.py and docs/security.md): a username and address pair is
# locked out after LOGIN_FAILURE_LIMIT wrong passwords, for LOGIN_COOLOFF_MINUTES (each new attempt restarts it).
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=float(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# A browser that logged in as the username with its current password is never locked out for it, whoever failed
# at the same address (scoring/login_limits.py, docs/security.md); a password reset lifts the lock.
AXES_WHITELIST_CALLABLE = "scoring.login_limits.known_device"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked.html"
AXES_VERBOSE = False
# Behind PROXY_COUNT proxies that append to X-Forwarded-For, the client's address is the one the outermost saw.
# Unset (None, counted as 0) while X-Forwarded-For arrives: catsite.middleware.ProxyCountCheck logs an error.
PROXY_COUNT = int(os.environ["PROXY_COUNT"]) if os.environ.get("PROXY_COUNT", "").strip() else None
AXES_CLIENT_IP_CALLABLE = "scoring.login_limits.client_address"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Top Cat <noreply@topcat.local>")
# The site's address as its e-mails link to it (a notice's match, the unsubscribe link): no request to take it from.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

# Notices (docs/notices.md). Web push is offered only with both VAPID keys (`manage.py vapid_keys` makes a pair);
# VAPID_SUBJECT is how a push service may reach the site's operator (a mailto: or https: address). A push service
# is given PUSH_TIMEOUT seconds to answer; a notice waits at most PUSH_TTL seconds there for a device that is off.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL.rpartition("<")[2].rstrip(">"))
PUSH_TIMEOUT = float(os.environ.get("PUSH_TIMEOUT", "10"))
PUSH_TTL = int(os.environ.get("PUSH_TTL", str(24 * 60 * 60)))
# Work off the request path (the notices): Django's tasks framework (the django_tasks backport), on the database
# backend by default, run by `manage.py db_worker` (`make run` starts one). TASKS_BACKEND may name another.
TASKS = {"default": {"BACKEND": os.environ.get("TASKS_BACKEND", "django_tasks_db.DatabaseBackend")}}

LANGUAGE_CODE = "en-gb"
# Traditional Chinese is "zh-hant" (its catalogues live in <app>/locale/zh_Hant/); a zh-TW or zh-HK browser gets it.
LANGUAGES = [("en-gb", "English"), ("zh-hant", "繁體中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]  # the project's templates/ and catsite; each app keeps its own locale/
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # a choice is remembered for a year (the cookie is what pushes read too)
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = not DEBUG
FORMAT_MODULE_PATH = ["catsite.formats"]  # short dates as each language writes them ("1 Dec, 14:05", "12月1日 14:05")
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Uploads: the avatar limit is enforced by the form; this keeps anything larger out of memory.
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

# Security: strict whenever DEBUG is off, so `manage.py check --deploy` is clean in production.
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = 0 if DEBUG else int(os.environ.get("SECURE_HSTS_SECONDS", 31536000))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Everything is served from this origin (htmx is vendored); websockets go back to the same host.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)

# Bots move on a worker thread after the human's move is committed ("thread"), or at once in the caller ("inline",
# for tests). The pause lets people follow a bot's move before the next one lands.
BOT_RUNNER = os.environ.get("BOT_RUNNER", "thread")
BOT_DELAY = float(os.environ.get("BOT_DELAY", "0.6"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
