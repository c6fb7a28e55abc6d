"""The event's Best in Faction groups and which group each player's roster is of.

OP Guide: Hobby Awards, "Best in Faction: one each" for the game's races. The groups are
the game system's (`GameSystem.award_groups`, StarCraft: its races), read from the pack in
effect on the event's rules cut-off; nothing here names a game's terms.
"""

from __future__ import annotations

from collections.abc import Iterable

from rosters.models import Roster
from rules_engine.game_system import AwardGroup
from rules_engine.registry import UnknownGameSystem
from tournaments.models import Event, Player


def award_groups(event: Event) -> tuple[AwardGroup, ...]:
    """The groups the event's game system gives Best in Faction for (none: no such award)."""
    try:
        grouping = event.system.award_groups
    except UnknownGameSystem:
        return ()
    return grouping.groups(event.rules_cutoff) if grouping is not None else ()


def groups_of(event: Event, players: Iterable[Player]) -> dict[int, set[str]]:
    """Each player's groups, by player row id: those of the factions of their rosters (a
    dual list is of one race in StarCraft, so one group; a player without a roster, none)."""
    ids = [p.pk for p in players]
    found: dict[int, set[str]] = {pk: set() for pk in ids}
    try:
        grouping = event.system.award_groups
    except UnknownGameSystem:
        return found
    if grouping is None:
        return found
    for roster in Roster.objects.filter(player_id__in=ids):
        group = grouping.group_of(roster.faction, event.rules_cutoff)
        if group is not None:
            found[roster.player_id].add(group)
    return found
