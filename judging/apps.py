from django.apps import AppConfig


class JudgingConfig(AppConfig):
    """Judges' tools: penalties, conduct reports, illegal-roster findings, the draft, the round clock."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "judging"
    verbose_name = "Judging"
