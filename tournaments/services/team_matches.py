"""Team matches of a team tournament (docs/team-matches.md): the Swiss round pairs teams
into matches on blocks of adjacent tables, then each match's games are made by the event's
way of pairing players: at once by the standings order, when the TO enters the pairs, or
two by two as the captains' protocol reveals them (`team_match.protocol`, run here with
its hidden choices stored on the match and a captain out of time given the default)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from pairings.engine import PairingError
from pairings.engine.teams import table_block
from standings.records import EventPlayer
from team_match import protocol
from team_match.protocol import ProtocolError, ProtocolState, Side
from team_match.standings import TeamEntry, members_in_standings_order
from tournaments.bridges.team_record import event_individual_standings, pair_team_round
from tournaments.errors import ServiceError
from tournaments.models import (
    Event,
    Game,
    MatchPairing,
    Outcome,
    Player,
    ResultStatus,
    Round,
    RoundStatus,
    Squad,
    TeamMatch,
)
from tournaments.services.audit import audit
from tournaments.services.versions import event_touch

SIDE_A: Side = "a"
SIDE_B: Side = "b"


def _members(squad: Squad) -> list[Player]:
    return list(squad.members.order_by("squad_position", "id"))


def _ids(squad: Squad) -> list[str]:
    return [p.external_id for p in _members(squad)]


def create_team_matches(event: Event, round_: Round, *, seed: int) -> dict[str, object]:
    """Pair the round's teams and store their matches; a bye's members get a bye each and
    the standings order's matches their games at once. Returns the pairing report."""
    try:
        paired = pair_team_round(event, number=round_.number, seed=seed)
    except PairingError as exc:
        raise ServiceError(str(exc), code="pairing-impossible") from None
    size = event.squad_size or 0
    squads = {s.external_id: s for s in event.squads.all()}
    method = event.match_pairing
    number = 0
    for game in sorted(paired.games, key=lambda g: (g.is_bye, g.table or 0)):
        if game.is_bye:
            squad = squads[game.players[0]]
            TeamMatch.objects.create(round=round_, team_a=squad, pairing=method)
            Game.objects.bulk_create(
                Game(
                    round=round_, player_one=member, outcome=Outcome.BYE, result_status=ResultStatus.CONFIRMED
                )
                for member in _members(squad)
            )
            continue
        number += 1
        match = TeamMatch.objects.create(
            round=round_,
            team_a=squads[game.players[0]],
            team_b=squads[game.players[1]],
            first_table=table_block(number, size)[0],
            pairing=method,
        )
        _start(event, match)
    return paired.report.to_dict()


def _start(event: Event, match: TeamMatch) -> None:
    """Begin the match's pairing: the standings order pairs at once; the protocol starts its
    first step (its clock runs from publication); the TO's pairs wait for the TO."""
    assert match.team_b is not None
    if match.pairing == MatchPairing.STANDINGS_ORDER:
        _make_games(match, protocol.standings_order_pairs(*_standings_order(event, match)))
    elif match.pairing == MatchPairing.PROTOCOL:
        state = protocol.start(_ids(match.team_a), _ids(match.team_b))
        match.protocol = protocol.to_json(state)
        match.save(update_fields=["protocol"])
        if state.complete:  # never for teams of 3 or more; kept for safety of the rules
            _make_games(match, protocol.pairs(state))


def _standings_order(event: Event, match: TeamMatch) -> tuple[list[str], list[str]]:
    """Each team's members by the individual standings so far (the team's order between
    players level on everything, and before any game: `members_in_standings_order`)."""
    assert match.team_b is not None
    individual = event_individual_standings(event)

    def order(squad: Squad) -> list[str]:
        members = tuple(EventPlayer(p.external_id, p.name) for p in _members(squad))
        return list(members_in_standings_order(TeamEntry(squad.external_id, squad.name, members), individual))

    return order(match.team_a), order(match.team_b)


