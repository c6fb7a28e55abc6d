import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
if not settings.DEBUG and not settings.SECRET_KEY_CONFIGURED:
    # Refuse to serve rather than fail on the first request that signs something.
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
