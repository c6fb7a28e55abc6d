"""The registration cap and its waitlist (docs/waitlist.md): sign-ups beyond the cap wait in
order; a freed seat is offered to the next person, mailed, and passes on when the offer
lapses; the TO reorders the list, offers seats and raises the cap."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from tests.builders.rows import make_event
from tournaments.errors import ServiceError
from tournaments.models import AuditEntry, Event, EventStatus, Player, WaitlistEntry, WaitlistState
from tournaments.services.events import event_update
from tournaments.services.players import player_drop, player_join, player_register
from tournaments.services.squads import Member, squad_join
from tournaments.services.waitlist import (
    waitlist_accept,
    waitlist_join,
    waitlist_move,
    waitlist_offer,
    waitlist_refresh,
    waitlist_withdraw,
)
from tournaments.waitlist_selectors import capacity_of, my_entry, waitlist_rows

pytestmark = pytest.mark.django_db
CODE = "let-me-in"


def _full(to: Any, first: Any, capacity: int = 1, **fields: Any) -> tuple[Event, Player]:
    event = make_event(to=to, capacity=capacity, **fields)
    return event, player_join(event=event, user=first, join_code=CODE)


def _wait(event: Event, *users: Any) -> list[WaitlistEntry]:
    return [waitlist_join(event=event, user=u, join_code=CODE) for u in users]


def _state(entry: WaitlistEntry) -> str:
    entry.refresh_from_db()
    return entry.state


def test_a_full_event_refuses_a_sign_up_and_takes_it_on_the_waitlist(
    alice: Any, bob: Any, carol: Any
) -> None:
    event, _ = _full(alice, bob)
    with pytest.raises(ServiceError) as caught:
        player_join(event=event, user=carol, join_code=CODE)
    assert caught.value.code == "event-full"
    [entry] = _wait(event, carol)
    assert entry.state == WaitlistState.WAITING
    assert not Player.objects.filter(event=event, user=carol).exists()
    assert my_entry(event, carol) is not None
    assert capacity_of(event).full
    assert capacity_of(event).waiting == 1
    with pytest.raises(ServiceError) as twice:
        waitlist_join(event=event, user=carol, join_code=CODE)
    assert twice.value.code == "already-waitlisted"


def test_the_waitlist_is_only_for_a_full_event(alice: Any, bob: Any) -> None:
    event = make_event(to=alice, capacity=2)
    with pytest.raises(ServiceError) as caught:
        waitlist_join(event=event, user=bob, join_code=CODE)
    assert caught.value.code == "event-not-full"


def test_the_to_may_add_a_player_over_the_cap(alice: Any, bob: Any) -> None:
    event, _ = _full(alice, bob)
    player_register(event=event, name="Extra", by=alice)
    assert event.players.count() == 2


def test_a_withdrawal_offers_the_seat_to_the_first_in_line_and_mails_them(
    alice: Any, bob: Any, carol: Any, mallory: Any, mails_after_commit: Any
) -> None:
    event, seat = _full(alice, bob)
    first, second = _wait(event, carol, mallory)
    mail.outbox.clear()
    mails_after_commit(lambda: player_drop(player=seat, by=bob))
    assert _state(first) == WaitlistState.OFFERED
    assert _state(second) == WaitlistState.WAITING
    assert first.offer_expires_at is not None
    assert first.offer_expires_at - first.offered_at == dt.timedelta(hours=24)  # type: ignore[operator]
    [sent] = mail.outbox
    assert sent.to == ["carol@example.org"]
    assert f"/e/{event.slug}/waitlist/" in sent.body
    # The offered seat is held: a newcomer still finds the event full.
    assert capacity_of(event).seats_free == 0
    player = waitlist_accept(entry=first, user=carol)
    assert player.user_id == carol.pk
    assert _state(first) == WaitlistState.ACCEPTED
    assert AuditEntry.objects.filter(event=event, action="waitlist-accepted").exists()


def test_an_expired_offer_passes_to_the_next_and_cannot_be_accepted(
    alice: Any, bob: Any, carol: Any, mallory: Any
) -> None:
    event, seat = _full(alice, bob, waitlist_accept_hours=2)
    first, second = _wait(event, carol, mallory)
    player_drop(player=seat, by=alice)
    assert _state(first) == WaitlistState.OFFERED
    WaitlistEntry.objects.filter(pk=first.pk).update(
        offer_expires_at=timezone.now() - dt.timedelta(minutes=1)
    )
    first.refresh_from_db()
    with pytest.raises(ServiceError) as caught:
        waitlist_accept(entry=first, user=carol)
    assert caught.value.code == "offer-expired"
    waitlist_refresh(event=event)  # what reading the list or page does first
    assert _state(first) == WaitlistState.EXPIRED
    assert _state(second) == WaitlistState.OFFERED
    with pytest.raises(ServiceError) as again:
        waitlist_accept(entry=first, user=carol)
    assert again.value.code == "offer-expired"
    assert waitlist_accept(entry=second, user=mallory).name == "mallory"


def test_declining_an_offer_passes_it_on_at_once(alice: Any, bob: Any, carol: Any, mallory: Any) -> None:
    event, seat = _full(alice, bob)
    first, second = _wait(event, carol, mallory)
    player_drop(player=seat, by=bob)
    waitlist_withdraw(entry=first, by=carol)
    assert _state(first) == WaitlistState.WITHDRAWN
    assert _state(second) == WaitlistState.OFFERED


def test_accepting_needs_an_offer_and_your_own_entry(alice: Any, bob: Any, carol: Any, mallory: Any) -> None:
    event, _ = _full(alice, bob)
    [entry] = _wait(event, carol)
    with pytest.raises(ServiceError) as early:
        waitlist_accept(entry=entry, user=carol)
    assert early.value.code == "no-offer"
    waitlist_offer(entry=entry, by=alice)
    with pytest.raises(ServiceError) as theirs:
        waitlist_accept(entry=entry, user=mallory)
    assert theirs.value.code == "not-your-entry"


def test_the_to_reorders_the_list(alice: Any, bob: Any, carol: Any, mallory: Any, judy: Any) -> None:
    event, seat = _full(alice, bob)
    c, m, j = _wait(event, carol, mallory, judy)
    waitlist_move(entry=j, place=1, by=alice)
    assert [(r.entry.name, r.place) for r in waitlist_rows(event)] == [
        ("judy", 1),
        ("carol", 2),
        ("mallory", 3),
    ]
    waitlist_move(entry=j, place=3, by=alice)
    assert [r.entry.name for r in waitlist_rows(event)] == ["carol", "mallory", "judy"]
    with pytest.raises(ServiceError) as caught:
        waitlist_move(entry=c, place=4, by=alice)
    assert caught.value.code == "waitlist-place"
    waitlist_move(entry=m, place=1, by=alice)
    player_drop(player=seat, by=alice)
    assert _state(m) == WaitlistState.OFFERED
    assert AuditEntry.objects.filter(event=event, action="waitlist-moved").count() == 3


def test_raising_the_cap_offers_the_new_seats_in_order(
    alice: Any, bob: Any, carol: Any, mallory: Any, judy: Any
) -> None:
    event, _ = _full(alice, bob)
    c, m, j = _wait(event, carol, mallory, judy)
    event_update(event=event, actor=alice, capacity=3)
    assert [_state(e) for e in (c, m, j)] == [
        WaitlistState.OFFERED,
        WaitlistState.OFFERED,
        WaitlistState.WAITING,
    ]


def test_nothing_is_offered_once_the_event_is_under_way(alice: Any, bob: Any, carol: Any) -> None:
    event, seat = _full(alice, bob)
    [entry] = _wait(event, carol)
    Event.objects.filter(pk=event.pk).update(status=EventStatus.RUNNING)
    seat.refresh_from_db()
    player_drop(player=seat, by=alice)
    assert _state(entry) == WaitlistState.WAITING


def test_a_team_tournament_caps_teams(alice: Any, bob: Any, carol: Any) -> None:
    event = make_event(to=alice, squad_size=3, capacity=1)
    members = [Member(n) for n in ("Bo", "Cy", "Di")]
    squad_join(event=event, user=bob, join_code=CODE, team_name="Red", members=members)
    others = [Member(n) for n in ("Ed", "Fi", "Gu")]
    with pytest.raises(ServiceError) as caught:
        squad_join(event=event, user=carol, join_code=CODE, team_name="Blue", members=others)
    assert caught.value.code == "event-full"
    with pytest.raises(ServiceError) as waiting:
        waitlist_join(event=event, user=carol, join_code=CODE)
    assert waiting.value.code == "waitlist-team-tournament"


def test_the_cap_and_accept_time_are_checked(alice: Any) -> None:
    event = make_event(to=alice)
    with pytest.raises(ServiceError) as cap:
        event_update(event=event, actor=alice, capacity=0)
    assert cap.value.code == "capacity"
    with pytest.raises(ServiceError) as hours:
        event_update(event=event, actor=alice, waitlist_accept_hours=0)
    assert hours.value.code == "waitlist-accept-hours"


def test_a_lapsed_offer_mails_the_next_person_when_the_list_is_read(
    alice: Any, bob: Any, carol: Any, mallory: Any, mails_after_commit: Any
) -> None:
    event, seat = _full(alice, bob)
    first, _second = _wait(event, carol, mallory)
    player_drop(player=seat, by=bob)
    lapsed = timezone.now() - dt.timedelta(seconds=1)
    WaitlistEntry.objects.filter(pk=first.pk).update(offer_expires_at=lapsed)
    mail.outbox.clear()
    mails_after_commit(lambda: waitlist_refresh(event=event))
    assert [m.to for m in mail.outbox] == [["mallory@example.org"]]
    assert AuditEntry.objects.filter(event=event, action="waitlist-offer-expired", subject="carol").exists()
