from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    """Seasons across events (docs/series.md, docs/ratings.md): player profiles, series with
    season points, ratings, and the public results feed."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "seasons"
    verbose_name = "Seasons"

    def ready(self) -> None:
        # Ratings follow every finished event and every correction to one; the event core
        # lives below this app, so it offers a hook and this app fills it.
        from seasons.hooks import register

        register()
