"""The printed pairings, "find your table" and standings name each player's faction once
rosters are public (OP Guide: Submission and Publication), and never before."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from printing.documents import render_document
from printing.models import PrintKind
from printing.params import PrintParams
from tests.builders.documents import raynor, terran_document
from tests.builders.rows import PRINTING_OPEN, add_roster, add_round, make_event, player_of
from tests.printing.pdf import pages, squash
from tournaments.models import RosterPublication, RoundStatus

pytestmark = pytest.mark.django_db


def _event(*, public: bool):
    # Published on a set date: rosters lock when round 1 is paired, but the date decides
    # when everyone may read them.
    event = make_event(
        **{
            **PRINTING_OPEN,
            "roster_publication": RosterPublication.ON_DATE,
            "rosters_published_at": timezone.now() + dt.timedelta(days=-1 if public else 3),
        },
        players=["Ana", "Bruno"],
        tables=1,
        planned_rounds=1,
    )
    add_roster(player_of(event, "p1"), 1, raynor("Ana"))
    add_roster(player_of(event, "p1"), 2, raynor("Ana", missions=["Frontlines", "Artefact Hunt"]))
    add_roster(player_of(event, "p2"), 1, terran_document("Bruno"))
    add_round(event, 1, [("p1", "p2")], status=RoundStatus.CLOSED, results=[(12, 3)])
    return event


def _flat(event, kind, **params):
    return squash(pages(render_document(event, kind, PrintParams(**params))[2])[0])


@pytest.mark.parametrize(
    ("kind", "params"),
    [(PrintKind.PAIRINGS, {"round": 1}), (PrintKind.FIND_TABLE, {"round": 1}), (PrintKind.STANDINGS, {})],
)
def test_printed_sheets_name_factions_once_rosters_are_public(kind, params):
    flat = _flat(_event(public=True), kind, **params)
    assert flat.count("Raynor's Raiders") == 1, flat  # one dual list of one faction, named once
    assert "erran Armed Forces" in flat  # pypdf reads the capital T apart from the rest


@pytest.mark.parametrize(
    ("kind", "params"),
    [(PrintKind.PAIRINGS, {"round": 1}), (PrintKind.FIND_TABLE, {"round": 1}), (PrintKind.STANDINGS, {})],
)
def test_printed_sheets_name_no_faction_before(kind, params):
    flat = _flat(_event(public=False), kind, **params)
    assert "Raynor" not in flat
    assert "Terran Armed Forces" not in flat
