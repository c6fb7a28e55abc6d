"""Polling that costs nothing: ETags from the event version, 304s, per-version caches, fragments.

The polled pages (pairings, standings, a player's standing, rosters, the event page, a
player's own page, the standings and round API) answer If-None-Match with a body-less 304
until something they show changes. Each kind of change a service makes moves the event
version, and with it every ETag and cache key; what changes by time alone (roster
publication on a date, the round clock) is never served stale.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Q
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.utils import timezone

from judging.models import Penalty
from judging.services import disqualification_confirm, penalty_issue
from tests.builders.documents import terran_text
from tests.builders.rows import add_player, add_staff, give_rosters, make_event, play_round
from tournaments.caching import claim_key, version_key
from tournaments.models import Event, Game, RosterPublication, RoundStatus
from tournaments.selectors import standings_cached
from tournaments.services.events import event_update, staff_add, tables_set
from tournaments.services.players import player_check_in, player_drop, player_register
from tournaments.services.reporting import ResultInput, result_confirm, result_report, result_set
from tournaments.services.rosters import roster_submit, roster_withdraw
from tournaments.services.rounds import round_pair, round_publish, round_swap_tables
from tournaments.services.versions import event_touch

pytestmark = pytest.mark.django_db

PAIRINGS = "/e/spring-skirmish/pairings/"
STANDINGS = "/e/spring-skirmish/standings/"
POLLED = [
    PAIRINGS,
    STANDINGS,
    "/e/spring-skirmish/standings/p1/",
    "/e/spring-skirmish/rosters/",
    "/e/spring-skirmish/",
    "/api/events/spring-skirmish/standings/",
    "/api/events/spring-skirmish/rounds/1/",
]


@pytest.fixture
def event(alice, bob, carol):
    """Bob and Carol (with two more players) in published round 1, nothing reported yet;
    rosters shown to each opponent only (the pages' own caching, without the factions)."""
    event = make_event(
        to=alice, players=2, planned_rounds=3, roster_publication=RosterPublication.OPPONENT_ONLY
    )
    add_player(event, bob, "Bob")
    add_player(event, carol, "Carol")
    play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    return event


def bobs_game(event: Event, bob) -> Game:
    return Game.objects.get(Q(player_one__user=bob) | Q(player_two__user=bob), round__event=event)


def get(client: Client, url: str, etag: str | None = None, **headers: str) -> Any:
    if etag is not None:
        headers["If-None-Match"] = etag
    return client.get(url, headers=headers)


def settled(client: Client, url: str, **headers: str) -> Any:
    """The page once the browser holds its CSRF cookie (the first visit sets it, which
    rightly changes the ETag: the page embeds a token from that secret)."""
    get(client, url, **headers)
    return get(client, url, **headers)


def etag_of(client: Client, url: str, **headers: str) -> str:
    response = settled(client, url, **headers)
    assert response.status_code == 200, url
    assert response.has_header("ETag"), url
    return str(response["ETag"])


def version(event: Event) -> int:
    return Event.objects.values_list("version", flat=True).get(pk=event.pk)


# --- 304 when unchanged ---------------------------------------------------------------


@pytest.mark.parametrize("url", POLLED)
def test_unchanged_polled_page_is_a_bodyless_304(client, event, url):
    first = settled(client, url)
    assert first.status_code == 200
    tag = first["ETag"]
    assert "private" in first["Cache-Control"]
    assert "no-cache" in first["Cache-Control"]
    assert {"Cookie", "HX-Request"} <= {v.strip() for v in first["Vary"].split(",")}
    again = get(client, url, tag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == tag


def test_a_stale_etag_gets_the_page(client, event):
    assert get(client, PAIRINGS, '"not-the-current-one"').status_code == 200


def test_a_304_costs_only_the_access_queries(client, event, bob, django_assert_num_queries):
    tag = etag_of(client, PAIRINGS)
    with django_assert_num_queries(1):  # the event; anonymous callers have no roles to look up
        assert get(client, PAIRINGS, tag).status_code == 304
    client.force_login(bob)
    tag = etag_of(client, STANDINGS)
    # session, user, event, staff roles, own entry
    with django_assert_num_queries(5):
        assert get(client, STANDINGS, tag).status_code == 304


# --- a change moves the ETag ------------------------------------------------------------


def test_a_confirmed_result_changes_pairings_and_standings(client, event, bob, carol):
    before = {url: etag_of(client, url) for url in (PAIRINGS, STANDINGS)}
    page = get(client, PAIRINGS).content.decode()
    assert "Waiting for a result" in page
    game = bobs_game(event, bob)
    one, two = game.player_one, game.player_two
    assert two is not None
    result_report(game=game, player=one, result=ResultInput(vp_one=8, vp_two=3), by=bob)
    after_report = get(client, PAIRINGS, before[PAIRINGS])
    assert after_report.status_code == 200  # "waiting for the opponent" is visible too
    game.refresh_from_db()
    result_confirm(game=game, player=two, by=carol)
    for url, tag in before.items():
        response = get(client, url, tag)
        assert response.status_code == 200, url
        assert response["ETag"] != tag
    assert "8\N{EN DASH}3" in get(client, PAIRINGS).content.decode()


def test_different_users_get_different_etags(client, event, bob, carol, alice):
    anonymous = etag_of(client, STANDINGS)
    client.force_login(bob)
    as_bob = etag_of(client, STANDINGS)
    me_bob = etag_of(client, "/e/spring-skirmish/me/")
    client.force_login(carol)
    as_carol = etag_of(client, STANDINGS)
    assert len({anonymous, as_bob, as_carol}) == 3
    # Bob's own page, revalidated with Carol's cookie, is never Bob's 304.
    response = get(client, "/e/spring-skirmish/me/", me_bob)
    assert response.status_code == 200
    assert "Carol" in response.content.decode()


def test_a_new_role_changes_the_etag(client, event, bob, alice):
    client.force_login(bob)
    tag = etag_of(client, "/e/spring-skirmish/me/")
    staff_add(event=event, actor=alice, user=bob, role="floor-judge")
    response = get(client, "/e/spring-skirmish/me/", tag)
    assert response.status_code == 200
    assert "Judge" in response.content.decode()


def test_a_fresh_log_in_never_revalidates_a_page_with_the_old_csrf_token(client, event, bob):
    client.force_login(bob)
    tag = etag_of(client, "/e/spring-skirmish/me/")
    client.logout()
    client.force_login(bob)  # same user; logout dropped every cookie, so a new CSRF secret
    get(client, "/e/spring-skirmish/me/")  # sets the new CSRF cookie
    assert get(client, "/e/spring-skirmish/me/", tag).status_code == 200


def test_a_message_is_never_swallowed_by_a_304(client, event, bob):
    client.force_login(bob)
    tag = etag_of(client, "/e/spring-skirmish/me/")
    # A refused POST changes nothing (no version bump) but leaves a message for the next page.
    client.post("/e/spring-skirmish/me/confirm/")
    response = get(client, "/e/spring-skirmish/me/", tag)
    assert response.status_code == 200
    assert "There is no result waiting for your confirmation." in response.content.decode()
    assert not response.has_header("ETag")  # a 304 later must not show the message again
    assert get(client, "/e/spring-skirmish/me/", tag).status_code == 304


# --- pages that change by time alone ----------------------------------------------------


def test_rosters_published_on_a_date_appear_when_the_date_passes(client, event, bob, monkeypatch):
    give_rosters(event)
    Event.objects.filter(pk=event.pk).update(
        roster_publication=RosterPublication.ON_DATE,
        rosters_published_at=timezone.now() + dt.timedelta(hours=1),
    )
    event_touch(event)
    url = "/e/spring-skirmish/rosters/"
    first = settled(client, url)
    assert "Bob" not in first.content.decode()
    later = timezone.now() + dt.timedelta(hours=2)
    monkeypatch.setattr(timezone, "now", lambda: later)
    response = get(client, url, first["ETag"])
    assert response.status_code == 200  # no write happened, yet the page changed
    assert "Bob" in response.content.decode()


def test_the_roster_deadline_passing_changes_the_players_page_etag(client, event, bob, monkeypatch):
    Event.objects.filter(pk=event.pk).update(roster_deadline=timezone.now() + dt.timedelta(minutes=5))
    client.force_login(bob)
    tag = etag_of(client, "/e/spring-skirmish/me/")
    later = timezone.now() + dt.timedelta(minutes=10)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert get(client, "/e/spring-skirmish/me/", tag).status_code == 200


@pytest.mark.parametrize("url", ["/e/spring-skirmish/clock/", "/e/spring-skirmish/clock/mini/"])
def test_the_round_clock_is_never_cached(client, event, url):
    response = get(client, url)
    assert response.status_code == 200
    assert not response.has_header("ETag")
    assert "no-store" in response["Cache-Control"]
    assert get(client, url, "*").status_code == 200


@pytest.mark.parametrize("url", ["/e/spring-skirmish/clock/state/", "/api/events/spring-skirmish/clock/"])
def test_the_round_clocks_readings_are_never_stored_but_carry_a_validator(client, event, url):
    # docs/polling.md, "The round clock": the page's script keeps its reading and sends the
    # ETag itself; no cache may keep a reading (its server_now would come back stale).
    response = get(client, url)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    unchanged = get(client, url, response["ETag"])
    assert unchanged.status_code == 304
    assert "no-store" in unchanged["Cache-Control"]
    assert get(client, url, '"something-else"').status_code == 200


def test_the_clock_control_page_is_never_cached(client, event, alice):
    client.force_login(alice)
    response = get(client, "/e/spring-skirmish/rounds/1/clock/")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]


# --- every kind of change moves the version (and so every ETag and cache key) -----------


def _register(event, users):
    player_register(event=event, name="Dora", by=users["alice"])


def _drop(event, users):
    player = event.players.get(user=users["bob"])
    player_drop(player=player, by=users["bob"])


def _check_in(event, users):
    player_check_in(player=event.players.get(user=users["bob"]), by=users["alice"])


def _roster(event, users):
    # Round 1 is paired, so rosters are locked: the TO corrects one.
    roster_submit(
        player=event.players.get(user=users["bob"]),
        slot=1,
        content=terran_text(),
        by=users["alice"],
        as_staff=True,
    )


def _settings(event, users):
    event_update(event=event, actor=users["alice"], venue="The Other Hall")


def _tables(event, users):
    tables_set(event=event, actor=users["alice"], tables=[(n, f"Layout {n}") for n in range(1, 5)])


def _staff(event, users):
    staff_add(event=event, actor=users["alice"], user=users["judy"], role="floor-judge")


def _result_set(event, users):
    game = bobs_game(event, users["bob"])
    result_set(game=game, result=ResultInput(vp_one=5, vp_two=5), by=users["alice"], reason="slip")


def _next_round(event, users):
    for game in Game.objects.filter(round__event=event, player_two__isnull=False):
        result_set(game=game, result=ResultInput(vp_one=6, vp_two=2), by=users["alice"], reason="slips")
    before = version(event)
    round_ = round_pair(event=event, by=users["alice"], seed=3, confirm=True)
    assert version(event) > before
    before = version(event)
    round_swap_tables(
        round_=round_, first=round_.games.all()[0], second=round_.games.all()[1], by=users["alice"]
    )
    assert version(event) > before
    before = version(event)
    round_publish(round_=round_, by=users["alice"], confirm=True)
    assert version(event) > before


def _disqualified(event, users):
    add_staff(event, users["hank"], "head-judge")
    player = event.players.get(user=users["bob"])
    penalty = penalty_issue(
        event=event, player=player, level="disqualification", category="conduct", by=users["hank"], notes="x"
    )
    assert isinstance(penalty, Penalty)
    before = version(event)
    disqualification_confirm(penalty=penalty, by=users["alice"])
    assert version(event) > before


CHANGES: dict[str, Callable[[Event, dict[str, Any]], None]] = {
    "player registered": _register,
    "player dropped": _drop,
    "player checked in": _check_in,
    "roster submitted": _roster,
    "settings changed": _settings,
    "tables set": _tables,
    "staff added": _staff,
    "result set by a judge": _result_set,
    "round paired, swapped, published": _next_round,
    "player disqualified": _disqualified,
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=list(CHANGES))
def test_each_kind_of_change_moves_the_version_and_the_etags(client, event, users, change):
    tags = {url: etag_of(client, url) for url in (PAIRINGS, STANDINGS, "/e/spring-skirmish/")}
    cached_under = version_key(Event.objects.get(pk=event.pk), "standings-html")
    assert cache.get(cached_under) is not None
    before = version(event)
    change(Event.objects.get(pk=event.pk), users)
    assert version(event) > before
    for url, tag in tags.items():
        assert get(client, url, tag).status_code == 200, url
    assert cache.get(version_key(Event.objects.get(pk=event.pk), "standings-html")) is not None


def test_withdrawing_a_roster_moves_the_version(client, alice, bob):
    event = make_event(to=alice, slug="dual", list_format="dual")
    player = add_player(event, bob, "Bob")
    roster_submit(player=player, slot=1, content=terran_text(), by=bob)
    roster_submit(player=player, slot=2, content=terran_text(), by=bob)
    client.force_login(bob)
    tag = etag_of(client, "/e/dual/rosters/")
    before = version(event)
    roster_withdraw(player=player, slot=2, by=bob)
    assert version(event) > before
    assert get(client, "/e/dual/rosters/", tag).status_code == 200


def test_the_standings_page_shows_what_changed(client, event, users):
    assert "Dora" not in get(client, STANDINGS).content.decode()
    _register(Event.objects.get(pk=event.pk), users)
    assert "Dora" in get(client, STANDINGS).content.decode()


def test_a_full_save_of_a_stale_event_keeps_the_version(event, alice):
    stale = Event.objects.get(pk=event.pk)
    start = stale.version
    event_touch(event)
    event_update(event=stale, actor=alice, venue="Elsewhere")  # saves every field but version
    assert version(event) == start + 2


# --- caches per version -----------------------------------------------------------------


def test_standings_are_computed_once_per_version(event, django_assert_num_queries):
    fresh = Event.objects.get(pk=event.pk)
    first = standings_cached(fresh)
    with django_assert_num_queries(0):
        again = standings_cached(fresh)
    assert again == first
    event_touch(event)
    moved = Event.objects.get(pk=event.pk)
    with CaptureQueriesContext(connection) as recomputed:
        standings_cached(moved)
    assert len(recomputed) > 0  # a new version is a new key: computed again


@override_settings(LIVE_REFRESH_MS=0)  # about the claim alone: no render is recent enough to reuse
def test_while_another_process_renders_the_new_version_the_last_one_is_served_as_what_it_is(
    client, event, users
):
    old = settled(client, STANDINGS, HX_Request="true")
    _register(Event.objects.get(pk=event.pk), users)  # a new version, not rendered yet
    claim = claim_key(Event.objects.get(pk=event.pk), "standings-html")
    assert cache.add(claim, 1)  # another process is rendering it
    meanwhile = get(client, STANDINGS, HX_Request="true")
    assert meanwhile.status_code == 200
    assert "Dora" not in meanwhile.content.decode()
    assert meanwhile["ETag"] == old["ETag"]  # labelled with the version it shows
    assert get(client, STANDINGS, old["ETag"], HX_Request="true").status_code == 304
    cache.delete(claim)
    fresh = get(client, STANDINGS, old["ETag"], HX_Request="true")
    assert fresh.status_code == 200
    assert "Dora" in fresh.content.decode()
    assert fresh["ETag"] != old["ETag"]


class _Clock:
    """tournaments.caching's wall clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> _Clock:
    clock = _Clock()
    monkeypatch.setattr("tournaments.caching.time.time", clock)
    return clock


@override_settings(LIVE_REFRESH_MS=1000)
@pytest.mark.parametrize(
    ("url", "change", "shown"),
    [(PAIRINGS, "tables set", "Layout 1"), (STANDINGS, "player registered", "Dora")],
)
def test_a_poll_within_the_refresh_time_of_the_last_render_is_answered_with_it_as_what_it_is(
    client, event, users, clock, url, change, shown
):
    old = settled(client, url, HX_Request="true")
    CHANGES[change](Event.objects.get(pk=event.pk), users)  # a new version, not rendered yet
    clock.now += 0.5
    with CaptureQueriesContext(connection) as polled:
        meanwhile = get(client, url, HX_Request="true")
    assert meanwhile.status_code == 200
    assert shown not in meanwhile.content.decode()
    assert meanwhile["ETag"] == old["ETag"]  # labelled with the version it shows
    assert get(client, url, old["ETag"], HX_Request="true").status_code == 304
    unrendered = get(client, url, old["ETag"])  # the page opened, not polled: never an old one
    assert unrendered.status_code == 200
    assert shown in unrendered.content.decode()
    clock.now += 1.0  # the newest stored is this version's now, rendered by that page load
    fresh = get(client, url, old["ETag"], HX_Request="true")
    assert fresh.status_code == 200
    assert shown in fresh.content.decode()
    assert fresh["ETag"] != old["ETag"]
    assert len(polled) < 8  # the old fragment was not rendered again: access queries only


@override_settings(LIVE_REFRESH_MS=1000)
def test_a_poll_after_the_refresh_time_renders_the_new_version(client, event, users, clock):
    old = settled(client, STANDINGS, HX_Request="true")
    _register(Event.objects.get(pk=event.pk), users)
    clock.now += 1.001
    fresh = get(client, STANDINGS, old["ETag"], HX_Request="true")
    assert fresh.status_code == 200
    assert "Dora" in fresh.content.decode()
    assert fresh["ETag"] != old["ETag"]


@override_settings(LIVE_REFRESH_MS=0)
def test_with_no_refresh_time_every_version_is_rendered_for_a_poll(client, event, users, clock):
    old = settled(client, PAIRINGS, HX_Request="true")
    _register(Event.objects.get(pk=event.pk), users)
    fresh = get(client, PAIRINGS, old["ETag"], HX_Request="true")
    assert fresh.status_code == 200
    assert fresh["ETag"] != old["ETag"]


def test_nothing_read_inside_a_write_is_shared(event):
    fresh = Event.objects.get(pk=event.pk)
    with transaction.atomic():
        standings_cached(fresh)
    assert cache.get(version_key(fresh, "standings")) is None
    standings_cached(fresh)
    assert cache.get(version_key(fresh, "standings")) is not None


@pytest.mark.parametrize("players", [8, 40])
def test_polled_pages_cost_a_fixed_number_of_queries(client, alice, players, django_assert_max_num_queries):
    event = make_event(
        to=alice, players=players, planned_rounds=3, roster_publication=RosterPublication.OPPONENT_ONLY
    )
    play_round(event, 1)
    play_round(event, 2, status=RoundStatus.PUBLISHED, scored=False)
    for url in (PAIRINGS, STANDINGS):
        settled(client, url)  # fills the cache for this version and sets the CSRF cookie
        with django_assert_max_num_queries(1):  # the event; the fragment comes from the cache
            response = get(client, url)
        assert response.status_code == 200
        with django_assert_max_num_queries(1):
            assert get(client, url, response["ETag"]).status_code == 304
        with django_assert_max_num_queries(1):
            assert get(client, url, HX_Request="true").status_code == 200
    assert get(client, STANDINGS).content.decode().count("Player 0") >= players


# --- htmx gets the fragment -------------------------------------------------------------


@pytest.mark.parametrize(("url", "wrapper"), [(PAIRINGS, "pairings-live"), (STANDINGS, "standings-live")])
def test_an_htmx_poll_gets_the_fragment_alone(client, event, url, wrapper):
    page = settled(client, url)
    fragment = settled(client, url, HX_Request="true")
    assert fragment.status_code == 200
    body = fragment.content.decode()
    assert body.startswith(f'<div id="{wrapper}"')
    assert "<html" not in body
    assert "<nav" not in body
    assert f'hx-get="{url}"' in body
    assert 'hx-trigger="every' in body
    assert body.strip() in page.content.decode()  # the very block the page embeds
    assert len(fragment.content) < len(page.content)
    assert fragment["ETag"] != page["ETag"]
    assert get(client, url, fragment["ETag"], HX_Request="true").status_code == 304
    assert get(client, url, fragment["ETag"]).status_code == 200  # the page is not the fragment


def test_a_past_round_polls_its_own_round(client, event, alice):
    played = Game.objects.filter(round__event=event, player_two__isnull=False)
    for game in played:
        result_set(game=game, result=ResultInput(vp_one=6, vp_two=2), by=alice, reason="slips")
    round_publish(round_=round_pair(event=event, by=alice, seed=1, confirm=True), by=alice, confirm=True)
    body = get(client, f"{PAIRINGS}?round=1", HX_Request="true").content.decode()
    assert "Round 1 pairings" in body
    assert f'hx-get="{PAIRINGS}?round=1"' in body
    assert get(client, f"{PAIRINGS}?round=9").status_code == 404
    assert get(client, f"{PAIRINGS}?round=x").status_code == 404
