"""Submitting rosters: read, validate with the event's rules version, store the verdict.

OP Guide: Army Rosters. Players resubmit freely until rosters lock (the deadline, or round
1 paired, whichever comes first: selectors.roster_lock); after that only a judge or the TO
can change a roster. Illegal rosters are stored with their verdict so
the TO's roster board shows who must fix what; unreadable input is refused outright.
Every game system alike: the event's system's roster plug-in (`GameSystem.roster_rules`)
reads the roster (roster/1 or the system's typed list), writes the stored document and
judges it through `rules_engine.verdict.judge_rosters`.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from rosters.models import Roster
from rules_engine.roster_check import RosterInputError
from rules_engine.roster_report import team_faction_violation
from rules_engine.verdict import (
    RosterRules,
    RosterVerdict,
    roster_rules_for,
    roster_verdict,
    team_roster_verdict,
)
from tournaments.bridges.rules import event_pack, event_requirements, is_dual_list
from tournaments.errors import ServiceError, TooLarge
from tournaments.models import Event, ListFormat, Player
from tournaments.selectors import roster_lock
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
# neither replace a stored roster nor hold a web worker (a 2 MB body was stored,
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


def _rules(event: Event) -> RosterRules:
    try:
        return roster_rules_for(event.game_system)
    except NotImplementedError as exc:
        raise ServiceError(str(exc), code="game-system-not-ready", field="content") from None


def read_roster(event: Event, content: str | dict[str, Any]) -> Any:
    """roster/1 JSON (as text or already decoded) or the event's system's typed list.

    The system's one reader does the reading (byte-order mark, sniffing JSON from text,
    line numbers in its errors); this adds the size limit and what the database cannot store.
    """
    check_roster_size(content)
    _refuse_unstorable(content)
    rules = _rules(event)
    if isinstance(content, str):
        content = content.removeprefix("\ufeff")
    try:
        doc = rules.read(content)
    except RosterInputError as exc:
        raise ServiceError(str(exc), code="unreadable", field="content") from None
    # JSON text can decode to a NUL ("\u0000") only the parsed document shows.
    _refuse_unstorable(rules.document(doc))
    return doc


def _verdict(event: Event, doc: Any, player: Player | None, slot: int) -> RosterVerdict:
    """The verdict `judge_rosters` gives this roster in this event: the game's rules, the
    event's own (game system, scale, points) and, under dual list, the rules between this
    roster and the player's other one."""
    rules = _rules(event)
    if event.team_budget is not None and event.team_size is not None:
        teammates = {}
        if player is not None:
            teammates = {r.slot: rules.read(r.document) for r in player.rosters.exclude(slot=slot)}
        return team_roster_verdict(
            doc,
            event_requirements(event),
            position=slot,
            teammates=teammates,
            budget=event.team_budget,
            pack=event_pack(event),
        )
    others: list[Any] = []
    if player is not None and is_dual_list(event):
        others = [rules.read(r.document) for r in player.rosters.exclude(slot=slot).order_by("slot")]
    verdict = roster_verdict(doc, event_requirements(event), others=others, slot=slot, pack=event_pack(event))
    if event.distinct_factions and player is not None and player.squad_id is not None:
        verdict = _with_team_factions(verdict, player)
    return verdict


def _with_team_factions(verdict: RosterVerdict, player: Player) -> RosterVerdict:
    """A team tournament whose TO switched on "no two members of the same faction"
    (docs/team-matches.md): a roster whose faction a teammate's roster has too breaks it,
    said once on each of the two rosters, naming the teammate. Under dual list every list
    counts: a faction a member may bring is one no teammate may."""
    faction = verdict.roster.faction if verdict.roster is not None else ""
    if not faction:
        return verdict
    clash = (
        Roster.objects.filter(player__squad=player.squad)
        .exclude(player=player)
        .select_related("player")
        .order_by("player__squad_position", "slot")
    )
    for other in clash:
        if other.faction.casefold() == faction.casefold():
            found = team_faction_violation(faction, other.player.name)
            return RosterVerdict(roster=verdict.roster, dual_list=(*verdict.dual_list, found))
    return verdict


def roster_preview(
    *, event: Event, content: str | dict[str, Any], player: Player | None = None, slot: int = 1
) -> RosterVerdict:
    """The verdict roster_submit would store, without storing anything.

    The live check behind the web form and the API: the same verdict as a submission.
    """
    return _verdict(event, read_roster(event, content), player, slot)


_LOCKED = {
    "deadline-passed": "The roster deadline has passed; a judge can make changes for you.",
    "play-begun": "Rosters are locked: round 1 has been paired; a judge can make changes for you.",
}


