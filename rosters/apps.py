from django.apps import AppConfig


class RostersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rosters"
