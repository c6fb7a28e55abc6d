"""E-mail to players when their table needs them (docs/notifications.md).

OP Guide, "Reporting Results": the players report, the opponent confirms, a judge settles
any difference. A player whose phone is in a bag hears by e-mail when the pairing is
published, when the opponent's report waits for their confirmation, and when a result of
theirs is disputed or corrected by a judge.

The services call the `notify_*` functions inside their transaction; each only arranges
for a Celery task to be sent when that transaction commits (`transaction.on_commit`), so
a rolled-back action sends nothing and a slow mail server never holds a request (with
`REDIS_URL` set, a worker sends; without it the task runs in-process after the commit).
The task reads everything again by id and honours each user's choices at send time
(accounts.notifications): no address, or the kind turned off, and no mail.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import connections, transaction
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.links import absolute
from accounts.models import NotificationKind
from accounts.notifications import wants_mail
from tournaments.event_time import event_zone_active
from tournaments.mail import header_text
from tournaments.models import Game, Player, ResultReport, Round, StaffRole, StaffRoleKind
from tournaments.wording import report_in_my_terms

log = logging.getLogger(__name__)

# What a mail is about, mapped to the user's switch it obeys (accounts.models).
SWITCH: dict[str, str] = {
    "pairing": NotificationKind.PAIRING,
    "report": NotificationKind.REPORT,
    "disputed": NotificationKind.DISPUTE,
    "corrected": NotificationKind.DISPUTE,
    "judge-dispute": NotificationKind.JUDGING,
    "staff-added": NotificationKind.JUDGING,
}
JUDGE_ROLES = (StaffRoleKind.TO, StaffRoleKind.HEAD_JUDGE, StaffRoleKind.FLOOR_JUDGE)


def _send_after_commit(kind: str, *, round_id: int | None = None, game_id: int | None = None,
                       player_ids: Iterable[int] = (), staff_id: int | None = None) -> None:  # fmt: skip
    recipients = sorted(set(player_ids))
    ids: dict[str, Any] = {"round_id": round_id, "game_id": game_id, "player_ids": recipients}
    if staff_id is not None:
        ids["staff_id"] = staff_id
    mail_after_commit("tournaments.send_notifications", kind, **ids)


def mail_after_commit(task: str, *args: Any, **kwargs: Any) -> None:
    """Run the mail task named `task` once the current transaction commits, never inside
    the request: a slow mail server must not hold a TO's click, and a rolled-back action
    sends nothing. With a worker (REDIS_URL set) the task is queued; without one
    (NOTIFICATIONS_IN_THREAD) a thread of its own sends it after the response is made."""

    def send() -> None:
        if settings.NOTIFICATIONS_IN_THREAD:
            threading.Thread(target=_run_in_thread, args=(task, args, kwargs), daemon=True).start()
            return
        try:
            _task(task).apply_async(args, kwargs, retry=False)
        except Exception:  # a broker that is down loses a mail, never the action
            log.exception("mail task %s not queued (%s, %s)", task, args, kwargs)

    transaction.on_commit(send)


def _task(name: str) -> Any:
    import tournaments.tasks  # noqa: F401 - registers the mail tasks with the app
    from config.celery import app

    return app.tasks[name]


def _run_in_thread(task: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    try:
        _task(task)(*args, **kwargs)
    except Exception:  # a mail lost, logged; the action stands
        log.exception("mail task %s failed (%s, %s)", task, args, kwargs)
    finally:
        connections.close_all()


def notify_round_published(round_: Round) -> None:
    """Every seated player of a round just published: their table and opponent (or the bye)."""
    _send_after_commit("pairing", round_id=round_.pk)


def notify_reported(game: Game, reporter: Player) -> None:
    """The opponent of `reporter`, who must now confirm (or dispute) the report."""
    opponent = game.player_two_id if reporter.pk == game.player_one_id else game.player_one_id
    if opponent is not None:
        _send_after_commit("report", game_id=game.pk, player_ids=[opponent])


def _both(game: Game) -> list[int]:
    return [pk for pk in (game.player_one_id, game.player_two_id) if pk is not None]


def notify_disputed(game: Game) -> None:
    """Both players: the result is with the judges; and the event's judges, who settle it."""
    _send_after_commit("disputed", game_id=game.pk, player_ids=_both(game))
    _send_after_commit("judge-dispute", game_id=game.pk)


def notify_staff_added(staff: StaffRole) -> None:
    """The account just made TO, Head Judge or Floor Judge: their role and where to work."""
    _send_after_commit("staff-added", staff_id=staff.pk)


def notify_corrected(game: Game) -> None:
    """Both players: a judge entered or corrected the result."""
    _send_after_commit("corrected", game_id=game.pk, player_ids=_both(game))


