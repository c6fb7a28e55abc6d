"""A team tournament (docs/team-matches.md): its teams, a round's team matches, the captains'
pairing protocol, the TO's pairs and "Call time", and the team standings.

A captain only ever reads their own view of the protocol (`team_selectors.captain_panel`,
built from `team_match.protocol.view`, which holds no hidden choice of the other captain);
staff read its progress, never a choice. Reading the protocol or a round's matches gives a
captain whose time is up the announced default first (docs/team-matches.md, decision 6).
"""

from __future__ import annotations

from typing import Any, NoReturn

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from team_match import protocol
from team_match.display import team_standings_rows
from tournaments import selectors
from tournaments.access import (
    TO,
    EventAccess,
    captain_squad_or_404,
    round_or_404,
    squad_or_404,
    team_match_or_404,
)
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, require, signed_in
from tournaments.api.serializers.teams import (
    CallTimeSerializer,
    MatchPairsSerializer,
    ProtocolChoiceSerializer,
    ProtocolSerializer,
    TeamCreateSerializer,
    TeamMatchesSerializer,
    TeamMatchSerializer,
    TeamSerializer,
    TeamStandingsSerializer,
)
from tournaments.api.views._common import validated
from tournaments.bridges.team_record import event_team_standings
from tournaments.errors import ServiceError
from tournaments.models import Player, Round, RoundStatus, Squad, TeamMatch
from tournaments.services.squads import Member, squad_drop, squad_join, squad_register, squad_size
from tournaments.services.team_matches import (
    match_pairs_set,
    match_state,
    protocol_choose,
    protocol_deadline,
    protocol_timeouts,
)
from tournaments.team_selectors import (
    STEP_LABELS,
    CaptainPanel,
    MatchRow,
    captain_panel,
    event_squads,
    match_rows,
    member_names,
)

TAGS = ["teams"]


# --- presenting --------------------------------------------------------------------------


def _ref(player: Player | None) -> dict[str, str] | None:
    return None if player is None else {"external_id": player.external_id, "name": player.name}


def _team_status(squad: Squad) -> str:
    if squad.disqualified_after_round is not None:
        return "disqualified"
    if squad.dropped_after_round is not None:
        return "dropped"
    return "active"


def team_dict(row: tuple[Squad, list[Player]]) -> dict[str, Any]:
    squad, members = row
    return {
        "id": squad.external_id,
        "name": squad.name,
        "captain": _ref(squad.captain),
        "members": [_ref(m) for m in members],
        "status": _team_status(squad),
        "dropped_after_round": squad.dropped_after_round,
        "disqualified_after_round": squad.disqualified_after_round,
    }


def _team_body(squad: Squad) -> dict[str, Any]:
    members = list(squad.members.order_by("squad_position", "id"))
    squad = Squad.objects.select_related("captain").get(pk=squad.pk)
    return dict(TeamSerializer(team_dict((squad, members))).data)


def _progress(match: TeamMatch) -> dict[str, Any] | None:
    """The protocol's progress: its step, who is still to choose, when time runs out."""
    if match.pairing != "protocol" or match.team_b is None:
        return None
    state = match_state(match)
    teams = {"a": match.team_a.external_id, "b": match.team_b.external_id}
    return {
        "step": state.step.value,
        "step_label": STEP_LABELS.get(state.step, str(state.step)),
        "complete": state.complete,
        "waiting_for": [teams[side] for side in protocol.waiting_for(state)],
        "deadline": None if state.complete else protocol_deadline(match),
        "games_made": len(state.games),
    }


def _team_ref(squad: Squad | None) -> dict[str, str] | None:
    return None if squad is None else {"id": squad.external_id, "name": squad.name}


def match_dict(row: MatchRow, *, staff: bool) -> dict[str, Any]:
    match = row.match
    return {
        "id": match.pk,
        "round": match.round.number,
        "team_a": _team_ref(match.team_a),
        "team_b": _team_ref(match.team_b),
        "first_table": match.first_table,
        "tables": list(row.tables),
        "pairing": match.pairing,
        "games": [
            {
                "id": g.game.pk,
                "table": g.table,
                "player_a": _ref(g.game.player_one),
                "player_b": _ref(g.game.player_two),
                "result_status": g.game.result_status,
            }
            for g in row.games
        ],
        "pairs_complete": row.pairs_complete,
        "results_in": row.results_in,
        **({"protocol": _progress(match)} if staff else {}),
    }


