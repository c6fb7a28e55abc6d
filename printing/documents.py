"""The printed documents: for each, a loader (database → sheet, through the selectors) and a
template. `render_document` is the pretix-style renderer, returning (filename, mimetype, bytes).

Loading and rendering are apart on purpose: the request computes the sheet to fingerprint
the job (cheap), the worker renders it (slow), and the benchmark renders sheets built in
memory.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils import timezone

from accounts.links import absolute
from awards.selectors import awards_of, programme_of
from judging.models import Penalty, PenaltyStatus
from judging.selectors import penalty_log
from printing.models import PrintKind
from printing.params import VIEWER_PLAYER, VIEWER_PUBLIC, VIEWER_STAFF, PrintParams
from printing.render import PDF_MIMETYPE, render_pdf
from printing.sheets import (
    AwardLine,
    AwardsSheet,
    BracketSheet,
    FactionsSheet,
    FindTableSheet,
    Heading,
    MatchSheet,
    MatchSheetGame,
    MatchSheetsSheet,
    PairingLine,
    PairingsSheet,
    PenaltyLine,
    PenaltyLogSheet,
    RosterPackSheet,
    Slip,
    SlipExtra,
    SlipFields,
    SlipPlayer,
    SlipRoster,
    SlipsSheet,
    StandingsSheet,
    SummaryPenalty,
    SummaryPending,
    SummarySheet,
    TableCard,
    TableCardsSheet,
    find_table_lines,
    ordered_pairings,
    penalty_tallies,
    player_summary,
    roster_page,
    shared_names,
    standings_sheet,
)
from rosters.models import Roster
from rules_engine.game_system import GameSystem
from seasons.faction_charts import faction_charts
from seasons.faction_record import event_faction_report
from standings.display import standings_state
from tournaments.access import PLAYER, TO, EventAccess
from tournaments.cut_bracket import bracket_of
from tournaments.errors import ServiceError
from tournaments.event_time import event_zone_active
from tournaments.game_templates import game_template_names
from tournaments.models import (
    Event,
    Game,
    ListFormat,
    MatchRule,
    Player,
    ResultStatus,
    Round,
    RoundStatus,
    Teammate,
)
from tournaments.selectors import (
    event_standings,
    event_tables,
    player_games,
    public_factions,
    rosters_public,
    round_games,
    visible_rosters,
)
from tournaments.team_selectors import match_rows

Sheet = (
    PairingsSheet
    | FindTableSheet
    | StandingsSheet
    | SlipsSheet
    | RosterPackSheet
    | SummarySheet
    | PenaltyLogSheet
    | AwardsSheet
    | BracketSheet
    | MatchSheetsSheet
    | FactionsSheet
    | TableCardsSheet
)
IN_FORCE = (PenaltyStatus.ISSUED, PenaltyStatus.CONFIRMED)
Rendered = tuple[str, str, bytes]  # (filename, mimetype, content)


def _round(event: Event, params: PrintParams) -> Round:
    if params.round is None:
        raise ServiceError("Say which round to print.", code="round-required", field="round")
    round_ = event.rounds.filter(number=params.round).first()
    if round_ is None:
        raise ServiceError(f"There is no round {params.round} yet.", code="no-round", field="round")
    return round_


def _pairing_lines(round_: Round) -> tuple[PairingLine, ...]:
    factions = public_factions(round_.event)
    lines = []
    for game in round_games(round_):
        two = game.player_two
        lines.append(
            PairingLine(
                table=game.table.number if game.table is not None else None,
                layout=game.table.layout if game.table is not None else "",
                one=game.player_one.name,
                one_id=game.player_one.external_id,
                two=two.name if two is not None else None,
                two_id=two.external_id if two is not None else None,
                one_faction=factions.get(game.player_one.external_id, ""),
                two_faction=factions.get(two.external_id, "") if two is not None else "",
            )
        )
    return ordered_pairings(lines)


def _round_subtitle(event: Event, round_: Round) -> str:
    parts = [event.venue] if event.venue else []
    if round_.status == RoundStatus.PAIRED:
        parts.append("DRAFT — not yet published")
    return " · ".join(parts)


def load_pairings(event: Event, params: PrintParams) -> PairingsSheet:
    round_ = _round(event, params)
    heading = Heading(event.name, f"Round {round_.number} pairings", _round_subtitle(event, round_))
    system = event.system
    return PairingsSheet(
        heading,
        round_.number,
        _pairing_lines(round_),
        scenario=round_.scenario_to_play,
        scenario_label=system.pregame.label,
    )


def load_find_table(event: Event, params: PrintParams) -> FindTableSheet:
    round_ = _round(event, params)
    heading = Heading(event.name, f"Round {round_.number}: find your table", _round_subtitle(event, round_))
    return FindTableSheet(heading, round_.number, find_table_lines(_pairing_lines(round_)))


def load_standings(event: Event, params: PrintParams) -> StandingsSheet:
    keys = event.system.standings_keys
    return standings_sheet(
        event.name, event_standings(event), public_factions(event), tournament_points="tp" in keys
    )


def load_slips(event: Event, params: PrintParams) -> SlipsSheet:
    round_ = _round(event, params)
    games = [g for g in round_games(round_) if g.player_two is not None]
    player_ids = {g.player_one_id for g in games} | {g.player_two_id for g in games}
    rosters: dict[int, list[Roster]] = {}
    for roster in Roster.objects.filter(player_id__in=player_ids).order_by("slot"):
        rosters.setdefault(roster.player_id, []).append(roster)

    system = event.system
    namesakes = shared_names(p.name for g in games for p in (g.player_one, g.player_two) if p is not None)

    teammates = (
        {(m.team_id, m.position): m.name for m in Teammate.objects.filter(team_id__in=player_ids)}
        if event.team_size is not None
        else {}
    )

    def side(player: Player) -> SlipPlayer:
        mine = rosters.get(player.pk, [])
        documents = []
        for r in mine:
            text = system.slip_roster_text(r.document if isinstance(r.document, dict) else {})
            who = teammates.get((player.pk, r.slot), "")
            documents.append(SlipRoster(r.slot, text.faction, text.notes, player=who))
        return SlipPlayer(player.name, player.external_id, tuple(documents), player.name in namesakes)

    slips = []
    for game in games:
        assert game.player_two is not None
        slips.append(
            Slip(
                round=round_.number,
                table=game.table.number if game.table is not None else None,
                layout=game.table.layout if game.table is not None else "",
                one=side(game.player_one),
                two=side(game.player_two),
                result_url=absolute(reverse("venue:game-result", args=[event.slug, game.pk])),
            )
        )
    slips.sort(key=lambda slip: (slip.table is None, slip.table or 0))
    heading = Heading(event.name, f"Round {round_.number} result slips")
    return SlipsSheet(
        heading,
        round_.number,
        event.list_format == ListFormat.DUAL,
        tuple(slips),
        slip_fields(system),
        scenario=round_.scenario_to_play,
        scenario_label=system.pregame.label,
    )


def slip_fields(system: GameSystem) -> SlipFields:
    """What this system's result slip asks for, and where its own parts are drawn."""
    shape = system.results
    return SlipFields(
        vp=shape.vp,
        kp=shape.kp,
        winner=not shape.vp,
        complete_victory=shape.complete_victory,
        extras=tuple(SlipExtra(e.label, e.help) for e in system.result_extras),
        side_templates=tuple(game_template_names(system, "slip_side")),
        table_templates=tuple(game_template_names(system, "slip_table")),
    )


