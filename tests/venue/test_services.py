"""Announcements: posted and withdrawn through the services, audited, and moving the event's
version so every hall screen and the event page show the change (docs/venue.md)."""

from __future__ import annotations

import pytest

from tests.builders.rows import make_event
from tournaments.errors import ServiceError
from tournaments.models import AuditEntry, Event
from venue.models import ANNOUNCEMENT_LENGTH, Announcement
from venue.selectors import active_announcements
from venue.services import announcement_post, announcement_withdraw

pytestmark = pytest.mark.django_db


def _version(event: Event) -> int:
    return Event.objects.values_list("version", flat=True).get(pk=event.pk)


def test_posting_stores_audits_and_moves_the_version(alice):
    event = make_event(to=alice, players=4)
    before = _version(event)
    row = announcement_post(event=event, by=alice, text="  Lunch   is served\n in the foyer ")
    assert row.text == "Lunch is served in the foyer"  # folded as a screen shows it
    assert row.created_by_id == alice.pk
    assert row.active
    assert _version(event) == before + 1
    entry = AuditEntry.objects.get(event=event, action="announcement-posted")
    assert entry.actor_id == alice.pk
    assert entry.data == {"text": "Lunch is served in the foyer"}
    assert active_announcements(event) == [row]


def test_withdrawing_keeps_the_row_and_takes_it_off_the_screens(alice, hank):
    event = make_event(to=alice, players=4)
    first = announcement_post(event=event, by=alice, text="Round 2 starts at 14:00")
    second = announcement_post(event=event, by=alice, text="Painting judged at 16:00")
    before = _version(event)
    withdrawn = announcement_withdraw(announcement=first, by=hank)
    assert withdrawn.withdrawn_at is not None
    assert withdrawn.withdrawn_by_id == hank.pk
    assert _version(event) == before + 1
    assert active_announcements(event) == [second]
    assert Announcement.objects.filter(event=event).count() == 2
    assert AuditEntry.objects.get(event=event, action="announcement-withdrawn").data == {
        "text": "Round 2 starts at 14:00"
    }
    with pytest.raises(ServiceError) as again:
        announcement_withdraw(announcement=first, by=alice)
    assert again.value.code == "announcement-withdrawn"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "announcement-empty"),
        ("   \n\t ", "announcement-empty"),
        ("x" * (ANNOUNCEMENT_LENGTH + 1), "announcement-too-long"),
        ("nul\x00here", "invalid"),
    ],
    ids=["empty", "blank", "too-long", "nul"],
)
def test_bad_text_is_refused_and_nothing_is_saved(alice, text, code):
    event = make_event(to=alice, players=4)
    before = _version(event)
    with pytest.raises(ServiceError) as refused:
        announcement_post(event=event, by=alice, text=text)
    assert refused.value.code == code
    assert refused.value.field == "text"
    assert not Announcement.objects.exists()
    assert not AuditEntry.objects.filter(action="announcement-posted").exists()
    assert _version(event) == before


def test_the_longest_announcement_fits(alice):
    event = make_event(to=alice, players=4)
    assert len(announcement_post(event=event, by=alice, text="y" * ANNOUNCEMENT_LENGTH).text) == 280
