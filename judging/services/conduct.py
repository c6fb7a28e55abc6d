"""Conduct reports (OP Guide: Code of Conduct — "make sure reports can be made discreetly")."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from judging.models import ConductCategory, ConductReport
from tournaments.access import roles_for
from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.services.audit import audit


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
    audit(event=event, actor=None, action="conduct-report-filed", subject=f"Conduct report #{report.pk}")
    return report
