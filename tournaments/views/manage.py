"""The TO's dashboard: settings, staff, players, the roster board and the audit log."""

from __future__ import annotations

from typing import Any

from django.conf import settings as site_settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from tournaments.access import STAFF, TO, EventAccess, access_event, player_or_404, squad_or_404
from tournaments.bridges.rules import pack_examples
from tournaments.errors import ServiceError
from tournaments.forms.common import add_service_error
from tournaments.forms.manage import PlayerAddForm, PlayersCsvForm, StaffForm, StaffInviteForm
from tournaments.forms.player import RosterForm
from tournaments.forms.rounds import PairForm
from tournaments.forms.squads import SquadForm
from tournaments.invitation_mails import is_invitable
from tournaments.models import Event, EventStatus, Player, RoundStatus, StaffInvitation
from tournaments.selectors import (
    audit_log,
    cut_preview,
    deadline_warning,
    event_champion,
    event_players,
    event_staff,
    last_round_number,
    not_ready_by_player,
    registration_is_open,
    roster_board,
    round_readiness,
    upcoming_round_number,
    user_by_username,
)
from tournaments.services.events import staff_add, staff_remove
from tournaments.services.invitations import invitation_resend, invitations_send
from tournaments.services.players import (
    CsvRowErrors,
    player_check_in,
    player_check_in_undo,
    player_drop,
    player_no_show,
    player_register,
    players_import_csv_report,
)
from tournaments.services.rosters import roster_submit
from tournaments.services.squads import squad_drop, squad_register
from tournaments.services.staff_invitations import (
    staff_invitation_withdraw,
    staff_invitations_pending,
    staff_invite,
)
from tournaments.services.teams import team_register
from tournaments.services.waitlist import waitlist_refresh
from tournaments.team_selectors import squads_of
from tournaments.views.common import actor, confirmation_page, nav_context, run_service
from tournaments.views.player import army_name, roster_slots
from tournaments.waitlist_selectors import WaitlistRow, capacity_of, waitlist_rows

AUDIT_PAGE = 300


def _to(request: HttpRequest, slug: str) -> EventAccess:
    return access_event(request.user, slug, TO)


def next_round_number(event: Event, rounds: list[Any]) -> int | None:
    """The round "Pair round N" would create, or None while one is open or all are played."""
    if rounds and rounds[-1].status != RoundStatus.CLOSED:
        return None
    number = (rounds[-1].number if rounds else 0) + 1
    return number if number <= last_round_number(event) else None


def following_round_number(event: Event, rounds: list[Any]) -> int | None:
    """The round after the one being played (published, not yet closed), if the plan has one."""
    if not rounds or rounds[-1].status != RoundStatus.PUBLISHED:
        return None
    number: int = rounds[-1].number + 1
    return number if number <= last_round_number(event) else None


@login_required
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    access = _to(request, slug)
    event = access.event
    rounds = list(event.rounds.order_by("number"))
    players = list(event.players.all())
    submitted = set(event.players.filter(rosters__isnull=False).values_list("pk", flat=True).distinct())
    illegal = set(event.players.filter(rosters__legal=False).values_list("pk", flat=True).distinct())
    join_path = reverse("join", args=[event.slug, event.join_code]) if event.join_code else None
    next_round = next_round_number(event, rounds)
    # Before pairing, the TO sees who is not ready and must confirm to go on.
    not_ready = round_readiness(event, number=next_round) if next_round else []
    # While a round is being played the TO already sees what the next one waits for,
    # results still missing included (the round closes itself once they are all in).
    coming_round = following_round_number(event, rounds)
    coming_not_ready = round_readiness(event, number=coming_round) if coming_round else []
    context = nav_context(access, "manage") | {
        "rounds": rounds,
        "next_round": next_round,
        "not_ready": not_ready,
        "coming_round": coming_round,
        "coming_not_ready": coming_not_ready,
        "cut_next": cut_preview(event, next_round) if next_round else None,
        "champion": event_champion(event) if event.status == EventStatus.FINISHED else None,
        "pair_form": PairForm(),
        "player_count": len(players),
        "active_count": sum(1 for p in players if p.dropped_after_round is None),
        "checked_in": sum(1 for p in players if p.checked_in_at is not None),
        "with_roster": len(submitted),
        "with_illegal": len(illegal),
        "join_url": request.build_absolute_uri(join_path) if join_path else None,
        "registration_open": registration_is_open(event),
        "tables": list(event.tables.order_by("number")),
        "deadline_warning": deadline_warning(event),
    }
    return render(request, "tournaments/manage/dashboard.html", context)


