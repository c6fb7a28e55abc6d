"""A data pack a TO supplies for an event ("TO-supplied packs").

Dropzone Commander and MORSDEI print no faction data, so their packs are written by the
TO (their books print no faction data); a StarCraft or Warpspawn TO may hand in an
erratum the same way. The text is checked by the system's own pack reader, the problem
given with the line it is on, and the pack is known by a fingerprint of its content: the
same pack exported and imported elsewhere keeps the same fingerprint, so a judge can tell
two installations judged rosters against the same data.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from rules_engine.datapack import PackError, decode
from rules_engine.game_system import GameSystem
from rules_engine.json_lines import with_line
from rules_engine.roster_report import PackLabel

# The largest pack shipped (StarCraft's) is about 200 KB; a pack ten times that is not a pack.
MAX_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class SuppliedPack:
    document: dict[str, Any]
    label: PackLabel
    fingerprint: str


def fingerprint(document: Any) -> str:
    """sha256 of the pack's canonical JSON (sorted keys, no spaces): independent of layout."""
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def read_supplied_pack(system: GameSystem, content: bytes | str) -> SuppliedPack:
    """Check a pack for `system`; a PackError says what is wrong and on which line."""
    if system.roster_rules is None:
        raise PackError(f"{system.name} takes no data pack from the organiser")
    if len(content) > MAX_BYTES:
        size, limit = len(content) // 1024, MAX_BYTES // 1024
        raise PackError(f"the pack is {size} KB; a pack may be at most {limit} KB")
    if isinstance(content, bytes):
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PackError(f"the pack is not UTF-8 text (byte {exc.start})") from None
    else:
        text = content
    data = decode(text)
    if not isinstance(data, dict):
        raise PackError("the pack must be a JSON object")
    try:
        # Checked as the rosters will be judged against it (the roster hook's own reading).
        label = system.roster_rules.pack_label(data, None)
    except PackError as exc:
        raise PackError(with_line(text.lstrip("\ufeff"), str(exc))) from None
    return SuppliedPack(document=data, label=label, fingerprint=fingerprint(data))
