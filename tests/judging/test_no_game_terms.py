"""The draft's templates live with StarCraft; the product-wide check that no core
file names a game's terms is tests/foundation/test_game_terms.py."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_starcraft_draft_templates_live_with_the_game():
    games = ROOT / "templates" / "games"
    assert (games / "starcraft_tmg" / "draft_state.html").exists()
    assert (games / "starcraft_tmg" / "repair.html").exists()
    assert (games / "_default" / "draft_state.html").exists()
    assert not (ROOT / "judging" / "domain" / "draft.py").exists()
