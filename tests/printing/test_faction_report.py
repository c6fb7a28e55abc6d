"""The faction statistics' PDF (docs/faction-stats.md): the charts and tables on paper,
for everyone once rosters are public and for no one before."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone

from printing.documents import load_sheet, render_document
from printing.models import PrintKind
from printing.params import PrintParams
from printing.policy import may_print
from tests.builders.factions import faction_event
from tests.printing.pdf import pages, squash
from tournaments.access import access_event
from tournaments.errors import ServiceError
from tournaments.models import RosterPublication

pytestmark = pytest.mark.django_db


def test_the_pdf_draws_the_charts_and_their_tables(users: dict[str, Any]) -> None:
    event = faction_event(users)
    filename, mimetype, content = render_document(event, PrintKind.FACTIONS, PrintParams())
    assert (filename, mimetype) == ("faction-cup-factions-a4.pdf", "application/pdf")
    text = squash(" ".join(pages(content)))
    assert "Faction statistics" in text
    assert "6 games counted" in text
    assert "Win rates" in text
    assert "Who met whom" in text
    assert "Red Host 4 3 0 1 1 75%" in text  # the table beside the bar chart
    assert "Win rate by faction" not in text  # the SVG's title is for screen readers, not print
    assert "75% · 4" in text  # the bar's label, drawn in the SVG


def test_everyone_prints_it_once_rosters_are_public(users: dict[str, Any]) -> None:
    event = faction_event(users)
    assert may_print(access_event(users["mallory"], event.slug), PrintKind.FACTIONS, PrintParams())
    event.roster_publication = RosterPublication.ON_DATE
    event.rosters_published_at = timezone.now() + dt.timedelta(days=1)
    event.save(update_fields=["roster_publication", "rosters_published_at"])
    assert not may_print(access_event(users["alice"], event.slug), PrintKind.FACTIONS, PrintParams())
    with pytest.raises(ServiceError) as refused:
        load_sheet(event, PrintKind.FACTIONS, PrintParams())
    assert refused.value.code == "rosters-not-public"
