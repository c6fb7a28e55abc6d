"""Settings, read from the environment through the typed helpers in config.env.

Every knob is an environment variable documented in docs/configuration.md; nothing here sniffs
the machine. Unset variables give a safe local set-up: SQLite in the repository,
Celery tasks run in-process, DEBUG off unless asked for.
"""

from __future__ import annotations

from datetime import timedelta
from email.utils import parseaddr
from pathlib import Path
from typing import Any

import django_stubs_ext
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

from config.env import (
    env_bool,
    env_int,
    env_list,
    env_path,
    env_rate_limit,
    env_str,
    parse_database_url,
    parse_email_url,
    storages_from_env,
)

# Lets the typed generics used for mypy (ModelAdmin[Event], QuerySet[Player]) work at run time.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=False)

SECRET_KEY = env_str("SECRET_KEY")
SECRET_KEY_CONFIGURED = bool(SECRET_KEY)
if not SECRET_KEY and DEBUG:
    # A throwaway key for local development only: sessions do not survive a restart.
    SECRET_KEY = "dev-" + get_random_secret_key()
# With DEBUG off and no SECRET_KEY, the offline commands of the interchange contract
# (validate_roster, standings, pair) still run, since they never sign anything; the
# server refuses to start (tournaments.checks and config.wsgi), and Django refuses any use
# of the empty key.

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "allauth",
    "allauth.account",
    "accounts",
    "rosters",
    "tournaments",
    "judging",
    "venue",
    "awards",
    "seasons",
    "printing",
    "interchange",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "tournaments.middleware.site_time_zone",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

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
            ],
        },
    },
]

# Form fields through Jinja2: the same markup for a fraction of the CPU (config/form_renderer.py).
FORM_RENDERER = "config.form_renderer.FormRenderer"

DATABASES = {
    "default": parse_database_url(env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")).as_django()
}
# PostgreSQL: each gunicorn thread keeps its connection for a minute (CONN_MAX_AGE, seconds;
# 0 opens one per request, a backend forked each time: CPU the round end cannot spare,
# docs/polling.md). Health checks below still replace a broken one on the next request.
_postgres = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
DATABASES["default"]["CONN_MAX_AGE"] = env_int("CONN_MAX_AGE", 60 if _postgres else 0)
# A connection that broke during an outage is replaced on the next request, not reused:
# service comes back by itself when the database does (docs/reliability.md).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if _postgres:
    _db_options = DATABASES["default"].setdefault("OPTIONS", {})
    assert isinstance(_db_options, dict)
    # An unreachable database host answers 503 in seconds instead of holding the request.
    _db_options.setdefault("connect_timeout", env_int("DATABASE_CONNECT_TIMEOUT", 5))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "my-events"
LOGOUT_REDIRECT_URL = "home"
# allauth's backend alone: it is Django's ModelBackend (permissions, the admin) that also
# reads an e-mail address as the login. Beside ModelBackend, a login by e-mail or a wrong
# password hashed the password twice (ModelBackend's miss hashes too, against timing),
# doubling the slowest step of a login.
AUTHENTICATION_BACKENDS = ["allauth.account.auth_backends.AuthenticationBackend"]

# Accounts (django-allauth): sign-up with a verified e-mail address, password reset by
# e-mail, log in with the username or the address. See accounts/ for what Muster adds.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"login": "accounts.forms.LoginForm"}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False  # the link opens a page with a button: mail scanners follow links
# Confirming the address in the browser that signed up logs in and carries on to where the
# sign-up was going (a registration or invitation link); from another browser, log in.
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_REDIRECT_URL = LOGOUT_REDIRECT_URL
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Muster] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "http" if DEBUG else "https"
ACCOUNT_PREVENT_ENUMERATION = True
# Rate limits (allauth's format: amount/period/per; per = ip, key or user). A venue is one
# address for a whole hall of players, so what an address may do is venue-sized and what
# abuse needs is limited where it happens: failed logins count per account name (for the
# web form, POST /api/auth/token/ and the admin alike), never per address, so one player's
# typos or an attacker's guesses never refuse another account's right password; every
# attempt from an address counts against a budget a hall logging in at once stays under.
# Behind a proxy (deploy/nginx/), the client's address is the last one the proxy added to
# X-Forwarded-For: TRUSTED_PROXY_COUNT=1 there, so the per-address limits count clients,
# not the proxy. 0 (the default) reads REMOTE_ADDR, for a process facing clients itself.
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
ACCOUNT_RATE_LIMITS = {
    "login": env_rate_limit("RATE_LIMIT_LOGIN", "300/5m/ip"),
    "login_failed": env_rate_limit("RATE_LIMIT_LOGIN_FAILED", "5/5m/key"),
    "signup": env_rate_limit("RATE_LIMIT_SIGNUP", "100/10m/ip"),
    "reset_password": env_rate_limit("RATE_LIMIT_RESET_PASSWORD", "60/5m/ip,5/m/key"),
    "reset_password_from_key": "20/m/ip",
    "confirm_email": "1/3m/key",
    "change_password": "5/m/user",
    "manage_email": "10/m/user",
}

