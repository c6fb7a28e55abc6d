"""Entries: registration, CSV import, check-in, drops and no-shows (OP Guide: Drops)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from tournaments import limits
from tournaments.errors import ServiceError, TooLarge
from tournaments.models import (
    CheckInVia,
    Event,
    EventKind,
    EventStatus,
    Game,
    Outcome,
    Player,
    ResultStatus,
    RoundStage,
    RoundStatus,
    StaffRole,
    StaffRoleKind,
)
from tournaments.players_csv import CsvProblem, read_player_list
from tournaments.services.audit import audit
from tournaments.services.capacity import event_is_full, lock_event, offer_free_seats
from tournaments.services.reporting import (
    ResultInput,
    cut_forfeit_for_drops,
    result_set,
    round_close_if_complete,
)
from tournaments.services.versions import event_touch

# The model's column widths (Player.name, EmailField): enforced here, so every way in (web
# form, API, CSV import) refuses an over-long name with the same sentence instead of a
# database error on PostgreSQL (SQLite would silently store it).
PLAYER_NAME_LENGTH = Player._meta.get_field("name").max_length or 120
EMAIL_LENGTH = Player._meta.get_field("email").max_length or 254
PLAYERS_CSV_MAX_CHARS = 256 * 1024


def _next_external_id(event: Event) -> str:
    taken = set(event.players.values_list("external_id", flat=True))
    n = len(taken) + 1
    while f"p{n}" in taken:
        n += 1
    return f"p{n}"


def _check_can_play(event: Event, user: AbstractBaseUser | None) -> None:
    if user is None or event.kind != EventKind.COMPETITIVE:
        return
    refused = StaffRole.objects.filter(
        event=event, user_id=user.pk, role__in=[StaffRoleKind.TO, StaffRoleKind.HEAD_JUDGE]
    ).exists()
    if refused:
        raise ServiceError(
            "At a competitive event the TO and the Head Judge do not play.", code="staff-cannot-play"
        )


@transaction.atomic
def player_register(
    *,
    event: Event,
    name: str,
    user: AbstractBaseUser | None = None,
    email: str = "",
    invited_user: AbstractBaseUser | None = None,
    by: AbstractBaseUser | None,
    squad_member: bool = False,
    seat_offered: bool = False,
    stream_consent: bool = False,
) -> Player:
    """Enter a player. Self-service needs registration open; the TO may always add players.

    `user` links the seat to an account: only the account's own holder (joining, claiming,
    a side event's one tap). The TO names an account with `invited_user` instead: the seat
    stays unlinked until its holder claims it (tournaments.services.invitations).

    In a team tournament a player enters only as a member of a team (`squad_member`, set by
    tournaments.services.squads): its matches are N games a side (docs/team-matches.md), so
    a player without a team could never be paired.

    Self-service (`user`) respects the registration cap (docs/waitlist.md): a full event
    refuses with `event-full` and the caller may join the waitlist instead; a seat the
    waitlist offered (`seat_offered`) was held for its holder. The TO's own entries are not
    capped: the TO may always add an entrant.

    `stream_consent`: the player agreed, at registration, to be shown on the event's stream
    (docs/venue.md); off unless they ticked it."""
    _refuse_lone_player(event, squad_member=squad_member)
    name = name.strip()
    if not name:
        raise ServiceError("A player needs a name.", field="name")
    if len(name) > PLAYER_NAME_LENGTH:
        raise ServiceError(
            f"A player's name is at most {PLAYER_NAME_LENGTH} characters; this one has {len(name)}.",
            field="name",
        )
    if limits.control_characters_in(name):
        raise ServiceError(
            "A player's name is one line: no line breaks, tabs or other control characters.",
            code="control-characters",
            field="name",
        )
    if len(email) > EMAIL_LENGTH:
        raise ServiceError(f"An e-mail address is at most {EMAIL_LENGTH} characters.", field="email")
    if event.status == EventStatus.FINISHED:
        raise ServiceError("The event is finished.", code="event-finished")
    if user is not None and Player.objects.filter(event=event, user_id=user.pk).exists():
        raise ServiceError("You are already registered for this event.", code="already-registered")
    _check_can_play(event, user)
    # The event's row lock: two sign-ups for the last seat take turns (docs/waitlist.md).
    if user is not None and not seat_offered and event_is_full(lock_event(event)):
        raise ServiceError(
            f"{event.name} is full. Join its waitlist: you are offered a seat when one is freed.",
            code="event-full",
        )
    if invited_user is not None:
        # The event's own TO or Head Judge cannot be invited to play where they may not
        # (OP Guide: Roles); the TO knows the staff, so saying so reveals nothing.
        _check_can_play(event, invited_user)
        if Player.objects.filter(event=event, user_id=invited_user.pk).exists():
            invited_user = None  # already playing here under their own account: nothing to claim
    player = Player.objects.create(
        event=event,
        user_id=user.pk if user is not None else None,
        invited_user_id=invited_user.pk if invited_user is not None else None,
        name=name,
        email=email,
        external_id=_next_external_id(event),
        stream_consent=stream_consent,
    )
    audit(event=event, actor=by, action="player-registered", subject=name)
    event_touch(event)
    return player


def _refuse_lone_player(event: Event, *, squad_member: bool) -> None:
    if event.squad_size is not None and not squad_member:
        raise ServiceError(
            f"{event.name} is a team tournament: players enter with their team. Register the team "
            f"(its name and its {event.squad_size} players) instead.",
            code="member-needs-team",
        )


def join_code_matches(event: Event, code: str) -> bool:
    """Constant-time check of a registration link's code.

    compare_digest refuses non-ASCII str (TypeError); comparing the UTF-8 bytes makes a
    pasted code with an accented letter simply wrong, never a crash.
    """
    given = code.encode("utf-8", "surrogatepass")
    return bool(event.join_code) and secrets.compare_digest(given, event.join_code.encode("utf-8"))


@transaction.atomic
def registration_closed_reason(event: Event) -> str | None:
    """Why the event's link takes no more players, as a sentence (None while it does): the
    join page says so at once rather than after the form is filled in."""
    if event.status == EventStatus.FINISHED:
        why = "the event is finished"
    elif event.status == EventStatus.RUNNING:
        why = "the event is already under way"
    elif not event.registration_open:
        why = "registration was closed by the TO"
    else:
        return None
    return f"Registration for this event is closed: {why}. Ask the TO if you should still play."


def player_join(
    *,
    event: Event,
    user: AbstractBaseUser,
    join_code: str,
    name: str = "",
    email: str = "",
    squad_member: bool = False,
    stream_consent: bool = False,
) -> Player:
    """Self-service registration through the event's link: open registration and the right code."""
    if not join_code_matches(event, join_code):
        raise ServiceError(
            "This registration link is not valid for the event.", code="bad-join-code", field="join_code"
        )
    closed = registration_closed_reason(event)
    if closed is not None:
        raise ServiceError(closed, code="registration-closed")
    full_name = user.get_full_name() if hasattr(user, "get_full_name") else ""
    chosen = name.strip() or full_name.strip() or user.get_username()
    fallback = getattr(user, "email", "") or ""
    return player_register(
        event=event,
        name=chosen,
        user=user,
        email=email or fallback,
        by=user,
        squad_member=squad_member,
        stream_consent=stream_consent,
    )


