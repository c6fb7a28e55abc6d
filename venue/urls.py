"""The venue's pages under /e/<slug>/ (docs/venue.md)."""

from django.urls import URLPattern, URLResolver

urlpatterns: list[URLPattern | URLResolver] = []
