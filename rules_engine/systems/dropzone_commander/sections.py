"""Dropzone Commander's violation references in words. The army rules cite the core
rulebook by line (`DZC:318`); a player reads the numbered heading that line falls under
("Preparation → Build Command Card Deck (3.2.6)"). Only the chapters the rules cite are
named: 2 (Units), 3 (Preparation), 9.3 and 9.5 (Scenarios) and two Unit Special Rules."""

from __future__ import annotations

import re

from rules_engine.sections import BookSections

PREP = "Preparation"
section_title = BookSections(
    re.compile(r"DZC:(\d+)"),
    (
        (122, "Units (2)"),
        (158, "Units → Squads (2.3)"),
        (162, "Units → Groups (2.4)"),
        (166, "Units → Stats Bar (2.5)"),
        (184, "Units → Infantry Stats (2.6)"),
        (193, "Units → Bravery Tests (2.6.1)"),
        (201, "Units → Weapons (2.7)"),
        (221, f"{PREP} (3)"),
        (223, f"{PREP} → Game Size (3.1)"),
        (232, f"{PREP} → Build Your Army (3.2)"),
        (244, f"{PREP} → Rare/Unique Squads (3.2.1)"),
        (248, f"{PREP} → Unit Variants (3.2.2)"),
        (254, f"{PREP} → Weapons Upgrades (3.2.3)"),
        (260, f"{PREP} → Choosing Transports and Forming Groups (3.2.4)"),
        (266, f"{PREP} → Sharing one larger Transport (3.2.4.1)"),
        (280, f"{PREP} → Transport Symbols (3.2.4.2)"),
        (296, f"{PREP} → Auxiliary Transports (3.2.4.3)"),
        (300, f"{PREP} → Choose Commanders (3.2.5)"),
        (314, f"{PREP} → Build Command Card Deck (3.2.6)"),
        (324, f"{PREP} → Choose a Scenario (3.3)"),
        (330, None),
        (924, "Scenarios → Game Length (9.3)"),
        (928, None),
        (950, "Scenarios → Scoring (9.5)"),
        (958, None),
        (1229, "Unit Special Rules → Fast Mover (10.1.12)"),
        (1249, None),
        (1291, "Unit Special Rules → Living Weapons (10.1.20)"),
        (1299, None),
    ),
)

# What a reader's refusals cite of the game sizes (DZC:225-230), in words.
GAME_SIZE = section_title("DZC:225")