def viewer_access(event: Event, viewer: str | None) -> EventAccess:
    """The EventAccess whose roster visibility a roster pack prints (see params.VIEWER_*)."""
    if viewer == VIEWER_STAFF:
        return EventAccess(event=event, roles=frozenset({TO}), player=None)
    if viewer == VIEWER_PUBLIC or viewer is None:
        return EventAccess(event=event, roles=frozenset(), player=None)
    if viewer.startswith(VIEWER_PLAYER):
        player = event.players.filter(external_id=viewer.removeprefix(VIEWER_PLAYER)).first()
        if player is None:
            raise ServiceError("No such player at this event.", code="no-player", field="player")
        return EventAccess(event=event, roles=frozenset({PLAYER}), player=player)
    raise ServiceError(f"Unknown roster viewer {viewer!r}.", field="viewer")


def load_rosters(event: Event, params: PrintParams) -> RosterPackSheet:
    access = viewer_access(event, params.viewer)
    if not access.is_staff and access.player is None and not rosters_public(event):
        rosters: list[Roster] = []
    else:
        rosters = list(visible_rosters(access))
    system = event.system
    pages = tuple(
        roster_page(
            player=r.player.name,
            player_id=r.player.external_id,
            slot=r.slot,
            document=r.document if isinstance(r.document, dict) else {},
            verdict=r.verdict,
            game_sheet=system.roster_sheet,
        )
        for r in rosters
    )
    subtitle = f"{len(pages)} roster{'s' if len(pages) != 1 else ''}"
    heading = Heading(event.name, "Roster pack", subtitle)
    return RosterPackSheet(heading, pages, parts=tuple(system.template_names("roster_sheet")))


