"""Result slips ask for what each game system's result records.

Dropzone: VP and Kill Points; MORSDEI: VP and a complete victory; Warpspawn: who won or a
draw, no VP; only StarCraft asks for Battle Rounds and prints its draft lines.
"""

from __future__ import annotations

import pytest

from printing.documents import render_document
from printing.models import PrintKind
from printing.params import PrintParams
from tests.builders.rows import add_round, make_event
from tests.printing.pdf import pages, squash

pytestmark = pytest.mark.django_db

SCALES = {
    "starcraft-tmg": "standard",
    "dropzone-commander": "clash",
    "morsdei": "standard",
    "warpspawn-starcraft": "standard",
}


def slip_text(system: str) -> str:
    event = make_event(slug=f"slips-{system}", game_system=system, scale=SCALES[system], players=2, tables=1)
    add_round(event, 1, [("p1", "p2")])
    (text,) = pages(render_document(event, PrintKind.SLIPS, PrintParams(round=1))[2])
    return squash(text)


@pytest.mark.parametrize(
    ("system", "asks", "never"),
    [
        (
            "starcraft-tmg",
            ["Victory Points", "Battle Rounds completed", "Priority", "Draft control"],
            ["Kill Points", "Draw", "Complete victory"],
        ),
        (
            "dropzone-commander",
            ["Victory Points", "Kill Points"],
            ["Battle Round", "Priority", "Mission", "Deployment", "Draw", "Complete victory"],
        ),
        (
            "morsdei",
            ["Victory Points", "Complete victory (no enemy fighter left) by ☐ A ☐ B"],
            ["Kill Points", "Battle Round", "Priority", "Mission", "Draw"],
        ),
        (
            "warpspawn-starcraft",
            ["Result: ☐ A won ☐ B won ☐ Draw"],
            ["Victory Points", "Kill Points", "Battle Round", "Priority", "Mission"],
        ),
    ],
)
def test_each_systems_slip_asks_for_its_own_result(system, asks, never):
    flat = slip_text(system)
    assert "Signature" in flat
    assert "Did not end normally: ☐ Concession ☐ No-show by ☐ A ☐ B" in flat
    for words in asks:
        assert words in flat
    for words in never:
        assert words not in flat
