"""Settings for Deberc Desk, read from the environment (django-environ).

With nothing set, the site runs on an embedded SQLite database and Celery tasks run
eagerly in the web process. `DATABASE_URL` selects PostgreSQL, `REDIS_URL` selects Redis as
the Celery broker, result backend and cache.
"""

from datetime import timedelta
from pathlib import Path

import environ
from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from kombu import Exchange, Queue

BASE_DIR = Path(__file__).resolve().parent.parent

# The development key: refused whenever DEBUG is off (below).
DEVELOPMENT_SECRET_KEY = "dev-only-insecure-key-change-me-in-production"

env = environ.Env(
    # Off unless asked for (`DEBUG=1`: `make run`, `make test`): a site started with no
    # environment at all (as the gunicorn line of the README) must not show its settings in
    # error pages, nor serve development conveniences.
    DEBUG=(bool, False),
    SECRET_KEY=(str, DEVELOPMENT_SECRET_KEY),
    ALLOWED_HOSTS=(list, ["127.0.0.1", "localhost", "testserver", "[::1]"]),
    DATABASE_URL=(str, f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
    REDIS_URL=(str, ""),
    REQUIRE_SERVICES=(bool, False),
)
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env("DEBUG")
SECRET_KEY = env("SECRET_KEY")


def secret_key_is_weak(key: str) -> bool:
    """The development key, or one Django's deployment check calls insecure (W009): fewer than
    50 characters, fewer than 5 different ones, or Django's generated `django-insecure-`."""
    return (
        key == DEVELOPMENT_SECRET_KEY
        or key.startswith("django-insecure-")
        or len(key) < 50
        or len(set(key)) < 5
    )


if not DEBUG and secret_key_is_weak(SECRET_KEY):
    # Refuse to start rather than sign sessions and CSRF tokens with a key anyone can read in
    # this repository.
    raise ImproperlyConfigured(
        "DEBUG is off and SECRET_KEY is "
        + ("not set" if SECRET_KEY == DEVELOPMENT_SECRET_KEY else "too weak")
        + ': set SECRET_KEY to 50 or more random characters (python -c "import secrets; '
        'print(secrets.token_urlsafe(64))"), the same on every host; or set DEBUG=1 on a '
        "development machine (docs/deployment.md)."
    )
ALLOWED_HOSTS = env("ALLOWED_HOSTS")
# Origins allowed to POST forms when they differ from the host (e.g. "https://desk.example.org"
# behind a proxy that rewrites Host); usually not needed.
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
REQUIRE_SERVICES = env("REQUIRE_SERVICES")
# Reverse proxies in front of the site that append to X-Forwarded-For (0: none, the client
# connects directly and X-Forwarded-For is not believed).
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)

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
    "axes",
    "csp",
    "drf_spectacular_sidecar",
    "tournaments",
    "scoring",
    "referee",
]

# The games the club scores: each a package with a `GAME` (a `scoring.games.base.Game`),
# loaded by the registry (`scoring.games`); the first is the default game. A game's
# referee and tournament parts are named by its `GAME` (`referee_parts`, `tournament_parts`).
DEBERC_GAMES = ["scoring.games.deberc", "scoring.games.preferans"]

MIDDLEWARE = [
    # First: probes get their answer before the host check, the HTTPS redirect and the log.
    "config.health.HealthCheckMiddleware",
    "config.request_log.RequestLogMiddleware",
    # An anonymous spectator's live poll answered 304 from one cache read, before the rest
    # of the stack and the view (tournaments.live.fast; it runs their steps a 304 needs), and
    # a changed fragment rendered by its view called from there.
    "tournaments.live.fast.LiveFastPathMiddleware",
    # A scorer's new deal with a token, written before the rest of the stack and DRF
    # (scoring.middleware; it runs their steps a deal needs, and leaves any refusal to them).
    "scoring.middleware.DealLaneMiddleware",
    # Any 404 under /api/ in the API's JSON shape, DEBUG's HTML page included.
    "config.api_errors.ApiNotFoundMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "config.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before the sessions: drops their Vary: Cookie from the anonymous live fragments; ETags
    # and 304 for the read API (tournaments.live.cache).
    "tournaments.live.cache.LiveHeadersMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A NUL in the URL names nothing (a 404/400, not PostgreSQL's DataError): before any view.
    "config.nul_bytes.NulByteMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A table card's session: its scorer's name on the user; signed out once the card dies.
    "tournaments.clubs.table_cards.TableCardMiddleware",
    # After a sign-in, the language of the person's profile goes into the cookie.
    "config.language.ProfileLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: turns a locked-out sign-in into the lockout answer.
    "axes.middleware.AxesMiddleware",
]

