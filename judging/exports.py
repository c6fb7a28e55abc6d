"""The penalty log as a file (OP Guide: "Keep a written record").

A renderer in the pretix manner: it returns (filename, mimetype, bytes) and knows nothing
about how the file is served.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from judging.models import Penalty
from tournaments.models import Event
from tournaments.spreadsheet import safe_text

PENALTY_COLUMNS = (
    "issued_at",
    "round",
    "table",
    "player_id",
    "player",
    "level",
    "category",
    "status",
    "notes",
    "remedy",
    "issued_by",
    "decided_by",
    "decided_at",
    "decision_note",
)


def _user(user: object) -> str:
    """A username, guarded like any text: `+`, `-` and `@` may start one."""
    return safe_text(str(user)) if user is not None else ""


def penalties_csv(event: Event, penalties: Iterable[Penalty]) -> tuple[str, str, bytes]:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(PENALTY_COLUMNS)
    for p in penalties:
        writer.writerow(
            [
                p.issued_at.isoformat(),
                p.round_number,
                p.table_number if p.table_number is not None else "",
                p.player.external_id,
                safe_text(p.player.name),
                p.level,
                p.category,
                p.status,
                safe_text(p.notes),
                safe_text(p.remedy),
                _user(p.issued_by),
                _user(p.decided_by),
                p.decided_at.isoformat() if p.decided_at is not None else "",
                safe_text(p.decision_note),
            ]
        )
    return f"{event.slug}-penalties.csv", "text/csv", out.getvalue().encode("utf-8")
