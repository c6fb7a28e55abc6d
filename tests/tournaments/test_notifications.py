"""Players hear by e-mail when the pairing is published, when the
opponent's report waits for them, and when a result is disputed or set by a judge; each
user turns them off; nothing is sent for an action rolled back (docs/notifications.md)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.db import transaction

from accounts.models import NotificationPreference
from accounts.notifications import preference_set
from config.celery import app
from tests.builders.rows import add_player, add_round, make_event
from tournaments.models import Game, Outcome, ResultStatus, RoundStatus
from tournaments.services.reporting import ResultInput, result_dispute, result_report, result_set
from tournaments.services.rounds import round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _tasks_in_process():
    """The mail task runs here, so `mail.outbox` sees it, even when CI sets REDIS_URL and
    a real worker is listening (that worker has its own outbox, and the test's rows are
    not committed for it to read)."""
    eager, propagates = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager, app.conf.task_eager_propagates = True, False
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = eager, propagates


@pytest.fixture
def table(alice, bob, carol, judy):
    """Bob v Carol at table 2 and Dan (no account) v Eve (an account without an address), paired."""
    from django.contrib.auth import get_user_model

    event = make_event(to=alice, name="Winter Clash", slug="winter-clash", tables=3)
    b = add_player(event, bob, "Bob")
    c = add_player(event, carol, "Carol")
    d = add_player(event, None, "Dan")
    eve = get_user_model().objects.create_user("eve", "", "eve-pass-123")
    e = add_player(event, eve, "Eve")
    round_ = add_round(event, 1, [(d, e), (b, c)], RoundStatus.PAIRED)
    return round_, b, c


def _publish(round_, alice, capture):
    with capture(execute=True):
        round_publish(round_=round_, by=alice, confirm=True)


def _game(round_) -> Game:
    game: Game = round_.games.get(table__number=2)
    return game


def _played(game: Game, one: int, two: int) -> ResultInput:
    return ResultInput(Outcome.PLAYED, one, two, details={"battle_rounds": 4})


def test_publishing_a_round_mails_each_seated_player_their_table_and_opponent(
    table, alice, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    _publish(round_, alice, django_capture_on_commit_callbacks)
    # Dan has no account and Eve's has no address: only Bob and Carol hear.
    assert sorted(m.to[0] for m in mail.outbox) == ["bob@example.org", "carol@example.org"]
    to_bob = next(m for m in mail.outbox if m.to == ["bob@example.org"])
    assert to_bob.subject == "[Muster] Winter Clash, round 1: table 2 against Carol"
    assert "Round 1 of Winter Clash is published." in to_bob.body
    assert "You play Carol at table 2 (Map 2)." in to_bob.body
    assert "http://127.0.0.1:8000/e/winter-clash/me/" in to_bob.body


def test_nothing_is_sent_before_the_commit_nor_for_an_action_rolled_back(
    table, alice, django_capture_on_commit_callbacks
):
    round_, _, _ = table

    def publish_then_fail() -> None:
        with transaction.atomic():
            round_publish(round_=round_, by=alice, confirm=True)
            assert mail.outbox == []  # not before the commit
            raise RuntimeError("the request failed after publishing")

    with django_capture_on_commit_callbacks(execute=True) as callbacks, pytest.raises(RuntimeError):
        publish_then_fail()
    assert callbacks == []
    assert mail.outbox == []
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PAIRED


def test_the_opponents_report_mails_the_player_who_must_confirm(
    table, alice, bob, django_capture_on_commit_callbacks
):
    round_, b, _ = table
    _publish(round_, alice, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    game = _game(round_)
    with django_capture_on_commit_callbacks(execute=True):
        result_report(game=game, player=b, result=_played(game, 9, 2), by=bob)
    (message,) = mail.outbox
    assert message.to == ["carol@example.org"]
    assert message.subject == "[Muster] Winter Clash, round 1: Bob reported, please confirm"
    assert "You 2 \N{EN DASH} opponent 9, 4 Battle Rounds." in message.body
    assert "table 2" in message.body
    assert "http://127.0.0.1:8000/e/winter-clash/me/" in message.body


def test_differing_reports_mail_both_players(table, alice, bob, carol, django_capture_on_commit_callbacks):
    round_, b, c = table
    _publish(round_, alice, django_capture_on_commit_callbacks)
    game = _game(round_)
    result_report(game=game, player=b, result=_played(game, 9, 2), by=bob)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result_report(game=game, player=c, result=_played(game, 5, 5), by=carol)
    assert Game.objects.get(pk=game.pk).result_status == ResultStatus.DISPUTED
    players = _to_players(mail.outbox)
    assert sorted(m.to[0] for m in players) == ["bob@example.org", "carol@example.org"]
    assert all(m.subject.endswith("your result is with the judges") for m in players)
    assert all("against" in m.body and "is disputed" in m.body for m in players)


def _one_tap_dispute(table, alice, bob, carol, capture) -> None:
    """Bob reports 9-2, Carol disputes it in one tap with a note; the outbox holds what that sent."""
    round_, b, c = table
    _publish(round_, alice, capture)
    game = _game(round_)
    result_report(game=game, player=b, result=_played(game, 9, 2), by=bob)
    mail.outbox.clear()
    with capture(execute=True):
        result_dispute(game=game, player=c, by=carol, note="It was 9-4.")


def test_a_one_tap_dispute_mails_both_players(table, alice, bob, carol, django_capture_on_commit_callbacks):
    _one_tap_dispute(table, alice, bob, carol, django_capture_on_commit_callbacks)
    players = _to_players(mail.outbox)
    assert sorted(m.to[0] for m in players) == ["bob@example.org", "carol@example.org"]
    assert "Note for the judges: It was 9-4." in players[0].body


def _to_players(outbox: list[Any]) -> list[Any]:
    return [m for m in outbox if m.to[0] in ("bob@example.org", "carol@example.org")]


def test_a_dispute_mails_the_events_judges_who_want_it(
    table, alice, bob, carol, judy, hank, django_capture_on_commit_callbacks
):
    """Judges settle disputes (OP Guide: Roles): one away from the queue hears of a new one."""
    from tournaments.models import StaffRoleKind
    from tournaments.services.events import staff_add

    event = table[0].event
    with django_capture_on_commit_callbacks(execute=True):
        staff_add(event=event, actor=alice, user=judy, role=StaffRoleKind.FLOOR_JUDGE)
        staff_add(event=event, actor=alice, user=hank, role=StaffRoleKind.HEAD_JUDGE)
    preference_set(user=hank, choices={"judging": False})
    _one_tap_dispute(table, alice, bob, carol, django_capture_on_commit_callbacks)
    to_judges = [m for m in mail.outbox if m not in _to_players(mail.outbox)]
    assert sorted(m.to[0] for m in to_judges) == ["alice@example.org", "judy@example.org"]
    message = to_judges[0]
    assert message.subject == "[Muster] Winter Clash, round 1: table 2 is disputed"
    assert "Note for the judges: It was 9-4." in message.body
    assert "http://127.0.0.1:8000/e/winter-clash/judge/" in message.body


def test_new_staff_hear_of_their_role(alice, judy, django_capture_on_commit_callbacks):
    from tournaments.models import StaffRoleKind
    from tournaments.services.events import staff_add

    event = make_event(to=alice, name="Winter Clash", slug="winter-clash")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        staff_add(event=event, actor=alice, user=judy, role=StaffRoleKind.FLOOR_JUDGE)
        staff_add(event=event, actor=alice, user=judy, role=StaffRoleKind.FLOOR_JUDGE)  # again: no mail
    [message] = mail.outbox
    assert message.to == ["judy@example.org"]
    assert message.subject == "[Muster] You are Floor Judge at Winter Clash"
    assert "http://127.0.0.1:8000/e/winter-clash/judge/" in message.body


def test_a_judges_correction_mails_both_players(table, alice, bob, judy, django_capture_on_commit_callbacks):
    round_, _, _ = table
    _publish(round_, alice, django_capture_on_commit_callbacks)
    game = _game(round_)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result_set(
            game=game, result=_played(game, 12, 3), by=alice, reason="Both players agreed at the table."
        )
    assert sorted(m.to[0] for m in mail.outbox) == ["bob@example.org", "carol@example.org"]
    to_carol = next(m for m in mail.outbox if m.to == ["carol@example.org"])
    assert to_carol.subject == "[Muster] Winter Clash, round 1: a judge set your result"
    assert "against Bob: you 3 \N{EN DASH} opponent 12, 4 Battle Rounds." in to_carol.body


def test_a_player_who_turned_a_kind_off_gets_none_of_it_and_still_the_others(
    table, alice, bob, carol, django_capture_on_commit_callbacks
):
    round_, b, _ = table
    preference_set(user=carol, choices={"pairing": False})
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]
    mail.outbox.clear()
    game = _game(round_)
    with django_capture_on_commit_callbacks(execute=True):
        result_report(game=game, player=b, result=_played(game, 9, 2), by=bob)
    assert [m.to for m in mail.outbox] == [["carol@example.org"]]  # reports are still on


def test_turning_off_while_the_mail_waits_in_the_queue_is_honoured(
    table, alice, carol, django_capture_on_commit_callbacks
):
    round_, _, _ = table
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        round_publish(round_=round_, by=alice, confirm=True)
    preference_set(user=carol, choices={"pairing": False})
    for callback in callbacks:
        callback()
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]


def test_a_mail_server_that_fails_loses_the_mail_not_the_action(
    table, alice, settings, django_capture_on_commit_callbacks, caplog
):
    from unittest import mock

    round_, _, _ = table
    with mock.patch(
        "django.core.mail.backends.locmem.EmailBackend.send_messages", side_effect=OSError("down")
    ):
        _publish(round_, alice, django_capture_on_commit_callbacks)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PUBLISHED
    assert mail.outbox == []
    assert "not sent" in caplog.text


def test_preferences_default_to_on_and_are_stored_per_user(bob):
    from accounts.notifications import preference_of, wants_mail

    assert [wants_mail(bob, kind) for kind in ("pairing", "report", "dispute")] == [True, True, True]
    assert not NotificationPreference.objects.exists()
    preference_set(user=bob, choices={"dispute": False})
    assert [preference_of(bob).wants(k) for k in ("pairing", "report", "dispute")] == [True, True, False]
    assert not wants_mail(bob, "dispute")
    assert not wants_mail(None, "pairing")
    with pytest.raises(ValueError, match="unknown notification kinds"):
        preference_set(user=bob, choices={"everything": False})


# --- the settings page and the API ---


def test_the_settings_page_is_linked_from_my_events_and_turns_mails_off(client, bob):
    client.force_login(bob)
    assert 'href="/accounts/notifications/"' in client.get("/my-events/").content.decode()
    page = client.get("/accounts/notifications/").content.decode()
    for name in ("pairing", "report", "dispute"):
        assert f'name="{name}"' in page
        assert f'<label for="id_{name}">' in page
    response = client.post("/accounts/notifications/", {"report": "on"})  # pairing and dispute unticked
    assert response.status_code == 302
    stored = NotificationPreference.objects.get(user=bob)
    assert (stored.pairing, stored.report, stored.dispute) == (False, True, False)
    assert (
        "checked"
        not in client.get("/accounts/notifications/").content.decode().split('name="pairing"')[1][:40]
    )


def test_the_settings_page_tells_an_account_without_an_address_that_nothing_is_sent(
    client, django_user_model
):
    user = django_user_model.objects.create_user("noaddress", "", "pw-123-noaddress")
    client.force_login(user)
    assert "has no e-mail address" in client.get("/accounts/notifications/").content.decode()


def test_the_settings_page_needs_a_login(client):
    response = client.get("/accounts/notifications/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_the_api_reads_and_sets_the_callers_notifications(bob):
    from rest_framework.test import APIClient

    api = APIClient()
    assert api.get("/api/me/notifications/").status_code == 401
    api.force_authenticate(bob)
    pushes = {f"push_{kind}": True for kind in ("pairing", "report", "dispute", "judging", "clock")}
    extra = {"has_email": True, "push_available": False, "push_devices": 0}
    assert api.get("/api/me/notifications/").json() == {
        "pairing": True,
        "report": True,
        "dispute": True,
        "judging": True,
        **pushes,
        **extra,
    }
    body = api.put("/api/me/notifications/", {"report": False, "push_clock": False}, format="json").json()
    assert body == {
        "pairing": True,
        "report": False,
        "dispute": True,
        "judging": True,
        **pushes,
        "push_clock": False,
        **extra,
    }
    refused = api.put("/api/me/notifications/", {"report": "sometimes"}, format="json")
    assert refused.status_code == 400
    assert NotificationPreference.objects.get(user=bob).report is False


class SlowMailServer(EmailBackend):
    """A mail server that takes a second per message."""

    def send_messages(self, messages):
        import time

        time.sleep(1)
        return super().send_messages(messages)


@pytest.mark.django_db(transaction=True)
def test_without_a_worker_publishing_does_not_wait_for_the_mail_server(
    table, alice, settings, django_capture_on_commit_callbacks
):
    """`make run` (no REDIS_URL): the mails go from a thread of their own after the commit."""
    import threading
    import time

    settings.NOTIFICATIONS_IN_THREAD = True
    settings.EMAIL_BACKEND = "tests.tournaments.test_notifications.SlowMailServer"
    round_, _, _ = table
    before = set(threading.enumerate())
    started = time.monotonic()
    _publish(round_, alice, django_capture_on_commit_callbacks)
    assert time.monotonic() - started < 0.9  # two mails at a second each would take 2 s
    for thread in set(threading.enumerate()) - before:
        thread.join(timeout=10)
    assert sorted(m.to[0] for m in mail.outbox) == ["bob@example.org", "carol@example.org"]
