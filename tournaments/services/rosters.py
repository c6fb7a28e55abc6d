"""Submitting rosters: read, validate with the event's rules version, store the verdict.

OP Guide: Army Rosters. Players resubmit freely until the deadline; after it, only a
judge or the TO can change a roster. Illegal rosters are stored with their verdict so
the TO's roster board shows who must fix what; unreadable input is refused outright.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from rosters.models import Roster
from rules_engine.registry import get_system
from rules_engine.roster_json import Roster as RosterDoc
from rules_engine.roster_json import RosterFileError, roster_from_document, roster_to_document
from rules_engine.verdict import ValidationResult
from tournaments.errors import ServiceError, TooLarge
from tournaments.models import Event, ListFormat, Player
from tournaments.services.audit import audit
from tournaments.services.versions import event_touch
from tournaments.unstorable import find_unstorable, unstorable_message


def _refuse_unstorable(data: Any) -> None:
    # A NUL or lone surrogate would reach the stored document and fail in the database
    # or when the roster is shown: refuse it as unreadable input.
    hit = find_unstorable(data)
    if hit is not None:
        raise ServiceError(unstorable_message(hit[1]), code="unreadable", field="content")


# A roster is a few kilobytes (the book's largest example army is under 4 KB as roster/1).
# Anything far beyond is not a roster: refused before it is parsed or judged, so it can
# neither replace a stored roster nor hold a web worker (issue 14: a 2 MB body was stored,
# replacing a legal roster, after 10-15 s of validation).
ROSTER_MAX_BYTES = 64 * 1024


def _size(content: str | dict[str, Any]) -> int:
    if isinstance(content, str):
        return len(content.encode("utf-8", "surrogatepass"))
    return len(json.dumps(content, ensure_ascii=False).encode("utf-8", "surrogatepass"))


def check_roster_size(content: str | dict[str, Any]) -> None:
    size = _size(content)
    if size > ROSTER_MAX_BYTES:
        raise TooLarge(
            f"The roster is {size // 1024} KB; a roster may be at most {ROSTER_MAX_BYTES // 1024} KB. "
            "Nothing was changed.",
            field="content",
        )


def read_roster(content: str | dict[str, Any]) -> RosterDoc:
    """roster/1 JSON (as text or already decoded) or the plain-text roster format."""
    check_roster_size(content)
    _refuse_unstorable(content)
    try:
        if isinstance(content, dict):
            return roster_from_document(content)
        text = content.strip()
        if not text:
            raise ServiceError("The roster is empty.", code="unreadable", field="content")
        if text.startswith("{"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise ServiceError(
                    f"The roster is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}.",
                    code="unreadable",
                    field="content",
                ) from None
            _refuse_unstorable(data)
            return roster_from_document(data)
        from rules_engine.roster_text import read_roster_text

        return read_roster_text(text)
    except RosterFileError as exc:
        raise ServiceError(str(exc), code="unreadable", field="content") from None


def _check(event: Event, docs: list[RosterDoc]) -> ValidationResult:
    return get_system(event.game_system).validate_rosters(docs, event.rules_cutoff)


def roster_check(*, event: Event, content: str | dict[str, Any]) -> ValidationResult:
    """Validate without saving: the live check behind the submission form."""
    return _check(event, [read_roster(content)])


def _event_violations(event: Event, doc: RosterDoc) -> list[dict[str, str]]:
    """Rules of the event itself, on top of the game's army rules."""
    problems = []
    if doc.game_system != event.game_system:
        problems.append(
            {
                "code": "wrong-game-system",
                "message": f"This event plays {event.game_system}; the roster is for {doc.game_system}.",
                "where": "game_system",
            }
        )
    if doc.scale != event.scale:
        problems.append(
            {
                "code": "wrong-scale",
                "message": (
                    f"This event is played at {event.scale} scale; the roster is built for {doc.scale}."
                ),
                "where": "scale",
            }
        )
    return problems


