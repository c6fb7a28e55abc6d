"""`{{ message|players_words }}`: a rules-engine message as the pages word it (tournaments.wording);
`{{ not_ready|grouped }}`: the pre-round check's problems, one line per reason."""

from __future__ import annotations

from django import template

from tournaments.selectors import NotReady, NotReadyGroup, group_not_ready
from tournaments.wording import in_players_words
from tournaments.wording import where_words as _where_words

register = template.Library()


@register.filter
def players_words(message: str, slot: int | None = None) -> str:
    return in_players_words(str(message), slot)


@register.filter
def grouped(problems: list[NotReady]) -> list[NotReadyGroup]:
    """`{% for group in not_ready|grouped %}`: the pre-round check, one line per reason."""
    return group_not_ready(list(problems))


@register.filter
def where_words(where: str) -> str:
    return _where_words(str(where))
