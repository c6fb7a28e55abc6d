"""What a rules check says about a roster, for every game system: more than yes/no.

A verdict carries each roster's report (its totals and limits in the system's own
quantities, the violations, which make a roster illegal, and the warnings, which never
do) and the violations between a player's rosters. `as_json` gives the `validate_roster
--json` shape of docs/interchange.md; a stored verdict (`RosterVerdict.to_dict` /
`from_dict`) is read back through the system's own report reader, so each system keeps
its report's detail (StarCraft's slot ledger, Dropzone's Groups) and the core sees only
the `Report` interface.

`judge_rosters` is the one place a roster's verdict *in an event* is decided: the game
system's roster rules (its plug-in, `GameSystem.roster_rules`), then what the event
itself asks (its game system, scale and points limit), then the rules between a player's
rosters where the system has dual lists. The web live check, the submission and the API
check all call it, so one roster gets one verdict wherever it is checked.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar


# Stored verdicts are JSON written by this module (or by an earlier version, or imported
# from another installation's export): read them forgivingly, a missing key its default.
# Public: each system's report reader uses them too.
def as_map(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def as_str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def as_int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken rule: stable `code`, a sentence a player can act on, where, and the rule."""

    code: str
    message: str
    where: str
    section: str

    def as_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "where": self.where, "section": self.section}

    @classmethod
    def from_json(cls, data: Any) -> Violation:
        """Event violations stored before they carried a section read with an empty one."""
        d = as_map(data)
        return cls(
            as_str(d.get("code")), as_str(d.get("message")), as_str(d.get("where")), as_str(d.get("section"))
        )


@dataclass(frozen=True, slots=True)
class Advice:
    """A warning: worth telling the player, never a reason to reject the roster."""

    code: str
    message: str
    where: str = ""

    def as_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "where": self.where}

    @classmethod
    def from_json(cls, data: Any) -> Advice:
        d = as_map(data)
        return cls(as_str(d.get("code")), as_str(d.get("message")), as_str(d.get("where")))


class Report(Protocol):
    """What the core knows of one roster's report, whatever the game system."""

    @property
    def player(self) -> str: ...

    @property
    def faction(self) -> str: ...

    @property
    def scale(self) -> str: ...

    @property
    def rules_version(self) -> str: ...

    @property
    def violations(self) -> tuple[Violation, ...]: ...

    @property
    def legal(self) -> bool: ...

    def with_violations_first(self, first: Sequence[Violation]) -> Report:
        """The same report with the event's own violations before the game's."""
        ...

    def with_violations(self, violations: Sequence[Violation]) -> Report:
        """The same report with `violations` instead of its own (reordered by the verdict)."""
        ...

    def as_json(self) -> dict[str, Any]: ...


_REPORT_KEYS = ("player", "faction", "scale", "rules_version", "legal", "totals", "limits")


@dataclass(frozen=True, slots=True)
class JudgedRoster:
    """A roster's report in its system's own quantities (Dropzone points and Groups,
    MORSDEI fighters, Warpspawn cards): the keys every report has, typed, and the
    system's detail (units, groups, cards ...) kept as it wrote it."""

    player: str
    faction: str
    scale: str
    rules_version: str
    totals: Mapping[str, int]
    limits: Mapping[str, int]
    violations: tuple[Violation, ...]
    warnings: tuple[Advice, ...] = ()
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def codes(self) -> set[str]:
        return {v.code for v in self.violations}

    def with_violations_first(self, first: Sequence[Violation]) -> JudgedRoster:
        return self.with_violations((*first, *self.violations))

    def with_violations(self, violations: Sequence[Violation]) -> JudgedRoster:
        return JudgedRoster(
            self.player,
            self.faction,
            self.scale,
            self.rules_version,
            self.totals,
            self.limits,
            tuple(violations),
            self.warnings,
            self.detail,
        )

    def as_json(self) -> dict[str, Any]:
        return {
            **self.detail,
            "player": self.player,
            "faction": self.faction,
            "scale": self.scale,
            "rules_version": self.rules_version,
            "legal": self.legal,
            "totals": dict(self.totals),
            "limits": dict(self.limits),
            "violations": [v.as_json() for v in self.violations],
            "warnings": [w.as_json() for w in self.warnings],
        }

    @classmethod
    def from_json(cls, data: Any) -> JudgedRoster:
        """A report as a system's `as_json` writes it; a warning written as a bare sentence
        (a pack lint) reads as advice without a code."""
        d = as_map(data)
        warnings = tuple(
            Advice("pack-lint", w) if isinstance(w, str) else Advice.from_json(w)
            for w in as_list(d.get("warnings"))
        )
        return cls(
            player=as_str(d.get("player")),
            faction=as_str(d.get("faction")),
            scale=as_str(d.get("scale")),
            rules_version=as_str(d.get("rules_version")),
            totals={str(k): as_int(v) for k, v in as_map(d.get("totals")).items()},
            limits={str(k): as_int(v) for k, v in as_map(d.get("limits")).items()},
            violations=tuple(Violation.from_json(v) for v in as_list(d.get("violations"))),
            warnings=warnings,
            detail={k: v for k, v in d.items() if k not in (*_REPORT_KEYS, "violations", "warnings")},
        )


