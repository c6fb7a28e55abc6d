"""The one place game systems are registered and looked up by slug."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from rules_engine.deciding import GameDecider, more_vp
from rules_engine.pregame import DEFAULT_CLOCK, NO_PREGAME, ClockRules, Pregame
from rules_engine.scoring import ScoringTable
from rules_engine.sections import SectionTitler, section_title

if TYPE_CHECKING:
    from rules_engine.roster_check import PackReader, RosterChecker
    from rules_engine.roster_rules import RosterSheetMaker
    from rules_engine.systems.starcraft_tmg.report import RosterReport
    from rules_engine.systems.starcraft_tmg.roster_json import Roster
    from rules_engine.team_games import TeamGames
    from rules_engine.verdict import RosterRules, ValidationResult


class ArmyRules(Protocol):
    """StarCraft's army-building rules (Part 9.1) as its GameSystem holds them, for the code
    that judges StarCraft rosters directly (repairs, `validate_roster --pack`); every
    system's event pipeline goes through `roster_rules` instead."""

    def validate(
        self, rosters: Sequence[Roster], rules_date: dt.date | None
    ) -> ValidationResult[RosterReport]:
        """One player's rosters (one, or a Dual List pair) under the rules of the cut-off date."""
        ...

    def knows_unit(self, name: str) -> bool:
        """Whether a unit of this name exists in the current rules (for reading typed rosters)."""
        ...

    def validate_against(self, rosters: Sequence[Roster], pack_path: Path) -> ValidationResult[RosterReport]:
        """The same rosters under a pack handed in as a file (`validate_roster --pack`)."""
        ...


class CutAdvice(Protocol):
    """The top cut a game's organised-play rules (or our reading of them) suggest for an
    event of `kind` at `scale` with `players` players; None: no cut is suggested."""

    def __call__(self, *, kind: str, scale: str, players: int) -> int | None: ...


class RoundAdvice(Protocol):
    """The round count a game's organised-play rules suggest for an event of `kind`
    ("community", "competitive") at `scale` with `players` players."""

    def __call__(self, *, kind: str, scale: str, players: int) -> int: ...


class UnknownGameSystem(LookupError):
    pass


class NoPackInEffect(LookupError):
    pass


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
    army: ArmyRules | None = None
    results: ResultShape = VP_ONLY
    # Whether the web app can run an event of this system yet (rosters, results entry);
    # the offline commands (standings, pair) work for every registered system.
    runs_events: bool = True
    # validate_roster from files alone, for systems whose rosters are not StarCraft-shaped.
    roster_check: RosterChecker | None = None
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
    # --- Packs a TO supplies ---
    # Checks a decoded datapack/1 document for this system and says what it is; raises
    # `rules_engine.datapack.PackError` naming the JSON path of the problem. None: the
    # system takes no pack from a TO.
    read_pack: PackReader | None = None

    # --- The event roster pipeline (rosters) --------------------------------
    # How the web app, the API and the services read, store, judge and show this system's
    # rosters (`rules_engine.verdict.RosterRules`); None: no event pipeline for its rosters.
    roster_rules: RosterRules | None = None
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
    def round_minutes(self) -> int:
        """The default round length of a new event of this system."""
        return self.clock.round_minutes

    @property
    def first_scale(self) -> str:
        """The scale a new event of this system takes when none is named."""
        return self.default_scale or next(iter(self.scales))

    def scale(self, slug: str) -> Scale:
        try:
            return self.scales[slug]
        except KeyError:
            known = ", ".join(self.scales)
            raise ValueError(f"{self.name} has no engagement scale {slug!r} (known: {known})") from None

    def scoring_for(self, scale: str) -> ScoringTable:
        return self.scoring[self.scale(scale).scoring]

    def pack_for(self, cutoff: dt.date | None = None) -> PackInfo:
        """The latest pack in effect on the rules cut-off date (the newest published when None)."""
        eligible = [p for p in self.packs if cutoff is None or p.effective <= cutoff]
        if not eligible:
            raise NoPackInEffect(f"no {self.name} data pack is in effect on {cutoff}")
        return max(eligible, key=lambda p: p.effective)

    def validate_rosters(
        self, rosters: Sequence[Roster], rules_date: dt.date | None = None
    ) -> ValidationResult[RosterReport]:
        """Judge one player's rosters (one, or a Dual List pair) under the rules of `rules_date`."""
        if self.army is None:
            raise NotImplementedError(f"{self.name} has no army-building rules yet")
        return self.army.validate(rosters, rules_date)

    def knows_unit(self, name: str) -> bool:
        return self.army is not None and self.army.knows_unit(name)


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


_SYSTEMS: dict[str, GameSystem] = {}


def register(system: GameSystem) -> GameSystem:
    if system.slug in _SYSTEMS:
        raise ValueError(f"game system {system.slug!r} registered twice")
    _SYSTEMS[system.slug] = system
    return system


_loaded = False


def _load_builtin() -> None:
    # Importing a system package registers it; listed here so the set is explicit. A flag,
    # not "is anything registered?": importing one system directly registers only that one.
    global _loaded
    if _loaded:
        return
    _loaded = True
    from rules_engine.systems import (  # noqa: F401
        dropzone_commander,
        morsdei,
        starcraft_tmg,
        warpspawn_starcraft,
    )


def system_named(value: str) -> GameSystem:
    """A system by slug or by its name as a person writes it ("Game: Dropzone Commander")."""
    from rules_engine.names import name_key

    _load_builtin()
    wanted = name_key(value)
    for system in _SYSTEMS.values():
        if value.strip() == system.slug or wanted in (name_key(system.slug), name_key(system.name)):
            return system
    return get_system(value.strip())


_BUILTIN = ("dropzone_commander", "morsdei", "starcraft_tmg", "warpspawn_starcraft")


def get_system(slug: str) -> GameSystem:
    # A built-in system's package is named for its slug: import that one alone when it is
    # all the caller needs. `pair` and `standings` on a file of one system then load one
    # system's rules, not four (a fifth of their start-up); anything that
    # lists or guesses systems still loads them all.
    if slug not in _SYSTEMS and not _loaded and slug.replace("-", "_") in _BUILTIN:
        import_module(f"rules_engine.systems.{slug.replace('-', '_')}")
    if slug not in _SYSTEMS:
        _load_builtin()
    try:
        return _SYSTEMS[slug]
    except KeyError:
        known = ", ".join(sorted(_SYSTEMS))
        raise UnknownGameSystem(f"unknown game system {slug!r} (known: {known})") from None


def all_systems(*, events_only: bool = False) -> list[GameSystem]:
    """Every registered system by name; with `events_only`, those the web app can run."""
    _load_builtin()
    systems = sorted(_SYSTEMS.values(), key=lambda system: system.name)
    return [s for s in systems if s.runs_events] if events_only else systems
