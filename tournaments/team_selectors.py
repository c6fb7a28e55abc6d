"""Reads of a team tournament (docs/team-matches.md): the teams, a round's matches with
their games, and a captain's view of the pairing protocol, names resolved, for the web
pages and the API alike. A captain's view never holds the other captain's hidden choice:
it is built from `team_match.protocol.view`, which has none."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Q

from team_match import protocol
from team_match.protocol import Choice, ProtocolView, Side, Step
from team_match.scoring import LOSS, WIN
from team_match.standings import TeamMatchLine, TeamStandings, TieBreak
from tournaments.models import (
    Event,
    Game,
    MatchPairing,
    MatchRule,
    Player,
    ResultStatus,
    Round,
    RoundStatus,
    Squad,
    TeamMatch,
)
from tournaments.services.team_matches import match_state, protocol_deadline, side_of

DASH = "\u2013"  # an en dash, between two scores

STEP_LABELS = {
    Step.DEFENDER: "Put forward a defender",
    Step.ATTACKERS: "Offer two attackers against their defender",
    Step.PICK: "Pick the attacker your defender plays",
    Step.LAST_DEFENDER: "Put forward a defender: they play the other team's last player left",
    Step.COMPLETE: "Every game is paired",
}


@dataclass(frozen=True)
class Option:
    """One choice a captain may make: the players' event/1 ids, and how it reads."""

    players: tuple[str, ...]
    label: str


@dataclass(frozen=True)
class MatchGame:
    game: Game
    table: int | None
    player_a: str
    player_b: str
    has_result: bool


@dataclass(frozen=True)
class CaptainPanel:
    """One captain's view of their match's protocol."""

    side: Side
    step: Step
    step_label: str
    options: tuple[Option, ...]
    my_choice: str | None  # how the captain's own choice in this step reads
    they_have_chosen: bool
    revealed: tuple[str, ...]  # each revealed step, as a sentence
    deadline: dt.datetime | None
    default: str | None  # what the captain is given when time runs out
    view: ProtocolView


@dataclass(frozen=True)
class MatchRow:
    match: TeamMatch
    team_a: str
    team_b: str | None
    tables: tuple[int, ...]
    games: tuple[MatchGame, ...]
    pairs_complete: bool
    results_in: int


def member_names(match: TeamMatch) -> dict[str, str]:
    ids = [match.team_a_id] + ([match.team_b_id] if match.team_b_id else [])
    return dict(Player.objects.filter(squad_id__in=ids).values_list("external_id", "name"))


def _choice_label(choice: Choice, names: dict[str, str]) -> str:
    players = (choice,) if isinstance(choice, str) else choice
    return " and ".join(names.get(p, p) for p in players)


def _revealed(view: ProtocolView, names: dict[str, str], mine: str, theirs: str) -> tuple[str, ...]:
    lines = []
    for reveal in view.history:
        a, b = (reveal.a, reveal.b) if view.side == "a" else (reveal.b, reveal.a)
        what = {
            Step.DEFENDER: "defenders",
            Step.LAST_DEFENDER: "defenders",
            Step.ATTACKERS: "attackers offered",
            Step.PICK: "attackers picked",
        }.get(reveal.step, str(reveal.step))
        auto = " (no choice left: made for both)" if reveal.automatic else ""
        lines.append(
            f"{what.capitalize()}: {mine} {_choice_label(a, names)}; {theirs} {_choice_label(b, names)}{auto}"
        )
    return tuple(lines)


def captain_panel(match: TeamMatch, squad: Squad) -> CaptainPanel:
    """What `squad`'s captain sees of the protocol: their options, their own choice, whether
    the other captain has chosen, every revealed step, and when time runs out."""
    side = side_of(match, squad)
    state = match_state(match)
    view = protocol.view(state, side)
    names = member_names(match)
    other = match.team_b if side == "a" else match.team_a
    mine, theirs = squad.name, other.name if other is not None else ""
    options = tuple(
        Option(players=(c,) if isinstance(c, str) else tuple(c), label=_choice_label(c, names))
        for c in view.my_options
    )
    default = None
    if view.my_options and not state.complete:
        default = _choice_label(protocol.default_choice(state, side), names)
    return CaptainPanel(
        side=side,
        step=view.step,
        step_label=STEP_LABELS.get(view.step, str(view.step)),
        options=options,
        my_choice=_choice_label(view.my_choice, names) if view.my_choice is not None else None,
        they_have_chosen=view.they_have_chosen,
        revealed=_revealed(view, names, mine, theirs),
        deadline=protocol_deadline(match) if not state.complete else None,
        default=default,
        view=view,
    )


