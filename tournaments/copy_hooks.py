"""What an app above this one copies when a TO copies an event.

"Copy this event" (docs/features.md, "Copying an event") makes a new draft event with the
old one's set-up. Part of that set-up lives in apps above the event core — the hobby
awards the event offers live in the `awards` app (docs/architecture.md, "Hooks for the
layers above") — so `tournaments.services.event_copy` cannot import them. Instead each app
above registers a hook when it loads; the copy service calls every hook inside its own
transaction, so a hook that fails leaves nothing half-saved.
"""

from __future__ import annotations

from typing import Protocol

from django.contrib.auth.models import AbstractBaseUser

from tournaments.models import Event


class CopyHook(Protocol):
    def __call__(self, *, source: Event, copy: Event, by: AbstractBaseUser) -> list[str]:
        """Copy the app's set-up of `source` onto `copy` (raising ServiceError on a
        refusal); return what was copied, as short phrases for the TO's message
        ("the awards: Best Painted, Best Sportsman"), or nothing when there was none."""
        ...


_hooks: dict[str, CopyHook] = {}


def register_copy_hook(name: str, hook: CopyHook) -> None:
    """Install an app's hook under its name (registering again replaces it: app reloads in
    tests)."""
    _hooks[name] = hook


def copy_hooks() -> list[CopyHook]:
    """The installed hooks, in the order the apps registered them."""
    return list(_hooks.values())