R = TypeVar("R", bound=Report, covariant=True)


@dataclass(frozen=True, slots=True)
class ValidationResult(Generic[R]):
    """One or more rosters of one player, plus the problems between them (Dual List Format);
    typed by the system's report (`ValidationResult[RosterReport]` for StarCraft)."""

    rosters: tuple[R, ...]
    violations: tuple[Violation, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.violations and all(r.legal for r in self.rosters)

    @property
    def codes(self) -> set[str]:
        return {v.code for v in self.violations}

    def as_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "rosters": [r.as_json() for r in self.rosters],
            "violations": [v.as_json() for v in self.violations],
        }


# OP Guide, Army Rosters (and every system alike): a roster is built for the event it is
# submitted to.
EVENT_RULES = "OP Guide: Army Rosters"
EVENT_CODES = ("wrong-game-system", "wrong-scale")
# Only for systems whose rosters state the event-chosen budget (Dropzone's points, DZC:225).
POINTS_LIMIT_CODE = "wrong-points-limit"


@dataclass(frozen=True, slots=True)
class EventRequirements:
    """What an event asks of every roster, beyond the game's army rules.

    `rules_date` is the event's rules cut-off (OP Guide: rules, errata and FAQ published
    after it do not apply); the caller supplies it, the engine never reads the clock.
    `scale` None means no scale is imposed (the command line checks files on their own);
    `points_limit` is the event's own budget where the scale leaves it to the event
    (Dropzone's points inside a game size, DZC:225), None when the scale fixes it.
    """

    game_system: str
    rules_date: dt.date
    scale: str | None = None
    points_limit: int | None = None


@dataclass(frozen=True, slots=True)
class Declared:
    """What a roster says it is for: its game system, scale and (if it states one) budget."""

    game_system: str
    scale: str | None  # None: the roster states none (MORSDEI, Warpspawn: one scale)
    points_limit: int | None = None


def event_violations(declared: Declared, requirements: EventRequirements) -> tuple[Violation, ...]:
    """The event's own rules: the roster is for the event's game system, scale and budget."""
    problems = []
    if declared.game_system != requirements.game_system:
        problems.append(
            Violation(
                "wrong-game-system",
                f"This event plays {requirements.game_system}; the roster is for {declared.game_system}.",
                "game_system",
                EVENT_RULES,
            )
        )
    if requirements.scale is not None and declared.scale not in (None, requirements.scale):
        problems.append(
            Violation(
                "wrong-scale",
                f"This event is played at {requirements.scale} scale; the roster is built for "
                f"{declared.scale}.",
                "scale",
                EVENT_RULES,
            )
        )
    if (
        requirements.points_limit is not None
        and declared.points_limit is not None
        and declared.points_limit != requirements.points_limit
    ):
        problems.append(
            Violation(
                POINTS_LIMIT_CODE,
                f"This event is played at {requirements.points_limit} points; the roster is built "
                f"for {declared.points_limit}.",
                "points",
                EVENT_RULES,
            )
        )
    return tuple(problems)


_LINE = re.compile(r"line (\d+)")
_ENTRY = re.compile(r"([A-Za-z_]+)\[(\d+)\]")


def in_line_order(violations: Sequence[Violation], sections: Sequence[str]) -> tuple[Violation, ...]:
    """The violations in the order of the roster's lines, so a player can work down the
    problems and the roster together: whole-roster problems first (the event's own,
    counts, budgets, slot types, the faction), then each line's, in the order the lines
    are written: a typed roster's `line N`, or a roster/1 entry `units[2]` by its list's
    place among the document's `sections` (its keys, in order) and its index. Problems of
    one line keep the order the rules gave them (the sort is stable)."""

    def key(violation: Violation) -> tuple[int, ...]:
        if found := _LINE.match(violation.where):
            return (1, int(found.group(1)))
        if (found := _ENTRY.match(violation.where)) and found.group(1) in sections:
            return (1, sections.index(found.group(1)), int(found.group(2)))
        return (0,)

    return tuple(sorted(violations, key=key))


