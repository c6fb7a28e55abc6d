"""MORSDEI's violation references in words. The rules cite the skirmish rules by line
(`MOR:113`); the book's headings carry no numbers, so a player reads the heading itself
("Fighter cards")."""

from __future__ import annotations

import re

from rules_engine.sections import BookSections

section_title = BookSections(
    re.compile(r"MOR:(\d+)"),
    (
        (1, "What you need"),
        (14, "Core terms"),
        (30, None),
        (94, "Fighter cards"),
        (115, "Measuring and placement"),
        (127, None),
        (267, "Rounds and activations"),
        (283, None),
        (506, "HP and incapacitation"),
        (529, "Preparing the first game"),
        (540, "Three Loot Points"),
        (558, "Victory"),
        (566, None),
    ),
)