def _state_label(game: Game) -> str:
    if game.result_status == ResultStatus.CONFIRMED and game.needs_review and game.reviewed_at is None:
        return "With the Head Judge for review"
    return str(ResultStatus(game.result_status).label)


def load_player_summary(event: Event, params: PrintParams) -> SummarySheet:
    """One player (params.player), or every player one per page when no player is given (staff)."""
    standings = event_standings(event)
    if params.player is not None:
        player = event.players.filter(external_id=params.player).first()
        if player is None:
            raise ServiceError("No such player at this event.", code="no-player", field="player")
        players = [player]
        games = list(player_games(player))
    else:
        players = list(event.players.order_by("name", "external_id"))
        games = list(
            Game.objects.filter(round__event=event)
            .exclude(round__status=RoundStatus.PAIRED)
            .select_related("round", "table", "player_one", "player_two")
        )
    penalties: dict[int, list[SummaryPenalty]] = {}
    in_force = penalty_log(event).filter(status__in=IN_FORCE)
    if params.player is not None:
        in_force = in_force.filter(player__in=players)
    for penalty in in_force:
        penalties.setdefault(penalty.player_id, []).append(_summary_penalty(penalty))
    by_player: dict[int, list[Game]] = {}
    for game in games:
        for pid in (game.player_one_id, game.player_two_id):
            if pid is not None:
                by_player.setdefault(pid, []).append(game)
    summaries = []
    for player in players:
        if player.external_id not in standings:
            continue
        mine = sorted(by_player.get(player.pk, []), key=lambda g: g.round.number)
        tables = {g.round.number: (g.table.number if g.table is not None else None) for g in mine}
        scored_rounds = {line.round for line in standings[player.external_id].games}
        pending = tuple(
            SummaryPending(
                round=g.round.number,
                table=g.table.number if g.table is not None else None,
                opponent=_opponent_name(g, player),
                state=_state_label(g),
            )
            for g in mine
            if g.round.number not in scored_rounds
        )
        summaries.append(
            player_summary(
                standings[player.external_id],
                standings,
                tables=tables,
                pending=pending,
                penalties=penalties.get(player.pk, ()),
            )
        )
    title = "Player summary" if params.player is not None else "Player summaries"
    return SummarySheet(Heading(event.name, title), standings_state(standings), tuple(summaries))


def _summary_penalty(penalty: Penalty) -> SummaryPenalty:
    return SummaryPenalty(
        round=penalty.round_number,
        table=penalty.table_number,
        level=penalty.get_level_display(),
        category=penalty.get_category_display(),
        notes=penalty.notes,
    )


def _local(moment: Any) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M") if moment is not None else ""


