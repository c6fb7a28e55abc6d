"""The only way views, the API and the judging pages load an event and the rows in it.

Zulip-style `access_*` helpers: a caller without the role an action needs gets a 404,
exactly as for an event that does not exist, so outsiders learn nothing. The `*_or_404`
loaders below are the one set shared by web, API and judging.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.http import Http404
from django.utils import timezone

from rosters.models import Roster
from tournaments.access_reads import entry_of, event_by_slug, staff_roles_of
from tournaments.event_time import event_zone
from tournaments.models import (
    Event,
    Game,
    Player,
    Round,
    RoundStatus,
    Squad,
    StaffRoleKind,
    Table,
    TeamMatch,
    WaitlistEntry,
)
from tournaments.unstorable import unstorable_character

TO = StaffRoleKind.TO.value
HEAD_JUDGE = StaffRoleKind.HEAD_JUDGE.value
FLOOR_JUDGE = StaffRoleKind.FLOOR_JUDGE.value
PLAYER = "player"
JUDGES = frozenset({HEAD_JUDGE, FLOOR_JUDGE})
STAFF = frozenset({TO, HEAD_JUDGE, FLOOR_JUDGE})

AnyUser = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class EventAccess:
    """An event as seen by one caller: their roles and, if they play, their entry."""

    event: Event
    roles: frozenset[str]
    player: Player | None

    @property
    def is_to(self) -> bool:
        return TO in self.roles

    @property
    def is_staff(self) -> bool:
        return bool(self.roles & STAFF)

    @property
    def is_judge(self) -> bool:
        # The TO backs up the Head Judge (OP Guide: Roles), so judge tools are open to the TO.
        return bool(self.roles & (JUDGES | {TO}))

    @property
    def is_head_judge(self) -> bool:
        return bool(self.roles & {HEAD_JUDGE, TO})

    def require(self, *roles: str) -> EventAccess:
        if not self.roles & set(roles):
            raise Http404("No such event.")
        return self


def roles_for(user: AnyUser, event: Event) -> tuple[frozenset[str], Player | None]:
    if not user.is_authenticated:
        return frozenset(), None
    roles = staff_roles_of(event.pk, user.pk)
    player = entry_of(event.pk, user.pk)
    if player is not None:
        roles.add(PLAYER)
    return frozenset(roles), player


def access_event(user: AnyUser, slug: str, *roles: str) -> EventAccess:
    """Load an event by slug for `user`; with `roles`, 404 unless the caller holds one of them."""
    # Read with SQL made once (tournaments.access_reads): compiling this query on every
    # request cost more than reading the row.
    event = event_by_slug(slug)
    if event is None:
        raise Http404("No such event.")
    # The event's pages show and read times on the venue's clock (tournaments.event_time);
    # tournaments.middleware puts the site's back before the next request.
    timezone.activate(event_zone(event))
    held, player = roles_for(user, event)
    access = EventAccess(event=event, roles=held, player=player)
    return access.require(*roles) if roles else access


# --- rows inside an event ---------------------------------------------------------------
# The one set of loaders web views, API views and judging pages use: each is scoped to the
# caller's event and role, and answers 404 alike for a row that does not exist and one the
# caller may not see (OP Guide: pairings are the TO's until published).


def round_or_404(access: EventAccess, number: int) -> Round:
    """A round the caller may see: staff see rounds still being reviewed, everyone else
    published and closed ones."""
    rounds = Round.objects.filter(event=access.event, number=number).select_related("event")
    if not access.is_staff:
        rounds = rounds.exclude(status=RoundStatus.PAIRED)
    round_ = rounds.first()
    if round_ is None:
        raise Http404("No such round.")
    return round_


def player_or_404(access: EventAccess, external_id: str | None = None, *, pk: int | None = None) -> Player:
    """An entry of the event, by its event/1 id (the API) or its row id (the web forms)."""
    players = Player.objects.filter(event=access.event).select_related("user")
    if external_id is not None:
        if unstorable_character(external_id) is not None:
            # No id holds a NUL (nothing stored can), and PostgreSQL refuses one in a query.
            raise Http404("No such player.")
        players = players.filter(external_id=external_id)
    elif pk is not None:
        players = players.filter(pk=pk)
    else:
        raise Http404("No such player.")
    player = players.first()
    if player is None:
        raise Http404("No such player.")
    return player


def game_or_404(access: EventAccess, pk: int) -> Game:
    """A game of the event, in a round the caller may see, with what every page shows of it."""
    games = Game.objects.filter(round__event=access.event, pk=pk).select_related(
        "round__event", "table", "player_one", "player_two", "loser"
    )
    if not access.is_staff:
        games = games.exclude(round__status=RoundStatus.PAIRED)
    game = games.first()
    if game is None:
        raise Http404("No such game.")
    return game


def table_or_404(access: EventAccess, number: int) -> Table:
    """A table of the event by its number (its printed card names it: docs/venue.md)."""
    table = Table.objects.filter(event=access.event, number=number).first()
    if table is None:
        raise Http404("No such table.")
    return table


def seat_or_404(access: EventAccess, game: Game) -> Player:
    """The caller's entry in `game`: only the two players of a game report or confirm it."""
    player = access.player
    if player is None or player.pk not in (game.player_one_id, game.player_two_id):
        raise Http404("No such game.")
    return player


