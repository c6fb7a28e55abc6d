"""Side events and the event listing, through the services (OP Guide: Side Events; The
Tournament Organiser; Accessibility)."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.builders.worlds import build_world
from tournaments.errors import ServiceError
from tournaments.models import AuditEntry, Event, EventStatus, Game, Player, Round
from tournaments.services.events import event_update
from tournaments.services.players import player_drop, player_join
from tournaments.services.rounds import round_pair, round_publish, round_undo
from tournaments.services.side_events import side_event_create, side_event_delete, side_event_join

pytestmark = pytest.mark.django_db

DAY = dt.datetime(2026, 10, 3, tzinfo=dt.UTC)


def at(hour: int, minute: int = 0, day: int = 0) -> str:
    return (DAY + dt.timedelta(days=day, hours=hour, minutes=minute)).isoformat()


def main_schedule() -> list[dict[str, object]]:
    """Round 1 09:00-11:45 (150 + 15 extra), round 2 12:30-15:00, round 3 15:30-18:00."""
    return [
        {"round": 1, "starts_at": at(9)},
        {"round": 2, "starts_at": at(12, 30)},
        {"round": 3, "starts_at": at(15, 30)},
    ]


@pytest.fixture
def world(users):
    return build_world(
        users,
        name="Winter Clash",
        rosters=False,
        round_minutes=150,
        first_round_extra_minutes=15,
        schedule=main_schedule(),
    )


def skirmish(world, **fields):
    fields.setdefault("round_minutes", 60)
    fields.setdefault("planned_rounds", 2)
    return side_event_create(main=world.event, actor=world.users["alice"], name="Evening Skirmish", **fields)


def test_a_side_event_is_an_event_of_its_own_on_the_main_events_game(world):
    side = skirmish(world, schedule=[{"round": 1, "starts_at": at(18)}, {"round": 2, "starts_at": at(19)}])
    assert side.side_event_of == world.event
    assert side.game_system == world.event.game_system
    assert side.kind == "community"
    assert side.starts_on == world.event.starts_on
    assert side.conduct_contact == world.event.conduct_contact
    assert list(world.event.side_events.all()) == [side]
    assert side.staff.get().user == world.users["alice"]
    assert side.schedule[0] == {"round": 1, "starts_at": "2026-10-03T18:00:00+00:00"}


def test_a_side_event_on_another_game_is_refused(world):
    with pytest.raises(ServiceError) as caught:
        skirmish(world, game_system="dropzone-commander")
    assert caught.value.code == "side-event-game-system"
    assert not Event.objects.filter(side_event_of=world.event).exists()


def test_neither_side_nor_main_changes_the_game_alone(world):
    side = skirmish(world)
    for event in (side, world.event):
        with pytest.raises(ServiceError) as caught:
            event_update(event=event, actor=world.users["alice"], game_system="dropzone-commander")
        assert caught.value.code == "side-event-game-system"
        event.refresh_from_db()
        assert event.game_system == "starcraft-tmg"


def test_a_side_event_of_a_side_event_is_refused(world):
    side = skirmish(world)
    with pytest.raises(ServiceError) as caught:
        side_event_create(main=side, actor=world.users["alice"], name="Nested")
    assert caught.value.code == "side-event-of-side-event"


@pytest.mark.parametrize(
    ("start", "minutes"),
    [(at(18), 60), (at(11, 45), 45), (at(8), 60), (at(15), 30), (at(9, 0, day=1), 60)],
    ids=["after-the-last", "touching-round-one-end", "touching-round-one-start", "lunch-gap", "next-day"],
)
def test_touching_or_clear_of_the_main_rounds_is_allowed(world, start, minutes):
    """11:45-12:30 fits between rounds 1 and 2 exactly; 08:00-09:00 ends as round 1 starts."""
    side = skirmish(
        world, planned_rounds=1, round_minutes=minutes, schedule=[{"round": 1, "starts_at": start}]
    )
    assert len(side.schedule) == 1


@pytest.mark.parametrize(
    ("start", "main_round"),
    [(at(11, 44), 1), (at(8, 1), 1), (at(14, 59), 2), (at(12, 0), 2), (at(13), 2)],
)
def test_overlapping_a_main_round_is_refused_naming_it(world, start, main_round):
    with pytest.raises(ServiceError) as caught:
        skirmish(world, planned_rounds=1, schedule=[{"round": 1, "starts_at": start}])
    assert caught.value.code == "overlaps-main-round"
    assert caught.value.field == "schedule"
    assert f"round {main_round} of Winter Clash" in caught.value.message
    assert not Event.objects.filter(side_event_of=world.event).exists()


def test_the_main_schedule_cannot_move_onto_a_side_event(world):
    side = skirmish(world, planned_rounds=1, schedule=[{"round": 1, "starts_at": at(18)}])
    moved = [*main_schedule()[:2], {"round": 3, "starts_at": at(16)}]  # now ends 18:30
    with pytest.raises(ServiceError) as caught:
        event_update(event=world.event, actor=world.users["alice"], schedule=moved)
    assert caught.value.code == "overlaps-main-round"
    assert "Evening Skirmish" in caught.value.message
    assert "round 3 of Winter Clash" in caught.value.message
    world.event.refresh_from_db()
    assert world.event.schedule[2]["starts_at"] == "2026-10-03T15:30:00+00:00"  # nothing saved
    # Nor can a longer round length push round 3 past 18:00.
    with pytest.raises(ServiceError) as longer:
        event_update(event=world.event, actor=world.users["alice"], round_minutes=180)
    assert longer.value.code == "overlaps-main-round"
    # Nor the side event move onto the main event.
    with pytest.raises(ServiceError) as back:
        event_update(event=side, actor=world.users["alice"], schedule=[{"round": 1, "starts_at": at(17)}])
    assert back.value.code == "overlaps-main-round"


def test_an_events_own_rounds_may_not_overlap(world):
    with pytest.raises(ServiceError) as caught:
        event_update(
            event=world.event,
            actor=world.users["alice"],
            schedule=[{"round": 1, "starts_at": at(9)}, {"round": 2, "starts_at": at(11)}],
        )
    assert caught.value.code == "invalid-schedule"
    with pytest.raises(ServiceError) as beyond:
        event_update(event=world.event, actor=world.users["alice"], planned_rounds=2)
    assert beyond.value.code == "invalid-schedule"
    assert "plans 2 rounds" in beyond.value.message


def test_a_main_event_player_joins_in_one_tap_and_a_dropped_one_too(world, users):
    side = skirmish(world)
    bob = side_event_join(side=side, user=users["bob"])
    assert (bob.name, bob.email, bob.event) == ("Bob", "bob@example.org", side)
    player_drop(player=world.carol, by=users["carol"])
    carol = side_event_join(side=side, user=users["carol"])
    assert carol.event == side
    with pytest.raises(ServiceError) as twice:
        side_event_join(side=side, user=users["bob"])
    assert twice.value.code == "already-registered"


def test_a_non_player_cannot_join_without_the_usual_registration(world, users):
    side = skirmish(world)
    with pytest.raises(ServiceError) as caught:
        side_event_join(side=side, user=users["mallory"])
    assert caught.value.code == "not-a-main-event-player"
    assert not Player.objects.filter(event=side).exists()
    # The usual way in still works: the side event's own link.
    entry = player_join(event=side, user=users["mallory"], join_code=side.join_code)
    assert entry.event == side


def test_a_disqualified_player_or_a_closed_side_event_is_refused(world, users):
    side = skirmish(world)
    Player.objects.filter(pk=world.bob.pk).update(disqualified_after_round=1)
    with pytest.raises(ServiceError) as dq:
        side_event_join(side=side, user=users["bob"])
    assert dq.value.code == "disqualified"
    Event.objects.filter(pk=side.pk).update(status=EventStatus.RUNNING)
    side.refresh_from_db()
    with pytest.raises(ServiceError) as closed:
        side_event_join(side=side, user=users["carol"])
    assert closed.value.code == "registration-closed"


def test_joining_an_event_that_is_not_a_side_event_is_refused(world, users):
    with pytest.raises(ServiceError) as caught:
        side_event_join(side=world.event, user=users["bob"])
    assert caught.value.code == "not-a-side-event"


def test_a_side_event_pairs_like_any_event(world, users):
    side = skirmish(world)
    side_event_join(side=side, user=users["bob"])
    side_event_join(side=side, user=users["carol"])
    round_ = round_pair(event=side, by=users["alice"], seed=1, confirm=True)
    games = list(round_.games.all())
    assert len(games) == 1
    one, two = games[0].player_one, games[0].player_two
    assert two is not None
    assert {one.event_id, two.event_id} == {side.pk}


def test_the_listing_fields_are_checked(world):
    alice = world.users["alice"]
    with pytest.raises(ServiceError) as caught:
        event_update(event=world.event, actor=alice, table_seating="sofa")
    assert caught.value.field == "table_seating"
    with pytest.raises(ServiceError) as long:
        event_update(event=world.event, actor=alice, pairing_platform="x" * 201)
    assert long.value.field == "pairing_platform"
    event = event_update(
        event=world.event,
        actor=alice,
        layouts_in_use="Maps 1-6",
        step_free_access=True,
        accessible_toilet=False,
        table_seating="standing",
        seating_on_request=True,
        accommodations_contact="access@example.org",
    )
    assert event.pairing_platform == "Muster"
    assert event.starts_on is not None
    assert event.accommodations_deadline == event.starts_on - dt.timedelta(days=7)
    three_days = event.starts_on - dt.timedelta(days=3)
    event = event_update(event=event, actor=alice, accommodations_by=three_days)
    assert event.accommodations_deadline == three_days


# --- deleting a side event ---------------------------------------------------------------------


def test_an_unplayed_side_event_is_deleted_with_its_players_and_the_main_event_untouched(world, users):
    side = skirmish(world)
    side_event_join(side=side, user=users["bob"])
    side_event_join(side=side, user=users["carol"])
    main_players = set(Player.objects.filter(event=world.event).values_list("pk", flat=True))
    main_log = AuditEntry.objects.filter(event=world.event).count()
    side_event_delete(main=world.event, side=side, actor=users["alice"])
    assert not Event.objects.filter(pk=side.pk).exists()
    assert not Player.objects.filter(event_id=side.pk).exists()
    assert set(Player.objects.filter(event=world.event).values_list("pk", flat=True)) == main_players
    entry = AuditEntry.objects.filter(event=world.event).latest("id")
    assert (entry.action, entry.subject, entry.data["players"]) == (
        "side-event-deleted",
        "Evening Skirmish",
        2,
    )
    assert AuditEntry.objects.filter(event=world.event).count() == main_log + 1


def test_a_paired_side_event_is_refused_until_its_rounds_are_undone(world, users):
    side = skirmish(world)
    side_event_join(side=side, user=users["bob"])
    side_event_join(side=side, user=users["carol"])
    round_ = round_pair(event=side, by=users["alice"], seed=1, confirm=True)
    with pytest.raises(ServiceError) as paired:
        side_event_delete(main=world.event, side=side, actor=users["alice"])
    assert paired.value.code == "side-event-started"
    assert "undo its rounds first" in paired.value.message
    assert Event.objects.filter(pk=side.pk).exists()
    assert Player.objects.filter(event=side).count() == 2  # nothing half-deleted
    round_undo(round_=round_, by=users["alice"])
    side_event_delete(main=world.event, side=side, actor=users["alice"])
    assert not Event.objects.filter(pk=side.pk).exists()


def test_a_side_event_with_a_result_stays_on_record(world, users):
    side = skirmish(world)
    side_event_join(side=side, user=users["bob"])
    side_event_join(side=side, user=users["carol"])
    round_ = round_pair(event=side, by=users["alice"], seed=1, confirm=True)
    round_publish(round_=round_, by=users["alice"], confirm=True)
    Game.objects.filter(round=round_).update(outcome="win", vp_one=10, vp_two=2)
    with pytest.raises(ServiceError) as played:
        side_event_delete(main=world.event, side=side, actor=users["alice"])
    assert played.value.code == "side-event-started"
    assert "stay on record" in played.value.message
    assert Round.objects.filter(pk=round_.pk).exists()


def test_only_a_side_event_of_this_main_event_is_deleted(world, users):
    other = build_world(users, name="Spring Clash", rosters=False)
    with pytest.raises(ServiceError) as main:
        side_event_delete(main=other.event, side=world.event, actor=users["alice"])
    assert main.value.code == "not-a-side-event"
    side = skirmish(world)
    with pytest.raises(ServiceError) as elsewhere:
        side_event_delete(main=other.event, side=side, actor=users["alice"])
    assert elsewhere.value.code == "not-a-side-event"
    assert Event.objects.filter(pk=side.pk).exists()
    assert Event.objects.filter(pk=world.event.pk).exists()


def test_the_main_events_rosters_come_along_on_a_one_tap_join(users):
    main = build_world(users, name="Winter Clash", round_minutes=150, schedule=main_schedule())
    side = skirmish(main)
    joined = side_event_join(side=side, user=users["bob"])
    theirs = {r.slot: r for r in main.bob.rosters.all()}
    mine = {r.slot: r for r in joined.rosters.all()}
    assert mine, "no roster came along"
    for slot, roster in mine.items():
        assert roster.document == theirs[slot].document
    from tournaments.selectors import round_readiness

    codes = {p.code for p in round_readiness(side, number=1) if p.player.pk == joined.pk}
    assert "no-roster" not in codes


def test_a_side_round_over_a_main_round_in_play_needs_the_to_to_say_so(world, users):
    """No schedule to refuse it: the pre-round check names who is playing the main event."""
    from tournaments.selectors import round_readiness

    side = skirmish(world)
    bob = side_event_join(side=side, user=users["bob"])
    side_event_join(side=side, user=users["carol"])
    assert not [p for p in round_readiness(side, number=1) if p.code == "in-main-round"]
    round_publish(
        round_=round_pair(event=world.event, by=users["alice"], seed=1, confirm=True),
        by=users["alice"],
        confirm=True,
    )
    busy = [p for p in round_readiness(side, number=1) if p.code == "in-main-round"]
    assert {p.player.name for p in busy} == {"Bob", "Carol"}
    assert "is playing a round of the main event now" in busy[0].reason
    with pytest.raises(ServiceError) as caught:
        round_pair(event=side, by=users["alice"], seed=1)
    assert caught.value.code == "not-ready"
    assert bob.event == side


def test_an_event_announced_within_its_last_week_asks_for_accommodations_as_soon_as_possible(users, client):
    """Not "by 27 November" on an event listed on 4 December: no date already past."""
    from django.utils import timezone

    today = timezone.localdate()
    soon = build_world(users, name="Short Notice", rosters=False, starts_on=today + dt.timedelta(days=2))
    assert soon.event.accommodations_deadline is None
    page = client.get(f"/e/{soon.event.slug}/").content.decode()
    assert "Ask the TO as soon as possible" in page
    later = build_world(users, name="Long Notice", rosters=False, starts_on=today + dt.timedelta(days=30))
    assert later.event.accommodations_deadline == today + dt.timedelta(days=23)
