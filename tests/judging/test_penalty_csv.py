"""The penalty log's CSV is as safe to open in a spreadsheet as every other CSV."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from judging.exports import penalties_csv
from judging.models import Penalty
from tests.builders.worlds import build_world

pytestmark = pytest.mark.django_db


def test_usernames_names_and_notes_never_run_as_formulas(users):
    world = build_world(users)
    judge = get_user_model().objects.create_user("=HYPERLINK(1)", password="x")
    world.bob.name = "+Bob"
    penalty = Penalty(
        event=world.event,
        player=world.bob,
        level="caution",
        category="rules",
        notes="@SUM(A1)",
        remedy="-1",
        issued_by=judge,
        decided_by=judge,
        decided_at=timezone.now(),
        decision_note="=cmd",
        issued_at=timezone.now(),
        round_number=1,
    )
    _, _, body = penalties_csv(world.event, [penalty])
    row = next(csv.DictReader(io.StringIO(body.decode())))
    for column in ("player", "notes", "remedy", "issued_by", "decided_by", "decision_note"):
        assert row[column].startswith("'"), column
