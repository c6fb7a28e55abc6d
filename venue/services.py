"""The venue's writes (docs/venue.md): announcements posted and withdrawn; check-in by the
door's code, a player's consent to be streamed, and the round's featured table.

Each is atomic, audited, and moves the event's version last (tournaments.services.versions),
so every hall screen, overlay and page shows the change on their next poll.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from tournaments.errors import ServiceError
from tournaments.models import CheckInVia, Event, Game, Player, Round, RoundStatus, Table
from tournaments.services.audit import audit
from tournaments.services.players import player_check_in
from tournaments.services.versions import event_touch
from tournaments.unstorable import unstorable_character
from venue.check_in import CodeVerdict, read_code
from venue.models import ANNOUNCEMENT_LENGTH, Announcement


def _clean_text(text: str) -> str:
    """One announcement's text: trimmed, not empty, short enough for a line across a hall."""
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ServiceError(
            "Write the announcement first: it is empty.", code="announcement-empty", field="text"
        )
    if len(cleaned) > ANNOUNCEMENT_LENGTH:
        raise ServiceError(
            f"An announcement holds at most {ANNOUNCEMENT_LENGTH} characters; this one has {len(cleaned)}.",
            code="announcement-too-long",
            field="text",
        )
    if (found := unstorable_character(cleaned)) is not None:
        raise ServiceError(
            f"The announcement holds a character that cannot be stored ({found}).",
            code="invalid",
            field="text",
        )
    return cleaned


@transaction.atomic
def announcement_post(*, event: Event, by: AbstractBaseUser, text: str) -> Announcement:
    """Show `text` on the hall screens and the event's page until it is withdrawn.

    Whitespace is folded to single spaces (a screen shows one line, wrapped), so what is
    stored is what is shown."""
    cleaned = _clean_text(text)
    announcement = Announcement.objects.create(event=event, text=cleaned, created_by_id=by.pk)
    audit(
        event=event,
        actor=by,
        action="announcement-posted",
        subject=f"Announcement {announcement.pk}",
        data={"text": cleaned},
    )
    event_touch(event)
    return announcement


@transaction.atomic
def announcement_withdraw(*, announcement: Announcement, by: AbstractBaseUser) -> Announcement:
    """Take an announcement off every screen (it stays on record, withdrawn)."""
    row = Announcement.objects.select_for_update().get(pk=announcement.pk)
    if row.withdrawn_at is not None:
        raise ServiceError("That announcement has already been withdrawn.", code="announcement-withdrawn")
    row.withdrawn_at = timezone.now()
    row.withdrawn_by_id = by.pk
    row.save(update_fields=["withdrawn_at", "withdrawn_by"])
    audit(
        event=announcement.event,
        actor=by,
        action="announcement-withdrawn",
        subject=f"Announcement {row.pk}",
        data={"text": row.text},
    )
    event_touch(row.event_id)
    return row


@transaction.atomic
def player_check_in_by_code(*, event: Event, user: AbstractBaseUser, code: str) -> Player:
    """A player who scanned the door's code checks themselves in (`via="qr"`).

    The code is checked first, so a stranger holding a stale photo learns only that the code
    is not today's; then the caller must hold a seat that may still play, not yet checked in."""
    verdict = read_code(event, code)
    if verdict == CodeVerdict.OTHER_DAY:
        raise ServiceError(
            f"This check-in code is not today's: {event.name}'s code changes every day at the venue. "
            "Scan the code shown at the door today.",
            code="check-in-code-expired",
        )
    if verdict != CodeVerdict.VALID:
        raise ServiceError(
            f"This is not a check-in code of {event.name}. Scan the code shown at this event's door.",
            code="check-in-code-wrong",
        )
    player = Player.objects.select_for_update().filter(event=event, user_id=user.pk).first()
    if player is None:
        raise ServiceError(
            f"Your account has no place in {event.name}, so there is nothing to check in. "
            "If you should be playing, see the TO at the desk.",
            code="not-a-player",
        )
    if player.disqualified_after_round is not None:
        raise ServiceError(f"{player.name} is disqualified and cannot check in.", code="disqualified")
    if player.checked_in_at is not None:
        raise ServiceError(
            f"{player.name} is already checked in. Nothing more to do.", code="already-checked-in"
        )
    player.event = event
    return player_check_in(player=player, by=user, via=CheckInVia.QR)


