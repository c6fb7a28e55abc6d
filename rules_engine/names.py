"""Matching the names players type against the names printed on the cards.

Interchange contract: the names of everything a data pack lists (units, cards, upgrades
and each system's other entries) match case-insensitively, ignoring punctuation
differences (curly vs straight apostrophes, hyphens vs spaces, brackets). The key keeps
only letters and digits, so "AGG-12", "agg 12" and "AGG12" are one name, as are
"Raynor's Raiders" and "Raynor\u2019s Raiders".
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

# How close a misspelling must be to be worth suggesting (difflib's ratio of the keys).
CLOSE_ENOUGH = 0.75


def person_key(name: str) -> str:
    """Whether two names are one person's: case and extra spaces aside ("Ann  Lee" is "ann
    lee"), nothing more, since "Ann-Marie" and "Ann Marie" may be two players."""
    return " ".join(name.split()).casefold()


@lru_cache(maxsize=8192)
def name_key(name: str) -> str:
    """The comparison key of a name: letters and digits only, accents and case folded."""
    decomposed = unicodedata.normalize("NFKD", name.replace("&", " and "))
    return "".join(ch for ch in decomposed.casefold() if ch.isalnum())


def _singulars(key: str) -> tuple[str, ...]:
    """The singular forms an English plural key may stand for: "scvs" -> "scv",
    "furies" -> "fury", "marines" -> "marine" (and "marin", harmless: it must match)."""
    forms = []
    if key.endswith("ies"):
        forms.append(key[:-3] + "y")
    if key.endswith("es"):
        forms.append(key[:-2])
    if key.endswith("s"):
        forms.append(key[:-1])
    return tuple(forms)


def closest_name(typed: str, candidates: Iterable[str]) -> str | None:
    """The known name a player most likely meant by `typed`, or None: a plural or singular
    of a known name first ("SCVs" is SCV, "Legionnaire" Legionnaires), then the closest
    spelling (difflib), all compared by `name_key` so case and punctuation never matter.
    Every system's reader suggests through this, so a near miss reads the same in each."""
    return _closest(name_key(typed), tuple(candidates))


@lru_cache(maxsize=4096)
def _closest(key: str, candidates: tuple[str, ...]) -> str | None:
    by_key: dict[str, str] = {}
    for name in candidates:
        by_key.setdefault(name_key(name), name)
    if not key:
        return None
    for form in (key, *_singulars(key), key + "s", key + "es"):
        if form in by_key:
            return by_key[form]
    # A plural typed with a typo: compare the singular too, and keep the better.
    best: tuple[float, str] | None = None
    for form in (key, *_singulars(key)):
        for close in difflib.get_close_matches(form, list(by_key), n=1, cutoff=CLOSE_ENOUGH):
            ratio = difflib.SequenceMatcher(None, form, close).ratio()
            if best is None or ratio > best[0]:
                best = (ratio, close)
    return by_key[best[1]] if best else None


def did_you_mean(typed: str, candidates: Iterable[str]) -> str:
    """ " (did you mean X?)" for a near miss of a known name, else "": the hint every
    system's "not a known name" message ends with before its advice."""
    close = closest_name(typed, candidates)
    return f" (did you mean {close}?)" if close is not None else ""