def _match_row(match: TeamMatch, games: list[Game], size: int) -> MatchRow:
    games = sorted(games, key=lambda g: g.table.number if g.table else 0)
    first = match.first_table
    return MatchRow(
        match=match,
        team_a=match.team_a.name,
        team_b=match.team_b.name if match.team_b is not None else None,
        tables=tuple(range(first, first + size)) if first is not None else (),
        games=tuple(
            MatchGame(
                game=g,
                table=g.table.number if g.table is not None else None,
                player_a=g.player_one.name,
                player_b=g.player_two.name if g.player_two is not None else "",
                has_result=g.result_status == ResultStatus.CONFIRMED,
            )
            for g in games
        ),
        pairs_complete=match.team_b_id is None or len(games) == size,
        results_in=sum(1 for g in games if g.result_status == ResultStatus.CONFIRMED),
    )


_GAME_ROWS = ("table", "player_one", "player_two", "loser", "winner")


def match_rows(round_: Round) -> list[MatchRow]:
    """The round's matches by table block (byes last), each with its games in table order."""
    size = round_.event.squad_size or 0
    matches = list(round_.team_matches.select_related("team_a", "team_b"))
    games_by_match: dict[int, list[Game]] = {}
    for game in round_.games.filter(team_match__isnull=False).select_related(*_GAME_ROWS):
        assert game.team_match_id is not None
        games_by_match.setdefault(game.team_match_id, []).append(game)
    return [
        _match_row(match, games_by_match.get(match.pk, []), size)
        for match in sorted(matches, key=lambda m: (m.team_b_id is None, m.first_table or 0, m.pk))
    ]


def match_row(match: TeamMatch) -> MatchRow:
    """One match with its games so far, as `match_rows` gives it (for a team's own page)."""
    games = list(match.games.select_related(*_GAME_ROWS))
    return _match_row(match, games, match.round.event.squad_size or 0)


def squad_match(squad: Squad) -> TeamMatch | None:
    """The team's match in the event's latest published round (None: none yet, or a bye)."""
    return (
        TeamMatch.objects.filter(Q(team_a=squad) | Q(team_b=squad), round__status=RoundStatus.PUBLISHED)
        .select_related("round__event", "team_a", "team_b")
        .order_by("-round__number")
        .first()
    )


def event_squads(event: Event) -> list[tuple[Squad, list[Player]]]:
    """The teams by name, each with its members in team order."""
    squads = list(event.squads.select_related("captain").order_by("name"))
    members: dict[int, list[Player]] = {s.pk: [] for s in squads}
    for player in event.players.filter(squad__isnull=False).order_by("squad_position", "id"):
        assert player.squad_id is not None
        members[player.squad_id].append(player)
    return [(s, members[s.pk]) for s in squads]


# What the TO's round page calls each step of the protocol (the captains' own wording is
# STEP_LABELS): a neutral name, since the TO sees both sides.
STEP_NAMES = {
    Step.DEFENDER: "defenders",
    Step.ATTACKERS: "attackers",
    Step.PICK: "picks",
    Step.LAST_DEFENDER: "the last defenders",
    Step.COMPLETE: "complete",
}


@dataclass(frozen=True)
class ProtocolProgress:
    """How far a match's protocol is, as the TO sees it: the step, which captains have
    chosen and which are awaited, never what anyone chose before it is revealed (the hidden
    choices stay in `TeamMatch.protocol`)."""

    step: str
    complete: bool
    games_made: int
    chosen: tuple[str, ...]  # teams whose captain has chosen in this step
    waiting: tuple[str, ...]  # teams whose captain has not
    deadline: dt.datetime | None


