"""Warpspawn's violation references in words. The rules cite the introduction by line
(`004 line 99`, `004 lines 59, 193`); a player reads the deck list it falls in."""

from __future__ import annotations

import re

from rules_engine.sections import BookSections

section_title = BookSections(
    re.compile(r"(?<![\d-])(\d{2,3})(?![\d])"),
    (
        (41, "Terran Card Type Notation Glossary"),
        (59, "Terran Deck Card List"),
        (181, "Zerg Card Type Notation Glossary"),
        (193, "Zerg Deck Card List"),
    ),
)
