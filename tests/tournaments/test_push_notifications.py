"""Pushes to the players' and judges' devices, with the mail as the fallback (docs/push.md).

A stand-in push service listens on 127.0.0.1 (tests/builders/push_service.py); each player
subscribes a "browser" with its own P-256 key pair and auth secret. Every trigger (publish,
report, a judge's correction, a dispute to the staff) is checked at the far end: the body
decrypts (aes128gcm) with the browser's keys to the payload with the right title, body and
page; the VAPID header is signed by the site's key for the endpoint's origin and has not
expired; TTL, Urgency and Topic are sent. A push service answering 410 loses the
subscription and the mail goes instead; a kind whose push is off is mailed, not pushed;
nobody without a device is pushed.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.core import mail

from accounts import webpush
from accounts.models import PushSubscription
from accounts.notifications import preference_set
from tests.builders.push_service import Browser, PushService, start_push_service, vapid_claims
from tests.builders.rows import add_player, add_round, make_event
from tournaments.models import Game, Outcome, RoundStatus, StaffRoleKind
from tournaments.services.events import staff_add
from tournaments.services.push import push_subscribe
from tournaments.services.reporting import ResultInput, result_dispute, result_report, result_set
from tournaments.services.rounds import round_publish

pytestmark = pytest.mark.django_db

ME = "http://127.0.0.1:8000/e/winter-clash/me/"


@pytest.fixture(autouse=True)
def _tasks_in_process(tasks_in_process_quietly):
    """The pushes are sent in the test, as a worker would send them."""


@pytest.fixture
def vapid(settings) -> str:
    """The site's VAPID key (as `webpush_keys` prints it); returns the public key."""
    private, public = webpush.new_key_pair()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = private
    settings.WEBPUSH_ALLOW_LOOPBACK = True
    return public


@pytest.fixture
def service():
    running = start_push_service()
    yield running
    running.server.shutdown()
    running.server.server_close()


def subscribe(user: Any, service: PushService, name: str) -> Browser:
    browser = Browser(f"{service.origin}/push/{name}")
    sub = browser.subscription()
    push_subscribe(
        user=user,
        endpoint=sub["endpoint"],
        p256dh=sub["keys"]["p256dh"],
        auth=sub["keys"]["auth"],
        user_agent="Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36",
    )
    return browser


@pytest.fixture
def table(alice, bob, carol):
    """Bob v Carol (and Dan, no account, with the bye), paired, not published."""
    event = make_event(to=alice, name="Winter Clash", slug="winter-clash", tables=3)
    b = add_player(event, bob, "Bob")
    c = add_player(event, carol, "Carol")
    d = add_player(event, None, "Dan")
    round_ = add_round(event, 1, [(d, None), (b, c)], RoundStatus.PAIRED)
    return round_, b, c


def _publish(round_, alice, capture) -> Game:
    with capture(execute=True):
        round_publish(round_=round_, by=alice, confirm=True)
    game: Game = round_.games.exclude(player_two=None).get()
    return game


def _played(one: int, two: int) -> ResultInput:
    return ResultInput(Outcome.PLAYED, one, two, details={"battle_rounds": 4})


def _addresses() -> list[str]:
    return sorted(m.to[0] for m in mail.outbox)


def test_a_published_round_is_pushed_to_each_players_phone_instead_of_mailed(
    table, alice, bob, carol, vapid, service, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    to_bob, to_carol = subscribe(bob, service, "bob"), subscribe(carol, service, "carol")
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert mail.outbox == []  # both reached on their phone: no mail
    (at_bob,) = service.to("/push/bob")
    assert to_bob.decrypt(at_bob) == {
        "title": "Round 1 is up: table 1 against Carol",
        "body": "Winter Clash (Map 1)",
        "url": ME,
        "kind": "pairing",
        "tag": "winter-clash:1:pairing",
    }
    assert to_carol.decrypt(service.to("/push/carol")[0])["title"] == "Round 1 is up: table 1 against Bob"
    # The headers a push service needs: how long to keep it, how urgent, which older push it replaces.
    assert at_bob.headers["ttl"] == "7200"
    assert at_bob.headers["urgency"] == "high"
    assert at_bob.headers["topic"] == webpush.topic_of("winter-clash:1:pairing")
    claims = vapid_claims(at_bob, vapid)
    assert claims["aud"] == service.origin
    assert claims["sub"] == "mailto:muster@localhost"
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600
    stored = PushSubscription.objects.get(user=bob)
    assert stored.last_sent_at is not None
    assert stored.label == "Chrome on Android"


def test_a_bye_is_pushed_as_the_bye(alice, vapid, service, django_capture_on_commit_callbacks, bob):
    event = make_event(to=alice, name="Winter Clash", slug="winter-clash", tables=1)
    b = add_player(event, bob, "Bob")
    round_ = add_round(event, 1, [(b, None)], RoundStatus.PAIRED)
    browser = subscribe(bob, service, "bob")
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_=round_, by=alice, confirm=True)
    payload = browser.decrypt(service.to("/push/bob")[0])
    assert payload["title"] == "Round 1 is up: you have the bye"
    assert payload["url"] == ME


def test_the_opponents_report_is_pushed_in_the_recipients_own_terms(
    table, alice, bob, carol, vapid, service, django_capture_on_commit_callbacks
):
    round_, b, _ = table
    game = _publish(round_, alice, django_capture_on_commit_callbacks)
    to_carol = subscribe(carol, service, "carol")
    with django_capture_on_commit_callbacks(execute=True):
        result_report(game=game, player=b, result=_played(9, 2), by=bob)
    payload = to_carol.decrypt(service.to("/push/carol")[-1])
    assert payload["title"] == "Bob reported 2\N{EN DASH}9: confirm?"  # Carol's score first
    assert payload["body"].startswith("You 2 \N{EN DASH} opponent 9, ")
    assert (payload["url"], payload["kind"]) == (ME, "report")
    assert [m.to for m in mail.outbox if "reported" in m.subject] == []


