"""Settings for Deberc Desk, read from the environment (django-environ).

With nothing set, the site runs on an embedded SQLite database and Celery tasks run
eagerly in the web process. `DATABASE_URL` selects PostgreSQL, `REDIS_URL` selects Redis as
the Celery broker, result backend and cache.
"""

from pathlib import Path

import environ
from celery.schedules import crontab
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env(
    DEBUG=(bool, True),
    SECRET_KEY=(str, "dev-only-insecure-key-change-me-in-production"),
    ALLOWED_HOSTS=(list, ["127.0.0.1", "localhost", "testserver", "[::1]"]),
    DATABASE_URL=(str, f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
    REDIS_URL=(str, ""),
    REQUIRE_SERVICES=(bool, False),
)
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env("DEBUG")
SECRET_KEY = env("SECRET_KEY")
ALLOWED_HOSTS = env("ALLOWED_HOSTS")
REQUIRE_SERVICES = env("REQUIRE_SERVICES")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "django_filters",
    "django_htmx",
    "simple_history",
    "tournaments",
    "scoring",
    "referee",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]

ROOT_URLCONF = "config.urls"

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
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {"default": env.db("DATABASE_URL")}
DATABASES["default"].setdefault("CONN_MAX_AGE", 0 if DEBUG else 60)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the live pages read while a scorer writes; the timeout rides out short locks.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "init_command": "PRAGMA journal_mode=WAL;", "transaction_mode": "IMMEDIATE"}
    )
USING_POSTGRES = DATABASES["default"]["ENGINE"].startswith("django.db.backends.postgresql")
if USING_POSTGRES:
    # psycopg prepares a statement the first time a server-binding cursor runs it: only the
    # deal write path's cursors bind server-side (scoring.fastsql); the ORM's never prepare.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("prepare_threshold", 0)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ru", _("Russian")), ("uk", _("Ukrainian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Kyiv"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = env.path("MEDIA_ROOT", default=str(BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Deberc Desk API",
    "DESCRIPTION": "Scorekeeping, tournaments and refereeing for Deberc clubs.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
}

REDIS_URL = env("REDIS_URL")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
# Jobs keep their state in the database (ReportJob): nobody reads Celery's results.
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 15 * 60
CELERY_TASK_SOFT_TIME_LIMIT = 14 * 60
CELERY_TIMEZONE = TIME_ZONE
# Reports (tournaments/reports): a job's soft time limit (the hard one is 30 s later), how long
# finished jobs and their files are kept; deal submissions' Idempotency-Keys live a day
# (purged hourly by beat; `manage.py purge_idempotency_keys --days N` does it by hand).
REPORT_SOFT_TIME_LIMIT = env.int("REPORT_SOFT_TIME_LIMIT", default=300)
REPORT_RETENTION_DAYS = env.int("REPORT_RETENTION_DAYS", default=30)
IDEMPOTENCY_KEY_TTL_DAYS = env.int("IDEMPOTENCY_KEY_TTL_DAYS", default=1)
# Seconds a standings refresh (and a rating task) waits so that the matches finishing
# together share it.
STANDINGS_REFRESH_DELAY = env.float("STANDINGS_REFRESH_DELAY", default=1.0)

# celery beat (`celery -A config beat`): times are in CELERY_TIMEZONE (the club's time).
CELERY_BEAT_SCHEDULE: dict = {
    "ratings-nightly-recompute": {
        "task": "tournaments.ratings_nightly_recompute",
        "schedule": crontab(hour=4, minute=30),
    },
    "idempotency-keys-purge": {
        "task": "tournaments.idempotency_keys_purge",
        "schedule": crontab(minute=15),  # hourly
    },
    "report-jobs-purge": {
        "task": "tournaments.report_jobs_purge",
        "schedule": crontab(hour=5, minute=0),
    },
}

if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "deberc",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}
