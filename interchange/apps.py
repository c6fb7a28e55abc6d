from django.apps import AppConfig


class InterchangeConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "interchange"
    verbose_name = "Event files and offline commands"