def _staff_remove(request: HttpRequest, access: EventAccess, role_id: str) -> HttpResponse:
    """The remove button next to one staff role on the TO's staff page."""
    event = access.event
    held = event.staff.select_related("user").filter(pk=role_id).first() if role_id.isdigit() else None
    if held is None:
        raise Http404("No such staff role.")
    user = held.user
    try:
        staff_remove(event=event, actor=actor(request), user=user, role=held.role)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("manage-staff", event.slug)
    messages.success(request, f"{user.get_username()} is no longer {held.get_role_display()}.")
    if held.role == TO and user.pk == request.user.pk:
        return redirect("event", event.slug)  # the staff page is for TOs only
    return redirect("manage-staff", event.slug)


@login_required
def staff(request: HttpRequest, slug: str) -> HttpResponse:
    access = _to(request, slug)
    event = access.event
    if request.method == "POST" and "remove" in request.POST:
        return _staff_remove(request, access, request.POST["remove"])
    form = StaffForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = user_by_username(form.cleaned_data["username"])
        if user is None:
            form.add_error("username", f"No account is named {form.cleaned_data['username']!r}.")
        else:
            try:
                role = staff_add(event=event, actor=actor(request), user=user, role=form.cleaned_data["role"])
            except ServiceError as exc:
                add_service_error(form, exc)
            else:
                messages.success(request, f"{user.get_username()} is now {role.get_role_display()}.")
                return redirect("manage-staff", event.slug)
    return _staff_page(request, access, form=form)


def _staff_page(
    request: HttpRequest,
    access: EventAccess,
    *,
    form: StaffForm | None = None,
    invite_form: StaffInviteForm | None = None,
) -> HttpResponse:
    event = access.event
    context = nav_context(access, "manage") | {
        "form": form or StaffForm(),
        "invite_form": invite_form or StaffInviteForm(),
        "staff": list(event_staff(event)),
        "invitations": staff_invitations_pending(event),
    }
    return render(request, "tournaments/manage/staff.html", context)