@transaction.atomic
def stream_consent_set(*, player: Player, consent: bool, by: AbstractBaseUser | None) -> Player:
    """Give or withdraw consent to be shown on the event's stream. Withdrawing takes every
    table of the player's games off the stream at once (the TO is told by the audit log and
    the round page): nobody stays on camera one moment after saying no."""
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    if player.stream_consent == consent:
        return player
    player.stream_consent = consent
    player.save(update_fields=["stream_consent"])
    event = player.event
    action = "stream-consent-given" if consent else "stream-consent-withdrawn"
    audit(event=event, actor=by, action=action, subject=player.name)
    if not consent:
        featured = Round.objects.filter(event=event, featured_table__isnull=False).exclude(
            status=RoundStatus.CLOSED
        )
        for round_ in featured.select_for_update():
            game = game_at(round_, round_.featured_table_id)
            if game is not None and player.pk in (game.player_one_id, game.player_two_id):
                _unfeature(round_, by=by, reason=f"{player.name} withdrew their consent to be streamed.")
    event_touch(event)
    return player


def game_at(round_: Round, table_id: int | None) -> Game | None:
    if table_id is None:
        return None
    return (
        Game.objects.filter(round=round_, table_id=table_id)
        .select_related("table", "player_one", "player_two")
        .first()
    )


def missing_consent(game: Game) -> list[Player]:
    """The players of `game` who have not agreed to be streamed (a team game's entrant
    is the team: its captain agrees for it, docs/venue.md)."""
    return [p for p in (game.player_one, game.player_two) if p is not None and not p.stream_consent]


@transaction.atomic
def featured_table_set(*, round_: Round, number: int, by: AbstractBaseUser | None) -> Round:
    """The TO puts one table of the round on the stream: only with every player's consent."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if round_.status == RoundStatus.CLOSED:
        raise ServiceError(
            f"Round {round_.number} is closed: there is nothing left to stream.", code="round-closed"
        )
    table = Table.objects.filter(event=round_.event, number=number).first()
    if table is None:
        raise ServiceError(f"The event has no table {number}.", code="no-table", field="table")
    game = game_at(round_, table.pk)
    if game is None:
        raise ServiceError(
            f"No game is played at table {number} in round {round_.number}.",
            code="no-game-at-table",
            field="table",
        )
    missing = missing_consent(game)
    if missing:
        names = " and ".join(p.name for p in missing)
        raise ServiceError(
            f"Table {number} cannot be streamed: {names} {'has' if len(missing) == 1 else 'have'} not agreed "
            "to be shown on the stream. Players agree at registration or on their own page.",
            code="stream-consent-missing",
            field="table",
        )
    if round_.featured_table_id == table.pk:
        return round_
    round_.featured_table = table
    round_.save(update_fields=["featured_table"])
    audit(
        event=round_.event,
        actor=by,
        action="featured-table-set",
        subject=f"Round {round_.number}, table {number}",
        data={"round": round_.number, "table": number},
    )
    event_touch(round_.event)
    return round_


@transaction.atomic
def featured_table_clear(*, round_: Round, by: AbstractBaseUser | None, reason: str = "") -> Round:
    """Take the round's table off the stream (nothing featured: the overlay is empty)."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if round_.featured_table_id is None:
        return round_
    _unfeature(round_, by=by, reason=reason)
    event_touch(round_.event)
    return round_


def _unfeature(round_: Round, *, by: AbstractBaseUser | None, reason: str) -> None:
    table = round_.featured_table_id
    number = Table.objects.filter(pk=table).values_list("number", flat=True).first() if table else None
    round_.featured_table = None
    round_.save(update_fields=["featured_table"])
    audit(
        event=round_.event,
        actor=by,
        action="featured-table-cleared",
        subject=f"Round {round_.number}, table {number}",
        reason=reason,
        data={"round": round_.number, "table": number},
    )
