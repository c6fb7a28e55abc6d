"""A table's chess clock, as the Organised Play Guide runs one (OP Guide: Chess Clocks).

The guide's rules, and where each one lives here:

- *Time Allocation and Setup*: "When you first start the clock: check how much of the round
  is left, subtract 5 minutes as a buffer for judge calls, and split the rest evenly" —
  `setup_pools`, from the round clock's whole seconds left, so the two pools are exactly
  equal and add up to the time left less the buffer, in milliseconds.
- *General Etiquette*: "if even one player wants to play on a clock, both players must" —
  either player's `start` starts it for both; there is no way to refuse or stop it.
- "If your opponent isn't at the table ... you may start the clock on their time. Tell a
  judge before you start counting." — `request_absent_start` tells the judges, and the
  clock counts only from a judge's `acknowledge` (the telling comes before the counting).
- *Pausing the Clock*: "The only reason to stop the clock mid-game is a serious rules
  dispute needing a judge. Time is held from the call until the ruling." — `call_judge`
  holds both pools; the judge's `rule` records the ruling and runs the clock again for the
  player whose time was running.
- *Action Economy and Switching*: each tap is a `switch` away from the player whose time
  runs. A tap names the side it switches *from* and carries the device's action id, so a
  doubled tap (same id) changes nothing, and a stale one (from the side no longer running)
  is refused instead of switching back.
- *Running Out of Time*: a pool stops at zero (`run_out`); the opponent may lend their
  remaining minutes "as a favour at their own risk, withdrawable at any moment" (`lend`).
- *When Time Is Called* (Round Length): "Dice go down" — the round is over, so no chess
  clock may keep draining past it. `call_time` freezes the clock at the moment the round
  clock reached its end (or the TO called time) with a `time-called` entry; `as_of_round`
  adds that same entry to any log read after that moment, so the entry is a function of
  the log and the round clock alone: every reader, stored or not, sees the same one.

The clock *is* its log: an append-only tuple of `Entry`, each the result of one action
(server time, who, and the resulting status, running side and pools). Every reading is a
function of the last entry and `now`, so every phone computes the same time from the
server's answer. No Django here; `judging.services.chess_clock` stores and locks the log.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, Literal

Seat = Literal["A", "B"]
SEATS: tuple[Seat, Seat] = ("A", "B")
BUFFER = timedelta(minutes=5)  # OP Guide: Time Allocation and Setup
_BUFFER_MS = 5 * 60 * 1000
_MS = timedelta(milliseconds=1)


class ChessClockError(Exception):
    """An action the clock refuses; `code` is stable (the API answers it), the message says why."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class Status(StrEnum):
    NOT_STARTED = "not-started"
    AWAITING_JUDGE = "awaiting-judge"  # asked to start on an absent opponent's time
    RUNNING = "running"
    PAUSED = "paused"  # a judge was called; held until the ruling
    TIME_CALLED = "time-called"  # the round's time was called: frozen for good


class Kind(StrEnum):
    ABSENT_REQUEST = "absent-requested"
    ACKNOWLEDGED = "judge-acknowledged"
    STARTED = "started"
    SWITCHED = "switched"
    JUDGE_CALLED = "judge-called"
    RULING = "ruling"
    LEND_ON = "lend-on"
    LEND_OFF = "lend-off"
    TIME_CALLED = "time-called"


KIND_TEXT = {
    Kind.ABSENT_REQUEST: "Asked to start on the absent opponent's time",
    Kind.ACKNOWLEDGED: "Judge told: clock started on the absent player's time",
    Kind.STARTED: "Clock started",
    Kind.SWITCHED: "Switched",
    Kind.JUDGE_CALLED: "Judge called: clock paused",
    Kind.RULING: "Ruling: clock running again",
    Kind.LEND_ON: "Lets the opponent use their minutes",
    Kind.LEND_OFF: "Withdrew the minutes lent",
    Kind.TIME_CALLED: "Round time called: clock stopped",
}

WITHDRAWN_TEXT = "Clock started on the starter's own time: the request to a judge is withdrawn"


