"""Audit entries the TO alone reads until an app above this one unseals them.

The audit log is the staff's (Floor and Head Judges read it through the API), but some
entries record a decision that is the TO's until it is announced: the hobby awards' tie
the TO broke names the winner before the winners are published (OP Guide: Hobby Awards;
docs/awards.md). The awards app lives above this one (docs/architecture.md), so it
registers which of its actions are sealed and when they open; the audit selector asks.
"""

from __future__ import annotations

from collections.abc import Callable

from tournaments.models import Event

Unsealed = Callable[[Event], bool]

_sealed: dict[str, Unsealed] = {}


def register_sealed_actions(actions: tuple[str, ...], unsealed: Unsealed) -> None:
    """Entries with these actions are the TO's until `unsealed(event)` is true."""
    for action in actions:
        _sealed[action] = unsealed


def sealed_actions(event: Event) -> frozenset[str]:
    """The actions whose entries only the TO may read now, in this event."""
    return frozenset(action for action, unsealed in _sealed.items() if not unsealed(event))