# --- building the mails (called by the task, after the commit) ---


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    body: str

    def message(self) -> EmailMessage:
        return EmailMessage(subject=header_text(self.subject), body=self.body, to=[self.to])


def table_view_url(game: Game) -> str:
    """The absolute address of the player's table view, for a link in a mail (SITE_URL)."""
    return absolute(reverse("me", args=[game.round.event.slug]))


def _subject(game: Game, what: str) -> str:
    return (
        f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}{game.round.event.name}, round {game.round.number}: {what}"
    )


def _mail_for(kind: str, game: Game, player: Player) -> Mail | None:
    if not wants_mail(player.user, SWITCH[kind]):
        return None
    opponent = game.player_two if game.player_one_id == player.pk else game.player_one
    context: dict[str, object] = {
        "kind": kind,
        "event": game.round.event,
        "round": game.round,
        "game": game,
        "table": game.table,
        "player": player,
        "opponent": opponent,
        "link": table_view_url(game),
    }
    if kind == "pairing":
        where = f"table {game.table.number}" if game.table else "no table"
        what = f"{where} against {opponent.name}" if opponent else "you have the bye"
    elif kind == "report":
        theirs = (
            ResultReport.objects.filter(game=game)
            .exclude(reporter_id=player.pk)
            .exclude(reporter__isnull=True)
            .order_by("-created_at", "-id")
            .first()
        )
        context["their_report"] = report_in_my_terms(theirs, game, player)
        what = f"{opponent.name if opponent else 'your opponent'} reported, please confirm"
    elif kind == "disputed":
        what = "your result is with the judges"
    else:
        context["result"] = report_in_my_terms(
            game.reports.order_by("-created_at", "-id").first(), game, player
        )
        what = "a judge set your result"
    body = render_to_string(f"notifications/{kind}.txt", context)
    assert player.user is not None
    return Mail(to=player.user.email, subject=_subject(game, what), body=body)


def _judge_mails(game: Game) -> list[Mail]:
    """The event's judges (and TO) who want it: a game is waiting in their queue."""
    event = game.round.event
    staff = StaffRole.objects.filter(event=event, role__in=JUDGE_ROLES).select_related("user")
    users = {s.user_id: s.user for s in staff}
    link = absolute(reverse("judge", args=[event.slug]))
    what = f"table {game.table.number}" if game.table else "a game"
    mails = []
    for user in users.values():
        if not wants_mail(user, SWITCH["judge-dispute"]):
            continue
        context = {"event": event, "round": game.round, "game": game, "table": game.table, "link": link}
        body = render_to_string("notifications/judge-dispute.txt", context)
        prefix = settings.ACCOUNT_EMAIL_SUBJECT_PREFIX
        subject = f"{prefix}{event.name}, round {game.round.number}: {what} is disputed"
        mails.append(Mail(to=user.email, subject=subject, body=body))
    return mails


def _staff_mail(staff_id: int) -> list[Mail]:
    staff = StaffRole.objects.filter(pk=staff_id).select_related("event", "user").first()
    if staff is None or not wants_mail(staff.user, SWITCH["staff-added"]):
        return []
    event = staff.event
    page = "manage" if staff.role == StaffRoleKind.TO else "judge"
    context = {
        "event": event,
        "role": staff.get_role_display(),
        "link": absolute(reverse(page, args=[event.slug])),
    }
    body = render_to_string("notifications/staff-added.txt", context)
    subject = f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}You are {staff.get_role_display()} at {event.name}"
    return [Mail(to=staff.user.email, subject=subject, body=body)]


def mails_for(
    kind: str,
    *,
    round_id: int | None = None,
    game_id: int | None = None,
    player_ids: Iterable[int] = (),
    staff_id: int | None = None,
) -> list[Mail]:
    """The mails a notification sends now: one per player (or judge) who is to receive it."""
    if kind == "staff-added":
        return _staff_mail(staff_id) if staff_id is not None else []
    related = ("round__event", "table", "player_one__user", "player_two__user")
    if kind == "judge-dispute":
        found = Game.objects.filter(pk=game_id).select_related(*related).first() if game_id else None
        return _judge_mails(found) if found is not None else []
    if kind == "pairing" and round_id is not None:
        games = list(Game.objects.filter(round_id=round_id).select_related(*related))
        seats = [(game, p) for game in games for p in (game.player_one, game.player_two) if p is not None]
    else:
        game = Game.objects.filter(pk=game_id).select_related(*related).first() if game_id else None
        if game is None:
            return []
        wanted = set(player_ids)
        seats = [(game, p) for p in (game.player_one, game.player_two) if p is not None and p.pk in wanted]
    mails = []
    for game, player in seats:
        with event_zone_active(game.round.event):  # times in the mail on the venue's clock
            mails.append(_mail_for(kind, game, player))
    return [mail for mail in mails if mail is not None]
