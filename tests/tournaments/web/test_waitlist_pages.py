"""The waitlist's pages (docs/waitlist.md): "Full — waitlist open" on the join link and the
event page, a waiting person's page and My events, the TO's list and the settings fields."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from tests.builders.rows import make_event
from tournaments.models import Event, Player, WaitlistEntry, WaitlistState
from tournaments.services.players import player_drop, player_join
from tournaments.services.waitlist import waitlist_join

pytestmark = pytest.mark.django_db
E = "/e/spring-skirmish/"


def _full(alice: Any, bob: Any) -> tuple[Event, Player]:
    event = make_event(to=alice, capacity=1)
    return event, player_join(event=event, user=bob, join_code="let-me-in")


def test_a_full_events_link_offers_the_waitlist(client: Client, alice: Any, bob: Any, carol: Any) -> None:
    event, _ = _full(alice, bob)
    client.force_login(carol)
    page = client.get(f"{E}join/let-me-in/").content.decode()
    assert "Full — waitlist open" in page
    assert "Join the waitlist" in page
    response = client.post(f"{E}join/let-me-in/", {"name": "Carol C"})
    assert response["Location"] == f"{E}waitlist/"
    entry = WaitlistEntry.objects.get(event=event)
    assert (entry.name, entry.user_id) == ("Carol C", carol.pk)
    assert "number 1</strong> on the waitlist" in client.get(f"{E}waitlist/").content.decode()
    # Back on the link: straight to the waitlist page, not a second entry.
    assert client.get(f"{E}join/let-me-in/")["Location"] == f"{E}waitlist/"
    assert "full — waitlist open" in client.get(E).content.decode()
    mine = client.get("/my-events/").content.decode()
    assert "place 1 on the waitlist" in mine


def test_an_offered_seat_is_accepted_on_the_waitlist_page(
    client: Client, alice: Any, bob: Any, carol: Any
) -> None:
    event, seat = _full(alice, bob)
    waitlist_join(event=event, user=carol, join_code="let-me-in")
    player_drop(player=seat, by=bob)
    client.force_login(carol)
    assert "Accept or decline the seat" in client.get("/my-events/").content.decode()
    assert "A seat is yours to take" in client.get(f"{E}waitlist/").content.decode()
    response = client.post(f"{E}waitlist/", {"action": "accept"})
    assert response["Location"] == f"{E}me/"
    assert Player.objects.filter(event=event, user=carol).exists()


def test_leaving_the_waitlist(client: Client, alice: Any, bob: Any, carol: Any) -> None:
    event, _ = _full(alice, bob)
    entry = waitlist_join(event=event, user=carol, join_code="let-me-in")
    client.force_login(carol)
    client.post(f"{E}waitlist/", {"action": "withdraw"})
    entry.refresh_from_db()
    assert entry.state == WaitlistState.WITHDRAWN


def test_someone_not_on_the_list_has_no_waitlist_page(
    client: Client, alice: Any, bob: Any, carol: Any
) -> None:
    _full(alice, bob)
    client.force_login(carol)
    assert client.get(f"{E}waitlist/").status_code == 404


def test_the_to_sees_and_reorders_the_list(
    client: Client, alice: Any, bob: Any, carol: Any, mallory: Any
) -> None:
    event, _ = _full(alice, bob)
    first = waitlist_join(event=event, user=carol, join_code="let-me-in")
    second = waitlist_join(event=event, user=mallory, join_code="let-me-in")
    client.force_login(alice)
    page = client.get(f"{E}manage/players/").content.decode()
    assert "Cap: 1 entrant, 1 in — full, waitlist open." in page
    assert page.index("carol") < page.index("mallory")
    client.post(f"{E}manage/waitlist/{second.pk}/up/")
    page = client.get(f"{E}manage/players/").content.decode()
    assert page.index("mallory") < page.index("carol")
    client.post(f"{E}manage/waitlist/{first.pk}/offer/")
    first.refresh_from_db()
    assert first.state == WaitlistState.OFFERED
    client.post(f"{E}manage/waitlist/{second.pk}/remove/")
    second.refresh_from_db()
    assert second.state == WaitlistState.WITHDRAWN


def test_the_settings_take_the_cap_and_the_accept_time(client: Client, alice: Any) -> None:
    event = make_event(to=alice)
    client.force_login(alice)
    form = client.get(f"{E}manage/settings/").context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and not isinstance(v, bool)}
    data |= {"capacity": "16", "waitlist_accept_hours": "12", "registration_open": "on"}
    data["starts_on"] = event.starts_on.isoformat() if event.starts_on else ""
    data.setdefault("tables", "1")
    response = client.post(f"{E}manage/settings/", data)
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert (event.capacity, event.waitlist_accept_hours) == (16, 12)


def test_the_to_page_passes_a_lapsed_offer_on(
    client: Client, alice: Any, bob: Any, carol: Any, mallory: Any
) -> None:
    event, seat = _full(alice, bob)
    first = waitlist_join(event=event, user=carol, join_code="let-me-in")
    second = waitlist_join(event=event, user=mallory, join_code="let-me-in")
    player_drop(player=seat, by=bob)
    WaitlistEntry.objects.filter(pk=first.pk).update(
        offer_expires_at=timezone.now() - dt.timedelta(seconds=1)
    )
    client.force_login(alice)
    page = client.get(f"{E}manage/players/").content.decode()
    assert "carol" not in page.split('id="waitlist-heading"')[1]
    second.refresh_from_db()
    assert second.state == WaitlistState.OFFERED
