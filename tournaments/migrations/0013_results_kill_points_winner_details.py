# Results beyond StarCraft. Games and result reports record Kill Points
# (Dropzone), a winner (Warpspawn, no VP) and the system's extra result fields in a
# `details` JSON; Battle Rounds, a StarCraft extra, move there (data kept, both ways);
# outcomes gain complete-victory (MORSDEI) and draw.

import django.db.models.deletion
from django.db import migrations, models

KEY = "battle_rounds"


def _settle(schema_editor):
    # PostgreSQL: the seat check (0006, 0011) is a deferred trigger on games; an ALTER TABLE
    # refuses to run while row events are pending, so fire them now.
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def into_details(apps, schema_editor):
    for name in ("Game", "ResultReport"):
        model = apps.get_model("tournaments", name)
        for pk, rounds, details in model.objects.exclude(battle_rounds=None).values_list("pk", KEY, "details"):
            model.objects.filter(pk=pk).update(details={**(details or {}), KEY: rounds})
    _settle(schema_editor)


def out_of_details(apps, schema_editor):
    for name in ("Game", "ResultReport"):
        model = apps.get_model("tournaments", name)
        for row in model.objects.all().only("pk", "details"):
            details = dict(row.details or {})
            if KEY in details:
                rounds = details.pop(KEY)
                model.objects.filter(pk=row.pk).update(details=details, battle_rounds=rounds)
    _settle(schema_editor)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0012_event_points_limit_from_minerals'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='details',
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name='game',
            name='kp_one',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='game',
            name='kp_two',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='game',
            name='winner',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.player'),
        ),
        migrations.AddField(
            model_name='resultreport',
            name='details',
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name='resultreport',
            name='kp_one',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='resultreport',
            name='kp_two',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='resultreport',
            name='winner',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.player'),
        ),
        migrations.AlterField(
            model_name='game',
            name='outcome',
            field=models.CharField(blank=True, choices=[('played', 'Played'), ('concession', 'Concession'), ('no-show', 'No-show'), ('game-loss', 'Game Loss penalty'), ('double-no-show', 'Double no-show'), ('bye', 'Bye'), ('complete-victory', 'Complete victory'), ('draw', 'Draw')], default='', max_length=20),
        ),
        migrations.AlterField(
            model_name='resultreport',
            name='outcome',
            field=models.CharField(choices=[('played', 'Played'), ('concession', 'Concession'), ('no-show', 'No-show'), ('game-loss', 'Game Loss penalty'), ('double-no-show', 'Double no-show'), ('bye', 'Bye'), ('complete-victory', 'Complete victory'), ('draw', 'Draw')], max_length=20),
        ),
        migrations.RunPython(into_details, out_of_details),
        migrations.RemoveField(
            model_name='game',
            name='battle_rounds',
        ),
        migrations.RemoveField(
            model_name='resultreport',
            name='battle_rounds',
        ),
    ]
