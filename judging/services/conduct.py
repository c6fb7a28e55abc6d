"""Conduct reports (OP Guide: Code of Conduct — "make sure reports can be made discreetly")."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from judging.models import HANDLED_NOTE_LENGTH, ConductCategory, ConductReport
from judging.services._common import require_roles
from tournaments.access import HEAD_JUDGE, TO, roles_for
from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.services.audit import audit

CONDUCT_READERS = frozenset({TO, HEAD_JUDGE})


@transaction.atomic
def conduct_report_file(
    *, event: Event, by: AbstractBaseUser, category: str, description: str, people_involved: str = ""
) -> ConductReport:
    """Any participant (player or staff) reports to the event's conduct contact.

    Only the TO and the Head Judge read reports. The audit log records that one arrived,
    never who sent it or whom it names, so the log itself cannot give a reporter away.
    """
    roles, _player = roles_for(by, event)
    if not roles:
        raise ServiceError(
            "Only the event's players and staff can file a conduct report.", code="not-allowed"
        )
    if category not in ConductCategory.values:
        known = ", ".join(ConductCategory.values)
        raise ServiceError(f"Unknown category {category!r}; expected one of {known}.", field="category")
    if not description.strip():
        raise ServiceError("Describe what happened.", field="description")
    report = ConductReport.objects.create(
        event=event,
        reporter_id=by.pk,
        category=category,
        description=description.strip(),
        people_involved=people_involved.strip(),
    )
    audit(
        event=event,
        actor=None,
        action="conduct-report-filed",
        subject=f"Conduct report #{report.pk}",
        data={"report": report.pk},
    )
    return report


@transaction.atomic
def conduct_report_handle(*, report: ConductReport, by: AbstractBaseUser, note: str) -> ConductReport:
    """The TO or the Head Judge closes a report, with a short note of what was done.

    The note and the handler stay on the report, which only they read; the reporter is told
    only that it was handled. As with filing, the audit entry names nobody: the floor judges
    read the audit log, and who handled a report would hint at what it was about.
    """
    report = ConductReport.objects.select_for_update(of=("self",)).select_related("event").get(pk=report.pk)
    event = report.event
    require_roles(by, event, CONDUCT_READERS, "the TO and the Head Judge")
    if report.handled:
        raise ServiceError(f"Conduct report #{report.pk} has already been handled.", code="already-handled")
    note = note.strip()
    if not note:
        raise ServiceError("Say briefly what was done about the report.", field="note")
    if len(note) > HANDLED_NOTE_LENGTH:
        raise ServiceError(
            f"Keep the note short: at most {HANDLED_NOTE_LENGTH} characters, not {len(note)}.", field="note"
        )
    report.handled_at = timezone.now()
    report.handled_by_id = by.pk
    report.handled_note = note
    report.save(update_fields=["handled_at", "handled_by", "handled_note"])
    audit(
        event=event,
        actor=None,
        action="conduct-report-handled",
        subject=f"Conduct report #{report.pk}",
        data={"report": report.pk},
    )
    return report
