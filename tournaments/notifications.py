"""E-mail and push to players when their table needs them (docs/notifications.md, docs/push.md).

OP Guide, "Reporting Results": the players report, the opponent confirms, a judge settles
any difference. A player whose phone is in a bag hears by e-mail when the pairing is
published, when the opponent's report waits for their confirmation, and when a result of
theirs is disputed or corrected by a judge.

The services call the `notify_*` functions inside their transaction; each only arranges
for a Celery task to be sent when that transaction commits (`transaction.on_commit`), so
a rolled-back action sends nothing and a slow mail server never holds a request (with
`REDIS_URL` set, a worker sends; without it the task runs in-process after the commit).
The task reads everything again by id and honours each user's choices at send time
(accounts.notifications): no address, or the kind turned off, and no mail. A user with
devices subscribed to push, and the kind's push switch on, is pushed instead; the mail goes
only when no push reached any of their devices (docs/push.md: the fallback).
"""

from __future__ import annotations

import logging
import threading
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from smtplib import SMTPException
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import EmailMessage, get_connection
from django.db import connections, transaction
from django.template.loader import render_to_string
from django.urls import reverse

from accounts import webpush
from accounts.links import absolute
from accounts.models import NotificationKind, PushSubscription
from accounts.notifications import preference_of
from tournaments.event_time import event_zone_active
from tournaments.mail import header_text
from tournaments.models import Game, Player, ResultReport, ResultStatus, Round, StaffRole, StaffRoleKind
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
    "clock": NotificationKind.CLOCK,
}
JUDGE_ROLES = (StaffRoleKind.TO, StaffRoleKind.HEAD_JUDGE, StaffRoleKind.FLOOR_JUDGE)


def _send_after_commit(kind: str, *, round_id: int | None = None, game_id: int | None = None,
                       player_ids: Iterable[int] = (), staff_id: int | None = None) -> None:  # fmt: skip
    """Queue the task `tournaments.send_notifications` for after the commit (ids only)."""
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


# --- building the notices (called by the task, after the commit) ---


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    body: str

    def message(self) -> EmailMessage:
        return EmailMessage(subject=header_text(self.subject), body=self.body, to=[self.to])


# How long a push service keeps a push for a phone that is off (seconds): past that the news
# is stale. The last-15-minutes call is worthless once the round is over.
PUSH_TTL: dict[str, int] = {
    "pairing": 2 * 3600,
    "report": 2 * 3600,
    "disputed": 6 * 3600,
    "corrected": 6 * 3600,
    "judge-dispute": 2 * 3600,
    "staff-added": 24 * 3600,
    "clock": 15 * 60,
}
# What the phone should wake up for at once (RFC 8030 Urgency); the rest may wait for a good moment.
PUSH_URGENT = frozenset({"pairing", "report", "judge-dispute", "clock"})


@dataclass(frozen=True)
class Push:
    """One push's payload: what the service worker shows and where a tap leads."""

    kind: str
    title: str
    body: str
    url: str  # absolute: the page the notification opens
    tag: str  # a newer notification with the same tag replaces the older one on the device

    def payload(self) -> dict[str, str]:
        return {
            "title": self.title,
            "body": self.body,
            "url": self.url,
            "kind": SWITCH[self.kind],
            "tag": self.tag,
        }


@dataclass(frozen=True)
class Notice:
    """One recipient of one notification: the push to try first, the mail otherwise."""

    user: AbstractBaseUser
    mail: Mail | None  # None: no address, the mail switch off, or a kind sent by push only
    push: Push | None  # None: push unavailable or the push switch off


def table_view_url(game: Game) -> str:
    """The absolute address of the player's table view, for a link in a mail (SITE_URL)."""
    return absolute(reverse("me", args=[game.round.event.slug]))


def _subject(game: Game, what: str) -> str:
    return (
        f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}{game.round.event.name}, round {game.round.number}: {what}"
    )


def _choices(user: AbstractBaseUser | None, kind: str) -> tuple[bool, bool]:
    """(mail it, push it), read from the user's switches now (one query)."""
    if user is None or not user.is_active:
        return False, False
    preference = preference_of(user)
    switch = SWITCH[kind]
    mail = bool(getattr(user, "email", "")) and preference.wants(switch)
    return mail, preference.wants_push(switch) and webpush.push_available()


def _terms_sentence(terms: dict[str, Any] | None) -> str:
    """A report in the reader's own terms as one sentence ("You 2 \N{EN DASH} opponent 9, ...")."""
    if not terms:
        return ""
    return render_to_string("notifications/push_terms.txt", {"r": terms}).strip() + "."


