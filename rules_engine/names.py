"""Matching the names players type against the names printed on the cards.

Interchange contract: the names of everything a data pack lists (units, cards, upgrades
and each system's other entries) match case-insensitively, ignoring punctuation
differences (curly vs straight apostrophes, hyphens vs spaces, brackets). The key keeps
only letters and digits, so "AGG-12", "agg 12" and "AGG12" are one name, as are
"Raynor's Raiders" and "Raynor\u2019s Raiders".
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=8192)
def name_key(name: str) -> str:
    """The comparison key of a name: letters and digits only, accents and case folded."""
    decomposed = unicodedata.normalize("NFKD", name.replace("&", " and "))
    return "".join(ch for ch in decomposed.casefold() if ch.isalnum())
