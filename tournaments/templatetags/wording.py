"""`{{ message|players_words }}`: a rules-engine message as the pages word it (tournaments.wording)."""

from __future__ import annotations

from django import template

from tournaments.wording import in_players_words
from tournaments.wording import where_words as _where_words

register = template.Library()


@register.filter
def players_words(message: str, slot: int | None = None) -> str:
    return in_players_words(str(message), slot)


@register.filter
def where_words(where: str) -> str:
    return _where_words(str(where))