@dataclass(frozen=True)
class CsvImport:
    """What an import wrote, and the header columns it left out (each with why)."""

    players: list[Player]
    ignored: tuple[str, ...]


class CsvRowErrors(ServiceError):
    """Rows of a player list that cannot be imported: every one is named, nothing is kept."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__(" ".join(errors), code="csv-rows", field="csv")
        self.errors = errors


@transaction.atomic
def players_import_csv(*, event: Event, text: str, by: AbstractBaseUser) -> list[Player]:
    """Import a player list (tournaments.players_csv: a header row matched by name, or
    positional `name[,email[,username]]`).

    All or nothing: if any row is bad nothing is imported, and the error names every bad
    row ("Row 2: the name is empty."), rows counted from the first player after any header.
    """
    return players_import_csv_report(event=event, text=text, by=by).players


@transaction.atomic
def players_import_csv_report(*, event: Event, text: str, by: AbstractBaseUser) -> CsvImport:
    """`players_import_csv`, also telling which header columns were not imported."""
    _refuse_lone_player(event, squad_member=False)
    if len(text) > PLAYERS_CSV_MAX_CHARS:
        raise TooLarge(
            f"The list is {len(text) // 1024} KB; import at most {PLAYERS_CSV_MAX_CHARS // 1024} KB "
            "of players at a time. Nothing was imported.",
            field="csv",
        )
    try:
        listed = read_player_list(text)
    except CsvProblem as exc:
        raise ServiceError(str(exc), code="csv-unreadable", field="csv") from None
    users = get_user_model()
    errors: list[str] = []
    wanted = []
    for row in listed.rows:
        problem = None
        user = None
        if not row.name:
            problem = "the name is empty."
        elif row.email and not _is_email(row.email):
            problem = f"{row.email!r} is not an e-mail address."
        elif row.username:
            # No answer says whether the account exists: it is only invited if it does.
            user = users.objects.filter(username=row.username).first()
        if problem is not None:
            errors.append(f"Row {row.number}: {problem}")
        else:
            wanted.append((row, user))
    if errors:
        raise CsvRowErrors(errors)
    created = []
    for row, user in wanted:
        try:
            created.append(
                player_register(event=event, name=row.name, invited_user=user, email=row.email, by=by)
            )
        except ServiceError as exc:
            errors.append(f"Row {row.number}: {exc.message}")
    if errors:  # raised inside the transaction: the players written above are rolled back
        raise CsvRowErrors(errors)
    return CsvImport(created, listed.ignored)


def _is_email(value: str) -> bool:
    try:
        validate_email(value)
    except ValidationError:
        return False
    return True


def _last_round_number(event: Event) -> int:
    return int(event.rounds.aggregate(n=Max("number"))["n"] or 0)


@transaction.atomic
def player_check_in(*, player: Player, by: AbstractBaseUser | None, via: str = CheckInVia.STAFF) -> Player:
    """Check a player in; `via` records how (docs/venue.md, "QR codes"): the TO's tap
    (`staff`), the player scanning the door's code (`qr`) or an API client (`api`), shown
    to the TO on the Players page."""
    if via not in CheckInVia.values:
        raise ServiceError(f"Unknown way to check in: {via!r}.", field="via")
    if player.dropped_after_round is not None:
        raise ServiceError(f"{player.name} has dropped and cannot check in.", code="dropped")
    player.checked_in_at = timezone.now()
    player.checked_in_via = via
    player.save(update_fields=["checked_in_at", "checked_in_via"])
    audit(event=player.event, actor=by, action="player-checked-in", subject=player.name, data={"via": via})
    event_touch(player.event_id)
    return player


@transaction.atomic
def player_check_in_undo(*, player: Player, by: AbstractBaseUser | None) -> Player:
    """Take back a check-in tapped by mistake (the pre-round check then lists the player as
    not checked in again). Audited like the check-in."""
    if player.checked_in_at is None:
        raise ServiceError(f"{player.name} is not checked in.", code="not-checked-in")
    player.checked_in_at = None
    player.checked_in_via = ""
    player.save(update_fields=["checked_in_at", "checked_in_via"])
    audit(event=player.event, actor=by, action="player-check-in-undone", subject=player.name)
    event_touch(player.event_id)
    return player


@transaction.atomic
def player_drop(*, player: Player, by: AbstractBaseUser | None, reason: str = "") -> Player:
    """Drop before the next pairing; results so far stand and the player cannot re-enter."""
    if player.dropped_after_round is not None:
        raise ServiceError(f"{player.name} has already dropped.", code="already-dropped")
    if player.disqualified_after_round is not None:
        raise ServiceError(f"{player.name} is disqualified.", code="disqualified")
    if player.squad_id is not None:
        # A team tournament's match is N games a side (docs/team-matches.md): a member does
        # not leave alone; the team drops, or a missed game is scored as a no-show.
        raise ServiceError(
            f"{player.name} plays for a team: a team plays with all its members. Drop the team, "
            "or score the member's game as a no-show.",
            code="member-drop",
        )
    player.dropped_after_round = _last_round_number(player.event)
    player.dropped_at = timezone.now()
    player.save(update_fields=["dropped_after_round", "dropped_at"])
    _forfeit_cut_game(player)
    audit(event=player.event, actor=by, action="player-dropped", subject=player.name, reason=reason)
    # A withdrawal before the event starts frees a seat for the waitlist (docs/waitlist.md).
    offer_free_seats(lock_event(player.event))
    event_touch(player.event_id)
    return player


def _forfeit_cut_game(player: Player) -> None:
    """Dropping during the top cut forfeits the player's game still being played (published,
    no result yet): their opponent goes on, and the round closes if that was its last game."""
    game = (
        Game.objects.filter(round__event=player.event, round__status=RoundStatus.PUBLISHED)
        .filter(round__stage=RoundStage.CUT)
        .filter(Q(player_one=player) | Q(player_two=player))
        .select_related("player_one", "player_two", "round")
        .first()
    )
    if game is not None and cut_forfeit_for_drops(game):
        round_close_if_complete(round_=game.round)


@transaction.atomic
def player_no_show(*, player: Player, by: AbstractBaseUser) -> Game | None:
    """A player who did not appear without notice: dropped, and their game scored as a no-show.

    OP Guide: Drops — "A player who doesn't appear without notice is dropped, and their
    opponent is scored as for a bye." The no-show goes on the player's game in the current
    published round (if they have one and it has no confirmed result); returns that game.
    """
    game = (
        Game.objects.filter(round__event=player.event, round__status=RoundStatus.PUBLISHED)
        .filter(Q(player_one=player) | Q(player_two=player))
        .exclude(player_two__isnull=True)
        .exclude(result_status=ResultStatus.CONFIRMED)
        .order_by("-round__number")
        .first()
    )
    if game is not None:
        game = result_set(
            game=game, result=ResultInput(outcome=Outcome.NO_SHOW, loser=player), by=by, reason="no-show"
        )
    player.refresh_from_db()
    if player.squad_id is None:  # a team's member stays: their team plays on (player_drop)
        player_drop(player=player, by=by, reason="no-show")
    return game
