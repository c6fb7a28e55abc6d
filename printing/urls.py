"""Mounted at /e/<slug>/print/ by config/urls.py."""

from django.urls import path

from printing import views

app_name = "printing"

urlpatterns = [
    path("", views.print_page, name="page"),
    path("request/", views.print_request, name="request"),
    path("jobs/<int:job_id>/", views.job_page, name="job"),
    path("jobs/<int:job_id>/status/", views.job_status, name="status"),
    path("jobs/<int:job_id>/download/", views.job_download, name="download"),
    path("jobs/<int:job_id>/retry/", views.job_retry, name="retry"),
    path("api/jobs/", views.api_request, name="api-request"),
    path("api/jobs/<int:job_id>/", views.api_job, name="api-job"),
    path("csv/standings/", views.csv_standings, name="csv-standings"),
    path("csv/pairings/<int:number>/", views.csv_pairings, name="csv-pairings"),
    path("csv/rosters/", views.csv_rosters, name="csv-rosters"),
]
