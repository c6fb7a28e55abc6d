"""A prepared query gives exactly what the ORM gives for the same queryset, and refuses what
it cannot run again (tournaments.prepared_queries)."""

from __future__ import annotations

import threading
from typing import Any, cast

import pytest
from django.db import connection
from django.db.models import Count, Q
from django.utils import timezone

from rosters.models import Roster
from tests.builders.rows import add_roster, add_round, give_rosters, make_event, play_round
from tournaments.models import Event, Game, Player, ResultReport, RoundStatus
from tournaments.prepared_queries import Prepared, PreparedQueryError, PreparedRows
from tournaments.selectors import player_games, player_page_games, players_reports, rosters_of, seat_of

pytestmark = pytest.mark.django_db


def _fields(row: Any) -> dict[str, Any]:
    return {
        f.attname: getattr(row, f.attname)
        for f in type(row)._meta.concrete_fields
        if f.attname in row.__dict__
    }


def _games(player_id: int) -> Any:
    return (
        Game.objects.filter(Q(player_one_id=player_id) | Q(player_two_id=player_id))
        .exclude(round__status=RoundStatus.PAIRED)
        .select_related("round", "table", "player_one", "player_two")
        .order_by("-round__number")
    )


def test_rows_and_their_joined_objects_equal_the_orms_field_by_field(alice):
    event = make_event(to=alice, players=5)
    play_round(event, 1)
    play_round(event, 2, status=RoundStatus.PUBLISHED, scored=False)
    add_round(event, 3, [("p1", "p3")], RoundStatus.PAIRED)
    prepared = Prepared(_games, int)
    for player in Player.objects.filter(event=event):
        ours, orms = prepared(player.pk), list(_games(player.pk))
        assert [g.pk for g in ours] == [g.pk for g in orms]
        assert ours, "every player has a game or a bye in rounds 1 and 2"
        for mine, theirs in zip(ours, orms, strict=True):
            assert _fields(mine) == _fields(theirs)
            for relation in ("round", "table", "player_one", "player_two"):
                joined, expected = getattr(mine, relation), getattr(theirs, relation)
                assert (joined is None) == (expected is None), relation
                if joined is not None:
                    assert _fields(joined) == _fields(expected), relation
                    assert joined._state.adding is False
            assert mine._state.db == "default"


def test_the_player_pages_reads_equal_the_querysets_they_replace(alice):
    event = make_event(to=alice, players=4)
    give_rosters(event)
    play_round(event, 1)
    round_two = play_round(event, 2, status=RoundStatus.PUBLISHED, scored=False)
    player = Player.objects.filter(event=event).order_by("id").first()
    assert player is not None
    add_roster(player, 2)
    games = player_page_games(player)
    assert [g.pk for g in games] == list(player_games(player).values_list("pk", flat=True))
    assert games[0].round == round_two
    with pytest.raises(Exception, match="has no draft"):
        games[0].draft  # joined: none exists, and reading it asks nothing more  # noqa: B018
    rosters = rosters_of(player)
    assert [(r.slot, r.pk) for r in rosters] == [(r.slot, r.pk) for r in player.rosters.order_by("slot")]
    assert all(r.player is player for r in rosters)
    game = games[0]
    ResultReport.objects.create(game=game, reporter=player, outcome="played", vp_one=9, vp_two=4)
    ResultReport.objects.create(game=game, entered_by=alice, outcome="played", vp_one=8, vp_two=4)
    assert [r.reporter_id for r in players_reports(game)] == [player.pk]


def test_annotations_and_deferred_fields_come_as_the_orm_gives_them(alice):
    event = make_event(to=alice, players=3)
    give_rosters(event)

    def counted(event_id: int) -> Any:
        return (
            Player.objects.filter(event_id=event_id)
            .annotate(armies=Count("rosters"))
            .only("name")
            .order_by("pk")
        )

    ours, orms = Prepared(counted, int)(event.pk), list(counted(event.pk))
    assert [(p.pk, p.name, p.armies) for p in ours] == [(p.pk, p.name, p.armies) for p in orms]
    assert all(p.armies == 1 for p in ours)
    assert ours[0].get_deferred_fields() == orms[0].get_deferred_fields() != set()


