"""A result slip prints the round's scenario: Dropzone's, chosen per round; MORSDEI's one."""

from __future__ import annotations

import pytest

from printing.documents import render_document
from printing.models import PrintKind
from printing.params import PrintParams
from tests.builders.pregame_systems import system_event
from tests.builders.rows import add_round
from tests.printing.pdf import pages, squash
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def _slip(slug: str, scenario: str = "") -> str:
    event = system_event(
        slug,
        slug=f"{slug}-{scenario or 'none'}".lower().replace(" ", "-"),
        players=["Ana", "Bruno"],
        tables=1,
    )
    add_round(event, 1, [("p1", "p2")])
    Round.objects.filter(event=event, number=1).update(scenario=scenario)
    content = render_document(event, PrintKind.SLIPS, PrintParams(round=1))[2]
    return squash(pages(content)[0])


def test_the_slip_prints_the_rounds_scenario():
    assert "Round 1 result slip · Layout: Map 1 · Scenario: Kill Box" in _slip(
        "dropzone-commander", "Kill Box"
    )
    assert "Scenario" not in _slip("dropzone-commander")  # not chosen yet
    assert "Scenario: Three Loot Points" in _slip("morsdei")
    assert "Scenario" not in _slip("warpspawn-starcraft")
