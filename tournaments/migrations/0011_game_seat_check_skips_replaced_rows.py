# The deferred seat check (0006) fires at commit for every row inserted or updated in the
# transaction, even one deleted since: re-pairing deletes a round's games and creates new
# ones, and the check then compared a deleted game with its replacement ("a player is
# seated twice"). A queued check whose row no longer stands as it was written now does
# nothing; the row that replaced it queued its own check.

from django.db import migrations

SEAT_ONCE = """
CREATE OR REPLACE FUNCTION muster_game_seat_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (
        SELECT 1 FROM tournaments_game g
        WHERE g.id = NEW.id AND g.round_id = NEW.round_id
          AND g.player_one_id = NEW.player_one_id
          AND g.player_two_id IS NOT DISTINCT FROM NEW.player_two_id
    ) THEN
        RETURN NULL;
    END IF;
    IF EXISTS (
        SELECT 1 FROM tournaments_game g
        WHERE g.round_id = NEW.round_id AND g.id <> NEW.id
          AND (g.player_one_id IN (NEW.player_one_id, NEW.player_two_id)
               OR g.player_two_id IN (NEW.player_one_id, NEW.player_two_id))
    ) THEN
        RAISE EXCEPTION 'a player is seated twice in round %', NEW.round_id
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'game_seat_once_per_round';
    END IF;
    RETURN NULL;
END $$;
"""

SEAT_ONCE_BEFORE = """
CREATE OR REPLACE FUNCTION muster_game_seat_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (
        SELECT 1 FROM tournaments_game g
        WHERE g.round_id = NEW.round_id AND g.id <> NEW.id
          AND (g.player_one_id IN (NEW.player_one_id, NEW.player_two_id)
               OR g.player_two_id IN (NEW.player_one_id, NEW.player_two_id))
    ) THEN
        RAISE EXCEPTION 'a player is seated twice in round %', NEW.round_id
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'game_seat_once_per_round';
    END IF;
    RETURN NULL;
END $$;
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0010_audit_entry_time_set_on_insert")]

    operations = [migrations.RunPython(_on_postgresql(SEAT_ONCE), _on_postgresql(SEAT_ONCE_BEFORE))]
