"""The TO's confidential backup and the file to publish (`export_event --public`)."""

from __future__ import annotations

import datetime as dt
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone

from interchange.eventfile import parse_event
from interchange.eventio import PUBLIC_OMITS, export_event, import_event
from interchange.platform_records import REPORT_SECTION, SECTIONS, Section, record_fields
from tests.builders.scenario import full_event
from tournaments.models import Event, RosterPublication, Round, RoundStatus
from tournaments.selectors import rosters_public

pytestmark = pytest.mark.django_db

CONFIDENTIAL_SECTIONS = ("conduct_reports", "audit_log", "chess_clocks")


def export(*args: str) -> tuple[dict[str, Any], str]:
    out, err = StringIO(), StringIO()
    call_command("export_event", *args, stdout=out, stderr=err)
    data: dict[str, Any] = json.loads(out.getvalue())
    return data, err.getvalue()


def test_the_full_export_warns_that_it_is_confidential(users):
    full_event(users)
    data, warning = export("spring-clash")
    assert data["conduct_reports"][0]["description"] == "Shouting."
    assert data["audit_log"]
    assert data["join_code"]
    assert all("@example.org" in p["email"] for p in data["players"])
    assert len(warning.splitlines()) == 1
    assert "confidential" in warning
    assert "conduct reports" in warning
    assert "e-mail addresses" in warning


def test_the_warning_is_given_for_a_file_too(users, tmp_path: Path):
    full_event(users)
    err = StringIO()
    call_command("export_event", "spring-clash", "-o", str(tmp_path / "backup.json"), stderr=err)
    assert "confidential" in err.getvalue()


def nobody(record: dict[str, Any], section: Section) -> dict[str, Any]:
    """A record with every reference to an account emptied, as a public export writes it."""
    accounts = {f.name for f, kind in record_fields(section.model, section.owner) if kind == "user"}
    return {k: None if k in accounts else v for k, v in record.items()}


def test_public_leaves_out_conduct_reports_emails_the_join_code_and_the_audit_log(users):
    full_event(users)
    full, _ = export("spring-clash")
    public, warning = export("spring-clash", "--public")
    assert warning == ""
    assert set(PUBLIC_OMITS) == {"join_code", "email", "user", "staff", *CONFIDENTIAL_SECTIONS}
    for key in ("join_code", "staff", *CONFIDENTIAL_SECTIONS):
        assert key in full
        assert key not in public
    assert not any("email" in p for p in public["players"])
    assert "@example.org" not in json.dumps(public)
    # Everything else is as in the full export, but for what the public pages do not show
    # yet: the rosters (this event publishes them to opponents only), the roster finding
    # that quotes one, and the draft under way.
    # No account is named: no staff list, no player's username, nobody in the records.
    trimmed = {
        k: v
        for k, v in full.items()
        if k not in ("join_code", "staff", "roster_findings", *CONFIDENTIAL_SECTIONS)
    }
    trimmed["players"] = [
        {k: v for k, v in p.items() if k not in ("email", "user", "rosters")} for p in full["players"]
    ]
    for section in SECTIONS:
        if section.key in trimmed:
            trimmed[section.key] = [nobody(r, section) for r in trimmed[section.key]]
    for rnd in trimmed["rounds"]:
        for game in [*rnd["games"], *rnd.get("pending", [])]:
            if "reports" in game:
                game["reports"] = [nobody(r, REPORT_SECTION) for r in game["reports"]]
    # The awards as their public page shows them: winners, but not the tie the TO broke.
    assert any(a["tie_among"] for a in full["awards"])
    trimmed["awards"] = [a | {"tie_among": [], "tie_chosen": None} for a in trimmed["awards"]]
    trimmed["drafts"] = [d for d in full["drafts"] if d["completed_at"] is not None]
    assert len(trimmed["drafts"]) == len(full["drafts"]) - 1
    assert public == trimmed


def test_public_shows_no_more_than_the_public_pages(users):
    """A round not yet published stays hidden; rosters appear once the policy publishes them."""
    event = full_event(users)
    assert not rosters_public(event)
    assert all("rosters" not in p for p in export_event(event, public=True)["players"])

    # As if round 2 were paired but not yet published: its games, clock and draft are hidden.
    Round.objects.filter(event=event, number=2).update(status=RoundStatus.PAIRED)
    Event.objects.filter(pk=event.pk).update(
        roster_publication=RosterPublication.AFTER_DEADLINE,
        roster_deadline=timezone.now() - dt.timedelta(hours=1),
    )
    event.refresh_from_db()
    full, public = export_event(event), export_event(event, public=True)
    assert [r["number"] for r in full["rounds"]] == [1, 2]
    assert [r["number"] for r in public["rounds"]] == [1]
    assert [c["round"] for c in public["clocks"]] == [1]
    assert [d["game"]["round"] for d in public["drafts"]] == [1]
    assert all(p["rosters"] for p in public["players"])
    findings = [
        nobody(f, next(s for s in SECTIONS if s.key == "roster_findings")) for f in full["roster_findings"]
    ]
    assert public["roster_findings"] == findings
    # What the file holds still imports: nothing in it points at the hidden round.
    copy = import_event(parse_event(json.loads(json.dumps(public))), slug="published-mid-event")
    assert list(copy.rounds.values_list("number", flat=True)) == [1]


def test_a_public_file_is_still_event_1_and_imports(users):
    event = full_event(users)
    public = json.loads(json.dumps(export_event(event, public=True)))
    assert len(parse_event(public).rounds) == 2
    copy = import_event(parse_event(public), slug="published")
    assert copy.join_code == ""
    again = export_event(copy, public=True)
    assert {k: v for k, v in again.items() if k != "slug"} == {k: v for k, v in public.items() if k != "slug"}