def load_penalties(event: Event, params: PrintParams) -> PenaltyLogSheet:
    """The written record the OP Guide asks for: every penalty, then each player's tally."""
    lines = tuple(
        PenaltyLine(
            issued_at=_local(p.issued_at),
            round=p.round_number,
            table=p.table_number,
            player=p.player.name,
            player_id=p.player.external_id,
            level_code=p.level,
            level=p.get_level_display(),
            category=p.get_category_display(),
            status=p.get_status_display(),
            in_force=p.status in IN_FORCE,
            notes=p.notes,
            remedy=p.remedy,
            issued_by=str(p.issued_by) if p.issued_by is not None else "",
        )
        for p in penalty_log(event)
    )
    heading = Heading(event.name, "Penalty log", f"{len(lines)} penalt{'ies' if len(lines) != 1 else 'y'}")
    return PenaltyLogSheet(heading, lines, penalty_tallies(lines))


def load_awards(event: Event, params: PrintParams) -> AwardsSheet:
    """The hobby awards and, once the TO has published them, their winners."""
    programme = programme_of(event)
    published = programme is not None and programme.published_at is not None
    lines = tuple(
        AwardLine(
            award=a.label,
            winner=a.winner.name if published and a.winner is not None else "",
            winner_id=a.winner.external_id if published and a.winner is not None else "",
        )
        for a in awards_of(event)
    )
    subtitle = "Winners" if published else "To be announced: the winners are not published yet"
    owner = programme.owner.get_username() if programme is not None and programme.owner is not None else ""
    return AwardsSheet(Heading(event.name, "Hobby awards", subtitle), lines, published, owner)


def load_bracket(event: Event, params: PrintParams) -> BracketSheet:
    """The top cut's bracket as the bracket page shows it (tournaments.cut_bracket)."""
    view = bracket_of(event)
    if view is None:
        raise ServiceError("The top cut has not begun: its first round is not paired yet.", code="no-bracket")
    state = f"Champion: {view.champion}" if view.champion else f"{event.format_summary}; the cut is under way"
    return BracketSheet(Heading(event.name, "Top cut bracket", state), view)


def _match_rule(event: Event) -> str:
    """How a match is decided, in words (docs/team-matches.md, "Deciding a team match")."""
    if event.match_rule == MatchRule.GAME_POINTS:
        margin = event.match_draw_margin
        draw = "only an exact tie is a draw" if margin == 0 else f"a difference of {margin} or less is a draw"
        return f"The team with more game points wins the match; {draw}."
    return "The team that wins more games wins the match; as many each is a draw."


def load_match_sheets(event: Event, params: PrintParams) -> MatchSheetsSheet:
    """A page per team match of the round (byes have none): one team's match when
    `params.team` names it (a captain's print), else every match (the TO's)."""
    if not event.is_team_tournament:
        raise ServiceError("This event is not a team tournament.", code="not-a-team-tournament")
    round_ = _round(event, params)
    size = event.squad_size or 0
    captains = dict(
        Player.objects.filter(captain_of__event=event).values_list("captain_of__external_id", "name")
    )
    sheets = []
    for row in match_rows(round_):
        match = row.match
        team_b = match.team_b
        if team_b is None:
            continue
        if params.team is not None and params.team not in (match.team_a.external_id, team_b.external_id):
            continue
        games = [MatchSheetGame(g.table, g.player_a, g.player_b) for g in row.games]
        games += [MatchSheetGame(table, "", "") for table in row.tables[len(row.games) :]]
        sheets.append(
            MatchSheet(
                round=round_.number,
                team_a=row.team_a,
                team_b=team_b.name,
                captain_a=captains.get(match.team_a.external_id, ""),
                captain_b=captains.get(team_b.external_id, ""),
                games=tuple(games[:size] if size else games),
            )
        )
    if params.team is not None and not sheets:
        raise ServiceError(
            f"Your team has no match to play in round {round_.number}.", code="no-team-match", field="round"
        )
    heading = Heading(event.name, f"Round {round_.number} match sheets", _round_subtitle(event, round_))
    return MatchSheetsSheet(
        heading,
        round_.number,
        tuple(sheets),
        rule=_match_rule(event),
        game_points=event.match_rule == MatchRule.GAME_POINTS,
        vp=event.system.results.vp,
    )


