"""Template filters that find a game system's own templates (`templates/games/<package>/`).

`{% include event|game_part:"roster" %}` renders the event's system's `roster.html`, or
the generic `templates/games/_default/roster.html` when the system brings none: the core
templates never name a game's terms, each system's folder does (docs/game-systems.md).
"""

from __future__ import annotations

from typing import Any

from django import template

from rules_engine.registry import UnknownGameSystem, get_system

register = template.Library()


@register.filter
def game_part(event: Any, part: str) -> list[str]:
    """The templates to try for `part` of the system of `event` (an Event or a slug)."""
    slug = event if isinstance(event, str) else getattr(event, "game_system", "")
    try:
        return get_system(slug).template_names(part)
    except UnknownGameSystem:
        return [f"games/_default/{part}.html"]


@register.filter
def squad_tree(document: Any) -> list[dict[str, Any]]:
    """A roster/1 document's `units` as rows with their depth under what they ride in
    (`aboard`), in roster order, parents first: how a Group reads (DZC:262)."""
    units = [u for u in document.get("units", [])] if isinstance(document, dict) else []
    units = [u for u in units if isinstance(u, dict)]
    children: dict[Any, list[dict[str, Any]]] = {}
    for unit in units:
        children.setdefault(unit.get("aboard"), []).append(unit)
    known = {u.get("id") for u in units}
    rows: list[dict[str, Any]] = []
    seen: set[int] = set()

    def walk(parent: Any, depth: int) -> None:
        for unit in children.get(parent, []):
            if id(unit) in seen:
                continue
            seen.add(id(unit))
            rows.append({"unit": unit, "depth": depth, "indent": "\u2003" * depth})
            walk(unit.get("id"), depth + 1)

    walk(None, 0)
    for unit in units:  # aboard something unknown: listed at the top level
        if id(unit) not in seen and unit.get("aboard") not in known:
            seen.add(id(unit))
            rows.append({"unit": unit, "depth": 0, "indent": ""})
    return rows


@register.filter
def rule_title(event: Any, reference: str) -> str:
    """A violation's rule as the book's section in words for the system of `event`
    (`{{ event|rule_title:v.section }}`); "" when the reference names no section a player
    could look up (a line of a source file is never shown)."""
    slug = event if isinstance(event, str) else getattr(event, "game_system", "")
    try:
        return get_system(slug).rule_title(reference or "")
    except UnknownGameSystem:
        return ""