def _score(terms: dict[str, Any] | None) -> str:
    """ "2 to 9" with an en dash, the reader's score first; empty for a result without points."""
    if not terms or terms.get("mine") is None:
        return ""
    return f"{terms['mine']}\N{EN DASH}{terms['theirs']}"


def _player_push(
    kind: str, game: Game, player: Player, opponent: Player | None, context: dict[str, Any], call: str
) -> Push:
    event, round_ = game.round.event, game.round
    where = f"table {game.table.number}" if game.table else ""
    against = f"{where} against {opponent.name}".strip() if opponent else ""
    tag = f"{event.slug}:{round_.number}:{SWITCH[kind]}"
    if kind == "pairing":
        title = (
            f"Round {round_.number} is up: {against}"
            if opponent
            else f"Round {round_.number} is up: you have the bye"
        )
        layout = f" ({game.table.layout})" if game.table and game.table.layout else ""
        body = f"{event.name}{layout}"
    elif kind == "report":
        terms = context.get("their_report")
        score = _score(terms)
        name = opponent.name if opponent else "Your opponent"
        title = f"{name} reported {score}: confirm?" if score else f"{name} reported: confirm?"
        body = _terms_sentence(terms) or f"{event.name}, round {round_.number}: open your table to confirm."
    elif kind == "disputed":
        title = "Your result is with the judges"
        body = (
            f"{event.name}, round {round_.number}{', ' + against if against else ''}: a judge will settle it."
        )
    elif kind == "clock":
        title = f"Round {round_.number}: {call}"
        body = f"{event.name}{', ' + against if against else ''}."
    else:  # corrected
        terms = context.get("result")
        score = _score(terms)
        title = f"A judge set your result: {score}" if score else "A judge set your result"
        body = _terms_sentence(terms) or f"{event.name}, round {round_.number}."
    return Push(kind=kind, title=title, body=body, url=table_view_url(game), tag=tag)


def _player_notice(kind: str, game: Game, player: Player, call: str = "") -> Notice | None:
    mail_it, push_it = _choices(player.user, kind)
    if not (mail_it or push_it):
        return None
    assert player.user is not None
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
    elif kind == "clock":
        what = ""
    else:
        context["result"] = report_in_my_terms(
            game.reports.order_by("-created_at", "-id").first(), game, player
        )
        what = "a judge set your result"
    mail = None
    if mail_it:
        body = render_to_string(f"notifications/{kind}.txt", context)
        mail = Mail(to=player.user.email, subject=_subject(game, what), body=body)
    push = _player_push(kind, game, player, opponent, context, call) if push_it else None
    return Notice(user=player.user, mail=mail, push=push)


def _judge_notices(game: Game) -> list[Notice]:
    """The event's judges (and TO) who want it: a game is waiting in their queue."""
    event = game.round.event
    staff = StaffRole.objects.filter(event=event, role__in=JUDGE_ROLES).select_related("user")
    users = {s.user_id: s.user for s in staff}
    link = absolute(reverse("judge", args=[event.slug]))
    what = f"table {game.table.number}" if game.table else "a game"
    notices = []
    for user in users.values():
        mail_it, push_it = _choices(user, "judge-dispute")
        if not (mail_it or push_it):
            continue
        mail = None
        if mail_it:
            context = {"event": event, "round": game.round, "game": game, "table": game.table, "link": link}
            body = render_to_string("notifications/judge-dispute.txt", context)
            prefix = settings.ACCOUNT_EMAIL_SUBJECT_PREFIX
            subject = f"{prefix}{event.name}, round {game.round.number}: {what} is disputed"
            mail = Mail(to=user.email, subject=subject, body=body)
        push = None
        if push_it:
            two = game.player_two.name if game.player_two else "nobody"
            note = f" Note: {game.dispute_note}" if game.dispute_note else ""
            push = Push(
                kind="judge-dispute",
                title=f"{what[:1].upper()}{what[1:]} is disputed",
                body=f"{event.name}, round {game.round.number}: {game.player_one.name} against {two}.{note}",
                url=link,
                tag=f"{event.slug}:{game.round.number}:judging:{game.pk}",
            )
        notices.append(Notice(user=user, mail=mail, push=push))
    return notices


