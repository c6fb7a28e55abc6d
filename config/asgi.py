import os

from django.conf import settings
from django.core.asgi import get_asgi_application
from django.core.exceptions import ImproperlyConfigured

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()
if not settings.DEBUG and not settings.SECRET_KEY_CONFIGURED:
    # Refuse to serve rather than fail on the first request that signs something.
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
