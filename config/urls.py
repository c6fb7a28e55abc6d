from allauth.account.views import LoginView
from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from accounts.views import notification_settings
from config.favicon import favicon
from config.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    # allauth's login (rate-limited, username or e-mail) at the URL and template the site
    # always had; Django's POST-only logout. allauth's own names for both resolve here too.
    path("accounts/login/", LoginView.as_view(template_name="registration/login.html"), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/notifications/", notification_settings, name="account-notifications"),
    path("accounts/", include("allauth.account.urls")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI's set-up script is served as a file of its own (the "split" view), so the
    # site's policy holds; ReDoc styles itself inline and renders in a blob: worker.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path(
        "api/redoc/",
        csp_update({"style-src": [UNSAFE_INLINE], "worker-src": ["blob:"]})(
            SpectacularRedocView.as_view(url_name="api-schema")
        ),
        name="api-redoc",
    ),
    path("", include("interchange.urls")),
    path("e/<slug:slug>/print/", include("printing.urls")),
    path("api/", include("tournaments.api.urls")),
    path("", include("judging.urls")),
    path("", include("awards.urls")),
    path("", include("seasons.urls")),
    path("", include("judging.queue_urls")),
    path("", include("venue.urls")),
    path("", include("tournaments.urls")),
]

# Outages are a 503 (JSON for the API, templates/503.html for browsers); other errors a 500.
handler500 = "config.outages.handler500"