def _staff_notice(staff_id: int) -> list[Notice]:
    staff = StaffRole.objects.filter(pk=staff_id).select_related("event", "user").first()
    if staff is None:
        return []
    mail_it, push_it = _choices(staff.user, "staff-added")
    if not (mail_it or push_it):
        return []
    event = staff.event
    page = "manage" if staff.role == StaffRoleKind.TO else "judge"
    link = absolute(reverse(page, args=[event.slug]))
    what = f"You are {staff.get_role_display()} at {event.name}"
    mail = None
    if mail_it:
        context = {"event": event, "role": staff.get_role_display(), "link": link}
        body = render_to_string("notifications/staff-added.txt", context)
        mail = Mail(to=staff.user.email, subject=f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}{what}", body=body)
    push = None
    if push_it:
        where = "the event's overview" if staff.role == StaffRoleKind.TO else "the judges' queue"
        push = Push(
            kind="staff-added", title=what, body=f"Tap to open {where}.", url=link, tag=f"{event.slug}:staff"
        )
    return [Notice(user=staff.user, mail=mail, push=push)]


def notices_for(
    kind: str,
    *,
    round_id: int | None = None,
    game_id: int | None = None,
    player_ids: Iterable[int] = (),
    staff_id: int | None = None,
    call: str = "",
) -> list[Notice]:
    """What a notification sends now: one notice per player (or judge) who is to receive it.

    `clock` (the last-15-minutes call, judging.clock_calls) goes to the players of the
    round's games still being played, with the game system's `call`."""
    if kind == "staff-added":
        return _staff_notice(staff_id) if staff_id is not None else []
    related = ("round__event", "table", "player_one__user", "player_two__user")
    if kind == "judge-dispute":
        found = Game.objects.filter(pk=game_id).select_related(*related).first() if game_id else None
        return _judge_notices(found) if found is not None else []
    if kind in ("pairing", "clock") and round_id is not None:
        games = Game.objects.filter(round_id=round_id).select_related(*related)
        if kind == "clock":  # a bye has no clock to beat; a reported game is over
            games = games.filter(player_two__isnull=False, result_status=ResultStatus.PENDING)
        seats = [(game, p) for game in games for p in (game.player_one, game.player_two) if p is not None]
    else:
        game = Game.objects.filter(pk=game_id).select_related(*related).first() if game_id else None
        if game is None:
            return []
        wanted = set(player_ids)
        seats = [(game, p) for p in (game.player_one, game.player_two) if p is not None and p.pk in wanted]
    notices = []
    for game, player in seats:
        with event_zone_active(game.round.event):  # times in the mail on the venue's clock
            notices.append(_player_notice(kind, game, player, call))
    return [notice for notice in notices if notice is not None]


def mails_for(kind: str, **ids: Any) -> list[Mail]:
    """The mails of a notification as if nobody had a device to push to."""
    return [notice.mail for notice in notices_for(kind, **ids) if notice.mail is not None]


# --- sending them ---


@dataclass
class Delivery:
    mails: int = 0  # mails handed to the mail server
    pushed: int = 0  # recipients reached on at least one device
    fell_back: list[str] = field(default_factory=list)  # whose pushes all failed (usernames)


def deliver(kind: str, notices: list[Notice]) -> Delivery:
    """Push each recipient's devices; mail those reached on none (docs/push.md: the fallback).

    Each push and each mail goes on its own: a push service or a mail server refusing one
    recipient never stops the others, and a failure is logged, never raised."""
    done = Delivery()
    devices: dict[int, list[PushSubscription]] = defaultdict(list)
    wanting = {notice.user.pk for notice in notices if notice.push is not None}
    if wanting:
        for subscription in PushSubscription.objects.filter(user_id__in=wanting):
            devices[subscription.user_id].append(subscription)
    mails: list[Mail] = []
    for notice in notices:
        mine = devices.get(notice.user.pk, []) if notice.push is not None else []
        if notice.push is not None and mine:
            outcomes = [
                webpush.send(
                    device,
                    notice.push.payload(),
                    ttl=PUSH_TTL[notice.push.kind],
                    urgency="high" if notice.push.kind in PUSH_URGENT else "normal",
                )
                for device in mine
            ]
            if webpush.Outcome.DELIVERED in outcomes:
                done.pushed += 1
                continue
            done.fell_back.append(notice.user.get_username())
        if notice.mail is not None:
            mails.append(notice.mail)
    if mails:
        done.mails = _send_mails(kind, mails)
    return done


def _send_mails(kind: str, mails: list[Mail]) -> int:
    sent = 0
    connection = get_connection()
    try:
        for mail in mails:
            try:
                sent += connection.send_messages([mail.message()]) or 0
            except (SMTPException, OSError, ValueError):
                # ValueError: a header Django refuses (BadHeaderError); one bad mail never
                # stops the others.
                log.exception("notification %s to %s not sent", kind, mail.to)
    finally:
        try:
            connection.close()
        except (SMTPException, OSError):
            log.exception("closing the mail connection failed")
    return sent