def _check_open(event: Event) -> None:
    """A player's own change, refused once rosters lock (selectors.roster_lock: the deadline,
    or round 1 paired, whichever comes first)."""
    code = roster_lock(event)
    if code is not None:
        raise ServiceError(_LOCKED[code], code=code)


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
    if event.team_size is not None:
        if slot not in range(1, event.team_size + 1):
            raise ServiceError(
                f"A team of {event.team_size} has an army for each teammate: slot 1 to {event.team_size}.",
                code="team-slot",
                field="slot",
            )
    elif slot not in (1, 2):
        raise ServiceError("A player has roster 1 and, under dual list, roster 2.", field="slot")
    elif slot == 2 and event.list_format != ListFormat.DUAL:
        raise ServiceError(
            "This event uses a single list: submit one roster.", code="single-list", field="slot"
        )
    if not as_staff:
        _check_open(event)
    doc = read_roster(event, content)
    verdict = _verdict(event, doc, player, slot)
    legal = verdict.legal
    roster, _ = Roster.objects.update_or_create(
        player=player,
        slot=slot,
        defaults={
            "document": _rules(event).document(doc),
            "legal": legal,
            "report": verdict.to_dict(),
            "source": content if isinstance(content, str) else "",
        },
    )
    _judge_again_beside(event, player, slot)
    audit(
        event=event,
        actor=by,
        action="roster-submitted" if not as_staff else "roster-changed-by-staff",
        subject=f"{player.name} roster {slot}",
        data={"legal": legal},
    )
    event_touch(event)
    return roster


def _judge_again_beside(event: Event, player: Player, slot: int) -> None:
    """Under dual list, the player's other roster is judged again: its verdict holds the
    checks between the two lists (OP Guide: Dual List Format), which the roster just
    stored may have changed. Fixing roster 1's player name clears roster 2's mismatch.
    In a team game every teammate's army is judged again: the team's budget binds them."""
    if event.distinct_factions and player.squad_id is not None:
        _judge_team_again(event, player, slot)
        return
    if not is_dual_list(event) and event.team_size is None:
        return
    for other in player.rosters.exclude(slot=slot):
        _judge_again(event, other, player)


def _judge_team_again(event: Event, player: Player, slot: int | None = None) -> None:
    """Under "no two members of the same faction", each teammate's verdict says whether its
    faction is another member's: every roster of the team but this one is judged again."""
    team = Roster.objects.filter(player__squad=player.squad).select_related("player")
    if slot is not None:
        team = team.exclude(player=player, slot=slot)
    for other in team:
        _judge_again(event, other, other.player)


def _judge_again(event: Event, roster: Roster, player: Player) -> bool:
    """Judge a stored roster again as it now stands in the event, and store the verdict
    if it changed; whether it did."""
    verdict = _verdict(event, _rules(event).read(roster.document), player, roster.slot)
    report = verdict.to_dict()
    if (roster.report, roster.legal) == (report, verdict.legal):
        return False
    roster.report, roster.legal = report, verdict.legal
    roster.save(update_fields=["report", "legal"])
    return True


def rosters_judge_again(event: Event) -> int:
    """Judge every stored roster of the event again, under the pack and the settings now in
    effect (a pack supplied, a scale, points limit, rules cut-off or list format changed):
    a verdict is stored with its roster, and one judged under other rules is stale. Returns
    how many verdicts changed."""
    rosters = Roster.objects.filter(player__event=event).select_related("player").order_by("pk")
    return sum(_judge_again(event, roster, roster.player) for roster in rosters)


@transaction.atomic
def roster_withdraw(*, player: Player, slot: int = 2, by: AbstractBaseUser, as_staff: bool = False) -> None:
    """Withdraw a player's second roster: back to a single list (OP Guide: Dual List Format).

    Only roster 2 can go: roster 1 is what the player plays with, and a player without a
    roster has nothing to play. Like resubmitting, it is the player's until rosters lock (a
    judge or the TO any time before play begins); once a round is paired, the rosters are
    fixed. Roster 1's stored verdict is judged again, on its own: the checks
    between the two lists no longer apply. Audited.
    """
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    event = player.event
    if slot != 2:
        raise ServiceError(
            "Only the second roster can be withdrawn; resubmit roster 1 to change it.",
            code="first-roster-stays",
            field="slot",
        )
    if not as_staff:
        _check_open(event)
    if event.rounds.exists():
        raise ServiceError("Play has begun: rosters are fixed for the event.", code="play-begun")
    roster = player.rosters.filter(slot=2).first()
    if roster is None:
        raise ServiceError("There is no second roster to withdraw.", code="no-roster", field="slot")
    roster.delete()
    for remaining in player.rosters.order_by("slot"):
        _judge_again(event, remaining, player)
    if event.distinct_factions and player.squad_id is not None:
        _judge_team_again(event, player)
    audit(
        event=event,
        actor=by,
        action="roster-withdrawn" if not as_staff else "roster-withdrawn-by-staff",
        subject=f"{player.name} roster 2",
    )
    event_touch(event)