def test_a_judges_correction_is_pushed_to_both_players(
    table, alice, bob, carol, vapid, service, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    game = _publish(round_, alice, django_capture_on_commit_callbacks)
    to_bob, to_carol = subscribe(bob, service, "bob"), subscribe(carol, service, "carol")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result_set(game=game, result=_played(12, 3), by=alice, reason="Both players agreed at the table.")
    assert (
        to_carol.decrypt(service.to("/push/carol")[-1])["title"] == "A judge set your result: 3\N{EN DASH}12"
    )
    at_bob = service.to("/push/bob")[-1]
    assert to_bob.decrypt(at_bob)["title"] == "A judge set your result: 12\N{EN DASH}3"
    assert to_bob.decrypt(at_bob)["kind"] == "dispute"
    assert at_bob.headers["urgency"] == "normal"
    assert mail.outbox == []


def test_a_dispute_is_pushed_to_the_staff_with_the_judges_queue(
    table, alice, bob, carol, judy, vapid, service, django_capture_on_commit_callbacks
):
    round_, b, c = table
    event = round_.event
    with django_capture_on_commit_callbacks(execute=True):
        staff_add(event=event, actor=alice, user=judy, role=StaffRoleKind.FLOOR_JUDGE)
    game = _publish(round_, alice, django_capture_on_commit_callbacks)
    to_alice, to_judy, to_carol = (subscribe(u, service, u.username) for u in (alice, judy, carol))
    result_report(game=game, player=b, result=_played(9, 2), by=bob)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result_dispute(game=game, player=c, by=carol, note="It was 9-4.")
    for browser, path in ((to_alice, "/push/alice"), (to_judy, "/push/judy")):
        payload = browser.decrypt(service.to(path)[-1])
        assert payload["title"] == "Table 1 is disputed"
        assert payload["body"] == "Winter Clash, round 1: Bob against Carol. Note: It was 9-4."
        assert payload["url"] == "http://127.0.0.1:8000/e/winter-clash/judge/"
        assert payload["kind"] == "judging"
    assert to_carol.decrypt(service.to("/push/carol")[-1])["title"] == "Your result is with the judges"
    # Bob has no device: he is mailed, as before.
    assert _addresses() == ["bob@example.org"]


def test_a_subscription_the_push_service_says_is_gone_is_deleted_and_the_mail_sent(
    table, alice, bob, carol, vapid, service, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    subscribe(bob, service, "bob")
    to_carol = subscribe(carol, service, "carol")
    service.answers["/push/bob"] = 410
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert len(service.to("/push/bob")) == 1
    assert not PushSubscription.objects.filter(user=bob).exists()
    assert _addresses() == ["bob@example.org"]
    assert to_carol.decrypt(service.to("/push/carol")[0])["kind"] == "pairing"


def test_a_failing_push_service_falls_back_to_the_mail_and_counts_the_failure(
    table, alice, bob, vapid, service, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    subscribe(bob, service, "bob")
    service.answers["/push/bob"] = 500
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert _addresses() == ["bob@example.org", "carol@example.org"]
    assert PushSubscription.objects.get(user=bob).failures == 1


def test_one_device_reached_is_enough_and_a_dead_one_beside_it_goes(
    table, alice, bob, vapid, service, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    phone = subscribe(bob, service, "bob-phone")
    subscribe(bob, service, "bob-laptop")
    service.answers["/push/bob-laptop"] = 404
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert phone.decrypt(service.to("/push/bob-phone")[0])["kind"] == "pairing"
    assert list(PushSubscription.objects.filter(user=bob).values_list("endpoint", flat=True)) == [
        phone.endpoint
    ]
    assert _addresses() == ["carol@example.org"]  # Bob was reached; Carol has no device


def test_a_kind_whose_push_is_off_is_mailed_not_pushed(
    table, alice, bob, carol, vapid, service, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    subscribe(bob, service, "bob")
    preference_set(user=bob, choices={"push_pairing": False})
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert service.to("/push/bob") == []
    assert _addresses() == ["bob@example.org", "carol@example.org"]


def test_push_off_and_mail_off_sends_nothing(
    table, alice, bob, vapid, service, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    subscribe(bob, service, "bob")
    preference_set(user=bob, choices={"push_pairing": False, "pairing": False})
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert service.received == []
    assert _addresses() == ["carol@example.org"]


def test_a_push_service_redirecting_elsewhere_is_not_followed(
    table, alice, bob, vapid, service, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    subscribe(bob, service, "bob")
    service.redirects["/push/bob"] = f"{service.origin}/internal/admin"
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert [r.path for r in service.received] == ["/push/bob"]  # the Location was never requested
    assert "bob@example.org" in _addresses()


def test_without_a_vapid_key_nothing_is_pushed_and_everyone_is_mailed(
    table, alice, bob, vapid, service, settings, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    subscribe(bob, service, "bob")
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""  # the key removed later: push is off, the mail goes
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert service.received == []
    assert _addresses() == ["bob@example.org", "carol@example.org"]


def test_a_narrowed_host_list_stops_pushes_to_a_stored_endpoint(
    table, alice, bob, vapid, service, settings, django_capture_on_commit_callbacks
):
    """The endpoint is checked again before every push, not only when it was stored."""
    round_, _, _ = table
    subscribe(bob, service, "bob")
    settings.WEBPUSH_ALLOW_LOOPBACK = False
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert service.received == []
    assert "bob@example.org" in _addresses()
    assert PushSubscription.objects.get(user=bob).failures == 1