def _match_body(match: TeamMatch, *, staff: bool) -> dict[str, Any]:
    row = next(r for r in match_rows(match.round) if r.match.pk == match.pk)
    return dict(TeamMatchSerializer(match_dict(row, staff=staff), context={"staff": staff}).data)


def _panel_dict(match: TeamMatch, squad: Squad, panel: CaptainPanel) -> dict[str, Any]:
    names = member_names(match)

    def refs(ids: tuple[str, ...]) -> list[dict[str, str]]:
        return [{"external_id": i, "name": names.get(i, i)} for i in ids]

    view = panel.view
    return {
        "team": {"id": squad.external_id, "name": squad.name},
        "side": panel.side,
        "options": [{"players": list(o.players), "label": o.label} for o in panel.options],
        "my_choice": panel.my_choice,
        "they_have_chosen": panel.they_have_chosen,
        "revealed": list(panel.revealed),
        "default": panel.default,
        "my_unpaired": refs(view.my_unpaired),
        "their_unpaired": refs(view.their_unpaired),
        "games": [{"player_a": refs((a,))[0], "player_b": refs((b,))[0]} for a, b in view.games],
    }


def _protocol_body(match: TeamMatch, captain: Squad | None) -> dict[str, Any]:
    progress = _progress(match)
    if progress is None:
        raise_not_protocol()
    panel = _panel_dict(match, captain, captain_panel(match, captain)) if captain is not None else None
    return dict(ProtocolSerializer({"match": match.pk, "progress": progress, "captain": panel}).data)


def raise_not_protocol() -> NoReturn:
    raise ServiceError("This match is not paired by the captains' protocol.", code="not-protocol")


def _captain_of(access: EventAccess, match: TeamMatch) -> Squad | None:
    """The team the caller captains in the match; None for staff; 404 for anyone else."""
    player = access.player
    for squad in (match.team_a, match.team_b):
        if squad is not None and player is not None and squad.captain_id == player.pk:
            return squad
    require(access.is_staff)
    return None


def _fresh(match: TeamMatch) -> TeamMatch:
    """The match after any captain whose time is up was given the default."""
    protocol_timeouts(match=match)
    match.refresh_from_db()
    return match


# --- the operations ----------------------------------------------------------------------