# E-mail: EMAIL_URL (smtp://user:pass@host:587?tls=1, smtps://..., console://, file:///dir)
# or the usual EMAIL_HOST/EMAIL_PORT/... variables; the console in development.
# The site's public address, for links in mails sent by tasks (no request to build them
# from): the player's table view in a notification (docs/notifications.md).
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")
# Invitation mails one event may send per clock hour (tournaments.services.invitations): a
# hall's worth, while a TO's list of strangers cannot turn the site into a mailer.
INVITATION_MAILS_PER_HOUR = env_int("INVITATION_MAILS_PER_HOUR", 200)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Muster <muster@localhost>")
SERVER_EMAIL = env_str("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
EMAIL_URL = env_str("EMAIL_URL")
if EMAIL_URL:
    globals().update(parse_email_url(EMAIL_URL).as_settings())
elif DEBUG:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
else:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
    EMAIL_PORT = env_int("EMAIL_PORT", 25)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
    EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=False)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", default=False)

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env_path("STATIC_ROOT", BASE_DIR / "var" / "static")
MEDIA_URL = "media/"
MEDIA_ROOT = env_path("MEDIA_ROOT", BASE_DIR / "var" / "media")
# Files (rendered PDFs) through Django's storage API: MEDIA_ROOT by default, an
# S3-compatible bucket with FILE_STORAGE=s3 (config.env.storages_from_env, docs/configuration.md).
STORAGES = storages_from_env()

REST_FRAMEWORK = {
    # drf-spectacular's, with the request rules it leaves out (NUL, blank): tournaments/api/schema.py.
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.MusterAutoSchema",
    # One error shape for every API view, the function-based ones too (printing's).
    "EXCEPTION_HANDLER": "tournaments.api.errors.api_exception_handler",
    # Token first, as in tournaments.api.base.ApiView: DRF takes the first class's
    # WWW-Authenticate for a refused login, and without one (the session's) a bad token
    # would be 403 here and 401 everywhere else.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "knox.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
}
# API tokens (django-rest-knox, accounts/api_tokens.py): stored as digests, each expiring
# API_TOKEN_TTL_HOURS after it was issued (default 30 days: a season's scripts log in again
# monthly), revoked by their owner or by a password change.
API_TOKEN_TTL_HOURS = env_int("API_TOKEN_TTL_HOURS", 720)
if API_TOKEN_TTL_HOURS < 1:
    raise ImproperlyConfigured(f"API_TOKEN_TTL_HOURS must be at least 1, got {API_TOKEN_TTL_HOURS}")
REST_KNOX = {
    "TOKEN_TTL": timedelta(hours=API_TOKEN_TTL_HOURS),
    "AUTO_REFRESH": False,
    "AUTH_HEADER_PREFIX": "Token",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Muster API",
    "DESCRIPTION": "Tournament organiser platform for tabletop miniature wargames.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Serve Swagger UI from the installed sidecar package: no CDN at the venue.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Request bodies are their own components (`...Request`): what a client may send is
    # stricter than what it reads back (non-blank text, closed objects).
    "COMPONENT_SPLIT_REQUEST": True,
    # One name for the two sides of a table wherever a field takes them (the draft's seats,
    # the chess clock's sides), and for the chess clock's reasons to wait for a judge.
    "ENUM_NAME_OVERRIDES": {
        "SeatEnum": "judging.api.serializers.SEATS",
        "ChessClockWaitingReasonEnum": "judging.api.serializers.WAITING_KINDS",
        # What a player may report, the same in a report and in a dispute's claim.
        "ResultReportOutcomeEnum": "tournaments.api.serializers.games.PLAYER_OUTCOME_CHOICES",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournaments.api.schema.close_request_bodies",
        "tournaments.api.schema.document_answers",
    ],
}

# The cache holds the login and sign-up rate-limit counters, and the standings and
# rendered fragments kept per event version (tournaments.caching): shared through Redis
# when there is one, so every web process counts the same attempts and reuses the same
# pages; local memory (one process) otherwise. CACHE_TIMEOUT ends old versions' entries.
REDIS_URL = env_str("REDIS_URL")
CACHE_TIMEOUT = env_int("CACHE_TIMEOUT", 600)
# A phone's background poll may be answered with a live fragment rendered up to this many
# milliseconds ago, labelled with its own older version, while results arrive faster than
# that (tournaments.caching.cached_or_latest; docs/polling.md). 0 renders every version.
LIVE_REFRESH_MS = env_int("LIVE_REFRESH_MS", 1000)
CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "muster",
            # Redis down or stuck: a quick error (503, config/outages.py), not a held request.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 3},
            "TIMEOUT": CACHE_TIMEOUT,
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "muster",
            "TIMEOUT": CACHE_TIMEOUT,
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
    }

