"""The game-system contract: what a game system is, in the core's words.

A leaf: the dataclasses and protocols a game system's package fills in (`GameSystem`,
its scales, packs, result shape, score ranges, roster rules and the rest), written in
the words of the modules below it (scoring, pregame, the roster report) and of no
system. Each system's package builds one `GameSystem` from these and names it in an
entry point (docs/game-systems.md, "Adding a game system"); `rules_engine.registry`
collects them, and the event-level checks (`rules_engine.verdict`) sit above both.
Nothing here knows any system's terms.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from rules_engine.deciding import GameDecider, more_vp
from rules_engine.pregame import DEFAULT_CLOCK, NO_PREGAME, ClockRules, Pregame
from rules_engine.scoring import ScoringTable
from rules_engine.sections import SectionTitler, section_title

if TYPE_CHECKING:
    # Only named in the protocols' signatures: `pair` and `standings` load a system without
    # ever reading a roster, so they need not import the report types.
    from rules_engine.roster_report import Declared, PackLabel, Report, ValidationResult
    from rules_engine.roster_rules import RosterSheetMaker
    from rules_engine.team_games import TeamGames


class RosterRules(Protocol):
    """A game system's one roster hook (`GameSystem.roster_rules`): how the web app, the API,
    the services and `validate_roster` read, store, judge and read back its rosters, and
    what pack judges them. Every method is pure."""

    def read(self, content: str | Mapping[str, Any], *, origin: str = "roster") -> Any:
        """A roster from text (roster/1 JSON or the system's typed list) or a decoded roster/1
        object; `rules_engine.roster_report.RosterInputError` when it cannot be read, the
        message saying where (a line number for typed lists; `origin`, a file name, where
        the system's messages name the file)."""
        ...

    def document(self, roster: Any) -> dict[str, Any]:
        """The roster as the roster/1 document that is stored and read back by `read`."""
        ...

    def declared(self, roster: Any) -> Declared: ...

    def judge(
        self, rosters: Sequence[Any], rules_date: dt.date | None, pack: Mapping[str, Any] | None
    ) -> ValidationResult[Report]:
        """One player's rosters under the pack in effect on `rules_date`, or under `pack`
        (a loaded datapack/1 document, e.g. the event's own) when one is given."""
        ...

    def report_from_json(self, data: Mapping[str, Any]) -> Report:
        """A stored report (`Report.as_json`) read back in the system's own type."""
        ...

    def pack_label(self, pack: Mapping[str, Any] | None, rules_date: dt.date | None) -> PackLabel:
        """What judges the rosters: `pack` (a decoded datapack/1 document a TO hands in)
        checked, or the built-in pack in effect on `rules_date`. A pack the system cannot
        use raises `rules_engine.datapack.PackError` naming the JSON path of the problem
        (a system that takes no pack from a TO says so the same way)."""
        ...


class VerdictPrinter(Protocol):
    """How `validate_roster` prints a system's verdict, where the shared layout
    (`rules_engine.roster_check.SHARED_PRINTER`: totals against limits, the violations,
    the pack that judged) would lose what its players read (StarCraft's slot ledger)."""

    def json(self, result: ValidationResult[Report], pack: PackLabel) -> dict[str, Any]:
        """The `validate_roster --json` document."""
        ...

    def text(self, result: ValidationResult[Report], pack: PackLabel, names: Sequence[str]) -> str:
        """What a person reads; `names` labels each roster (its file name)."""
        ...


class RepairProposal(Protocol):
    """The smallest change a system's repair found: its edits, in words, and the roster
    they make (a roster/1 document, proved legal by the system's rules)."""

    @property
    def edits(self) -> Sequence[Any]: ...

    @property
    def document(self) -> Mapping[str, Any]: ...

    def as_json(self) -> dict[str, Any]: ...


class RosterRepair(Protocol):
    """A system's search for the smallest change that makes a roster legal (OP Guide:
    Illegal Rosters): None when no small change does, or the document cannot be read."""

    def __call__(
        self, document: Mapping[str, Any], *, rules_date: dt.date | None
    ) -> RepairProposal | None: ...


class CutAdvice(Protocol):
    """The top cut a game's organised-play rules (or our reading of them) suggest for an
    event of `kind` at `scale` with `players` players; None: no cut is suggested."""

    def __call__(self, *, kind: str, scale: str, players: int) -> int | None: ...


class RoundAdvice(Protocol):
    """The round count a game's organised-play rules suggest for an event of `kind`
    ("community", "competitive") at `scale` with `players` players."""

    def __call__(self, *, kind: str, scale: str, players: int) -> int: ...


class NoPackInEffect(LookupError):
    """No pack of the system is in effect on the rules cut-off date asked for."""


@dataclass(frozen=True)
class Scale:
    """An engagement scale (a game size): a budget and which scoring table applies.

    The budget is in the system's own unit (`GameSystem.budget_name`): fixed (`budget`),
    chosen by the event above a floor (`min_budget`), chosen inside a range (`points`),
    or none at all (all three None: MORSDEI and Warpspawn have no points).
    """

    slug: str
    name: str
    budget: int | None  # None: chosen by the event (above `min_budget`, inside `points`) or none
    scoring: str  # key into GameSystem.scoring
    min_budget: int | None = None
    # The scale whose pack content stands in when a data pack prints none for this one
    # (the system's package says what: StarCraft's Grand Offensive drafts the Standard cards).
    borrows_from: str | None = None
    # A game size chosen as a points range (Dropzone's 501-1,000 ... 3,001+): low, high.
    points: tuple[int, int | None] | None = None


@dataclass(frozen=True)
class PackInfo:
    """A published data pack: immutable once published; errata ship as a new pack."""

    effective: dt.date
    path: Path
    source: str

    @property
    def version(self) -> str:
        return self.effective.isoformat()

    def load(self) -> dict[str, Any]:
        with self.path.open(encoding="utf-8") as handle:
            data: dict[str, Any] = json.load(handle)
        return data


@dataclass(frozen=True)
class ResultShape:
    """What a game's result holds in this system (docs/interchange.md, "Other game systems").

    `vp`: scored by Victory Points (else a winner or a draw, as Warpspawn); `kp`: Kill
    Points beside VP, breaking VP ties and summed as a fifth standings key (Dropzone);
    `complete_victory`: a side may win outright whatever the VP (MORSDEI).
    """

    vp: bool = True
    kp: bool = False
    complete_victory: bool = False


VP_ONLY = ResultShape()


@dataclass(frozen=True)
class ScoreRange:
    """The points one side can score in one game, inclusive: results outside it are refused."""

    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high


@dataclass(frozen=True)
class ResultExtra:
    """A whole number a result records in one system beyond VP and KP (StarCraft: Battle
    Rounds completed). Entered with the result on the web and in the API (`details`), kept
    in `Game.details` under `key`, printed on the result slip."""

    key: str
    label: str
    low: int
    high: int
    help: str = ""
    abbr: str = ""  # a column heading where the label is too long (results grid)
    # How a recorded value reads in a sentence, singular and plural ("{value} ..."); by
    # default "label: value".
    phrase: tuple[str, str] | None = None

    def shown(self, value: int) -> str:
        if self.phrase is None:
            return f"{self.label}: {value}"
        return (self.phrase[0] if value == 1 else self.phrase[1]).format(value=value)

    def check(self, value: object) -> str | None:
        """Why `value` cannot be recorded (None: it can)."""
        if not isinstance(value, int) or isinstance(value, bool) or not self.low <= value <= self.high:
            return f"{self.label} must be a whole number between {self.low} and {self.high}."
        return None


@dataclass(frozen=True)
class SlipRosterText:
    """A roster as its player's side of a result slip names it."""

    faction: str
    notes: tuple[str, ...]


@dataclass(frozen=True)
class AwardGroup:
    """A group of armies an event may give its own hobby award to.

    OP Guide: Hobby Awards asks for "Best in Faction: one each" for the game's races; each
    game system says what its groups are (its races, its factions), `key` stable for files
    and URLs, `label` as players know it.
    """

    key: str
    label: str


class AwardGroups(Protocol):
    """A game system's grouping of armies for the "Best in Faction" award.

    `groups` lists the groups in the data pack in effect on the rules date (None: the newest
    pack); `group_of` says which group a roster's faction belongs to (None: no group known,
    e.g. a faction only a TO's own pack names).
    """

    def groups(self, rules_date: dt.date | None) -> tuple[AwardGroup, ...]: ...

    def group_of(self, faction: str, rules_date: dt.date | None) -> str | None: ...


@dataclass(frozen=True)
class ResultReview:
    """A rule that holds a confirmed result for the Head Judge before it is scored.

    `applies(outcome, details)` says whether a result needs the look; `reason` is what the
    results queue shows (StarCraft OP Guide: Games That Didn't Get Far Enough).
    """

    reason: str
    applies: Callable[[str, Mapping[str, int]], bool]


@dataclass(frozen=True)
class GameSystem:
    slug: str
    name: str
    scales: Mapping[str, Scale]
    scoring: Mapping[str, ScoringTable]
    packs: tuple[PackInfo, ...] = field(default_factory=tuple)
    results: ResultShape = VP_ONLY
    # Whether the web app can run an event of this system yet (rosters, results entry);
    # the offline commands (standings, pair) work for every registered system.
    runs_events: bool = True
    # Victory Points one side can score in a game; Kill Points likewise, for the systems
    # that record them (None: the system has none). Every system states its own.
    vp_range: ScoreRange = ScoreRange(0, 999)
    # The standings columns that tell this system's players apart, in order: of "mp", "tp",
    # "sos" and "otp" (Kill Points follow where the event ranks by them). A system whose
    # games score no TP shows neither TP nor oTP, always 0 there.
    standings_keys: tuple[str, ...] = ("mp", "tp", "sos", "otp")
    kp_range: ScoreRange | None = None
    # Who won a played game, by the system's own result (None: a tie). A top cut sends the
    # winner on and settles a tie by seed (`rules_engine.deciding`); more VP by default.
    decide_game: GameDecider = more_vp
    # --- Rosters: the one roster hook, and what a system may add to it ----------
    # How the web app, the API, the services and `validate_roster` read, store and judge
    # this system's rosters, and which pack judges them, a TO's included (`RosterRules`
    # above); None: no rosters at all (no event of it takes any, `validate_roster` refuses).
    roster_rules: RosterRules | None = None
    # How `validate_roster` prints a verdict; None: the shared layout.
    verdict_printer: VerdictPrinter | None = None
    # The smallest change that makes an illegal roster legal, offered to the judges of a
    # finding (OP Guide: Illegal Rosters); None: no automatic repair for this game.
    repair: RosterRepair | None = None
    # The engagement scales a competitive event of this system is played at, where its
    # organised-play rules fix them (StarCraft's OP Guide: Competitive Events, Standard);
    # empty: the system has no such rule and a competitive event takes any of its scales.
    competitive_scales: tuple[str, ...] = ()
    # The scale a new event takes when none is named; empty: the first in `scales`.
    default_scale: str = ""
    # The round count the game's organised-play rules suggest for a field size (StarCraft's
    # OP Guide: Event Size and Format); None: its books suggest none, and nothing is advised.
    suggested_rounds: RoundAdvice | None = None
    # The top cut suggested with those rounds (StarCraft: fields above 128, which the guide
    # leaves to a championship format); None: never suggested.
    suggested_cut: CutAdvice | None = None
    # Whether an event may let a player bring two rosters (StarCraft's OP Guide: Dual List
    # Format). None of the other three books has dual lists.
    dual_lists: bool = False
    # Team games: players on one side, each with an army of their own judged with their
    # teammates' against one budget (StarCraft's Part 9.1.8); None: the system has none,
    # and says so where they are asked for (docs/teams.md).
    team_games: TeamGames | None = None
    # The folder of this system's web templates, `templates/games/<templates>/`: each part
    # (roster, roster_report, roster_sheet, roster_help) found there first, then in
    # `templates/games/_default/`. Empty: the slug with "-" as "_" (its package's name).
    templates: str = ""
    # What the system calls an army's budget, for the event settings' messages.
    budget_name: str = "points limit"
    budget_unit: str = "points"
    # Event-level keys older event/1 files of this system wrote, and the generic event
    # setting each is now (e.g. StarCraft's budget key is the event's `points_limit`).
    event_file_renames: Mapping[str, str] = field(default_factory=dict)
    # The system's own printed roster sheet and rosters CSV columns; None: the generic
    # sheet (totals against limits, the roster/1 document's lines).
    roster_sheet: RosterSheetMaker | None = None
    # A folder of example armies as roster/1 files (the book's own, the demo's); None: none.
    examples: Path | None = None
    # A violation's `section` (a reference for developers: a line of the book, a Part, a
    # pack key) as the book's section in words, for the pages players read; None: only
    # the references every system shares are named (`rules_engine.sections`).
    section_title: SectionTitler | None = None

    def rule_title(self, reference: str) -> str:
        """The book's section in words for a violation's `section`, or "" when none is known."""
        return section_title(reference, self.section_title)

    def template_names(self, part: str) -> list[str]:
        """Where a core template finds this system's `part` (`{% include names %}`)."""
        folder = self.templates or self.slug.replace("-", "_")
        return [f"games/{folder}/{part}.html", f"games/_default/{part}.html"]

    # --- Result entry, review and slips (results) ---------------------------
    # The extra numbers a result records in this system, in entry order (StarCraft: Battle
    # Rounds completed); none for most systems.
    result_extras: tuple[ResultExtra, ...] = ()
    # The system's rule for results a judge looks at before they count; None: no such rule.
    result_review: ResultReview | None = None
    # What a result slip prints for one roster a player may choose: its faction and any
    # lines of the system's own (StarCraft: its draft cards); None: the `faction` alone.
    slip_roster: Callable[[Mapping[str, Any]], SlipRosterText] | None = None

    def slip_roster_text(self, document: Mapping[str, Any]) -> SlipRosterText:
        if self.slip_roster is not None:
            return self.slip_roster(document)
        faction = document.get("faction")
        return SlipRosterText(faction if isinstance(faction, str) else "", ())

    # --- The pre-game sequence and the round (pregame) -----------------------
    # What happens before each game (`rules_engine.pregame`): a draft the players step
    # through, a scenario the TO picks per round once rosters lock, one fixed scenario, or
    # nothing; and the round: its default length and the calls a judge makes on the clock.
    pregame: Pregame = NO_PREGAME
    clock: ClockRules = DEFAULT_CLOCK

    # --- Hobby awards (OP Guide: Hobby Awards) ------------------------------
    # The groups "Best in Faction" is given for (StarCraft: its races); None: the system
    # has no grouping, and an event of it offers no Best in Faction.
    award_groups: AwardGroups | None = None

    @property
    def offers_repair(self) -> bool:
        """Whether a finding can propose a repair (for templates, which cannot ask `repair`)."""
        return self.repair is not None

    @property
    def round_minutes(self) -> int:
        """The default round length of a new event of this system."""
        return self.clock.round_minutes

    @property
    def first_scale(self) -> str:
        """The scale a new event of this system takes when none is named."""
        return self.default_scale or next(iter(self.scales))

    def scale(self, slug: str) -> Scale:
        return scale_named(self.scales, slug, self.name)

    def scoring_for(self, scale: str) -> ScoringTable:
        return self.scoring[self.scale(scale).scoring]

    def pack_for(self, cutoff: dt.date | None = None) -> PackInfo:
        """The latest pack in effect on the rules cut-off date (the newest published when None)."""
        return pack_in_effect(self.packs, cutoff, self.name)


def pack_in_effect(packs: Sequence[PackInfo], cutoff: dt.date | None, name: str) -> PackInfo:
    """Of a system's `packs`, the latest in effect on `cutoff` (the newest when None); `name`
    is the system's, for the message when none is."""
    eligible = [p for p in packs if cutoff is None or p.effective <= cutoff]
    if not eligible:
        raise NoPackInEffect(f"no {name} data pack is in effect on {cutoff}")
    return max(eligible, key=lambda p: p.effective)


def scale_named(scales: Mapping[str, Scale], slug: str, name: str) -> Scale:
    """The scale `slug` of a system called `name`; ValueError naming the known ones."""
    try:
        return scales[slug]
    except KeyError:
        known = ", ".join(scales)
        raise ValueError(f"{name} has no engagement scale {slug!r} (known: {known})") from None


def discover_packs(directory: Path, source: str) -> tuple[PackInfo, ...]:
    """Every `YYYY-MM-DD.json` in a system's data folder, oldest first."""
    packs = []
    for path in sorted(directory.glob("*.json")):
        try:
            effective = dt.date.fromisoformat(path.stem)
        except ValueError:
            continue
        packs.append(PackInfo(effective=effective, path=path, source=source))
    return tuple(packs)
