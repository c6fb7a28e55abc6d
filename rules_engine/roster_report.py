"""What a rules check says about a roster, for every game system: more than yes/no.

A verdict carries each roster's report (its totals and limits in the system's own
quantities, the violations, which make a roster illegal, and the warnings, which never
do) and the violations between a player's rosters. `as_json` gives the `validate_roster
--json` shape of docs/interchange.md. These are the words the game-system contract
(`rules_engine.game_system`) is written in, so they sit below it and below every system:
plain data, no lookup of any system. Deciding a verdict for an event, and reading a
stored one back through its system's own report reader, is `rules_engine.verdict`'s.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar


class RosterInputError(ValueError):
    """A roster or pack that cannot be read: exit status 2 with this one line."""


@dataclass(frozen=True)
class PackLabel:
    """What judged a roster: the pack's game system, effective date and source, whether it
    is a sample, and what its own check (a lint) found worth a warning."""

    game_system: str
    effective: str
    source: str
    sample: bool
    lints: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "game_system": self.game_system,
            "effective": self.effective,
            "source": self.source,
            "sample": self.sample,
            "lints": list(self.lints),
        }


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


TEAM_RULES = "The event's team rules"
TEAM_EVENT_CODES = ("team-faction-repeated",)


def team_faction_violation(faction: str, teammate: str) -> Violation:
    """A team tournament whose TO asks each member of a team to play a different faction
    (docs/team-matches.md): this roster's faction is a teammate's too."""
    return Violation(
        "team-faction-repeated",
        f"Your teammate {teammate} plays {faction} too: in this event each member of a team "
        "plays a different faction.",
        "faction",
        TEAM_RULES,
    )


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


@dataclass(frozen=True, slots=True)
class RosterVerdict:
    """The verdict of one roster in its event, as stored with a submission.

    `roster` is its own report (the event's violations first); `dual_list` the problems
    between it and the player's other roster. Stored as `Roster.report`: `to_dict` writes
    `{"legal", "roster", "dual_list"}` and `read` reads back anything stored so far,
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
    def read(cls, data: Any, report_from_json: Callable[[Mapping[str, Any]], Report]) -> RosterVerdict:
        """A stored verdict, its report read by `report_from_json` (the system's own reader;
        `rules_engine.verdict.stored_verdict` picks it by the roster's game system)."""
        d = as_map(data)
        stored = d.get("roster")
        roster = report_from_json(stored) if isinstance(stored, dict) else None
        return cls(
            roster=roster, dual_list=tuple(Violation.from_json(v) for v in as_list(d.get("dual_list")))
        )