def load_factions(event: Event, params: PrintParams) -> FactionsSheet:
    """The faction statistics (seasons.faction_record): nothing before rosters are public."""
    report = event_faction_report(event)
    if not report.public:
        raise ServiceError("The rosters are not public yet.", code="rosters-not-public")
    subtitle = f"{report.stats.games} game{'s' if report.stats.games != 1 else ''} counted"
    charts = faction_charts(report.stats, unknown=report.unknown)
    return FactionsSheet(Heading(event.name, "Faction statistics", subtitle), charts)


def load_table_cards(event: Event, params: PrintParams) -> TableCardsSheet:
    """A card per table, each with the QR code of the table's page: printed once, it stays
    right every round (the page shows the round being played)."""
    tables = list(event_tables(event))
    if not tables:
        raise ServiceError("The event has no tables yet: add them in the settings.", code="no-tables")
    cards = tuple(
        TableCard(t.number, t.layout, absolute(reverse("venue:table", args=[event.slug, t.number])))
        for t in tables
    )
    count = f"{len(cards)} table{'s' if len(cards) != 1 else ''}"
    return TableCardsSheet(Heading(event.name, "Table cards", count), cards)


def _opponent_name(game: Game, player: Player) -> str:
    other = game.player_two if game.player_one_id == player.pk else game.player_one
    return other.name if other is not None else "Bye"


@dataclass(frozen=True)
class Document:
    kind: PrintKind
    template: str
    load: Callable[[Event, PrintParams], Any]

    def filename(self, event: Event, params: PrintParams) -> str:
        parts = [event.slug, self.kind.value]
        if params.round is not None:
            parts.append(f"round-{params.round}")
        if params.player is not None:
            parts.append(params.player)
        if params.team is not None:
            parts.append(params.team)
        parts.append(params.paper)
        return "-".join(parts) + ".pdf"


DOCUMENTS: dict[str, Document] = {
    PrintKind.PAIRINGS: Document(PrintKind.PAIRINGS, "print/pairings.html", load_pairings),
    PrintKind.FIND_TABLE: Document(PrintKind.FIND_TABLE, "print/find_table.html", load_find_table),
    PrintKind.STANDINGS: Document(PrintKind.STANDINGS, "print/standings.html", load_standings),
    PrintKind.SLIPS: Document(PrintKind.SLIPS, "print/slips.html", load_slips),
    PrintKind.ROSTERS: Document(PrintKind.ROSTERS, "print/rosters.html", load_rosters),
    PrintKind.PLAYER_SUMMARY: Document(
        PrintKind.PLAYER_SUMMARY, "print/player_summary.html", load_player_summary
    ),
    PrintKind.PENALTIES: Document(PrintKind.PENALTIES, "print/penalties.html", load_penalties),
    PrintKind.AWARDS: Document(PrintKind.AWARDS, "print/awards.html", load_awards),
    PrintKind.BRACKET: Document(PrintKind.BRACKET, "print/bracket.html", load_bracket),
    PrintKind.MATCH_SHEETS: Document(PrintKind.MATCH_SHEETS, "print/match_sheets.html", load_match_sheets),
    PrintKind.FACTIONS: Document(PrintKind.FACTIONS, "print/factions.html", load_factions),
    PrintKind.TABLE_CARDS: Document(PrintKind.TABLE_CARDS, "print/table_cards.html", load_table_cards),
}


def load_sheet(event: Event, kind: str, params: PrintParams) -> Sheet:
    sheet: Sheet = DOCUMENTS[kind].load(event, params)
    return sheet


def printed_at_text() -> str:
    return timezone.localtime().strftime("%Y-%m-%d %H:%M")


def render_sheet(kind: str, sheet: Sheet, *, paper: str, printed_at: str = "") -> bytes:
    context = {"sheet": sheet, "paper": paper, "printed_at": printed_at}
    return render_pdf(DOCUMENTS[kind].template, context)


def render_document(event: Event, kind: str, params: PrintParams) -> Rendered:
    """Load and render one document: (filename, mimetype, bytes), its times on the venue's clock."""
    document = DOCUMENTS[kind]
    with event_zone_active(event):
        sheet = load_sheet(event, kind, params)
        content = render_sheet(kind, sheet, paper=params.paper, printed_at=printed_at_text())
    return document.filename(event, params), PDF_MIMETYPE, content
