from django.apps import AppConfig


class VenueConfig(AppConfig):
    """The venue around the event day (docs/venue.md): the hall screen, the TO's
    announcements, the QR codes on paper and at the door, and the stream overlay."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "venue"
    verbose_name = "Venue"
