# PrintJob moves to the printing app (printing/0001): the table is renamed, the model
# leaves this app's state.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_print_jobs"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    "ALTER TABLE tournaments_printjob RENAME TO printing_printjob",
                    reverse_sql="ALTER TABLE printing_printjob RENAME TO tournaments_printjob",
                )
            ],
            state_operations=[migrations.DeleteModel(name="PrintJob")],
        )
    ]
