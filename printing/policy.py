"""Who may print what. Staff print everything; players their own summary and the rosters
they may see; anyone the public documents (pairings, standings) once they are published.

Views turn a refusal into a 404 (outsiders learn nothing, as with `access_event`).
"""

from __future__ import annotations

from awards.selectors import awards_published
from printing.models import PrintKind
from printing.params import (
    ROUND_KINDS,
    VIEWER_PLAYER,
    VIEWER_PUBLIC,
    VIEWER_STAFF,
    PrintParams,
    check_kind,
    parse_round,
)
from printing.render import DEFAULT_PAPER
from tournaments.access import EventAccess
from tournaments.errors import ServiceError
from tournaments.models import RoundStage, RoundStatus, Squad
from tournaments.selectors import rosters_public

PUBLISHED = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)


def round_is_public(access: EventAccess, number: int | None) -> bool:
    if number is None:
        return False
    return access.event.rounds.filter(number=number, status__in=PUBLISHED).exists()


def cut_round_shown(access: EventAccess) -> bool:
    """A cut round the caller may see: paired (staff) or published (everyone)."""
    rounds = access.event.rounds.filter(stage=RoundStage.CUT)
    return (rounds if access.is_staff else rounds.filter(status__in=PUBLISHED)).exists()


def may_print(access: EventAccess, kind: str, params: PrintParams) -> bool:
    """Can this caller have this document (request it, watch its job, download it)?"""
    if kind == PrintKind.BRACKET:
        # Staff once the cut's first round is paired, everyone once it is published (like
        # the pairings it comes from); an event without a cut has no bracket.
        return access.event.has_cut and cut_round_shown(access)
    if kind == PrintKind.MATCH_SHEETS:
        # A team tournament's: staff print every match of a round, paired or published; a
        # captain their own team's match once the round is published (docs/team-matches.md).
        if not access.event.is_team_tournament:
            return False
        if access.is_staff:
            return True
        team = captained_team(access)
        return team is not None and params.team == team and round_is_public(access, params.round)
    if kind == PrintKind.FACTIONS:
        # Everyone's once rosters are public, staff included: before, there is nothing to show.
        return rosters_public(access.event)
    if access.is_staff:
        return True
    if kind in (PrintKind.PAIRINGS, PrintKind.FIND_TABLE):
        return round_is_public(access, params.round)
    if kind == PrintKind.STANDINGS:
        # Standings are public once the first round is published (nothing to show before).
        return access.event.rounds.filter(status__in=PUBLISHED).exists()
    if kind == PrintKind.ROSTERS:
        if params.viewer == VIEWER_PUBLIC:
            return rosters_public(access.event)
        return access.player is not None and params.viewer == VIEWER_PLAYER + access.player.external_id
    if kind == PrintKind.PLAYER_SUMMARY:
        return access.player is not None and params.player == access.player.external_id
    if kind == PrintKind.AWARDS:
        # The winners are public once published (OP Guide: Hobby Awards); staff print before.
        return awards_published(access.event)
    return False  # result slips, table cards (and anything new) are for staff


def captained_team(access: EventAccess) -> str | None:
    """The external id of the team the caller captains in this event, if any."""
    if access.player is None or not access.event.is_team_tournament:
        return None
    captained = Squad.objects.filter(event=access.event, captain=access.player)
    found: str | None = captained.values_list("external_id", flat=True).first()
    return found


def roster_viewer(access: EventAccess) -> str:
    """The widest roster view this caller has: all for staff, else public, else their own."""
    if access.is_staff:
        return VIEWER_STAFF
    if rosters_public(access.event):
        return VIEWER_PUBLIC
    if access.player is not None:
        return VIEWER_PLAYER + access.player.external_id
    return VIEWER_PUBLIC


def default_round(access: EventAccess) -> int | None:
    """The latest round the caller can see: staff see draft pairings, others published ones."""
    rounds = access.event.rounds.order_by("-number")
    if not access.is_staff:
        rounds = rounds.filter(status__in=PUBLISHED)
    latest = rounds.first()
    return latest.number if latest is not None else None


def request_params(
    access: EventAccess,
    kind: str,
    *,
    paper: str | None,
    round_number: object = None,
    player: str | None = None,
) -> tuple[PrintKind, PrintParams]:
    """Turn what a form or API client sent into checked params for this caller.

    Fills in what the caller left out: the latest visible round, the caller's own player
    summary, the caller's roster view. A staff member may omit the player to print every
    player's summary, one per page.
    """
    checked = check_kind(kind)
    # The paper is checked after access (services.print_job_request): a caller who may
    # not have the document hears "not found", not a remark about paper sizes.
    params = PrintParams(paper=(paper or DEFAULT_PAPER).strip().lower())
    if checked in ROUND_KINDS:
        number = parse_round(round_number) or default_round(access)
        if number is None:
            raise ServiceError("No round has been paired yet.", code="no-round", field="round")
        team = captained_team(access) if checked == PrintKind.MATCH_SHEETS and not access.is_staff else None
        params = PrintParams(paper=params.paper, round=number, team=team)
    elif checked == PrintKind.ROSTERS:
        params = PrintParams(paper=params.paper, viewer=roster_viewer(access))
    elif checked == PrintKind.PLAYER_SUMMARY:
        who = (player or "").strip() or None
        if who is None and not access.is_staff and access.player is not None:
            who = access.player.external_id
        if who is not None and not access.event.players.filter(external_id=who).exists():
            raise ServiceError("No such player at this event.", code="no-player", field="player")
        params = PrintParams(paper=params.paper, player=who)
    return checked, params
