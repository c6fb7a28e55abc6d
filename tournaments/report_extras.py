"""What an app above this one adds to a player's result report: a nomination.

OP Guide: Hobby Awards: Best Sportsman is "one nomination per player, submitted with their
last result". The awards live in the `awards` app, above this one (docs/architecture.md),
so the report cannot import them; instead the awards app registers a `NominationHook`
when it loads, and the report form, the report service and the API call it. Without a
hook, a report carries no nomination and a nomination sent is refused (`not-offered`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from django.contrib.auth.models import AbstractBaseUser

from tournaments.models import Game, Player


@dataclass(frozen=True)
class NominationField:
    """The optional field the report form shows: its label, help and choices (player row
    id, name), with the nomination the player has made so far (row id, or empty)."""

    label: str
    help_text: str
    choices: tuple[tuple[str, str], ...]
    current: str


class NominationHook(Protocol):
    def offered(self, game: Game, player: Player) -> NominationField | None:
        """The field to add to `player`'s report of `game`, or None for no field."""
        ...

    def record(self, *, game: Game, player: Player, nominee: Player, by: AbstractBaseUser) -> None:
        """Store the nomination (raising ServiceError on a refusal), inside the report's
        transaction, so a refused nomination stores no report either."""
        ...


_hooks: list[NominationHook] = []


def register_nomination_hook(hook: NominationHook) -> None:
    """Install the one hook (registering again replaces it: app reloads in tests)."""
    _hooks[:] = [hook]


def nomination_hook() -> NominationHook | None:
    return _hooks[0] if _hooks else None