def _make_games(match: TeamMatch, pairs: Sequence[tuple[str, str]]) -> list[Game]:
    """Create the games for `pairs` not made yet, each on the next free table of the
    match's block (in the order the pairs were made)."""
    event = match.round.event
    made = {
        (g.player_one.external_id, g.player_two.external_id)
        for g in match.games.select_related("player_one", "player_two")
        if g.player_two
    }
    players = {p.external_id: p for p in event.players.filter(squad__in=[match.team_a_id, match.team_b_id])}
    size = event.squad_size or 0
    first = match.first_table or 1
    block = list(range(first, first + size))
    used = set(match.games.exclude(table__isnull=True).values_list("table__number", flat=True))
    free = [n for n in block if n not in used]
    created = []
    for a, b in pairs:
        if (a, b) in made:
            continue
        number = free.pop(0)
        table, _ = event.tables.get_or_create(number=number)
        created.append(
            Game.objects.create(
                round=match.round, table=table, player_one=players[a], player_two=players[b], team_match=match
            )
        )
    return created


def match_label(match: TeamMatch) -> str:
    """ "Round 2, Red v Blue" (or "Round 2, Red: bye"), for the audit log and messages."""
    if match.team_b is None:
        return f"Round {match.round.number}, {match.team_a.name}: bye"
    return f"Round {match.round.number}, {match.team_a.name} v {match.team_b.name}"


def _locked(match: TeamMatch) -> TeamMatch:
    return (
        TeamMatch.objects.select_for_update(of=("self",))
        .select_related("round__event", "team_a", "team_b")
        .get(pk=match.pk)
    )


def _refuse_unless_open(match: TeamMatch) -> None:
    if match.round.status == "closed":
        raise ServiceError(f"Round {match.round.number} is over.", code="round-closed")


def _protocol_error(exc: ProtocolError) -> ServiceError:
    return ServiceError(exc.message, code=exc.code)


def match_state(match: TeamMatch) -> ProtocolState:
    try:
        return protocol.from_json(match.protocol)
    except ProtocolError as exc:
        raise _protocol_error(exc) from None


def side_of(match: TeamMatch, squad: Squad) -> Side:
    if squad.pk == match.team_a_id:
        return SIDE_A
    if squad.pk == match.team_b_id:
        return SIDE_B
    raise ServiceError(f"{squad.name} does not play this match.", code="not-in-match")


def _save_state(match: TeamMatch, before: ProtocolState, state: ProtocolState, now: dt.datetime) -> None:
    """Store the state; a new step (both captains chose) restarts the clock and makes the
    games the reveal paired."""
    match.protocol = protocol.to_json(state)
    if len(state.history) != len(before.history):
        match.step_started_at = now if not state.complete else None
    match.version += 1
    match.save(update_fields=["protocol", "step_started_at", "version"])
    _make_games(match, state.games)


@transaction.atomic
def protocol_choose(
    *, match: TeamMatch, squad: Squad, choice: Sequence[str], by: AbstractBaseUser, as_staff: bool = False
) -> TeamMatch:
    """A captain's secret choice for the current step (players by event/1 id): final once
    made, shown to the other captain only when both have chosen. Refused before the round
    is published (the clock starts then) and after the round is over."""
    match = _locked(match)
    _refuse_unless_open(match)
    if match.pairing != MatchPairing.PROTOCOL:
        raise ServiceError("This match is not paired by the captains' protocol.", code="not-protocol")
    if match.round.status != "published":
        raise ServiceError(
            "The round is not published yet: the protocol starts when it is.", code="round-not-published"
        )
    side = side_of(match, squad)
    before = match_state(match)
    picked: str | list[str] = choice[0] if len(choice) == 1 else list(choice)
    try:
        state = protocol.choose(before, side, picked)
    except ProtocolError as exc:
        raise _protocol_error(exc) from None
    now = timezone.now()
    if match.step_started_at is None:
        match.step_started_at = now
    _save_state(match, before, state, now)
    audit(
        event=match.round.event,
        actor=by,
        action="protocol-choice" if not as_staff else "protocol-choice-by-staff",
        subject=match_label(match),
        data={"team": squad.external_id, "step": before.step},
    )
    event_touch(match.round.event)
    return match


