"""Creating an event and joining one through its self-service link."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from rules_engine.registry import UnknownGameSystem, get_system
from tournaments.errors import ServiceError
from tournaments.forms.common import add_service_error
from tournaments.forms.settings import EventForm
from tournaments.forms.setup import JoinForm, RegisterForm, TeamForm, stream_consent_field
from tournaments.forms.squads import SquadForm
from tournaments.models import Event, Player, StaffRoleKind
from tournaments.services.capacity import event_is_full
from tournaments.services.events import event_create, tables_set
from tournaments.services.invitations import invitation_read, player_claim
from tournaments.services.players import join_code_matches, player_join, registration_closed_reason
from tournaments.services.squads import squad_join
from tournaments.services.staff_invitations import staff_invitation_accept, staff_invitation_read
from tournaments.services.teams import team_join
from tournaments.services.waitlist import waitlist_join, waitlist_refresh
from tournaments.views.common import actor
from tournaments.waitlist_selectors import my_entry


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.POST.get("refresh_system"):
        # Without JavaScript, "Show this game's options" posts the form to be shown again
        # with the chosen system's fields, nothing saved and nothing flagged yet.
        return render(request, "tournaments/event_new.html", {"form": form.shown_as_typed()})
    if request.method == "POST" and form.is_valid():
        user = actor(request)
        try:
            with transaction.atomic():
                event = event_create(creator=user, name=form.cleaned_data["name"], **form.event_fields())
                if form.cleaned_data["tables"]:
                    tables_set(event=event, actor=user, tables=form.cleaned_data["tables"])
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request, f"{event.name} is created. Share the registration link with your players."
            )
            return redirect("manage", event.slug)
    return render(request, "tournaments/event_new.html", {"form": form})


@login_required
@require_GET
def event_system_fields(request: HttpRequest) -> HttpResponse:
    """htmx: the event form's fields for the game system just chosen (its scales, budget,
    list formats, round length), keeping what the TO typed in them."""
    form = EventForm(request.GET).shown_as_typed()
    return render(request, "tournaments/_event_system_fields.html", {"form": form})


@require_GET
def rounds_hint(request: HttpRequest) -> HttpResponse:
    """The game's round count for the expected field, where its organised-play rules give
    one (`GameSystem.suggested_rounds`; htmx fragment on the event form)."""
    try:
        players = int(request.GET.get("expected_players") or 0)
    except ValueError:
        players = 0
    try:
        system = get_system(
            request.GET.get("game_system") or Event._meta.get_field("game_system").get_default()
        )
    except UnknownGameSystem:
        system = get_system(Event._meta.get_field("game_system").get_default())
    kind = request.GET.get("kind") or "community"
    scale = request.GET.get("scale") or "standard"
    advice = system.suggested_rounds
    suggestion = advice(kind=kind, scale=scale, players=players) if advice and players >= 2 else None
    cut_advice = system.suggested_cut
    cut = cut_advice(kind=kind, scale=scale, players=players) if cut_advice and players >= 2 else None
    return render(
        request,
        "tournaments/_rounds_hint.html",
        {
            "suggestion": suggestion,
            "cut": cut,
            "advised": advice is not None,
            "system": system,
            "players": players,
            "kind": kind,
            "scale": scale,
        },
    )


def join(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """The registration link. A visitor who is not logged in sees which event it is and is
    asked to log in or sign up, coming back here afterwards (the link survives a sign-up)."""
    event = Event.objects.filter(slug=slug).first()
    # A wrong code is a page that does not exist: the link is the secret (no hint it was close).
    if event is None or not join_code_matches(event, code):
        raise Http404("No such event.")
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())
        return render(request, "tournaments/join.html", {"event": event, "anonymous": True})
    user = actor(request)
    if Player.objects.filter(event=event, user_id=user.pk).exists():
        messages.info(request, "You are already registered for this event.")
        return redirect("me", event.slug)
    closed = registration_closed_reason(event)
    if closed is not None:
        return render(request, "tournaments/join.html", {"event": event, "closed": closed})
    # The name as it should appear on pairings: the account's full name if it has one; a
    # username is not a name, so the field is left for the player to fill in.
    full_name = getattr(user, "get_full_name", lambda: "")()
    if not event.is_team_tournament:
        # A full event's link takes sign-ups onto its waitlist (docs/waitlist.md).
        waitlist_refresh(event=event)
        if my_entry(event, user) is not None:
            return redirect("waitlist", event.slug)
        if event_is_full(event):
            return _join_waitlist(request, event, code, name=full_name)
    if event.team_size is not None:
        return _join_team(request, event, code, captain=full_name)
    if event.squad_size is not None:
        return _join_squad(request, event, code, captain=full_name)
    form = RegisterForm(request.POST or None, initial={"name": full_name})
    if request.method == "POST" and form.is_valid():
        try:
            player_join(
                event=event,
                user=user,
                join_code=code,
                name=form.cleaned_data["name"],
                stream_consent=form.cleaned_data["stream_consent"],
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, f"You are registered for {event.name}. Submit your roster next.")
            return redirect("me", event.slug)
    return render(request, "tournaments/join.html", {"event": event, "form": form})


def _join_waitlist(request: HttpRequest, event: Event, code: str, *, name: str) -> HttpResponse:
    """A full event: "Full — waitlist open", and the form that joins the waitlist."""
    form = JoinForm(request.POST or None, initial={"name": name})
    if event.team_size is not None:
        form.fields["name"].label = "Your team's name"
    if request.method == "POST" and form.is_valid():
        try:
            waitlist_join(event=event, user=actor(request), join_code=code, name=form.cleaned_data["name"])
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, f"You are on the waitlist of {event.name}.")
            return redirect("waitlist", event.slug)
    return render(request, "tournaments/join.html", {"event": event, "form": form, "full": True})


def _join_team(request: HttpRequest, event: Event, code: str, *, captain: str) -> HttpResponse:
    """A team game's registration (docs/teams.md): the captain names the team and its players."""
    assert event.team_size is not None
    form = TeamForm(
        request.POST or None, size=event.team_size, with_name=True, initial={"teammate_1": captain}
    )
    form.fields["stream_consent"] = stream_consent_field("Show our team on the event's stream")
    if request.method == "POST" and form.is_valid():
        try:
            team_join(
                event=event,
                user=actor(request),
                join_code=code,
                team_name=form.cleaned_data["name"],
                teammates=form.teammates(),
                stream_consent=form.cleaned_data["stream_consent"],
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request, f"Your team is registered for {event.name}. Submit each player's army next."
            )
            return redirect("me", event.slug)
    return render(request, "tournaments/join.html", {"event": event, "form": form, "team": True})


