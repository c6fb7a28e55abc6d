"""Where a core template finds a game system's own part (systems as plug-ins).

A system's web templates live in `templates/games/<package>/` (`GameSystem.templates`);
a part it does not bring falls back to `templates/games/_default/`. The result forms and
slips take the names from here; templates use the `game_part` filter (templatetags.games).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.game_system import GameSystem


def game_template_names(system: GameSystem, part: str) -> list[str]:
    """Template names for `{% include %}` (it takes the first that exists): the plug-in's."""
    return system.template_names(part)


def extras_shown(system: GameSystem, details: Mapping[str, Any] | None) -> list[str]:
    """The system's extra result numbers a game or report holds, as phrases, in order."""
    held = details or {}
    return [extra.shown(held[extra.key]) for extra in system.result_extras if held.get(extra.key) is not None]
