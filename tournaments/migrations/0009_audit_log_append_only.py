"""The audit log is append-only, enforced by PostgreSQL itself.

- UPDATE of an entry raises, with one exception: setting `actor_id` to NULL and nothing
  else, which is what deleting the acting user does (ON DELETE SET NULL): the entry
  stays, it no longer names an account.
- DELETE of an entry raises unless its event is deleted in the same transaction (a
  deferred constraint trigger checks at commit that the event row is gone): deleting a
  whole event takes its log with it; nothing removes single entries.

TRUNCATE is left to the database's privileges: it is a table owner's operation, and the
test runner's flush between transactional tests needs it. On SQLite the model and its
queryset refuse updates and deletes (tournaments.models.AuditEntry); there is no trigger.
"""

from django.db import migrations

INSTALL = r"""
CREATE FUNCTION muster_audit_entry_refuse_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    -- Every column but actor_id compared, whatever columns later migrations add.
    IF OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
       AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id')
    THEN
        RETURN NEW;  -- the acting account was deleted; the entry stays
    END IF;
    RAISE EXCEPTION 'the audit log is append-only: entry % cannot be changed', OLD.id
        USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER audit_entry_refuse_update
    BEFORE UPDATE ON tournaments_auditentry
    FOR EACH ROW EXECUTE FUNCTION muster_audit_entry_refuse_update();

CREATE FUNCTION muster_audit_entry_delete_only_with_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM tournaments_event WHERE id = OLD.event_id) THEN
        RAISE EXCEPTION 'the audit log is append-only: entry % can only go with its event', OLD.id
            USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER audit_entry_delete_only_with_event
    AFTER DELETE ON tournaments_auditentry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION muster_audit_entry_delete_only_with_event();
"""

REMOVE = r"""
DROP TRIGGER IF EXISTS audit_entry_delete_only_with_event ON tournaments_auditentry;
DROP FUNCTION IF EXISTS muster_audit_entry_delete_only_with_event();
DROP TRIGGER IF EXISTS audit_entry_refuse_update ON tournaments_auditentry;
DROP FUNCTION IF EXISTS muster_audit_entry_refuse_update();
"""


def install(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(INSTALL, params=None)


def remove(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(REMOVE, params=None)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0008_event_version_for_conditional_requests")]
    operations = [migrations.RunPython(install, remove)]