class RosterRules(Protocol):
    """A game system's roster plug-in (`GameSystem.roster_rules`): how the event pipeline
    reads, stores, judges and reads back its rosters. Every method is pure."""

    def read(self, content: str | Mapping[str, Any]) -> Any:
        """A roster from text (roster/1 JSON or the system's typed list) or a decoded roster/1
        object; `rules_engine.roster_check.RosterInputError` when it cannot be read, the
        message saying where (a line number for typed lists)."""
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


def roster_rules_for(game_system: str) -> RosterRules:
    """The system's roster plug-in; NotImplementedError for a system without one."""
    from rules_engine.registry import get_system

    system = get_system(game_system)
    if system.roster_rules is None:
        raise NotImplementedError(f"{system.name} has no roster rules")
    return system.roster_rules


def judge_rosters(
    rosters: Sequence[Any], requirements: EventRequirements, pack: Mapping[str, Any] | None = None
) -> ValidationResult[Report]:
    """One player's rosters (one, or a Dual List pair where the system has them) judged for
    one event, through the event's game system.

    Each roster gets the game's rules under `requirements.rules_date` (or under `pack`, a
    loaded datapack/1 document replacing the built-in pack) with the event's own
    violations first, then in the roster's line order (`in_line_order`); the result's
    top-level violations are the rules between the rosters (OP Guide: Dual List Format).
    """
    rules = roster_rules_for(requirements.game_system)
    result = rules.judge(rosters, requirements.rules_date, pack)
    reports = tuple(
        report.with_violations(
            in_line_order(
                (*event_violations(rules.declared(roster), requirements), *report.violations),
                tuple(rules.document(roster)),
            )
        )
        for roster, report in zip(rosters, result.rosters, strict=True)
    )
    return ValidationResult(rosters=reports, violations=result.violations)


@dataclass(frozen=True, slots=True)
class RosterVerdict:
    """The verdict of one roster in its event, as stored with a submission.

    `roster` is its own report (the event's violations first); `dual_list` the problems
    between it and the player's other roster. Stored as `Roster.report`: `to_dict` writes
    `{"legal", "roster", "dual_list"}` and `from_dict` reads back anything stored so far,
    including an empty report (`roster` None: never judged).
    """

    roster: Report | None
    dual_list: tuple[Violation, ...] = ()

    @property
    def legal(self) -> bool:
        """A roster never judged (stored without a report) is not known to be legal."""
        return self.roster is not None and self.roster.legal and not self.dual_list

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every violation: the roster's own (the event's first), then the pair's."""
        own = self.roster.violations if self.roster is not None else ()
        return (*own, *self.dual_list)

    @property
    def codes(self) -> set[str]:
        return {v.code for v in self.violations}

    def as_result(self) -> ValidationResult[Report]:
        """The `validate_roster --json` shape of this verdict (what the API check returns)."""
        rosters = (self.roster,) if self.roster is not None else ()
        return ValidationResult(rosters=rosters, violations=self.dual_list)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"legal": self.legal}
        if self.roster is not None:
            data["roster"] = self.roster.as_json()
        data["dual_list"] = [v.as_json() for v in self.dual_list]
        return data

    @classmethod
    def from_dict(cls, data: Any, *, game_system: str) -> RosterVerdict:
        """A stored verdict of a roster of `game_system`, its report read by that system's
        reader (a system without roster rules, or unknown here: the generic report)."""
        from rules_engine.registry import UnknownGameSystem

        d = as_map(data)
        stored = d.get("roster")
        roster: Report | None = None
        if isinstance(stored, dict):
            try:
                roster = roster_rules_for(game_system).report_from_json(stored)
            except (NotImplementedError, UnknownGameSystem):
                roster = JudgedRoster.from_json(stored)
        return cls(
            roster=roster, dual_list=tuple(Violation.from_json(v) for v in as_list(d.get("dual_list")))
        )


def roster_verdict(
    roster: Any,
    requirements: EventRequirements,
    *,
    others: Sequence[Any] = (),
    slot: int = 1,
    pack: Mapping[str, Any] | None = None,
) -> RosterVerdict:
    """The verdict of the roster in `slot` (1 or 2), judged with the player's `others`."""
    ordered = [roster, *others] if slot == 1 else [*others, roster]
    result = judge_rosters(ordered, requirements, pack)
    mine = result.rosters[0 if slot == 1 else len(others)]
    return RosterVerdict(roster=mine, dual_list=result.violations)
