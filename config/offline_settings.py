"""Settings for the offline commands of the interchange contract: `pair`, `standings`,
`validate_roster` (docs/interchange.md).

They read files and print; they never touch the database, sign anything or serve a
page, so they need none of the web apps, the admin, DRF or Celery. `manage.py` picks
these settings for those three commands when DJANGO_SETTINGS_MODULE is not set, and
Django's own start-up then costs a fraction of the full project's (docs/pairing.md,
"Speed"). With DJANGO_SETTINGS_MODULE set (tests, an installation) the same commands run
under the full settings and behave the same.
"""

from __future__ import annotations

from config.env import env_str

DEBUG = False
# Never used: nothing these commands do is signed. Django only requires the setting to exist.
SECRET_KEY = ""
ALLOWED_HOSTS: list[str] = []
# The app that owns the commands; it has no models, so setup imports no ORM model code.
INSTALLED_APPS = ["interchange"]
DATABASES: dict[str, dict[str, str]] = {}
USE_I18N = False
USE_TZ = True
TIME_ZONE = env_str("TIME_ZONE", "UTC")
LANGUAGE_CODE = "en-gb"
LOGGING_CONFIG = None
