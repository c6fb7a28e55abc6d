"""What a print request asks for: which document, for which round or player, on which paper.

Kept as JSON on the PrintJob (`params`), so a worker can render the job from its id alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from printing.models import PrintKind
from printing.render import DEFAULT_PAPER, PAPERS
from tournaments.errors import ServiceError

ROUND_KINDS = frozenset({PrintKind.PAIRINGS, PrintKind.FIND_TABLE, PrintKind.SLIPS, PrintKind.MATCH_SHEETS})

# Whose view of the rosters a roster pack prints (rosters are not all public; see
# tournaments.selectors.visible_rosters): everything, what the public sees, or one player's view.
VIEWER_STAFF = "staff"
VIEWER_PUBLIC = "public"
VIEWER_PLAYER = "player:"


@dataclass(frozen=True)
class PrintParams:
    paper: str = DEFAULT_PAPER
    round: int | None = None
    player: str | None = None  # a player's external id (player summary)
    viewer: str | None = None  # roster pack: VIEWER_STAFF, VIEWER_PUBLIC or "player:<external id>"
    team: str | None = None  # match sheets: one team's match (its external id); None: every match

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"paper": self.paper}
        for key in ("round", "player", "viewer", "team"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PrintParams:
        round_number = data.get("round")
        return cls(
            paper=str(data.get("paper") or DEFAULT_PAPER),
            round=int(round_number) if round_number is not None else None,
            player=str(data["player"]) if data.get("player") is not None else None,
            viewer=str(data["viewer"]) if data.get("viewer") is not None else None,
            team=str(data["team"]) if data.get("team") is not None else None,
        )


def check_kind(kind: str) -> PrintKind:
    try:
        return PrintKind(kind)
    except ValueError:
        known = ", ".join(k.value for k in PrintKind)
        raise ServiceError(f"Unknown document {kind!r}; choose one of {known}.", field="kind") from None


def check_paper(paper: str | None) -> str:
    value = (paper or DEFAULT_PAPER).strip().lower()
    if value not in PAPERS:
        raise ServiceError("Choose A4 or US Letter paper.", field="paper")
    return value


def parse_round(raw: Any) -> int | None:
    if raw in (None, ""):
        return None
    try:
        number = int(raw)
    except (TypeError, ValueError):
        raise ServiceError(f"Round must be a round number, got {raw!r}.", field="round") from None
    if number < 1:
        raise ServiceError("Round numbers start at 1.", field="round")
    return number