# django-axes first: it refuses a locked-out account or address before a password is checked.
AUTHENTICATION_BACKENDS = [
    "config.security.LockoutBackend",
    # The club's named permissions (tournaments.clubs.permissions: `rules` predicates).
    "rules.permissions.ObjectPermissionBackend",
    "django.contrib.auth.backends.ModelBackend",
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
    # No JIT: the reads of a request are short, and PostgreSQL compiles any query whose
    # estimated cost passes jit_above_cost (a visibility check over a 3,000-player field
    # does): the compiling took 0.1-0.9 s of a 10 ms query (issue 31). A DATABASE_URL's own
    # `?options=` wins.
    DATABASES["default"]["OPTIONS"].setdefault("options", "-c jit=off")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ru", _("Russian")), ("uk", _("Ukrainian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language picked is kept across browser restarts (a year), and in the person's profile.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
# Issue 20: an invitation link lives a week; a table card a day at most (and dies with its
# round).
INVITATION_TTL_DAYS = env.int("INVITATION_TTL_DAYS", default=7)
TABLE_CARD_TTL_HOURS = env.int("TABLE_CARD_TTL_HOURS", default=24)
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

# The largest request bodies (config.parsers; more → 413 `too_large`, before it is read): a
# deal (the API's and the scorer pages' deal writes), a tournament import, any other API body.
DEAL_BODY_MAX_BYTES = env.int("DEAL_BODY_MAX_BYTES", default=16 * 1024)
IMPORT_BODY_MAX_BYTES = env.int("IMPORT_BODY_MAX_BYTES", default=32 * 1024 * 1024)
API_BODY_MAX_BYTES = env.int("API_BODY_MAX_BYTES", default=1024 * 1024)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # DRF's parsers, refusing text no column can hold (NUL, lone surrogates): config.parsers.
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.JSONParser",
        "config.parsers.FormParser",
        "config.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # Who the client is for throttles: REMOTE_ADDR, or behind N trusted proxies the address
    # the outermost one saw (config.security.client_ip reads it the same way).
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
    # Scoped throttles (config.throttles), counted in the default cache.
    "DEFAULT_THROTTLE_RATES": {
        "deals": env("DEAL_THROTTLE_RATE", default="10/second"),
        # Downloads of a whole tournament (export, deals CSV, report files) by anonymous
        # readers, per address: a person downloads a few, a script looping on them is stopped.
        "anon_heavy": env("ANON_HEAVY_THROTTLE_RATE", default="20/minute"),
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Deberc Desk API",
    "DESCRIPTION": "Scorekeeping, tournaments and refereeing for Deberc clubs.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI's files come from this site (drf-spectacular-sidecar), not from a CDN, so the
    # Content-Security-Policy needs no third party.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several components have a field named "kind" with their own choices: each its name.
    "ENUM_NAME_OVERRIDES": {"LockoutKindEnum": "config.lockouts.KINDS"},
    # Request bodies as strict as the serializers that read them (no read-only fields, no
    # blank text where a blank is refused), so that a client generated from the schema sends
    # what the API takes (issue 17, item 21).
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.openapi.add_common_responses",
        "config.openapi.strict_requests",
    ],
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
# Two worker queues, so that a 300 s tournament PDF never sits in front of the standings
# refresh and rating that the live tables need within a second. `celery` (Celery's default
# name, kept so that tasks already queued by the previous release are still consumed) takes
# the live tasks; `reports` the slow or bulky ones: report jobs, the full rating replays, the
# purges. Both are declared here, so a worker started without `-Q` consumes both (one host);
# `-Q celery` / `-Q reports` give each its own worker hosts (docs/deployment.md, "Many hosts").
LIVE_QUEUE = "celery"
REPORTS_QUEUE = "reports"
WORKER_QUEUES = (LIVE_QUEUE, REPORTS_QUEUE)
CELERY_TASK_DEFAULT_QUEUE = LIVE_QUEUE
# Each queue with its own exchange and routing key: a shared routing key would bind both
# lists to the same messages and deliver every task twice.
CELERY_TASK_QUEUES = tuple(Queue(name, Exchange(name), routing_key=name) for name in WORKER_QUEUES)
CELERY_TASK_ROUTES = {
    name: {"queue": REPORTS_QUEUE}
    for name in (
        "tournaments.report_job",
        "tournaments.report_job_lost",
        "tournaments.report_jobs_purge",
        "tournaments.idempotency_keys_purge",
        "tournaments.ratings_nightly_recompute",
        # A correction of a rated match replays every rating ever: as slow as the nightly one.
        "tournaments.tasks.recompute_ratings_task",
        # A large tournament's JSON export (tournaments/reports/exports.py): seconds of CPU.
        "tournaments.tournament_export",
    )
}
# Reports (tournaments/reports): a job's soft time limit (the hard one is 30 s later), how long
# finished jobs and their files are kept; deal submissions' Idempotency-Keys live a day
# (purged hourly by beat; `manage.py purge_idempotency_keys --days N` does it by hand).
REPORT_SOFT_TIME_LIMIT = env.int("REPORT_SOFT_TIME_LIMIT", default=300)
REPORT_RETENTION_DAYS = env.int("REPORT_RETENTION_DAYS", default=30)
# The tournament's JSON export (tournaments/reports/exports.py): built by a job from this many
# matches on (below, by the first request of each version), and a large tournament that keeps
# changing rebuilt at most every EXPORT_REBUILD_SECONDS (its previous file served meanwhile).
EXPORT_JOB_MIN_MATCHES = env.int("EXPORT_JOB_MIN_MATCHES", default=500)
EXPORT_REBUILD_SECONDS = env.float("EXPORT_REBUILD_SECONDS", default=60.0)
# Export files up to this size are answered from memory, larger ones streamed from the file.
EXPORT_STREAM_MIN_BYTES = env.int("EXPORT_STREAM_MIN_BYTES", default=256 * 1024)
# Streamed exports one web process sends at once (each holds a thread for the whole download;
# the rest of the threads stay the scorers'); more readers are answered 503 with Retry-After.
EXPORT_STREAMS_PER_PROCESS = env.int("EXPORT_STREAMS_PER_PROCESS", default=1)
# Behind nginx: the `internal` location serving MEDIA_ROOT (e.g. "/protected-media"); the
# proxy then sends export files itself (X-Accel-Redirect) and no web thread waits on a reader.
EXPORT_ACCEL_REDIRECT = env.str("EXPORT_ACCEL_REDIRECT", default="")
IDEMPOTENCY_KEY_TTL_DAYS = env.int("IDEMPOTENCY_KEY_TTL_DAYS", default=1)
# Seconds a standings refresh (and a rating task) waits so that the matches finishing
# together share it.
STANDINGS_REFRESH_DELAY = env.float("STANDINGS_REFRESH_DELAY", default=1.0)
# Seconds an anonymous spectator's live fragment of tables may be answered as it was first
# rendered although a deal has landed since (tournaments.live.fast): on a busy evening one
# render a second, not one per deal. An organiser's change or a standings refresh is seen on
# the next poll whatever this says; 0 answers every poll after a deal anew.
LIVE_COALESCE_SECONDS = env.float("LIVE_COALESCE_SECONDS", default=1.0)
# The nightly rating replay's hard time limit (tournaments.ratings_nightly_recompute): the
# longest task of all.
RATINGS_REPLAY_TIME_LIMIT = 3700
# Redis gives a task taken by a worker and not acknowledged (acks_late: not until it ends) to
# another worker after the visibility timeout. Shorter than the longest task, a report or a
# replay still running would be started a second time next to itself; so it fits the longest
# task's hard limit, with a margin. A task held by a worker killed outright therefore comes back
# only that late (over an hour): the jobs' heartbeats and the watchdog below do not wait for it.
LONGEST_TASK_SECONDS = max(
    CELERY_TASK_TIME_LIMIT, REPORT_SOFT_TIME_LIMIT + 30, RATINGS_REPLAY_TIME_LIMIT
)
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": LONGEST_TASK_SECONDS + 300}
# Heartbeats (tournaments/reports/watchdog.py): a report job, and a rating replay, being built beats
# every JOB_STALE_SECONDS / 6; one silent for JOB_STALE_SECONDS lost its worker, and the
# watchdog (beat, every JOB_WATCHDOG_SECONDS) queues it again or fails it, retryable. A job
# still queued after 3 × JOB_STALE_SECONDS is sent again (a copy finds it taken and stops).
JOB_STALE_SECONDS = env.float("JOB_STALE_SECONDS", default=60.0)
JOB_WATCHDOG_SECONDS = env.float("JOB_WATCHDOG_SECONDS", default=30.0)

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
    # Standings and ratings catch up on any task lost to a killed process (a worker also does
    # this when it starts): tournaments.standings.tasks.catch_up_task.
    "catch-up": {
        "task": "tournaments.catch_up",
        "schedule": crontab(minute="*/5"),
    },
    # Report jobs and rating replays whose worker died (a silent heartbeat): queued again or
    # failed, retryable (tournaments.reports.tasks.jobs_watchdog_task).
    "jobs-watchdog": {
        "task": "tournaments.jobs_watchdog",
        "schedule": timedelta(seconds=JOB_WATCHDOG_SECONDS),
    },
}