def roster_or_404(access: EventAccess, pk: int) -> Roster:
    """A roster submitted to the event (staff pages: check with `require` first)."""
    roster = Roster.objects.filter(player__event=access.event, pk=pk).select_related("player").first()
    if roster is None:
        raise Http404("No such roster.")
    return roster


def squad_or_404(access: EventAccess, external_id: str | None = None, *, pk: int | None = None) -> Squad:
    """A team of the event's team tournament, by its event/1 id (the API) or row id (the web)."""
    squads = Squad.objects.filter(event=access.event).select_related("captain")
    if external_id is not None:
        if unstorable_character(external_id) is not None:
            raise Http404("No such team.")
        squads = squads.filter(external_id=external_id)
    elif pk is not None:
        squads = squads.filter(pk=pk)
    else:
        raise Http404("No such team.")
    squad = squads.first()
    if squad is None:
        raise Http404("No such team.")
    return squad


def team_match_or_404(access: EventAccess, pk: int) -> TeamMatch:
    """A team match of the event, in a round the caller may see."""
    matches = TeamMatch.objects.filter(round__event=access.event, pk=pk).select_related(
        "round__event", "team_a", "team_b"
    )
    if not access.is_staff:
        matches = matches.exclude(round__status=RoundStatus.PAIRED)
    match = matches.first()
    if match is None:
        raise Http404("No such team match.")
    return match


def captain_squad_or_404(access: EventAccess, match: TeamMatch) -> Squad:
    """The team the caller captains in `match`: only its two captains choose in its protocol
    (staff act for a captain through their own pages)."""
    player = access.player
    for squad in (match.team_a, match.team_b):
        if squad is not None and player is not None and squad.captain_id == player.pk:
            return squad
    raise Http404("No such team match.")


def waitlist_entry_or_404(access: EventAccess, pk: int) -> WaitlistEntry:
    """A waitlist entry of the event, for the TO's actions on the list (docs/waitlist.md);
    anyone else reaches only their own, through `my_waitlist_entry_or_404`."""
    entries = WaitlistEntry.objects.filter(event=access.event, pk=pk).select_related("event", "user")
    entry = entries.first()
    if entry is None or not access.is_to:
        raise Http404("No such waitlist entry.")
    return entry


def my_waitlist_entry_or_404(access: EventAccess, user: AnyUser) -> WaitlistEntry:
    """The caller's own latest entry on the event's waitlist (waiting, offered or past)."""
    entry = (
        WaitlistEntry.objects.filter(event=access.event, user_id=user.pk)
        .select_related("event", "user")
        .order_by("-joined_at", "-id")
        .first()
        if user.is_authenticated
        else None
    )
    if entry is None:
        raise Http404("You are not on this event's waitlist.")
    return entry
