"""StarCraft's round clock: the OP Guide's "Round Length" and "Milestone Announcements".

Its own module, apart from the draft (`pregame`), so that registering the system, which
every `pair` and `standings` run does, does not import the draft's state machine.
"""

from __future__ import annotations

from rules_engine.pregame import Anchor, ClockCall, ClockRules, ClosingPeriod

# OP Guide: Round Length — "2 hours 30 minutes", the Pre-Game Sequence included.
ROUND_MINUTES = 150
# OP Guide: The Last Fifteen Minutes.
LAST_FIFTEEN = ClosingPeriod(15, "Last 15 minutes: do not begin a new Battle Round")
CLOCK = ClockRules(
    round_minutes=ROUND_MINUTES,
    # OP Guide: Milestone Announcements, anchored as the calls read: the draft calls and
    # "45 minutes gone" from the start, "Halfway" at half the total, the rest from the end.
    calls=(
        ClockCall("round-begins", "Round begins, draft now", Anchor.START),
        ClockCall("drafts-complete", "Drafts should be complete", Anchor.START, 15),
        ClockCall("45-minutes-gone", "45 minutes gone", Anchor.START, 45),
        ClockCall("halfway", "Halfway", Anchor.HALF),
        ClockCall("30-minutes-remaining", "30 minutes remaining", Anchor.END, 30),
        ClockCall("15-minutes-remaining", "15 minutes, do not begin a new Battle Round", Anchor.END, 15),
        ClockCall("5-minutes-remaining", "5 minutes", Anchor.END, 5),
    ),
    closing=LAST_FIFTEEN,
    source="OP Guide: Round Length; Milestone Announcements",
)
