"""The audit log is append-only: no code path changes or removes an entry, and on
PostgreSQL the database refuses raw SQL that tries (migration 0009_audit_log_append_only).

Two things still touch entries, by design: deleting the acting user sets `actor` to NULL
(the entry stays), and deleting a whole event takes its log with it.
"""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.db import IntegrityError, connection, transaction
from django.db.utils import DatabaseError
from django.test import RequestFactory

from tests.builders.rows import make_event
from tournaments.models import AuditEntry, AuditLogIsAppendOnly, Event
from tournaments.services.audit import audit

pytestmark = pytest.mark.django_db

on_postgres = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="database triggers: PostgreSQL only (run with DATABASE_URL=postgres://...)",
)


@pytest.fixture
def entry(alice):
    event = make_event(to=alice)
    return audit(event=event, actor=alice, action="round-published", subject="Round 1", reason="on time")


def test_an_entry_cannot_be_saved_again(entry):
    entry.reason = "rewritten"
    with pytest.raises(AuditLogIsAppendOnly, match="cannot be changed"):
        entry.save()
    entry.refresh_from_db()
    assert entry.reason == "on time"


def test_an_entry_cannot_be_deleted(entry):
    with pytest.raises(AuditLogIsAppendOnly, match="cannot be deleted"):
        entry.delete()
    assert AuditEntry.objects.filter(pk=entry.pk).exists()


def test_bulk_update_and_delete_are_refused(entry):
    with pytest.raises(AuditLogIsAppendOnly):
        AuditEntry.objects.filter(pk=entry.pk).update(reason="rewritten")
    with pytest.raises(AuditLogIsAppendOnly):
        AuditEntry.objects.all().delete()
    entry.reason = "rewritten"
    with pytest.raises(AuditLogIsAppendOnly):
        AuditEntry.objects.bulk_update([entry], ["reason"])
    with pytest.raises(AuditLogIsAppendOnly):
        entry.event.audit_log.all().update(action="nothing")
    entry.refresh_from_db()
    assert (entry.reason, entry.action) == ("on time", "round-published")


def test_an_entry_with_a_hand_set_pk_is_inserted_never_updated(entry):
    clone = AuditEntry(pk=entry.pk, event=entry.event, action="forged")
    with pytest.raises(IntegrityError), transaction.atomic():
        clone.save()
    entry.refresh_from_db()
    assert entry.action == "round-published"


def test_admin_shows_the_log_read_only(entry, rf: RequestFactory, django_user_model):
    root = django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-123")
    model_admin = admin.site._registry[AuditEntry]
    request = rf.get("/admin/tournaments/auditentry/")
    request.user = root
    assert model_admin.has_view_permission(request, entry)
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request, entry)
    assert not model_admin.has_delete_permission(request, entry)


def test_admin_pages_do_not_offer_edits(entry, client, django_user_model):
    root = django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-123")
    client.force_login(root)
    listing = client.get("/admin/tournaments/auditentry/")
    assert listing.status_code == 200
    assert b"round-published" in listing.content
    page = client.get(f"/admin/tournaments/auditentry/{entry.pk}/change/")
    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    assert (
        client.post(f"/admin/tournaments/auditentry/{entry.pk}/delete/", {"post": "yes"}).status_code == 403
    )
    assert AuditEntry.objects.filter(pk=entry.pk).exists()


def test_deleting_the_acting_user_keeps_the_entry_unnamed(entry, alice):
    alice.delete()
    entry.refresh_from_db()
    assert entry.actor_id is None
    assert entry.action == "round-published"


def test_deleting_the_event_takes_its_log(entry):
    event_id = entry.event_id
    Event.objects.filter(pk=event_id).delete()
    assert not AuditEntry.objects.filter(event_id=event_id).exists()


# --- the database itself, on PostgreSQL ---


def _raw(sql: str, *params: int | str) -> None:
    """Run SQL and force the deferred triggers to fire now (as a commit would)."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # back to how a transaction starts


@on_postgres
@pytest.mark.postgres
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE tournaments_auditentry SET reason = 'rewritten' WHERE id = %s",
        "UPDATE tournaments_auditentry SET action = 'forged', actor_id = NULL WHERE id = %s",
        "UPDATE tournaments_auditentry SET created_at = now() - interval '1 day' WHERE id = %s",
        "UPDATE tournaments_auditentry SET data = '{\"vp\": [20, 0]}' WHERE id = %s",
    ],
)
def test_postgres_refuses_raw_updates(entry, sql):
    with pytest.raises(DatabaseError, match="append-only"):
        _raw(sql, entry.pk)
    entry.refresh_from_db()
    assert (entry.action, entry.reason, entry.data) == ("round-published", "on time", {})


@on_postgres
@pytest.mark.postgres
def test_postgres_refuses_a_raw_delete(entry):
    with pytest.raises(DatabaseError, match="can only go with its event"):
        _raw("DELETE FROM tournaments_auditentry WHERE id = %s", entry.pk)
    assert AuditEntry.objects.filter(pk=entry.pk).exists()


@on_postgres
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_postgres_refuses_a_raw_delete_at_commit(alice):
    """A real commit (autocommit, no test transaction around it) runs the deferred check."""
    event = make_event(to=alice)
    entry = audit(event=event, actor=alice, action="round-published", subject="Round 1")
    with pytest.raises(DatabaseError, match="can only go with its event"), connection.cursor() as cursor:
        cursor.execute("DELETE FROM tournaments_auditentry WHERE id = %s", [entry.pk])
    assert AuditEntry.objects.filter(pk=entry.pk).exists()


@on_postgres
@pytest.mark.postgres
def test_postgres_allows_what_the_app_does(entry, alice):
    """Detaching a deleted user, and an event deleted with its log, pass the triggers."""
    _raw("UPDATE tournaments_auditentry SET actor_id = NULL WHERE id = %s", entry.pk)
    entry.refresh_from_db()
    assert entry.actor_id is None
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        Event.objects.filter(pk=entry.event_id).delete()  # its entries first, then the event
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # what COMMIT checks
    assert not AuditEntry.objects.filter(pk=entry.pk).exists()