def entry_text(previous: Entry | None, entry: Entry) -> str:
    """An entry in words for the judges' evidence. A start that supersedes a request to start
    on an absent opponent's time says it closes that request (nobody need answer it)."""
    if entry.kind is Kind.STARTED and previous is not None and previous.kind is Kind.ABSENT_REQUEST:
        return WITHDRAWN_TEXT
    return KIND_TEXT[entry.kind]


ROUND_CLOCK = "Round clock"  # who "acts" when the round's time is called


@dataclass(frozen=True)
class Entry:
    """One recorded action and the clock as it left it (pools as of `at`, A then B, in ms)."""

    kind: Kind
    at: datetime
    by: str  # who acted, in words
    seat: Seat | None  # the acting player's side; None for a judge
    status: Status
    running: Seat | None  # whose time runs (while paused: whose time was running)
    pools: tuple[int, int]
    lender: Seat | None = None  # the side whose minutes the other may use (Running Out of Time)
    action_id: str = ""
    text: str = ""  # a ruling's words

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "at": self.at.isoformat(),
            "by": self.by,
            "seat": self.seat,
            "status": self.status.value,
            "running": self.running,
            "pools_ms": list(self.pools),
            "lender": self.lender,
            "action_id": self.action_id,
            "text": self.text,
        }

    @classmethod
    def from_dict(cls, raw: Any) -> Entry:
        try:
            pools = raw["pools_ms"]
            entry = cls(
                kind=Kind(raw["kind"]),
                at=datetime.fromisoformat(str(raw["at"])),
                by=str(raw.get("by", "")),
                seat=_seat_or_none(raw.get("seat")),
                status=Status(raw["status"]),
                running=_seat_or_none(raw.get("running")),
                pools=(int(pools[0]), int(pools[1])),
                lender=_seat_or_none(raw.get("lender")),
                action_id=str(raw.get("action_id", "")),
                text=str(raw.get("text", "")),
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ChessClockError(f"A stored chess clock entry cannot be read: {raw!r}", "clock") from exc
        if entry.at.utcoffset() is None or min(entry.pools) < 0:
            raise ChessClockError(
                "Stored chess clock entries need aware times and pools of 0 or more.", "clock"
            )
        return entry


@dataclass(frozen=True)
class ChessClock:
    entries: tuple[Entry, ...] = ()

    def __post_init__(self) -> None:
        for before, after in zip(self.entries, self.entries[1:], strict=False):
            if after.at < before.at:
                raise ChessClockError("Chess clock entries must be in time order.", "clock")

    @property
    def last(self) -> Entry | None:
        return self.entries[-1] if self.entries else None

    @property
    def status(self) -> Status:
        return self.last.status if self.last is not None else Status.NOT_STARTED

    @property
    def version(self) -> int:
        """Moves with every recorded action: what a phone's poll compares."""
        return len(self.entries)

    def to_list(self) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self.entries]

    @classmethod
    def from_list(cls, raw: Any) -> ChessClock:
        if not isinstance(raw, list):
            raise ChessClockError("A stored chess clock log must be a list.", "clock")
        return cls(tuple(Entry.from_dict(item) for item in raw))


def other(seat: Seat) -> Seat:
    return "B" if seat == "A" else "A"


# ---------------------------------------------------------------------------- setup


def setup_pools(round_left_seconds: int, *, round_running: bool) -> tuple[int, int]:
    """Each player's pool in milliseconds when the clock first starts (OP Guide: Time
    Allocation and Setup): the round's time left, less 5 minutes for judge calls, split evenly.

    The round clock reads whole seconds, so (left - 5 min) in milliseconds is even and the
    two pools are exactly equal and add up to it. A round clock not running (not started,
    paused, time called) has no "time left in the round" to share; with 5 minutes or less
    left there is nothing to share beyond the buffer. Both are refused with a clear error.
    """
    if not round_running:
        raise ChessClockError(
            "The round clock is not running, so there is no time left in the round to share: "
            "start the chess clock once the round clock runs.",
            "round-clock-not-running",
        )
    left_ms = int(round_left_seconds) * 1000
    if left_ms <= _BUFFER_MS:
        raise ChessClockError(
            "Five minutes or less are left in the round: nothing remains to share after the "
            "5-minute buffer for judge calls.",
            "too-little-time",
        )
    half = (left_ms - _BUFFER_MS) // 2
    return half, half


