"""A violation's rule as a player reads it: the book's section in words.

A violation's `section` is a reference for whoever checks the engine against the book
(StarCraft's "Part 9.1.6", Dropzone's "DZC:318", a pack key, a decision number); a player
holding the book needs the section's name instead ("Army Building → Mustering Units
(Part 9.1.6)", "Preparation → Build Command Card Deck (3.2.6)"). Each game system says how
its references read (`GameSystem.section_title`, usually a `BookSections` of its book's
headings); `section_title` here is the one place the pages ask, with the references every
system shares (the Organised Play Guide's, a TO's pack) read here.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass

SectionTitler = Callable[[str], str]

# Shared references: the event's own rules (OP Guide: Army Rosters) and a limit a TO's
# pack sets ("pack: warband_rules (...)").
_OP_GUIDE = re.compile(r"^OP Guide:\s*(.+)$")
_PACK = re.compile(r"^pack:\s*([A-Za-z_]+)")


@dataclass(frozen=True)
class BookSections:
    """A book whose references are line numbers (`DZC:318`, `MOR:113`, `004 line 99`):
    the heading each line falls under, in words. `headings` are (first line, title) in
    order; a title of None marks a stretch the table does not name (no title is shown)."""

    pattern: re.Pattern[str]
    headings: tuple[tuple[int, str | None], ...]

    def heading(self, line: int) -> str | None:
        at = bisect_right([start for start, _ in self.headings], line) - 1
        return self.headings[at][1] if at >= 0 else None

    def __call__(self, reference: str) -> str:
        """Every heading the reference's lines fall under, once each, in order."""
        titles: list[str] = []
        for number in self.pattern.findall(reference):
            title = self.heading(int(number))
            if title is not None and title not in titles:
                titles.append(title)
        return "; ".join(titles)


def titles_from(table: Mapping[str, str]) -> SectionTitler:
    """A system whose references are names of their own (StarCraft's "Part 9.1.6"): the
    title of each reference the table knows, matched from its start."""

    def title(reference: str) -> str:
        for key in sorted(table, key=len, reverse=True):
            if reference.startswith(key):
                return table[key]
        return ""

    return title


def section_title(reference: str, system_titles: SectionTitler | None) -> str:
    """The words a player reads for a violation's `reference`: the system's title, else
    a shared reference's, else "" (a bare machine reference is never shown to a player)."""
    if system_titles is not None and (title := system_titles(reference)):
        return title
    if found := _OP_GUIDE.match(reference):
        return f"Organised Play Guide → {found.group(1).strip()}"
    if found := _PACK.match(reference):
        return f"The event's data pack → {found.group(1).replace('_', ' ')}"
    return ""
