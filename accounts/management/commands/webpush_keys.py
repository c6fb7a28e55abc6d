"""Print a new VAPID key pair for production (docs/push.md, docs/configuration.md).

The private key goes into the environment (`WEBPUSH_VAPID_PRIVATE_KEY`); the public key is
derived from it by the site, printed here only to compare. Changing the key later orphans
every browser's subscription (they were made for the old public key): players tap "Notify
this phone" again.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from accounts.webpush import new_key_pair


class Command(BaseCommand):
    help = (
        "Print a new VAPID key pair for Web Push (set WEBPUSH_VAPID_PRIVATE_KEY to the first line's value)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        private, public = new_key_pair()
        self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={private}\n")
        self.stdout.write(f"# public key (derived by the site; browsers subscribe with it): {public}\n")