def protocol_deadline(match: TeamMatch) -> dt.datetime | None:
    """When the current step's time runs out (None: no clock running)."""
    if match.step_started_at is None:
        return None
    return match.step_started_at + dt.timedelta(minutes=match.round.event.protocol_step_minutes)


@transaction.atomic
def protocol_timeouts(*, match: TeamMatch, by: AbstractBaseUser | None = None, force: bool = False) -> bool:
    """Give each captain still to choose the announced default once the step's time is up
    (`force`: the TO calls time now). Returns whether a choice was made."""
    match = _locked(match)
    if match.pairing != MatchPairing.PROTOCOL or match.round.status != "published":
        return False
    state = match_state(match)
    if state.complete:
        return False
    now = timezone.now()
    if match.step_started_at is None:
        match.step_started_at = now
        match.save(update_fields=["step_started_at"])
        if not force:
            return False
    deadline = protocol_deadline(match)
    if not force and (deadline is None or now < deadline):
        return False
    before = state
    defaulted = []
    for side in protocol.waiting_for(state):
        state = protocol.choose(state, side, protocol.default_choice(state, side))
        defaulted.append(side)
    if not defaulted:
        return False
    _save_state(match, before, state, now)
    names = {SIDE_A: match.team_a.name, SIDE_B: match.team_b.name if match.team_b else ""}
    audit(
        event=match.round.event,
        actor=by,
        action="protocol-default",
        subject=match_label(match),
        data={"teams": [names[s] for s in defaulted], "step": before.step},
    )
    event_touch(match.round.event)
    return True


@transaction.atomic
def match_pairs_set(*, match: TeamMatch, pairs: Sequence[tuple[str, str]], by: AbstractBaseUser) -> TeamMatch:
    """The TO's own pairs for a match (team A's player first, by event/1 id): checked to be
    every player of each team in exactly one game. Replaces earlier pairs while no game of
    the match has a result."""
    match = _locked(match)
    _refuse_unless_open(match)
    if match.pairing != MatchPairing.ORGANISER:
        raise ServiceError("This match is not paired by the TO.", code="not-organiser-pairing")
    assert match.team_b is not None
    try:
        checked = protocol.check_manual_pairs(
            _ids(match.team_a), _ids(match.team_b), [tuple(p) for p in pairs]
        )
    except ProtocolError as exc:
        raise _protocol_error(exc) from None
    if match.games.exclude(result_status=ResultStatus.PENDING).exists():
        raise ServiceError("A game of this match has a result: its pairs stand.", code="has-results")
    match.games.all().delete()
    _make_games(match, checked)
    match.version += 1
    match.save(update_fields=["version"])
    audit(
        event=match.round.event,
        actor=by,
        action="team-match-paired",
        subject=match_label(match),
        data={"pairs": [list(p) for p in checked]},
    )
    event_touch(match.round.event)
    return match


def protocol_timeouts_due(*, round_: Round) -> int:
    """Give the announced default in each of the round's protocol matches whose step's time
    is up (docs/team-matches.md: the time is enforced whenever a page about the match is
    read; no worker runs it). One query when none is due. Returns how many steps moved."""
    if round_.status != RoundStatus.PUBLISHED:
        return 0
    minutes = round_.event.protocol_step_minutes
    due = round_.team_matches.filter(
        pairing=MatchPairing.PROTOCOL,
        team_b__isnull=False,
        step_started_at__lte=timezone.now() - dt.timedelta(minutes=minutes),
    )
    return sum(1 for match in due if protocol_timeouts(match=match))


def matches_waiting_for_pairs(round_: Round) -> int:
    """How many of the round's matches do not have all their games yet (one query)."""
    size = round_.event.squad_size or 0
    return (
        round_.team_matches.filter(team_b__isnull=False)
        .annotate(made=Count("games"))
        .filter(made__lt=size)
        .count()
    )