if REDIS_URL:
    CACHES = {
        "default": {
            # Django's RedisCache, its client object kept instead of made for every call.
            "BACKEND": "config.cache.KeptClientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "deberc",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Security -------------------------------------------------------------------------------
# Every HTTPS setting is on by default whenever DEBUG is off; each can be switched by its own
# variable. Behind a proxy that terminates TLS set SECURE_PROXY_SSL_HEADER to the header it
# sets (e.g. X-Forwarded-Proto) so that Django knows the request was HTTPS.
_proxy_ssl_header = env("SECURE_PROXY_SSL_HEADER", default="")
if _proxy_ssl_header:
    SECURE_PROXY_SSL_HEADER = (
        "HTTP_" + _proxy_ssl_header.upper().replace("-", "_"),
        env("SECURE_PROXY_SSL_VALUE", default="https"),
    )
# Off when the proxy already redirects http:// to https://.
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
# Load balancers probe the backend over plain HTTP (they are answered before this anyway).
SECURE_REDIRECT_EXEMPT = [r"^healthz/?$", r"^readyz/?$"]
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SAMESITE = "Lax"
# Sessions live in the database (Django's default), so any web process serves any scorer.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Content-Security-Policy (django-csp), in development too, so that inline code is caught
# early: scripts, styles and everything else from this site only; no inline code, no eval.
# Images may be data: URIs (Swagger UI's icons).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# Sign-in lockout (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one account, or
# AXES_ADDRESS_FAILURE_LIMIT from one address, both the sign-in page and
# POST /api/v1/auth/token/ refuse (429) until AXES_COOLOFF_MINUTES pass (0: until lifted: an
# organiser's "Sign-in lockouts" page, /accounts/lockouts/, the admin's "Access attempts", or
# `manage.py axes_reset_username NAME` / `axes_reset_ip ADDRESS` / `axes_reset`).
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=10)
# Higher per address: a club's phones share one public address (NAT on the club's Wi-Fi), and
# a few typos by several members must not lock the whole club out. Never below the account's
# limit (config.lockouts explains why).
AXES_ADDRESS_FAILURE_LIMIT = max(
    env.int("AXES_ADDRESS_FAILURE_LIMIT", default=50), AXES_FAILURE_LIMIT
)
AXES_COOLOFF_MINUTES = env.int("AXES_COOLOFF_MINUTES", default=30)
AXES_COOLOFF_TIME = timedelta(minutes=AXES_COOLOFF_MINUTES) if AXES_COOLOFF_MINUTES else None
# The account always; the address only once it reached AXES_ADDRESS_FAILURE_LIMIT.
AXES_LOCKOUT_PARAMETERS = "config.lockouts.lockout_parameters"
# A success does not wipe the failures: django-axes would wipe every failure from the address
# too, so a guesser could sign in to an account of their own between guesses.
AXES_RESET_ON_SUCCESS = False
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_HTTP_RESPONSE_CODE = 429
AXES_LOCKOUT_CALLABLE = "config.security.lockout_response"
AXES_CLIENT_IP_CALLABLE = "config.security.client_ip"
# Failed attempts are what lockouts need; a row per successful sign-in is not.
AXES_DISABLE_ACCESS_LOG = True
# Lockouts an organiser (not staff) may lift in 24 hours: they can bring anyone into a
# tournament of theirs, so without a cap a stolen organiser account could guess at an
# account, lift its lockout and guess again forever. A club's evening needs a few.
LOCKOUT_LIFTS_PER_DAY = env.int("LOCKOUT_LIFTS_PER_DAY", default=20)
# An API token unused this many days expires (sliding: each use moves the end on); a token
# also dies with its account's lockout, deactivation or password change (scoring.tokens).
API_TOKEN_TTL_DAYS = max(env.int("API_TOKEN_TTL_DAYS", default=30), 1)

# --- Media storage ---------------------------------------------------------------------------
# Report files live in MEDIA_ROOT, or in an S3 bucket when AWS_STORAGE_BUCKET_NAME is set
# (several web and worker hosts then share them). boto3 reads the credentials from
# AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or the host's role.
AWS_STORAGE_BUCKET_NAME = env("AWS_STORAGE_BUCKET_NAME", default="")
if AWS_STORAGE_BUCKET_NAME:
    STORAGES["default"] = {"BACKEND": "storages.backends.s3.S3Storage"}
    AWS_S3_REGION_NAME = env("AWS_S3_REGION_NAME", default=None)
    AWS_S3_ENDPOINT_URL = env("AWS_S3_ENDPOINT_URL", default=None)
    AWS_LOCATION = env("AWS_LOCATION", default="media")
    # Files are private (no public ACL): the site reads them and serves them after its own
    # permission checks.
    AWS_DEFAULT_ACL = None
    AWS_QUERYSTRING_AUTH = True
    AWS_QUERYSTRING_EXPIRE = env.int("AWS_QUERYSTRING_EXPIRE", default=300)
    AWS_S3_FILE_OVERWRITE = False

# --- Logs ------------------------------------------------------------------------------------
# One JSON object per line on stderr (LOG_FORMAT=text for plain lines while developing); one
# line per request from `deberc.request` (config.request_log) at INFO, whatever LOG_LEVEL.
LOG_FORMAT = env("LOG_FORMAT", default="json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "config.request_log.JsonFormatter"},
        "text": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
    "loggers": {
        "deberc.request": {
            "handlers": ["console"],
            "level": env("REQUEST_LOG_LEVEL", default="INFO"),
            "propagate": False,
        },
        # The request log has the line; django.request's "Not Found: …" would be a second.
        "django.request": {"level": "ERROR"},
    },
}
