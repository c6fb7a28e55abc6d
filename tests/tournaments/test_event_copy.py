"""Copy this event: a new draft event with the old one's set-up and none of its people or
play, the schedule moved to the new dates (docs/features.md, "Copying an event")."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from awards.models import Award, AwardProgramme
from awards.services import awards_offer
from tests.builders.worlds import World, build_world
from tournaments.copy_hooks import _hooks, register_copy_hook
from tournaments.errors import ServiceError
from tournaments.models import (
    AuditEntry,
    Event,
    EventPack,
    EventStatus,
    Player,
    RosterPublication,
    Round,
    StaffRole,
    StaffRoleKind,
)
from tournaments.services.event_copy import COPIED_FIELDS, NOT_COPIED, event_copy
from tournaments.services.events import EDITABLE_FIELDS, event_create, event_update
from tournaments.services.packs import event_pack_supply
from tournaments.services.rounds import round_pair
from tournaments.services.scoring import event_scoring_set
from tournaments.services.side_events import side_event_create

pytestmark = pytest.mark.django_db

STARCRAFT_PACK = (
    Path(__file__).parents[2] / "rules_engine" / "systems" / "starcraft_tmg" / "data" / "2026-09-25.json"
)
BANDS: dict[str, Any] = {
    "bands": [
        {"name": "Win", "min_difference": 1, "max_difference": None, "winner": [3, 2], "loser": [0, 0]},
        {"name": "Draw", "min_difference": 0, "max_difference": 0, "winner": [1, 1], "loser": [1, 1]},
    ],
    "bye": [3, 1],
}
WARSAW = zoneinfo.ZoneInfo("Europe/Warsaw")


def _in_a_month() -> dt.date:
    return timezone.localdate() + dt.timedelta(days=30)


@pytest.fixture
def world(users: dict[str, Any]) -> World:
    """An event under way: staff, players with rosters, round 1 paired, and everything a
    copy carries (settings, tables, bands, a pack, awards)."""
    built = build_world(
        users,
        name="Autumn Assault",
        venue="The Dice Hall",
        cut_size=4,
        cut_ties="deciding-game",
        layouts_in_use="Map 1 to Map 4",
        step_free_access=True,
        table_seating="seated",
        accommodations_contact="Hank",
        roster_publication=RosterPublication.ON_DATE,
        rosters_published_at=timezone.now() + dt.timedelta(days=20),
    )
    alice = users["alice"]
    event_scoring_set(event=built.event, scoring=BANDS, by=alice)
    event_pack_supply(
        event=built.event, actor=alice, content=STARCRAFT_PACK.read_bytes(), filename="erratum.json"
    )
    awards_offer(event=built.event, by=alice, best_painted=True, best_in_faction=False, best_sportsman=True)
    round_pair(event=built.event, by=alice, confirm=True)
    built.event.refresh_from_db()
    return built


def _copy(world: World, by: AbstractBaseUser | None = None, **fields: Any) -> Any:
    fields.setdefault("name", "Spring Assault")
    fields.setdefault("starts_on", _in_a_month() + dt.timedelta(days=60))
    return event_copy(event=world.event, by=by or world.users["alice"], **fields)


def test_the_copy_is_a_new_draft_with_every_setting(world: World) -> None:
    old = world.event
    copied = _copy(world)
    new = copied.event
    assert new.pk != old.pk
    assert new.name == "Spring Assault"
    assert new.slug == "spring-assault"
    assert new.join_code
    assert new.join_code != old.join_code
    assert new.status == EventStatus.DRAFT
    for key in COPIED_FIELDS:
        assert getattr(new, key) == getattr(old, key), key
    assert (new.cut_size, new.cut_ties, new.venue, new.table_seating) == (
        4,
        "deciding-game",
        "The Dice Hall",
        "seated",
    )
    # Taken anew or cleared, never copied as they were.
    assert set(EDITABLE_FIELDS) - set(COPIED_FIELDS) == {
        "name", "starts_on", "ends_on", "schedule", "roster_deadline", "rosters_published_at"
    }  # fmt: skip
    assert new.rosters_published_at is None
    assert new.rounds_changed_at is None
    assert "the settings" in copied.copied
    assert copied.not_copied == NOT_COPIED


def test_tables_scoring_pack_and_awards_are_copied(world: World) -> None:
    old = world.event
    copied = _copy(world)
    new = Event.objects.get(pk=copied.event.pk)
    assert [(t.number, t.layout) for t in new.tables.order_by("number")] == [
        (t.number, t.layout) for t in old.tables.order_by("number")
    ]
    assert new.extra == {"scoring": old.extra["scoring"]}
    pack = EventPack.objects.get(event=new)
    original = EventPack.objects.get(event=old)
    assert (pack.document, pack.fingerprint, pack.filename, pack.effective) == (
        original.document, original.fingerprint, "erratum.json", original.effective
    )  # fmt: skip
    assert pack.uploaded_by == world.users["alice"]
    awards = Award.objects.filter(event=new).order_by("id")
    assert [(a.kind, a.label, a.winner) for a in awards] == [
        ("best-painted", "Best Painted", None),
        ("best-sportsman", "Best Sportsman", None),
    ]
    assert AwardProgramme.objects.get(event=new).voting_open
    assert copied.copied == (
        "the settings",
        "4 tables with their layouts",
        "the scoring bands and bye",
        "the data pack erratum.json",
        "the awards: Best Painted, Best Sportsman",
    )


def test_nothing_about_players_rounds_or_other_staff_is_copied(world: World) -> None:
    new = _copy(world).event
    assert Round.objects.filter(event=world.event).exists()
    assert not Round.objects.filter(event=new).exists()
    assert Player.objects.filter(event=world.event).count() == 4
    assert not Player.objects.filter(event=new).exists()
    assert list(StaffRole.objects.filter(event=new).values_list("user__username", "role")) == [
        ("alice", StaffRoleKind.TO)
    ]
    assert not new.side_events.exists()


def test_the_awards_owner_is_kept_only_when_it_is_the_copying_to(world: World) -> None:
    alice, hank = world.users["alice"], world.users["hank"]
    awards_offer(
        event=world.event,
        by=alice,
        best_painted=True,
        best_in_faction=False,
        best_sportsman=False,
        owner=hank,
    )
    new = _copy(world).event
    assert AwardProgramme.objects.get(event=new).owner is None
    awards_offer(
        event=world.event,
        by=alice,
        best_painted=True,
        best_in_faction=False,
        best_sportsman=False,
        owner=alice,
    )
    newer = _copy(world, name="Summer Assault").event
    assert AwardProgramme.objects.get(event=newer).owner == alice


def test_an_event_without_awards_pack_or_bands_copies_without_them(users: dict[str, Any]) -> None:
    event = event_create(creator=users["alice"], name="Plain", starts_on=_in_a_month())
    copied = event_copy(event=event, by=users["alice"], name="Plain again", starts_on=_in_a_month())
    assert copied.copied == ("the settings",)
    assert not Award.objects.filter(event=copied.event).exists()
    assert not AwardProgramme.objects.filter(event=copied.event).exists()
    assert not EventPack.objects.filter(event=copied.event).exists()
    assert copied.event.extra == {}


def test_the_schedule_moves_to_the_new_dates_at_the_same_time_of_day(users: dict[str, Any]) -> None:
    """Old: Saturday 14 March 2026 (CET, UTC+1), two days; new: 11 April 2026 (CEST, UTC+2).
    Every time keeps its wall-clock time in Warsaw across the change to summer time."""
    alice = users["alice"]

    def warsaw(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
        return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=WARSAW)

    old_start, new_start = dt.date(2026, 3, 14), dt.date(2026, 4, 11)
    event = event_create(
        creator=alice,
        name="Spring Clash",
        time_zone="Europe/Warsaw",
        starts_on=old_start,
        ends_on=old_start + dt.timedelta(days=1),
        planned_rounds=3,
        schedule=[
            {"round": 1, "starts_at": warsaw(old_start, 9, 30)},
            {"round": 2, "starts_at": warsaw(old_start, 14)},
            {"round": 3, "starts_at": warsaw(old_start + dt.timedelta(days=1), 10)},
        ],
        roster_deadline=warsaw(old_start - dt.timedelta(days=7), 0),
        accommodations_by=old_start - dt.timedelta(days=10),
    )
    event_update(event=event, actor=alice, planned_rounds=4)  # announces a change of round count
    event.refresh_from_db()
    assert event.rounds_changed_at is not None
    with pytest.MonkeyPatch.context() as patch:
        # "Now" is before the old event, so the moved deadline is in the future either way.
        patch.setattr(timezone, "now", lambda: dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
        new = event_copy(event=event, by=alice, name="Spring Clash II", starts_on=new_start).event
    assert (new.starts_on, new.ends_on) == (new_start, new_start + dt.timedelta(days=1))  # as long as before
    starts = [dt.datetime.fromisoformat(entry["starts_at"]).astimezone(WARSAW) for entry in new.schedule]
    assert [(s.date(), s.time()) for s in starts] == [
        (new_start, dt.time(9, 30)),
        (new_start, dt.time(14)),
        (new_start + dt.timedelta(days=1), dt.time(10)),
    ]
    assert starts[0].utcoffset() == dt.timedelta(hours=2)  # summer time now
    assert new.roster_deadline is not None
    assert new.roster_deadline.astimezone(WARSAW) == warsaw(new_start - dt.timedelta(days=7), 0)
    assert new.accommodations_by == new_start - dt.timedelta(days=10)
    assert new.rounds_changed_at is None
    assert new.planned_rounds == 4


def test_given_end_date_and_a_deadline_already_past_takes_the_default(users: dict[str, Any]) -> None:
    """A copy starting in three days would move a week-before deadline into the past: it
    takes the default (midnight before its first day) instead of locking rosters at once."""
    alice = users["alice"]
    start = _in_a_month()
    event = event_create(creator=alice, name="Quick", starts_on=start)
    soon = timezone.localdate() + dt.timedelta(days=3)
    new = event_copy(
        event=event, by=alice, name="Quicker", starts_on=soon, ends_on=soon + dt.timedelta(days=2)
    ).event
    assert new.ends_on == soon + dt.timedelta(days=2)
    assert new.roster_deadline is not None
    assert new.roster_deadline > timezone.now()
    assert timezone.localtime(new.roster_deadline).date() == soon


def test_a_team_tournament_copies_its_team_settings(users: dict[str, Any]) -> None:
    alice = users["alice"]
    event = event_create(
        creator=alice,
        name="Team Cup",
        starts_on=_in_a_month(),
        list_format="single",
        squad_size=5,
        match_rule="game-points",
        match_draw_margin=3,
        match_pairing="organiser",
        protocol_step_minutes=5,
        distinct_factions=True,
    )
    new = event_copy(event=event, by=alice, name="Team Cup II", starts_on=_in_a_month()).event
    assert new.is_team_tournament
    assert (new.squad_size, new.match_rule, new.match_draw_margin, new.match_pairing) == (
        5, "game-points", 3, "organiser"
    )  # fmt: skip
    assert (new.protocol_step_minutes, new.distinct_factions) == (5, True)


def test_both_events_record_the_copy(world: World) -> None:
    new = _copy(world).event
    on_copy = AuditEntry.objects.get(event=new, action="event-copied")
    assert (on_copy.actor, on_copy.subject) == (world.users["alice"], "Autumn Assault")
    assert on_copy.data["copied_from"] == world.event.slug
    assert "4 tables" in on_copy.data["copied"]
    on_old = AuditEntry.objects.get(event=world.event, action="event-copied")
    assert (on_old.subject, on_old.data) == ("Spring Assault", {"copy": new.slug})


@pytest.mark.parametrize("who", ["hank", "bob", "mallory"])
def test_only_the_events_to_copies_it(world: World, who: str) -> None:
    before = Event.objects.count()
    with pytest.raises(ServiceError) as caught:
        _copy(world, by=world.users[who])
    assert caught.value.code == "not-event-to"
    assert Event.objects.count() == before


def test_a_side_event_is_not_copied(world: World) -> None:
    side = side_event_create(
        main=world.event, actor=world.users["alice"], name="Evening Skirmish", planned_rounds=2
    )
    with pytest.raises(ServiceError) as caught:
        event_copy(event=side, by=world.users["alice"], name="Another", starts_on=_in_a_month())
    assert caught.value.code == "side-event-copy"
    assert not Event.objects.filter(name="Another").exists()


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"name": "  "}, "invalid", "name"),
        ({"ends_on": dt.date(2000, 1, 1)}, "ends-before-start", "ends_on"),
        ({"name": "Bad\nname"}, "control-characters", "name"),
    ],
)
def test_a_refused_copy_saves_nothing(world: World, fields: dict[str, Any], code: str, field: str) -> None:
    before = (Event.objects.count(), AuditEntry.objects.filter(action="event-copied").count())
    with pytest.raises(ServiceError) as caught:
        _copy(world, **fields)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert (Event.objects.count(), AuditEntry.objects.filter(action="event-copied").count()) == before


def test_a_hook_that_refuses_undoes_the_whole_copy(world: World) -> None:
    def refuse(*, source: Event, copy: Event, by: AbstractBaseUser) -> list[str]:
        raise ServiceError("Not today.")

    saved = dict(_hooks)
    register_copy_hook("refusing", refuse)
    try:
        before = (Event.objects.count(), Award.objects.count(), EventPack.objects.count())
        with pytest.raises(ServiceError):
            _copy(world)
        assert (Event.objects.count(), Award.objects.count(), EventPack.objects.count()) == before
        assert not Event.objects.filter(name="Spring Assault").exists()
    finally:
        _hooks.clear()
        _hooks.update(saved)