# Players' and judges' notification mails (tournaments.notifications): without a worker
# (REDIS_URL unset) each is sent from a thread of its own after the commit, so a TO's
# publish never waits for the mail server; with a worker, the worker sends them.
NOTIFICATIONS_IN_THREAD = env_bool("NOTIFICATIONS_IN_THREAD", default=not REDIS_URL)

# Web Push (accounts.webpush, docs/push.md): the VAPID private key signs every push (PEM,
# or base64url as `manage.py webpush_keys` prints it); the public key is derived from it.
# Unset: push is unavailable and players get the mails alone, except under `make run`
# (DEBUG), where a pair generated once into var/ lets a fresh clone try it.
WEBPUSH_VAPID_PRIVATE_KEY = env_str("WEBPUSH_VAPID_PRIVATE_KEY")
WEBPUSH_DEV_KEY_FILE = BASE_DIR / "var" / "webpush-vapid-dev.pem"
# Who the push services may contact about our pushes (the VAPID `sub` claim).
WEBPUSH_SUBJECT = env_str(
    "WEBPUSH_SUBJECT", "mailto:" + (parseaddr(DEFAULT_FROM_EMAIL)[1] or "muster@localhost")
)
# The server POSTs to whatever endpoint a browser hands it: only https, and only to the
# hosts of the known push services ("*.example.com" matches any subdomain), never to an
# address of its own network. WEBPUSH_ALLOW_LOOPBACK lets http://127.0.0.1 through too,
# for development and the tests' stand-in push service.
WEBPUSH_ENDPOINT_HOSTS = env_list(
    "WEBPUSH_ENDPOINT_HOSTS",
    ["fcm.googleapis.com", "updates.push.services.mozilla.com", "*.push.apple.com", "*.notify.windows.com"],
)
WEBPUSH_ALLOW_LOOPBACK = env_bool("WEBPUSH_ALLOW_LOOPBACK", default=DEBUG)
# Seconds a push service may take to answer before the push counts as failed.
WEBPUSH_TIMEOUT = env_int("WEBPUSH_TIMEOUT", 10)

# Celery: a real broker when REDIS_URL is set, otherwise tasks run eagerly in-process.
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True

CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TRACK_STARTED = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A web request that publishes a task must not hang on a broker that is down or stuck:
# short connect and socket timeouts (services.PUBLISH_RETRY bounds the retries), so the
# caller hears "printing is unavailable" in about a second (docs/reliability.md).
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 2,
    "socket_timeout": 3,
    # With acks_late, a message held by a worker that vanished comes back after this long
    # (the job's lease and the sweep recover it much sooner; a duplicate is harmless).
    "visibility_timeout": 600,
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
CELERY_REDIS_SOCKET_TIMEOUT = 5
# acks_late tasks: a worker holds only the message it is running, so the jobs behind a
# killed worker stay in the queue for the next one instead of dying with it.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# `celery -A config beat` (or a worker started with -B) runs the print-job sweep.
CELERY_BEAT_SCHEDULE = {
    "sweep-print-jobs": {"task": "printing.sweep_print_jobs", "schedule": 30.0},
    "expire-print-jobs": {"task": "printing.expire_print_jobs", "schedule": 3600.0},
    "clear-sessions": {"task": "config.clear_sessions", "schedule": 24 * 3600.0},
}
# The queues a worker started without -Q consumes: the default one and the print lanes
# (printing.services.job_queue). In production give each print lane a worker of its own
# (`-Q print-small` and `-Q celery,print-large`) so one event's big PDF never delays
# another's small one (docs/reliability.md, "The print queue").
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = {name: {"routing_key": name} for name in ("celery", "print-small", "print-large")}
# Print-queue limits (printing.services): documents in progress per event and per account
# (a request over either answers 429 "try again in 30 s"), and how long finished PDFs and
# their jobs are kept (they are rebuilt on demand).
PRINT_JOBS_PER_EVENT = env_int("PRINT_JOBS_PER_EVENT", 32)
PRINT_JOBS_PER_ACCOUNT = env_int("PRINT_JOBS_PER_ACCOUNT", 6)
PRINT_FILES_KEEP_HOURS = env_int("PRINT_FILES_KEEP_HOURS", 24)

# Content-Security-Policy (django-csp), in development too so a page that breaks it is
# seen at once: scripts, styles, fonts and images from this site only, no inline script
# or style (htmx is served locally, page behaviour lives in static/js), no framing, no
# plugins, forms post only here. The two API explorers get narrow exceptions in
# config/urls.py.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        # The table view's service worker and web app manifest (docs/offline.md).
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Cookies: the session and CSRF cookies are never readable from scripts (pages put the
# CSRF token in the markup for htmx), and only ever sent to this site.
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# Production hardening: on whenever DEBUG is off, so `check --deploy` is clean.
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