def _report(event: Event, doc: RosterDoc, player: Player | None, slot: int) -> dict[str, Any]:
    """The stored verdict: the game's rules, the event's own rules and, under dual list,
    the checks between this roster and the player's other one."""
    others = []
    if player is not None:
        others = [
            roster_from_document(r.document) for r in player.rosters.exclude(slot=slot).order_by("slot")
        ]
    ordered = [doc, *others] if slot == 1 else [*others, doc]
    verdict = _check(event, ordered)
    mine = verdict.rosters[ordered.index(doc)].as_json()
    extra = _event_violations(event, doc)
    mine["violations"] = [*extra, *mine.get("violations", [])]
    dual = [v.as_json() for v in verdict.violations]
    legal = not mine["violations"] and not dual
    return {"legal": legal, "roster": mine, "dual_list": dual}


def roster_preview(
    *, event: Event, content: str | dict[str, Any], player: Player | None = None, slot: int = 1
) -> dict[str, Any]:
    """What roster_submit would store as the report, without storing anything.

    The live check behind the web form: unlike roster_check it also applies the event's
    own rules (game system, scale) and the dual-list checks against the player's other roster.
    """
    return _report(event, read_roster(content), player, slot)


@transaction.atomic
def roster_submit(
    *, player: Player, slot: int, content: str | dict[str, Any], by: AbstractBaseUser, as_staff: bool = False
) -> Roster:
    """Store a player's roster in slot 1 or 2 with the rules engine's verdict.

    The player's row is locked first: two submissions at once (two tabs, a retry) are stored
    one after the other, and the dual-list checks see the other roster as it now stands.
    """
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    event = player.event
    if slot not in (1, 2):
        raise ServiceError("A player has roster 1 and, under dual list, roster 2.", field="slot")
    if slot == 2 and event.list_format != ListFormat.DUAL:
        raise ServiceError("This event uses a single list: submit one roster.", field="slot")
    deadline = event.roster_deadline
    if not as_staff and deadline is not None and timezone.now() > deadline:
        raise ServiceError(
            "The roster deadline has passed; a judge can make changes for you.", code="deadline-passed"
        )
    doc = read_roster(content)
    report = _report(event, doc, player, slot)
    legal = bool(report["legal"])
    roster, _ = Roster.objects.update_or_create(
        player=player,
        slot=slot,
        defaults={"document": roster_to_document(doc), "legal": legal, "report": report},
    )
    audit(
        event=event,
        actor=by,
        action="roster-submitted" if not as_staff else "roster-changed-by-staff",
        subject=f"{player.name} roster {slot}",
        data={"legal": legal},
    )
    event_touch(event)
    return roster


@transaction.atomic
def roster_withdraw(*, player: Player, slot: int = 2, by: AbstractBaseUser, as_staff: bool = False) -> None:
    """Withdraw a player's second roster: back to a single list (OP Guide: Dual List Format).

    Only roster 2 can go: roster 1 is what the player plays with, and a player without a
    roster has nothing to play. Like resubmitting, it is the player's until the roster
    deadline (a judge or the TO any time before play begins); once a round is paired, the
    rosters are fixed. Roster 1's stored verdict is judged again, on its own: the checks
    between the two lists no longer apply. Audited.
    """
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    event = player.event
    if slot != 2:
        raise ServiceError(
            "Only the second roster can be withdrawn; resubmit roster 1 to change it.", field="slot"
        )
    deadline = event.roster_deadline
    if not as_staff and deadline is not None and timezone.now() > deadline:
        raise ServiceError(
            "The roster deadline has passed; a judge can make changes for you.", code="deadline-passed"
        )
    if event.rounds.exists():
        raise ServiceError("Play has begun: rosters are fixed for the event.", code="play-begun")
    roster = player.rosters.filter(slot=2).first()
    if roster is None:
        raise ServiceError("There is no second roster to withdraw.", code="no-roster", field="slot")
    roster.delete()
    first = player.rosters.filter(slot=1).first()
    if first is not None:
        report = _report(event, roster_from_document(first.document), player, 1)
        first.report, first.legal = report, bool(report["legal"])
        first.save(update_fields=["report", "legal"])
    audit(
        event=event,
        actor=by,
        action="roster-withdrawn" if not as_staff else "roster-withdrawn-by-staff",
        subject=f"{player.name} roster 2",
    )
    event_touch(event)
