#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys

# The interchange contract's offline commands read files only: they start with the light
# settings in config/offline_settings.py (no web apps, no admin, no Celery) unless the
# caller chose a settings module.
OFFLINE_COMMANDS = {"pair", "standings", "validate_roster"}


def main() -> None:
    offline = len(sys.argv) > 1 and sys.argv[1] in OFFLINE_COMMANDS
    os.environ.setdefault(
        "DJANGO_SETTINGS_MODULE", "config.offline_settings" if offline else "config.settings"
    )
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
