"""The server-rendered web app (Django templates + htmx), one module per audience."""

from tournaments.views.public import home

__all__ = ["home"]