def _join_squad(request: HttpRequest, event: Event, code: str, *, captain: str) -> HttpResponse:
    """A team tournament's registration (docs/team-matches.md): the captain names the team
    and its members in order, themselves first. Refused as a whole (the service stores
    nothing unless all is right), the form comes back with what was typed."""
    assert event.squad_size is not None
    form = SquadForm(request.POST or None, size=event.squad_size, initial={"member_1": captain})
    form.fields["member_1"].help_text = "You: the name as it should appear on pairings."
    form.fields["member_1_email"].help_text = "Empty: your account's address."
    if request.method == "POST" and form.is_valid():
        try:
            squad = squad_join(
                event=event,
                user=actor(request),
                join_code=code,
                team_name=form.cleaned_data["team_name"],
                members=form.members(),
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request,
                f"{squad.name} is registered for {event.name}, with you as its captain. "
                "Submit your roster next; each of your players submits their own.",
            )
            return redirect("me", event.slug)
    return render(request, "tournaments/join.html", {"event": event, "form": form, "squad": True})


Linked = TypeVar("Linked")


def _by_link(slug: str, token: str, read: Callable[..., Linked]) -> tuple[Event, Linked]:
    """The event and what its mailed link names. A wrong event or link is a page that does
    not exist, like a wrong registration code: the link is the secret."""
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise Http404("No such event.")
    try:
        return event, read(event=event, token=token)
    except ServiceError:
        raise Http404("No such invitation.") from None


def invitation(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """A seat's invitation link (OP Guide: Registration — the TO enters the players): the
    page says whose seat it is; a signed-in person claims it with one button, anyone else
    is asked to log in or sign up first and comes back here."""
    event, seat = _by_link(slug, token, invitation_read)
    user = request.user if request.user.is_authenticated else None
    if request.method == "POST":
        if user is None:
            return redirect_to_login(request.get_full_path())
        try:
            player_claim(event=event, token=token, user=actor(request))
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, f"Welcome, {seat.player.name}: your seat at {event.name} is yours.")
            return redirect("me", event.slug)
    mine = user is not None and seat.player.user_id == user.pk
    context = {"event": event, "seat": seat.player, "claimed": seat.claimed, "mine": mine}
    return render(request, "tournaments/invitation.html", context)


def staff_invitation(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """A staff invitation's link: the page says which role at which event; a signed-in
    person accepts with one button, anyone else is asked to log in or sign up first and
    comes back here."""
    event, invitation = _by_link(slug, token, staff_invitation_read)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            role = staff_invitation_accept(event=event, token=token, user=actor(request))
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, f"You are {role.get_role_display()} at {event.name}.")
            return redirect("manage" if role.role == StaffRoleKind.TO else "judge", event.slug)
    context = {"event": event, "invitation": invitation}
    return render(request, "tournaments/staff_invitation.html", context)
