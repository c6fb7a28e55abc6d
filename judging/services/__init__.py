"""Writes of the judging app: keyword-only, typed, atomic, raising ServiceError, audited."""

from judging.services.clock import clock_call_time, clock_pause, clock_resume, clock_start
from judging.services.conduct import conduct_report_file, conduct_report_handle
from judging.services.draft import (
    draft_act,
    draft_complete_at_random,
    draft_enter_roll_off,
    draft_enter_roster,
    draft_start,
)
from judging.services.findings import illegal_roster_correct, illegal_roster_finding
from judging.services.penalties import (
    disqualification_confirm,
    disqualification_decline,
    penalty_issue,
    time_limit_impose,
)

__all__ = [
    "clock_call_time",
    "clock_pause",
    "clock_resume",
    "clock_start",
    "conduct_report_file",
    "conduct_report_handle",
    "disqualification_confirm",
    "disqualification_decline",
    "draft_act",
    "draft_complete_at_random",
    "draft_enter_roll_off",
    "draft_enter_roster",
    "draft_start",
    "illegal_roster_correct",
    "illegal_roster_finding",
    "penalty_issue",
    "time_limit_impose",
]
