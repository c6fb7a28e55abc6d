"""StarCraft's violation references in words: each Part the army rules cite, by the name
the core rulebook prints over it (Part 5 "Cards and Characteristics", Part 9 "Preparing for
Battle", 9.1 "Army Building"), so a player finds it by its heading as well as its number."""

from __future__ import annotations

from rules_engine.sections import titles_from

ARMY = "Army Building"
TITLES = {
    "Part 5.5": "Cards and Characteristics → Mission Cards (Part 5.5)",
    "Part 5.6": "Cards and Characteristics → Deployment Cards (Part 5.6)",
    "Part 9.1.1": f"{ARMY} → Engagement Scale (Part 9.1.1)",
    "Part 9.1.2": f"{ARMY} → Selecting Race and Faction (Part 9.1.2)",
    "Part 9.1.3": f"{ARMY} → Minerals (Part 9.1.3)",
    "Part 9.1.4": f"{ARMY} → Vespene Gas (Part 9.1.4)",
    "Part 9.1.5": f"{ARMY} → Tactical Cards and Army Slots (Part 9.1.5)",
    "Part 9.1.6": f"{ARMY} → Mustering Units (Part 9.1.6)",
    "Part 9.1.7": f"{ARMY} → Purchasing Upgrades (Part 9.1.7)",
    "Part 9.1.8": f"{ARMY} → Team Games (Part 9.1.8)",
    "Part 9.1.9": f"{ARMY} → Summoned Units (Part 9.1.9)",
    "Part 9.1.10": f"{ARMY} → Army Roster Visibility (Part 9.1.10)",
    "Part 9.1.11": f"{ARMY} → Representation and Disclosure (Part 9.1.11)",
    "Part 9.2": "Preparing for Battle → Mission Selection and the Draft (Part 9.2)",
    "Part 12.10": "Quick Reference → Units and Upgrade Points (Part 12.10)",
    "Part 12.11": "Quick Reference → Army Reference (Part 12.11, printed inside 12.10)",
    "Part 12.12": "Quick Reference → Example Armies (Part 12.12)",
    "Zerg Faction Cards: Zerg Creep": "Zerg Faction Cards → Zerg Creep",
}

section_title = titles_from(TITLES)