@login_required
@require_POST
def staff_invite_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Invite a judge (or a TO) by e-mail: they accept with an account they have or make."""
    access = _to(request, slug)
    form = StaffInviteForm(request.POST)
    if form.is_valid():
        try:
            staff_invite(
                event=access.event,
                email=form.cleaned_data["email"],
                role=form.cleaned_data["role"],
                by=actor(request),
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, f"The invitation to {form.cleaned_data['email']} is on its way.")
            return redirect("manage-staff", slug)
    return _staff_page(request, access, invite_form=form)


@login_required
@require_POST
def staff_invitation_withdraw_view(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = _to(request, slug)
    invitation = StaffInvitation.objects.filter(event=access.event, pk=pk).first()
    if invitation is None:
        raise Http404("No such invitation.")
    try:
        staff_invitation_withdraw(invitation=invitation, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"The invitation to {invitation.email} is withdrawn.")
    return redirect("manage-staff", slug)


def _squad_add_form(event: Event, data: Any = None) -> SquadForm:
    assert event.squad_size is not None
    return SquadForm(data, size=event.squad_size, captain_account=True)


def _players_page(
    request: HttpRequest,
    access: EventAccess,
    add_form: PlayerAddForm | SquadForm | None = None,
    csv_form: PlayersCsvForm | None = None,
) -> HttpResponse:
    event = access.event
    published = event.rounds.filter(status=RoundStatus.PUBLISHED).order_by("-number").first()
    players = list(event_players(event))
    if add_form is None:
        # A team tournament's player enters with their team only (services.players).
        add_form = (
            _squad_add_form(event) if event.is_team_tournament else PlayerAddForm(team_size=event.team_size)
        )
    context = nav_context(access, "manage") | {
        "players": players,
        # A team tournament's list is grouped by team, members in the team's order.
        "squads": squads_of(event, players) if event.is_team_tournament else None,
        "add_form": add_form,
        "csv_form": csv_form or PlayersCsvForm(),
        "round_in_play": published,
        "capacity": capacity_of(event),
        "waitlist": _waitlist(event),
        "invitable": sum(1 for player in players if is_invitable(player)),
        "uninvited": sum(1 for player in players if is_invitable(player) and player.invited_at is None),
    }
    return render(request, "tournaments/manage/players.html", context)


def _waitlist(event: Event) -> list[WaitlistRow]:
    """The waitlist in one read; a lapsed offer among it is passed on first (lazy expiry,
    docs/waitlist.md) and the list read again."""
    rows = waitlist_rows(event)
    now = timezone.now()
    if any(r.entry.offer_expires_at is not None and r.entry.offer_expires_at <= now for r in rows):
        waitlist_refresh(event=event)
        rows = waitlist_rows(event)
    return rows


@login_required
def players(request: HttpRequest, slug: str) -> HttpResponse:
    return _players_page(request, _to(request, slug))


@login_required
@require_POST
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    access = _to(request, slug)
    if access.event.is_team_tournament:
        return _squad_add(request, access)
    form = PlayerAddForm(request.POST, team_size=access.event.team_size)
    if form.is_valid():
        data = form.cleaned_data
        invited = user_by_username(data["username"]) if data["username"] else None
        teammates = form.teammates()
        try:
            if teammates is not None:
                player = team_register(
                    event=access.event,
                    name=data["name"],
                    teammates=teammates,
                    email=data["email"],
                    invited_user=invited,
                    by=actor(request),
                )
            else:
                player = player_register(
                    event=access.event,
                    name=data["name"],
                    email=data["email"],
                    invited_user=invited,
                    by=actor(request),
                )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            # Whether the account exists is not said: its holder consents by claiming the seat.
            claim = (
                f" If an account named {data['username']!r} exists, its holder finds the seat on "
                "their My events page and claims it there."
                if data["username"]
                else ""
            )
            messages.success(request, f"{player.name} is registered.{claim}")
            return redirect("manage-players", slug)
    return _players_page(request, access, add_form=form)


def _squad_add(request: HttpRequest, access: EventAccess) -> HttpResponse:
    """The TO enters a team of a team tournament (docs/team-matches.md): its name, its
    members in order (the first its captain) and optionally the captain's account."""
    form = _squad_add_form(access.event, request.POST)
    if form.is_valid():
        username = form.cleaned_data.get("username") or ""
        try:
            squad = squad_register(
                event=access.event,
                team_name=form.cleaned_data["team_name"],
                members=form.members(),
                by=actor(request),
                captain_user=user_by_username(username) if username else None,
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            # Whether the account exists is not said: its holder consents by claiming the seat.
            claim = (
                f" If an account named {username!r} exists, its holder finds the captain's seat on "
                "their My events page and claims it there."
                if username
                else ""
            )
            messages.success(request, f"{squad.name} is registered.{claim}")
            return redirect("manage-players", access.event.slug)
    return _players_page(request, access, add_form=form)


@login_required
@require_POST
def team_drop(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A team of a team tournament leaves: asked to confirm first (it cannot be taken back)."""
    access = _to(request, slug)
    squad = squad_or_404(access, pk=pk)
    if squad.dropped_after_round is None:
        asking = confirmation_page(
            request,
            access,
            section="manage",
            title=f"Drop {squad.name}?",
            consequence=(
                f"{squad.name} and all its players are dropped: the team keeps its place with the "
                "matches it played and is not paired in any later round. A drop cannot be taken back."
            ),
            button=f"Drop {squad.name}",
            cancel=reverse("manage-players", args=[slug]),
        )
        if asking is not None:
            return asking
    return run_service(
        request,
        lambda: squad_drop(squad=squad, by=actor(request)),
        f"{squad.name} dropped.",
        "manage-players",
        slug,
    )


@login_required
@require_POST
def players_import(request: HttpRequest, slug: str) -> HttpResponse:
    access = _to(request, slug)
    form = PlayersCsvForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            done = players_import_csv_report(
                event=access.event, text=form.cleaned_data["text"], by=actor(request)
            )
        except CsvRowErrors as exc:
            form.add_error(None, "Nothing was imported: fix these rows and import the list again.")
            for line in exc.errors:
                form.add_error(None, line)
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            count = len(done.players)
            messages.success(request, f"Imported {count} player{'s' if count != 1 else ''}.")
            if done.ignored:
                messages.info(request, f"Columns not imported: {'; '.join(done.ignored)}.")
            return redirect("manage-players", slug)
    return _players_page(request, access, csv_form=form)


@login_required
@require_POST
def players_invite(request: HttpRequest, slug: str) -> HttpResponse:
    """Mail each imported seat with an address and no account its invitation link."""
    access = _to(request, slug)
    uninvited = sum(
        1 for player in event_players(access.event) if is_invitable(player) and player.invited_at is None
    )
    if uninvited:
        asking = confirmation_page(
            request,
            access,
            section="manage",
            title="E-mail the invitations?",
            consequence=(
                f"{uninvited} player{'s' if uninvited != 1 else ''} on the list (each with an address, "
                "no account and no invitation yet) will be e-mailed their invitation link now. "
                "A sent e-mail cannot be called back."
            ),
            button="E-mail the invitations",
            cancel=reverse("manage-players", args=[slug]),
        )
        if asking is not None:
            return asking

    try:
        done = invitations_send(event=access.event, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        plural = "s" if done.queued != 1 else ""
        messages.success(
            request,
            f"Invitation{plural} to {done.queued} player{plural} on the way. A mail the server "
            "refuses shows on its player's row: correct the address and press again.",
        )
        if done.waiting:
            messages.warning(
                request,
                f"{done.waiting} still wait: press again to send them (at most "
                f"{site_settings.INVITATION_MAILS_PER_HOUR} an hour per event).",
            )
    return redirect("manage-players", slug)


@login_required
@require_POST
def player_invitation_resend(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Mail one seat its invitation again, on purpose (a lost mail, a corrected address)."""
    access = _to(request, slug)
    player = player_or_404(access, pk=pk)

    try:
        invitation_resend(player=player, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"The invitation to {player.name} is on its way again.")
    return redirect("manage-players", slug)


@login_required
@require_POST
def player_action(request: HttpRequest, slug: str, pk: int, action: str) -> HttpResponse:
    access = _to(request, slug)
    player = player_or_404(access, pk=pk)
    user = actor(request)
    calls = {
        "check-in": (lambda: player_check_in(player=player, by=user), f"{player.name} is checked in."),
        "check-in-undo": (
            lambda: player_check_in_undo(player=player, by=user),
            f"{player.name}'s check-in is taken back.",
        ),
        "drop": (
            lambda: player_drop(player=player, by=user, reason="Dropped by the TO."),
            f"{player.name} dropped.",
        ),
        "no-show": (
            lambda: player_no_show(player=player, by=user),
            f"{player.name} is recorded as a no-show."
            if player.squad_id is not None
            else f"{player.name} is recorded as a no-show and dropped.",
        ),
    }
    if action not in calls:
        raise Http404("No such action.")
    call, success = calls[action]
    if action in ("drop", "no-show") and player.dropped_after_round is None:
        in_play = player.event.rounds.filter(status=RoundStatus.PUBLISHED).order_by("-number").first()
        if action == "drop":
            consequence = (
                f"{player.name} is dropped: they are not paired in any later round. "
                "A drop cannot be taken back."
            )
        elif player.squad_id is not None:
            # A team's member stays in the team, which plays on (services.players.player_no_show).
            which = f"round {in_play.number}" if in_play is not None else "this round"
            consequence = (
                f"{player.name}'s game in {which} is scored as a no-show; {player.name} stays in their "
                "team. This cannot be taken back."
            )
        else:
            which = f"round {in_play.number}" if in_play is not None else "this round"
            consequence = (
                f"{player.name}'s game in {which} is scored as a no-show and {player.name} is dropped "
                "from the event. This cannot be taken back."
            )
        asking = confirmation_page(
            request,
            access,
            section="manage",
            title=f"Drop {player.name}?" if action == "drop" else f"Record {player.name} as a no-show?",
            consequence=consequence,
            button="Drop"
            if action == "drop"
            else "No-show: score it"
            if player.squad_id is not None
            else "No-show: score it and drop",
            cancel=reverse("manage-players", args=[slug]),
        )
        if asking is not None:
            return asking
    return run_service(request, call, success, "manage-players", slug)


def _staff_access(request: HttpRequest, slug: str) -> EventAccess:
    # OP Guide: Roles — judges check rosters with the TO and may change one after the deadline.
    return access_event(request.user, slug, *STAFF)


@login_required
def rosters_board(request: HttpRequest, slug: str) -> HttpResponse:
    access = _staff_access(request, slug)
    slots = roster_slots(access)
    upcoming = upcoming_round_number(access.event)
    board = list(roster_board(access.event))
    not_ready = not_ready_by_player(
        round_readiness(access.event, number=upcoming, players=board) if upcoming else []
    )
    rows = []
    for player in board:
        held = {r.slot: r for r in player.rosters.all()}
        rows.append(
            {
                "player": player,
                "slots": [{"slot": s, "roster": held.get(s)} for s in slots],
                "not_ready": not_ready.get(player.pk, []),
            }
        )
    context = nav_context(access, "rosters-board") | {"rows": rows, "slots": slots, "upcoming": upcoming}
    return render(request, "tournaments/manage/rosters.html", context)


def _roster_title(player: Player, slot: int) -> str:
    """ "Roster 2 of Bob", or in a team game "Ann's army, Raiders" (docs/teams.md)."""
    name = army_name(player, slot)
    return f"{name}, {player.name}" if name != f"Roster {slot}" else f"{name} of {player.name}"


@login_required
def roster_edit(request: HttpRequest, slug: str, pk: int, slot: int) -> HttpResponse:
    """Staff submit or replace a player's roster, after the deadline too (as_staff)."""
    access = _staff_access(request, slug)
    player = player_or_404(access, pk=pk)
    if slot not in roster_slots(access):
        raise Http404("No such roster slot.")
    existing = player.rosters.filter(slot=slot).first()
    initial = {"content": existing.editable_text()} if existing else {}
    form = RosterForm(request.POST or None, request.FILES or None, initial=initial, prefix=f"r{slot}")
    if request.method == "POST" and form.is_valid():
        try:
            roster = roster_submit(
                player=player,
                slot=slot,
                content=form.cleaned_data["content"],
                by=actor(request),
                as_staff=True,
            )
        except ServiceError as exc:
            add_service_error(form, exc, roster_slot=slot)
        else:
            verdict = "legal" if roster.legal else "not legal"
            messages.success(request, f"{_roster_title(player, slot)} is saved ({verdict}).")
            return redirect("manage-rosters", slug)
    context = nav_context(access, "rosters-board") | {
        "player": player,
        "slot": slot,
        "title": _roster_title(player, slot),
        "form": form,
        "existing": existing,
        "pack_doc": pack_examples(access.event),
    }
    return render(request, "tournaments/manage/roster_edit.html", context)


@login_required
def audit(request: HttpRequest, slug: str) -> HttpResponse:
    access = _to(request, slug)
    entries = list(audit_log(access.event, to=True)[:AUDIT_PAGE])
    context = nav_context(access, "manage") | {"entries": entries, "limit": AUDIT_PAGE}
    return render(request, "tournaments/manage/audit.html", context)
