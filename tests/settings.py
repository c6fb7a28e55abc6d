"""Test settings: the real settings module, with the two variables a test run must have.

DEBUG on only selects the development secret key and keeps cookies usable over plain
HTTP for the browser tests; Django's test runner still runs views with DEBUG off.
"""

import os

os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("SECRET_KEY", "insecure-test-only-key")

from config.settings import *  # noqa: F403

ALLOWED_HOSTS = ["*"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast user fixtures

# Rate-limit counters live in the cache: a private in-process one, emptied before every
# test (conftest), so one test's failed logins never lock another test out.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Notification mails sent in the test's own thread, so a test reads them when its action returns.
NOTIFICATIONS_IN_THREAD = False

# The API takes JSON only (tournaments.api.base): the test client sends JSON unless told otherwise.
REST_FRAMEWORK = {**REST_FRAMEWORK, "TEST_REQUEST_DEFAULT_FORMAT": "json"}  # noqa: F405