class TeamsApi(ApiView):
    @extend_schema(
        operation_id="teams_list",
        summary="A team tournament's teams: name, captain and members in the team's order",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(TeamSerializer)}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        return paginated(request, self, event_squads(access.event), TeamSerializer, team_dict)

    @extend_schema(
        operation_id="teams_register",
        summary="Register a team: its captain with the join code, or (TO) anyone",
        description=(
            "With `join_code` the caller registers the team and is its captain, member 1 (their "
            "seat; the other members are entered and, with an address, mailed their seat's "
            "invitation). Without it, only the TO may enter a team, optionally inviting an "
            "account to the captain's seat by `username`. Nothing is stored unless the name and "
            "all the members are right. 400 `not-a-team-tournament` where players enter one by one."
        ),
        request=TeamCreateSerializer,
        responses=responses({201: TeamSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        data = validated(TeamCreateSerializer, request)
        members = [Member(m["name"], m["email"]) for m in data["members"]]
        if access.is_to and not data.get("join_code"):
            account = selectors.user_by_username(data["username"]) if data["username"] else None
            squad = squad_register(
                event=access.event, team_name=data["name"], members=members, by=user, captain_user=account
            )
        else:
            squad = squad_join(
                event=access.event,
                user=user,
                join_code=data.get("join_code", ""),
                team_name=data["name"],
                members=members,
            )
        return Response(_team_body(squad), status=status.HTTP_201_CREATED)


class TeamDropApi(ApiView):
    @extend_schema(
        operation_id="team_drop",
        summary="Drop a team after the last round begun (TO): its members with it",
        request=None,
        responses=responses({200: TeamSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, team_id: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        squad = squad_drop(squad=squad_or_404(access, team_id), by=user)
        return Response(_team_body(squad))


class RoundMatchesApi(ApiView):
    @extend_schema(
        operation_id="round_team_matches",
        summary="A round's team matches: teams, tables, how paired, games made, results in",
        description="Staff also see each protocol's progress (its step and who is still to choose), "
        "never a choice. 400 `not-a-team-tournament` at an event of players.",
        responses=responses({200: TeamMatchesSerializer}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        access = event_for(request, slug)
        squad_size(access.event)
        round_ = round_or_404(access, number)
        _enforce_time(round_)
        rows = [match_dict(row, staff=access.is_staff) for row in match_rows(round_)]
        body = {"round": round_.number, "matches": rows}
        return Response(TeamMatchesSerializer(body, context={"staff": access.is_staff}).data)


def _enforce_time(round_: Round) -> None:
    if round_.status != RoundStatus.PUBLISHED:
        return
    for match in round_.team_matches.filter(pairing="protocol", team_b__isnull=False):
        protocol_timeouts(match=match)


class MatchProtocolApi(ApiView):
    @extend_schema(
        operation_id="team_match_protocol",
        summary="The captains' protocol of a match: a captain's own view, or (staff) its progress",
        description="A captain of the match reads their view: the step, their options, their own "
        "choice, whether the other captain has chosen (never what), each revealed step and the "
        "default they get when time runs out. Staff read the progress only. Anyone else: 404. "
        "400 `not-protocol` for a match paired another way.",
        responses=responses({200: ProtocolSerializer}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str, match_id: int) -> Response:
        access = event_for(request, slug)
        match = team_match_or_404(access, match_id)
        captain = _captain_of(access, match)
        return Response(_protocol_body(_fresh(match), captain))

    @extend_schema(
        operation_id="team_match_protocol_choose",
        summary="A captain's choice for the protocol's current step (final once made)",
        description="Hidden from the other captain until both have chosen, then revealed to both "
        "together. Refused before the round is published (`round-not-published`) and once it "
        "is over (`round-closed`).",
        request=ProtocolChoiceSerializer,
        responses=responses({200: ProtocolSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, match_id: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        match = team_match_or_404(access, match_id)
        squad = captain_squad_or_404(access, match)
        choice = validated(ProtocolChoiceSerializer, request)["players"]
        match = _fresh(match)
        protocol_choose(match=match, squad=squad, choice=choice, by=user)
        match.refresh_from_db()
        return Response(_protocol_body(match, squad))


class MatchPairsApi(ApiView):
    @extend_schema(
        operation_id="team_match_pairs_set",
        summary="The TO's own pairs for a match: every player of each team once",
        description="Replaces earlier pairs while no game of the match has a result; each game is "
        "made on the next table of the match's block.",
        request=MatchPairsSerializer,
        responses=responses({200: TeamMatchSerializer}, login=True),
        tags=TAGS,
    )
    def put(self, request: Request, slug: str, match_id: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        match = team_match_or_404(access, match_id)
        pairs = [(a, b) for a, b in validated(MatchPairsSerializer, request)["pairs"]]
        match = match_pairs_set(match=match, pairs=pairs, by=user)
        return Response(_match_body(match, staff=True))


class MatchCallTimeApi(ApiView):
    @extend_schema(
        operation_id="team_match_call_time",
        summary="Call time on the protocol's step (TO): a captain still to choose gets the default",
        request=None,
        responses=responses({200: CallTimeSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, match_id: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        match = team_match_or_404(access, match_id)
        if _progress(match) is None:
            raise_not_protocol()
        defaulted = protocol_timeouts(match=match, by=user, force=True)
        match.refresh_from_db()
        body = {"match": _match_body(match, staff=True), "defaulted": defaulted}
        return Response(CallTimeSerializer(body, context={"staff": True}).data)


class TeamStandingsApi(ApiView):
    @extend_schema(
        operation_id="team_standings",
        summary="The team standings: match points, the tie-break, SoS and oTP",
        description="A match counts once all its games have a result. The individual ranking "
        "(the best players) is `standings/`. 400 `not-a-team-tournament` at an event of players.",
        responses=responses({200: TeamStandingsSerializer}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        squad_size(access.event)
        standings = event_team_standings(access.event)
        body = {
            "tiebreak": standings.tiebreak.value,
            "rounds_played": standings.rounds_played,
            "standings": team_standings_rows(standings),
        }
        return Response(TeamStandingsSerializer(body).data)
