"""Printed sheets keep to the page: every word inside its box, nothing cut at the edge, and
only the columns and facts the game has (pypdf reads each word's position)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printing.documents import render_document
from printing.models import PrintKind
from printing.params import PrintParams
from tests.builders.results_systems import one_game
from tests.printing.pdf import pages, squash
from tests.printing.test_standings_systems import dropzone_event

pytestmark = pytest.mark.django_db


def _html(event, kind: str, params: PrintParams) -> str:
    from django.template import loader

    from printing.documents import DOCUMENTS, load_sheet

    sheet = load_sheet(event, kind, params)
    return loader.render_to_string(DOCUMENTS[kind].template, {"sheet": sheet, "paper": "a4"})


def test_a_write_on_lines_labels_share_its_width(users):
    """Each label sits over its own part of the line (a flex row), so "Signature" stays in
    the box however many numbers the game asks for (Dropzone: VP and Kill Points)."""
    html = _html(dropzone_event(users), PrintKind.SLIPS, PrintParams(round=1))
    assert (
        '<p class="field"><span>Victory Points</span><span>Kill Points</span><span>Signature</span></p>'
        in html
    )
    css = (Path(__file__).resolve().parents[2] / "templates/print/print.css").read_text()
    assert (
        ".field { font-size: 11pt; border-bottom: 0.75pt solid #000; padding-top: 9mm; display: flex;" in css
    )


def test_a_long_help_goes_under_its_line(users):
    html = _html(one_game(users, "starcraft-tmg").event, PrintKind.SLIPS, PrintParams(round=1))
    assert '<p class="field"><span>Battle Rounds completed</span></p>' in html
    assert '<p class="field-help">Fewer than 2: the Head Judge reviews the result.</p>' in html


def test_the_kill_points_column_widens_the_figures(users):
    html = _html(dropzone_event(users), PrintKind.STANDINGS, PrintParams())
    assert '<col class="figures wide">' in html


def test_a_system_without_tournament_points_prints_no_tp_or_otp(users):
    event = one_game(users, "warpspawn-starcraft").event
    flat = squash(pages(render_document(event, PrintKind.STANDINGS, PrintParams())[2])[0])
    assert "oTP" not in flat
    assert " TP " not in flat
    assert "Tournament Points" not in flat
    assert "SoS is shown to four decimals" in flat


def test_the_pairings_sheet_names_the_rounds_scenario(users):
    t = one_game(users, "dropzone-commander")
    round_ = t.event.rounds.get(number=1)
    round_.scenario = "Take and Hold"
    round_.save(update_fields=["scenario"])
    flat = squash(pages(render_document(t.event, PrintKind.PAIRINGS, PrintParams(round=1))[2])[0])
    assert "Scenario:TakeandHold" in flat.replace(" ", "")  # the extractor splits a kerned "T ake"