def test_strings_and_several_arguments_each_reach_their_own_place(alice):
    make_event(to=alice, players=2, slug="one")
    other = make_event(to=alice, players=2, slug="two")
    prepared = Prepared(
        lambda slug, pk: Event.objects.filter(Q(slug=slug) | Q(pk=pk)).order_by("slug"), str, int
    )
    assert [e.slug for e in prepared("one", other.pk)] == ["one", "two"]
    assert [e.slug for e in prepared("one", -1)] == ["one"]
    assert prepared("none", -1) == []


def test_what_cannot_be_run_again_is_refused(alice):
    event = make_event(to=alice, players=2)
    with pytest.raises(PreparedQueryError, match="varies"):
        Prepared(lambda pk: Event.objects.filter(pk=pk, created_at__lte=timezone.now()), int)(event.pk)
    with pytest.raises(PreparedQueryError, match="prefetch"):
        Prepared(lambda pk: Event.objects.filter(pk=pk).prefetch_related("players"), int)(event.pk)
    with pytest.raises(PreparedQueryError, match="ModelIterable"):
        Prepared(lambda pk: cast(Any, Event.objects.filter(pk=pk).values("slug")), int)(event.pk)
    with pytest.raises(PreparedQueryError, match="as it was given"):
        Prepared(lambda name: Event.objects.filter(name__icontains=name), str)("Spring")
    with pytest.raises(PreparedQueryError, match="do not match"):
        Prepared(lambda pk: Event.objects.filter(pk=pk), int)("1")
    with pytest.raises(PreparedQueryError, match="do not match"):
        Prepared(lambda pk: Event.objects.filter(pk=pk), int)()
    assert Roster.objects.count() == 0


def test_value_rows_equal_the_orms_and_the_seat_is_the_callers(alice):
    event = make_event(to=alice, players=5)
    play_round(event, 1)
    play_round(event, 2, status=RoundStatus.PUBLISHED, scored=False)

    def seats(player_id: int) -> Any:
        return (
            Game.objects.filter(Q(player_one_id=player_id) | Q(player_two_id=player_id))
            .order_by("round__number")
            .values_list("round__number", "table__number", "player_two__name", "round__published_at")
        )

    prepared = PreparedRows(seats, int)
    for player in Player.objects.filter(event=event):
        assert prepared(player.pk) == list(seats(player.pk))
        seat = seat_of(player)
        assert seat is not None
        assert seat.round == 2
    one = Player.objects.get(event=event, external_id="p1")
    seat = seat_of(one)
    assert seat is not None
    assert (seat.table, seat.opponent) == (1, "Player 002")
    with pytest.raises(PreparedQueryError, match="ValuesListIterable"):
        PreparedRows(lambda pk: Event.objects.filter(pk=pk), int)(event.pk)
    with pytest.raises(PreparedQueryError, match="ValuesListIterable"):
        PreparedRows(lambda pk: Event.objects.filter(pk=pk).values_list("pk", flat=True), int)(event.pk)
    with pytest.raises(PreparedQueryError, match="annotations"):
        PreparedRows(
            lambda pk: Event.objects.filter(pk=pk).annotate(n=Count("players")).values_list("slug", "n"), int
        )(event.pk)


@pytest.mark.django_db(transaction=True)
def test_one_plan_serves_every_thread_each_on_its_own_connection(alice):
    """Compiled once in a process (gunicorn's threads share it), run on each thread's own
    connection, with that connection's converters."""
    event = make_event(to=alice, players=2)
    prepared = Prepared(lambda pk: Event.objects.filter(pk=pk), int)
    here = prepared(event.pk)
    found: list[Any] = []

    def in_a_thread() -> None:
        try:
            found.extend(prepared(event.pk))
            found.append(connection.vendor)
        finally:
            connection.close()

    worker = threading.Thread(target=in_a_thread)
    worker.start()
    worker.join()
    assert len(prepared._plans) == 1
    assert found[:-1] == here
    assert _fields(found[0]) == _fields(here[0])
    assert found[0].created_at == here[0].created_at is not None
