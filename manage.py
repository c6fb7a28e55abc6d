#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys

# The interchange contract's offline commands read files only. With no settings module
# chosen they run without Django at all (interchange/offline.py: same arguments, output
# and exit codes as the Django commands, which call the same functions); what that path
# does not mirror exactly (--help, --settings, an argument error, ...) falls back to
# Django with the light settings in config/offline_settings.py (no web apps, no admin,
# no Celery). With DJANGO_SETTINGS_MODULE set (tests, an installation) they run under
# those settings and behave the same.
OFFLINE_COMMANDS = {"pair", "standings", "validate_roster"}


def main() -> None:
    offline = len(sys.argv) > 1 and sys.argv[1] in OFFLINE_COMMANDS
    if offline and "DJANGO_SETTINGS_MODULE" not in os.environ:
        from interchange.offline import main as run_offline

        code = run_offline(sys.argv)
        if code is not None:
            sys.exit(code)
    os.environ.setdefault(
        "DJANGO_SETTINGS_MODULE", "config.offline_settings" if offline else "config.settings"
    )
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
