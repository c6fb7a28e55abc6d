"""The audit log still reads correctly on another installation.

Some services put database ids in an audit entry's `data` (the loser of a corrected result,
the penalty or finding the entry is about). The export writes the file's references
instead and the import maps them onto the new rows (interchange.platform_records).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from interchange.event_export import export_event
from interchange.event_import import import_event
from interchange.platform_records import AUDIT_REFERENCES
from interchange.values import EventImportError
from judging.models import ConductReport, Penalty, RosterFinding
from standings.eventfile import parse_event
from tests.builders.scenario import full_event
from tournaments.models import AuditEntry, Event, Player
from tournaments.services.audit import audit

pytestmark = pytest.mark.django_db

# Numbers in `data` that are values, not ids (reviewed): anything else a service starts
# writing must be either added here or, if it is an id, to AUDIT_REFERENCES.
NOT_IDS = {
    ("clock-paused", "remaining_seconds"),
    ("clock-resumed", "remaining_seconds"),
    ("clock-started", "remaining_seconds"),
    # A table's chess clock: both pools (ms) after the action, never ids.
    ("chess-clock-absent-requested", "pools_ms.[]"),
    ("chess-clock-acknowledged", "pools_ms.[]"),
    ("chess-clock-judge-called", "pools_ms.[]"),
    ("chess-clock-lend-off", "pools_ms.[]"),
    ("chess-clock-lend-on", "pools_ms.[]"),
    ("chess-clock-ruling", "pools_ms.[]"),
    ("chess-clock-started", "pools_ms.[]"),
    ("chess-clock-switched", "pools_ms.[]"),
    ("chess-clock-time-called", "pools_ms.[]"),
    # Closing the awards' voting: the turnout (ballots cast) per award label, never ids.
    ("awards-voting-closed", "Best Painted"),
    ("awards-voting-closed", "Best Sportsman"),
    ("disqualification-proposed", "round"),
    ("disqualification-proposed", "table"),
    ("draft-completed-at-random", "seed"),
    ("penalty-issued", "round"),
    ("penalty-issued", "table"),
    ("result-set", "after.vp.[]"),
    ("result-set", "after.kp.[]"),
    ("result-set", "before.vp.[]"),
    ("result-set", "before.kp.[]"),
    # The game system's extra result numbers (StarCraft's Battle Rounds), never ids.
    ("result-set", "after.details.battle_rounds"),
    ("result-set", "before.details.battle_rounds"),
    ("round-paired", "seed"),
    ("tables-set", "tables.[].[]"),
    ("time-limit-imposed", "round"),
    ("time-limit-imposed", "seconds_per_activation"),
}


def as_file(data: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def numbers(data: Any, path: tuple[str, ...] = ()) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from numbers(value, (*path, key))
    elif isinstance(data, list):
        for value in data:
            yield from numbers(value, (*path, "[]"))
    elif isinstance(data, int) and not isinstance(data, bool):
        yield ".".join(path)


def conduct_report(event: Event, pk: int) -> tuple[str, str, str]:
    r = ConductReport.objects.get(pk=pk, event=event)
    return (r.category, r.description, r.created_at.isoformat())


def meaning(event: Event) -> list[tuple[str, dict[str, Any]]]:
    """Each audit entry's data with every id replaced by what it names, as read on this database.

    A conduct report's entry names it in its subject too ("Conduct report #17"): that id must
    name the same report as `data` does, and reads as the report itself.
    """
    out = []
    for entry in AuditEntry.objects.filter(event=event).order_by("created_at", "id"):
        data = json.loads(json.dumps(entry.data))
        if entry.action.startswith("conduct-report-"):
            number = int(entry.subject.removeprefix("Conduct report #"))
            assert number == data["report"], entry.subject
            data["subject"] = conduct_report(event, number)
        for path, target in AUDIT_REFERENCES.get(entry.action, ()):
            holder = data
            for key in path[:-1]:
                holder = holder.get(key, {})
            pk = holder.get(path[-1])
            if pk is None:
                continue
            if target == "player":
                holder[path[-1]] = Player.objects.get(pk=pk, event=event).external_id
            elif target == "conduct_reports":
                holder[path[-1]] = conduct_report(event, pk)
            elif target == "penalties":
                p = Penalty.objects.get(pk=pk, event=event)
                holder[path[-1]] = (p.player.external_id, p.level, p.status, p.issued_at.isoformat())
            else:
                f = RosterFinding.objects.get(pk=pk, event=event)
                holder[path[-1]] = (f.player.external_id, f.slot, f.found_at.isoformat())
        out.append((entry.action, data))
    return out


def test_every_id_services_write_in_audit_data_is_listed(users):
    event = full_event(users)
    found = {(e.action, p) for e in AuditEntry.objects.filter(event=event) for p in numbers(e.data)}
    listed = {(action, ".".join(path)) for action, paths in AUDIT_REFERENCES.items() for path, _ in paths}
    assert found - NOT_IDS <= listed
    assert found - NOT_IDS  # the builder does write ids: the check above has something to check


def test_the_export_writes_references_not_ids(users):
    event = full_event(users)
    data = as_file(export_event(event))
    log = data["audit_log"]
    by_action: dict[str, list[dict[str, Any]]] = {}
    for entry in log:
        by_action.setdefault(entry["action"], []).append(entry["data"])

    game_loss = Penalty.objects.get(event=event, level="game-loss")
    (loss,) = [d for d in by_action["result-set"] if d["after"]["loser"] is not None]
    assert loss["after"]["loser"] == game_loss.player.external_id
    issued = [d["penalty"] for d in by_action["penalty-issued"]]
    assert issued == ["penalties[0]", "penalties[1]"]
    assert [data["penalties"][int(ref[10:-1])]["level"] for ref in issued] == ["caution", "game-loss"]
    assert by_action["disqualification-proposed"][0]["penalty"] == "penalties[2]"
    assert by_action["disqualification-declined"][0]["penalty"] == "penalties[2]"
    assert by_action["illegal-roster-found"][0]["finding"] == "roster_findings[0]"
    assert by_action["illegal-roster-corrected"][0]["finding"] == "roster_findings[0]"
    # The database keeps its own ids: only the file speaks in references.
    stored = AuditEntry.objects.filter(event=event, action="penalty-issued").order_by("created_at", "id")
    assert [e.data["penalty"] for e in stored] == list(
        Penalty.objects.filter(event=event, level__in=["caution", "game-loss"])
        .order_by("issued_at", "id")
        .values_list("pk", flat=True)
    )


def test_an_imported_audit_log_names_the_same_players_and_penalties(users):
    event = full_event(users)
    original = meaning(event)
    first = as_file(export_event(event))
    # meaning() reads ids within the copy: an id copied verbatim names the original's rows (or
    # on another installation, someone else's) and is not found there.
    copy = import_event(parse_event(first), slug="elsewhere")
    assert meaning(copy) == original
    assert any(isinstance(d.get("penalty"), tuple) for _, d in original)
    # ...and the copy's export says exactly what the first file said.
    assert {k: v for k, v in as_file(export_event(copy)).items() if k != "slug"} == {
        k: v for k, v in first.items() if k != "slug"
    }


def test_a_conduct_reports_subject_travels_as_a_reference_and_reads_right_after_import(users):
    """The subject "Conduct report #17" held a database id: the file names the report instead."""
    event = full_event(users)
    report = ConductReport.objects.get(event=event)
    first = as_file(export_event(event))
    entries = [e for e in first["audit_log"] if e["action"].startswith("conduct-report-")]
    assert {e["action"] for e in entries} >= {"conduct-report-filed"}
    for entry in entries:
        assert entry["subject"] == "Conduct report conduct_reports[0]"
        assert entry["data"]["report"] == "conduct_reports[0]"
        assert f"#{report.pk}" not in json.dumps(entry)
    assert first["conduct_reports"][0]["description"] == report.description

    copy = import_event(parse_event(first), slug="elsewhere")
    imported = ConductReport.objects.get(event=copy)
    assert imported.pk != report.pk
    stored = AuditEntry.objects.get(event=copy, action="conduct-report-filed")
    assert stored.subject == f"Conduct report #{imported.pk}"
    assert stored.data == {"report": imported.pk}
    again = as_file(export_event(copy))
    assert [e for e in again["audit_log"] if e["action"].startswith("conduct-report-")] == entries


def test_a_conduct_report_entry_written_before_data_named_it_is_exported_by_reference(users):
    """An entry from before `data` carried the id: the id is read from the subject."""
    event = full_event(users)
    report = ConductReport.objects.get(event=event)
    audit(event=event, actor=None, action="conduct-report-filed", subject=f"Conduct report #{report.pk}")
    entries = [e for e in as_file(export_event(event))["audit_log"] if e["action"] == "conduct-report-filed"]
    assert len(entries) == 2  # the service's, and the old-style one above
    for entry in entries:
        assert entry["subject"] == "Conduct report conduct_reports[0]"
        assert entry["data"] == {"report": "conduct_reports[0]"}


def test_a_conduct_report_subject_from_an_older_file_loses_its_number_not_misread(users):
    data = as_file(export_event(full_event(users)))
    entry = next(e for e in data["audit_log"] if e["action"] == "conduct-report-filed")
    entry["subject"], entry["data"] = "Conduct report #1", {}  # the writing installation's id
    copy = import_event(parse_event(data), slug="older")
    stored = AuditEntry.objects.get(event=copy, action="conduct-report-filed")
    assert stored.subject == "Conduct report"


def test_a_bare_id_from_an_older_file_is_dropped_not_misread(users):
    data = as_file(export_event(full_event(users)))
    entry = next(e for e in data["audit_log"] if e["action"] == "penalty-issued")
    entry["data"]["penalty"] = 1  # an id of the installation that wrote the file
    copy = import_event(parse_event(data), slug="older")
    stored = AuditEntry.objects.filter(event=copy, action="penalty-issued").order_by("created_at", "id")[0]
    assert stored.data["penalty"] is None
    assert stored.data["level"] == "caution"


@pytest.mark.parametrize(
    ("action", "path", "value", "message"),
    [
        (
            "penalty-issued",
            ("penalty",),
            "penalties[9]",
            r"audit_log\[\d+\]\.data\.penalty must name an entry",
        ),
        ("penalty-issued", ("penalty",), "caution", "must name an entry of penalties"),
        ("illegal-roster-found", ("finding",), "penalties[0]", "must name an entry of roster_findings"),
        ("result-set", ("after", "loser"), "nobody", r"data\.after\.loser: no player 'nobody'"),
    ],
)
def test_a_reference_to_nothing_is_refused(users, action, path, value, message):
    data = as_file(export_event(full_event(users)))
    entry = next(e for e in data["audit_log"] if e["action"] == action and e["data"][path[0]] is not None)
    holder = entry["data"]
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    with pytest.raises(EventImportError, match=message):
        import_event(parse_event(data), slug="broken")
    assert not Event.objects.filter(slug="broken").exists()
