"""The export routes, mounted at the root by config/urls.py (same paths as before the move)."""

from django.urls import path

from interchange import views

urlpatterns = [
    path("e/<slug:slug>/manage/export/", views.export, name="manage-export"),
    path("e/<slug:slug>/export/", views.public_export, name="public-export"),
    path("api/events/<slug:slug>/export/", views.ExportApi.as_view(), name="api-export"),
]