# ---------------------------------------------------------------------------- arithmetic


def pools_at(clock: ChessClock, now: datetime) -> tuple[int, int]:
    """Both pools (ms) at `now`: the last entry's, less the time run since on the running side
    (then on the lender's minutes, if the opponent lends them), never below zero."""
    last = clock.last
    if last is None:
        return 0, 0
    if last.status is not Status.RUNNING or last.running is None or now <= last.at:
        return last.pools
    return _charge(last, (now - last.at) // _MS)


def _charge(last: Entry, used_ms: int) -> tuple[int, int]:
    assert last.running is not None
    pools = {"A": last.pools[0], "B": last.pools[1]}
    runner = last.running
    own = min(used_ms, pools[runner])
    pools[runner] -= own
    rest = used_ms - own
    if rest > 0 and last.lender == other(runner):
        pools[last.lender] -= min(rest, pools[last.lender])
    return pools["A"], pools["B"]


def run_out(clock: ChessClock, now: datetime, seat: Seat) -> bool:
    """Whether `seat` has lost active decisions (OP Guide: Running Out of Time): their pool is
    at zero and the opponent lends them no minutes (or those are gone too)."""
    if clock.status in (Status.NOT_STARTED, Status.AWAITING_JUDGE):
        return False
    pools = dict(zip(SEATS, pools_at(clock, now), strict=True))
    if pools[seat] > 0:
        return False
    last = clock.last
    assert last is not None
    lender = other(seat)
    return not (last.lender == lender and pools[lender] > 0)


def zero_at(clock: ChessClock, now: datetime) -> datetime | None:
    """When the running side's own pool reaches zero if nobody taps: a phone counts down to it."""
    last = clock.last
    if last is None or last.status is not Status.RUNNING or last.running is None:
        return None
    left = pools_at(clock, now)[SEATS.index(last.running)]
    return now + timedelta(milliseconds=left)


# ---------------------------------------------------------------------------- transitions


def _seen(clock: ChessClock, action_id: str) -> bool:
    return bool(action_id) and any(e.action_id == action_id for e in clock.entries)


def _after(clock: ChessClock, at: datetime) -> None:
    if at.utcoffset() is None:
        raise ChessClockError("Chess clock times must carry a timezone (server time).", "clock")
    last = clock.last
    if last is not None and at < last.at:
        raise ChessClockError("That action is older than the clock's last entry.", "clock")


def _append(clock: ChessClock, entry: Entry) -> ChessClock:
    return replace(clock, entries=(*clock.entries, entry))


def start(
    clock: ChessClock, at: datetime, *, seat: Seat, by: str, round_left_seconds: int, round_running: bool
) -> ChessClock:
    """A player starts the clock for both (General Etiquette), on their own time.

    A request to start on an absent opponent's time still waiting for a judge is superseded:
    the opponent is here after all.
    """
    _after(clock, at)
    _not_called(clock)
    if clock.status not in (Status.NOT_STARTED, Status.AWAITING_JUDGE):
        raise ChessClockError("The chess clock is already running for this table.", "already-started")
    pools = setup_pools(round_left_seconds, round_running=round_running)
    return _append(clock, Entry(Kind.STARTED, at, by, seat, Status.RUNNING, seat, pools))


def request_absent_start(clock: ChessClock, at: datetime, *, seat: Seat, by: str) -> ChessClock:
    """Ask to start on the absent opponent's time: the judges are told, nothing counts yet
    ("Tell a judge before you start counting")."""
    _after(clock, at)
    _not_called(clock)
    if clock.status is Status.AWAITING_JUDGE:
        raise ChessClockError("A judge has already been asked; wait for them.", "already-requested")
    if clock.status is not Status.NOT_STARTED:
        raise ChessClockError("The chess clock is already running for this table.", "already-started")
    return _append(
        clock, Entry(Kind.ABSENT_REQUEST, at, by, seat, Status.AWAITING_JUDGE, other(seat), (0, 0))
    )


def acknowledge(
    clock: ChessClock, at: datetime, *, by: str, round_left_seconds: int, round_running: bool
) -> ChessClock:
    """A judge has been told: the clock starts now, on the absent player's time."""
    _after(clock, at)
    _not_called(clock)
    last = clock.last
    if last is None or clock.status is not Status.AWAITING_JUDGE:
        raise ChessClockError(
            "Nobody at this table has asked to start on an absent opponent's time.", "no-request"
        )
    pools = setup_pools(round_left_seconds, round_running=round_running)
    return _append(clock, Entry(Kind.ACKNOWLEDGED, at, by, None, Status.RUNNING, last.running, pools))


def _started(clock: ChessClock) -> Entry:
    last = clock.last
    if last is None or clock.status in (Status.NOT_STARTED, Status.AWAITING_JUDGE):
        raise ChessClockError("The chess clock has not started.", "not-started")
    _not_called(clock)
    return last


def _not_called(clock: ChessClock) -> None:
    last = clock.last
    if last is not None and clock.status is Status.TIME_CALLED:
        raise ChessClockError(
            f"Time was called for the round at {last.at:%H:%M:%S} UTC: the chess clock stopped then "
            "and no longer changes (OP Guide: When Time Is Called).",
            "time-called",
        )


def switch(
    clock: ChessClock, at: datetime, *, from_seat: Seat, seat: Seat | None, by: str, action_id: str
) -> ChessClock:
    """One tap: the time stops running for `from_seat` and runs for the other player.

    The same `action_id` again (a doubled tap, a retried request) changes nothing; a tap
    from the side whose time is not running (a stale screen) is refused, never a switch back.
    """
    if _seen(clock, action_id):
        return clock
    _after(clock, at)
    last = _started(clock)
    if clock.status is Status.PAUSED:
        raise ChessClockError("The clock is paused for a judge's ruling.", "paused")
    if last.running != from_seat:
        raise ChessClockError(
            "That tap was out of date: the clock already runs on the other player's time.", "stale-switch"
        )
    pools = pools_at(clock, at)
    entry = Entry(
        Kind.SWITCHED, at, by, seat, Status.RUNNING, other(from_seat), pools, last.lender, action_id
    )
    return _append(clock, entry)


def call_judge(clock: ChessClock, at: datetime, *, seat: Seat, by: str, action_id: str) -> ChessClock:
    """A serious rules dispute needing a judge: both pools are held from this moment."""
    if _seen(clock, action_id):
        return clock
    _after(clock, at)
    last = _started(clock)
    if clock.status is Status.PAUSED:
        raise ChessClockError("A judge has already been called; the clock is paused.", "already-paused")
    pools = pools_at(clock, at)
    entry = Entry(Kind.JUDGE_CALLED, at, by, seat, Status.PAUSED, last.running, pools, last.lender, action_id)
    return _append(clock, entry)


def rule(clock: ChessClock, at: datetime, *, by: str, text: str) -> ChessClock:
    """The judge's ruling: recorded, and the clock runs again for the player whose time was running."""
    _after(clock, at)
    last = _started(clock)
    if clock.status is not Status.PAUSED:
        raise ChessClockError("The clock is not paused: nobody is waiting for a ruling.", "not-paused")
    words = text.strip()
    if not words:
        raise ChessClockError("Write the ruling in a few words.", "ruling-required")
    entry = Entry(
        Kind.RULING, at, by, None, Status.RUNNING, last.running, last.pools, last.lender, text=words
    )
    return _append(clock, entry)


def lend(clock: ChessClock, at: datetime, *, seat: Seat, by: str, on: bool) -> ChessClock:
    """`seat` lets the opponent use their remaining minutes, or withdraws that (Running Out of
    Time: "as a favour at their own risk, withdrawable at any moment"). Asking for what is
    already so changes nothing."""
    _after(clock, at)
    last = _started(clock)
    lending = last.lender == seat
    if lending == on:
        return clock
    pools = pools_at(clock, at)
    kind, lender = (Kind.LEND_ON, seat) if on else (Kind.LEND_OFF, None)
    return _append(clock, Entry(kind, at, by, seat, last.status, last.running, pools, lender))


def call_time(clock: ChessClock, at: datetime) -> ChessClock:
    """The round's time was called at `at` (OP Guide: When Time Is Called, "Dice go down"):
    the clock freezes with both pools as they stood then, whatever it was doing. A running
    pool stops draining, a pause for a judge is over (there is no more round to play), and a
    request to start on an absent opponent's time is closed unanswered. A clock never
    started has nothing to freeze; one already frozen stays as it was (idempotent).
    """
    _after(clock, at)
    last = clock.last
    if last is None or clock.status in (Status.NOT_STARTED, Status.TIME_CALLED):
        return clock
    pools = pools_at(clock, at)
    entry = Entry(
        Kind.TIME_CALLED, at, ROUND_CLOCK, None, Status.TIME_CALLED, last.running, pools, last.lender
    )
    return _append(clock, entry)


def as_of_round(clock: ChessClock, time_called_at: datetime | None) -> ChessClock:
    """The clock as the round clock leaves it: once the round's time has been called
    (`time_called_at`, from the round clock's facts), frozen at that moment.

    Deterministic: the entry depends only on the log and that moment, so deriving it when
    the clock is read and storing it when the clock is next written give the same entry. An
    entry recorded after the moment (a log kept before clocks froze) moves the freeze to it,
    so the log stays in time order.
    """
    last = clock.last
    if time_called_at is None or last is None:
        return clock
    return call_time(clock, max(time_called_at, last.at))


# ---------------------------------------------------------------------------- evidence


@dataclass(frozen=True)
class Stretch:
    """Time that ran on one side between two entries (a turn, for slow-play evidence)."""

    seat: Seat
    started_at: datetime
    ended_at: datetime | None  # None: still running
    used_ms: int  # taken off the pools (own, then lent minutes), so never more than was left
    ended_by: Kind | None


@dataclass(frozen=True)
class SideSummary:
    seat: Seat
    stretches: int
    used_ms: int
    longest_ms: int


def stretches(clock: ChessClock, now: datetime) -> tuple[Stretch, ...]:
    """Every stretch of running time, in order, the last one open while the clock runs."""
    out: list[Stretch] = []
    entries = clock.entries
    for i, entry in enumerate(entries):
        if entry.status is not Status.RUNNING or entry.running is None:
            continue
        following = entries[i + 1] if i + 1 < len(entries) else None
        after = following.pools if following is not None else pools_at(ChessClock(entries[: i + 1]), now)
        out.append(
            Stretch(
                seat=entry.running,
                started_at=entry.at,
                ended_at=following.at if following is not None else None,
                used_ms=sum(entry.pools) - sum(after),
                ended_by=following.kind if following is not None else None,
            )
        )
    return tuple(out)


def summary(clock: ChessClock, now: datetime) -> tuple[SideSummary, SideSummary]:
    """Each side's number of stretches, time used and longest stretch: slow-play evidence."""
    runs = stretches(clock, now)
    sides = []
    for seat in SEATS:
        mine = [s.used_ms for s in runs if s.seat == seat]
        sides.append(SideSummary(seat, len(mine), sum(mine), max(mine, default=0)))
    return sides[0], sides[1]


def snapshot(clock: ChessClock, now: datetime) -> dict[str, Any]:
    """What a phone needs to show the clock and count down until its next poll."""
    last = clock.last
    pools = pools_at(clock, now)
    end = zero_at(clock, now)
    called = last is not None and clock.status is Status.TIME_CALLED
    shows_running = last is not None and clock.status not in (Status.NOT_STARTED, Status.TIME_CALLED)
    return {
        "status": clock.status.value,
        "version": clock.version,
        "server_now": now.isoformat(),
        "running": last.running if shows_running and last is not None else None,
        "time_called_at": last.at.isoformat() if called and last is not None else None,
        "lender": last.lender if last is not None else None,
        "zero_at": end.isoformat() if end is not None else None,
        "seats": [
            {"seat": seat, "remaining_ms": pools[i], "run_out": run_out(clock, now, seat)}
            for i, seat in enumerate(SEATS)
        ],
    }


def _seat_or_none(value: Any) -> Seat | None:
    if value is None:
        return None
    if value == "A":
        return "A"
    if value == "B":
        return "B"
    raise ValueError(f"not a seat: {value!r}")
