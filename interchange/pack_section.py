"""The event's supplied data pack in an event/1 export ("exported with the event").

Written as a top-level `pack` object after the event/1 keys: `document` (the datapack/1
file as the TO supplied it), `fingerprint`, `filename`, `effective`, `source`, `sample` and
`uploaded_at`. It is part of both the public and the full export: a pack holds game data,
nothing confidential, and a reader of the public file needs it to check a roster. On import
the document is checked again by the event's game system, and its fingerprint must be the
one written beside it, so a file whose pack was altered is refused rather than trusted.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.dateparse import parse_datetime

from interchange.values import EventImportError
from rules_engine.datapack import PackError
from rules_engine.supplied_pack import read_supplied_pack
from tournaments.models import Event, EventPack

PACK = "pack"


def pack_json(event: Event) -> dict[str, Any] | None:
    pack = EventPack.objects.filter(event=event).first()
    if pack is None:
        return None
    return {
        "document": pack.document,
        "fingerprint": pack.fingerprint,
        "filename": pack.filename,
        "effective": pack.effective,
        "source": pack.source,
        "sample": pack.sample,
        "uploaded_at": pack.uploaded_at.isoformat(),
    }


def restore_pack(event: Event, raw: Any) -> EventPack:
    """Store the `pack` of an imported file for `event`; an EventImportError says what is wrong."""
    if not isinstance(raw, dict) or not isinstance(raw.get("document"), dict):
        raise EventImportError("pack: must be an object with the pack's `document`")
    try:
        checked = read_supplied_pack(event.system, _text(raw["document"]))
    except PackError as exc:
        raise EventImportError(f"pack.document: {exc}") from None
    stated = raw.get("fingerprint")
    if stated is not None and stated != checked.fingerprint:
        raise EventImportError(
            f"pack.fingerprint: the file says {stated!r} but its document is {checked.fingerprint!r}: "
            "the pack was changed after it was exported"
        )
    uploaded_at = parse_datetime(str(raw.get("uploaded_at") or ""))
    label = checked.label
    return EventPack.objects.create(
        event=event,
        document=checked.document,
        fingerprint=checked.fingerprint,
        filename=str(raw.get("filename") or "")[:200],
        effective=label.effective[:40],
        source=label.source[:500],
        sample=label.sample,
        **({"uploaded_at": uploaded_at} if uploaded_at is not None else {}),
    )


def _text(document: dict[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1)