def protocol_progress(match: TeamMatch) -> ProtocolProgress | None:
    """The TO's view of a protocol match (None for another method or a bye)."""
    if match.pairing != MatchPairing.PROTOCOL or match.team_b is None or not match.protocol:
        return None
    state = match_state(match)
    names = {"a": match.team_a.name, "b": match.team_b.name}
    waiting = protocol.waiting_for(state)
    return ProtocolProgress(
        step=STEP_NAMES.get(state.step, str(state.step)),
        complete=state.complete,
        games_made=len(state.games),
        chosen=tuple(names[s] for s in ("a", "b") if not state.complete and s not in waiting),
        waiting=tuple(names[s] for s in waiting),
        deadline=protocol_deadline(match) if not state.complete else None,
    )


def team_format(event: Event) -> tuple[str, ...]:
    """A team tournament's format in words, for the event page (docs/team-matches.md): the
    team size and how a match is decided, how players are paired in a match (for the
    protocol, its time and the announced default for a captain out of time), and the
    distinct-factions rule when on. Empty for an event of single players."""
    size = event.squad_size
    if size is None:
        return ()
    if event.match_rule == MatchRule.GAME_POINTS:
        margin = event.match_draw_margin
        draw = (
            "a draw only if the totals are level"
            if margin == 0
            else f"a draw if they differ by {margin} or less"
        )
        decided = f"A match is won by the team whose players score more game points in total ({draw})."
    else:
        decided = "A match is won by the team that wins more games (a draw if level)."
    lines = [f"Teams of {size}.", decided]
    if event.match_pairing == MatchPairing.PROTOCOL:
        minutes = event.protocol_step_minutes
        lines.append(
            "Players are paired in each match by the captains' pairing protocol: "
            f"{minutes} minute{'s' if minutes != 1 else ''} a step; a captain out of time is given "
            "the first player(s) in their team's order."
        )
    elif event.match_pairing == MatchPairing.ORGANISER:
        lines.append("Players are paired in each match by the TO.")
    else:
        lines.append(
            "Players are paired in each match by the standings order: each team's best-placed "
            "player plays the other team's best-placed, the second the second, and so on."
        )
    if event.distinct_factions:
        lines.append("No two members of a team play the same faction.")
    return tuple(lines)


def squads_of(event: Event, players: list[Player]) -> list[tuple[Squad, list[Player]]]:
    """The teams by name, each with its members (taken from `players`, the page's rows, so
    their accounts come loaded) in the team's order; one query for the teams."""
    members: dict[int, list[Player]] = {}
    for player in players:
        if player.squad_id is not None:
            members.setdefault(player.squad_id, []).append(player)
    return [
        (squad, sorted(members.get(squad.pk, []), key=lambda p: (p.squad_position or 0, p.pk)))
        for squad in event.squads.order_by("name", "id")
    ]


@dataclass(frozen=True)
class PublicMatch:
    """A match as the public pairings show it: its games so far and, once every game has
    a result, how it was decided."""

    row: MatchRow
    result: str  # "" until the match is decided


def _result_text(a: TeamMatchLine, b: TeamMatchLine, name_a: str, name_b: str, tiebreak: TieBreak) -> str:
    """ "Red won, 3-2 games" (an en dash; or game points, as the event decides its matches)."""
    by_points = tiebreak is TieBreak.GAME_POINTS
    mine, theirs = (a.game_points, b.game_points) if by_points else (a.games_won, b.games_won)
    unit = "game points" if by_points else "games"
    if a.result == WIN:
        return f"{name_a} won, {mine}{DASH}{theirs} {unit}"
    if a.result == LOSS:
        return f"{name_b} won, {theirs}{DASH}{mine} {unit}"
    return f"Drawn, {mine}{DASH}{theirs} {unit}"


def public_matches(round_: Round, standings: TeamStandings) -> list[PublicMatch]:
    """The round's matches (`match_rows`) with each decided match's result, read from the
    team standings (docs/team-matches.md, "Deciding a team match")."""
    lines: dict[str, TeamMatchLine] = {}
    for standing in standings.rows:
        for line in standing.matches:
            if line.round == round_.number:
                lines[standing.team] = line
    out = []
    for row in match_rows(round_):
        match = row.match
        a = lines.get(match.team_a.external_id)
        b = lines.get(match.team_b.external_id) if match.team_b is not None else None
        result = ""
        if a is not None and b is not None and row.team_b is not None:
            result = _result_text(a, b, row.team_a, row.team_b, standings.tiebreak)
        out.append(PublicMatch(row=row, result=result))
    return out
