"""Migration 0023: an imported event's top cut moves from its extra fields to the columns (and back)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0022_invitation_mail_refusals")]
AFTER = [("tournaments", "0023_event_top_cut_and_round_stage")]


def migrate(target: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor


def test_the_cut_moves_to_its_columns_and_back():
    apps = migrate(BEFORE).loader.project_state(BEFORE).apps
    extra = {
        "cut": {"size": 4, "after_round": 2},
        "venue_note": "kept",
        "_stash": {"rounds": {"3": {"stage": "cut", "seeds": ["p1", "p2", "p3", "p4"]}, "1": {"x": 1}}},
    }
    event = apps.get_model("tournaments", "Event").objects.create(
        name="Old", slug="old", planned_rounds=5, extra=extra, round_minutes=90
    )
    round_model = apps.get_model("tournaments", "Round")
    for number in (1, 2, 3):
        round_model.objects.create(event=event, number=number)
    plain = apps.get_model("tournaments", "Event").objects.create(
        name="Plain", slug="plain", round_minutes=90
    )

    apps = migrate(AFTER).loader.project_state(AFTER).apps
    moved = apps.get_model("tournaments", "Event").objects.get(pk=event.pk)
    assert (moved.cut_size, moved.planned_rounds) == (4, 2)
    assert moved.extra == {"venue_note": "kept", "_stash": {"rounds": {"1": {"x": 1}}}}
    rounds = apps.get_model("tournaments", "Round").objects.filter(event_id=event.pk).order_by("number")
    assert [(r.stage, r.seeds) for r in rounds] == [
        ("swiss", None),
        ("swiss", None),
        ("cut", ["p1", "p2", "p3", "p4"]),
    ]
    assert apps.get_model("tournaments", "Event").objects.get(pk=plain.pk).cut_size is None

    apps = migrate(BEFORE).loader.project_state(BEFORE).apps
    back = apps.get_model("tournaments", "Event").objects.get(pk=event.pk)
    assert back.extra["cut"] == {"size": 4, "after_round": 2}
    assert back.extra["_stash"]["rounds"]["3"] == {"stage": "cut", "seeds": ["p1", "p2", "p3", "p4"]}
    migrate(migrate(AFTER).loader.graph.leaf_nodes())
