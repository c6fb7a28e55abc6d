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

from interchange.event_export import export_event
from interchange.event_fields import PUBLIC_OMITS
from interchange.event_import import import_event
from interchange.platform_records import SECTIONS, Section, record_fields
from standings.eventfile import parse_event
from tests.builders.scenario import full_event
from tournaments.models import Event, RosterPublication, Round, RoundStatus
from tournaments.selectors import rosters_public

pytestmark = pytest.mark.django_db


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


# Every field of the full export, level by level, and whether the public file carries it
# (docs/event-files.md, "The public file, field by field"). A field the export gains fails
# test_every_field_of_the_full_export_is_classified until it is placed here.
PUBLIC_SECTIONS = ("award_programme", "awards", "clocks")
NOT_PUBLIC_SECTIONS = (
    "staff",
    "audit_log",
    "conduct_reports",
    "penalties",
    "time_limits",
    "roster_findings",
    "drafts",
    "chess_clocks",
)
FIELDS: dict[str, dict[str, bool]] = {
    "event": {
        **dict.fromkeys(
            (
                "name",
                "game_system",
                "scale",
                "kind",
                "tables",
                "players",
                "rounds",
                "version",
                "slug",
                "status",
                "created_at",
                "starts_on",
                "ends_on",
                "venue",
                "time_zone",
                "format",
                "planned_rounds",
                "cut",
                "cut_ties",
                "team_size",
                "team_budget",
                "round_minutes",
                "first_round_extra_minutes",
                "schedule",
                "rounds_changed_at",
                "points_limit",
                "list_format",
                "rules_cutoff",
                "roster_deadline",
                "roster_publication",
                "rosters_published_at",
                "late_roster_penalty",
                "registration_open",
                "to_plays",
                "head_judge_plays",
                "layouts_in_use",
                "pairing_platform",
                "conduct_contact",
                "step_free_access",
                "accessible_toilet",
                "table_seating",
                "seating_on_request",
                "accommodations_contact",
                "accommodations_by",
                # A team tournament's (docs/event-files.md, "Team tournaments"); the public
                # file's protocols hold only what both captains have seen.
                "team_event",
                "teams",
                "seed_by_rating",  # a setting, public like the others (docs/ratings.md)
                "capacity",  # the registration cap, shown on the event page (docs/waitlist.md)
                "waitlist_accept_hours",
                *PUBLIC_SECTIONS,
            ),
            True,
        ),
        "join_code": False,
        **dict.fromkeys(NOT_PUBLIC_SECTIONS, False),
    },
    "player": {
        **dict.fromkeys(("id", "name", "dropped_after_round", "dropped_at", "rosters"), True),
        **dict.fromkeys(
            (
                "email",
                "user",
                "invited_user",
                "checked_in_at",
                "checked_in_via",
                "stream_consent",
                "registered_at",
                "invited_at",
                "invitation_failed_at",
            ),
            False,
        ),
    },
    "round": {
        **dict.fromkeys(
            (
                "number",
                "games",
                "pending",
                "status",
                "created_at",
                "published_at",
                "closed_at",
                "version",
                "stage",
                "seeds",
                "matches",
            ),
            True,
        ),
        **dict.fromkeys(("pairing_report", "seed"), False),
    },
    "game": {
        **dict.fromkeys(
            (
                "players",
                "table",
                "outcome",
                "vp",
                "loser",
                "battle_rounds",
                "result_status",
                "needs_review",
                "reviewed_at",
                "version",
            ),
            True,
        ),
        "reports": False,
    },
}


def _levels(data: dict[str, Any]) -> dict[str, set[str]]:
    rounds = data["rounds"]
    return {
        "event": set(data),
        "player": {k for p in data["players"] for k in p},
        "round": {k for r in rounds for k in r},
        "game": {k for r in rounds for g in [*r["games"], *r.get("pending", [])] for k in g},
    }


def _rosters_published(event: Event) -> Event:
    Event.objects.filter(pk=event.pk).update(
        roster_publication=RosterPublication.ON_DATE,
        rosters_published_at=timezone.now() - dt.timedelta(hours=1),
    )
    event.refresh_from_db()
    return event


def test_every_field_of_the_full_export_is_classified(users):
    event = _rosters_published(full_event(users))
    full = export_event(event)
    for level, keys in _levels(full).items():
        assert keys <= set(FIELDS[level]), (level, keys - set(FIELDS[level]))


def test_the_public_file_carries_exactly_the_public_fields(users):
    event = _rosters_published(full_event(users))
    full, public = export_event(event), export_event(event, public=True)
    full_levels, public_levels = _levels(full), _levels(public)
    for level, fields in FIELDS.items():
        wanted = {k for k in full_levels[level] if fields.get(k)}
        assert public_levels[level] == wanted, level
    # The judges' records and the players' claims are in the full file (so the test sees them)...
    for key in NOT_PUBLIC_SECTIONS:
        assert full[key], key
    assert any(g.get("reports") for r in full["rounds"] for g in r["games"])
    # ...and no trace of them is in the public one: no penalty's notes, no report's key.
    text = json.dumps(public)
    for penalty in full["penalties"]:
        if penalty["notes"]:
            assert penalty["notes"] not in text
    for rnd in full["rounds"]:
        for game in rnd["games"]:
            for report in game.get("reports", []):
                if report.get("idempotency_key"):
                    assert report["idempotency_key"] not in text
    assert set(PUBLIC_OMITS) >= {"join_code", "email", "user", "staff", "reports", *NOT_PUBLIC_SECTIONS}


def test_public_leaves_out_what_the_public_pages_do_not_show(users):
    full_event(users)
    full, _ = export("spring-clash")
    public, warning = export("spring-clash", "--public")
    assert warning == ""
    assert not any("email" in p for p in public["players"])
    assert "@example.org" not in json.dumps(public)
    # Everything else is as in the full export, but for the rosters (this event publishes
    # them to opponents only), the confidential sections, the games' reports and the staff's
    # fields; no account is named (no staff list, no player's username, nobody in the records).
    trimmed = {k: v for k, v in full.items() if FIELDS["event"].get(k)}
    trimmed["players"] = [
        {k: v for k, v in p.items() if FIELDS["player"].get(k) and k != "rosters"} for p in full["players"]
    ]
    trimmed["rounds"] = [{k: v for k, v in r.items() if FIELDS["round"].get(k)} for r in full["rounds"]]
    for rnd in trimmed["rounds"]:
        for key in ("games", "pending"):
            if key in rnd:
                rnd[key] = [{k: v for k, v in g.items() if k != "reports"} for g in rnd[key]]
    for section in SECTIONS:
        if section.key in trimmed:
            trimmed[section.key] = [nobody(r, section) for r in trimmed[section.key]]
    # The awards as their public page shows them: winners, but not the tie the TO broke.
    assert any(a["tie_among"] for a in full["awards"])
    trimmed["awards"] = [a | {"tie_among": [], "tie_chosen": None} for a in trimmed["awards"]]
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
    assert "drafts" not in public
    assert all(p["rosters"] for p in public["players"])
    assert "roster_findings" not in public
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
