"""`Event.minerals` becomes the generic `Event.points_limit`: the budget an event chooses
where its scale leaves it open (StarCraft's Grand Offensive, Dropzone's game sizes).
A rename: every event keeps its value; reversible."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0011_game_seat_check_skips_replaced_rows")]

    operations = [
        migrations.RenameField(model_name="event", old_name="minerals", new_name="points_limit"),
        migrations.AlterField(
            model_name="event",
            name="points_limit",
            field=models.PositiveIntegerField(
                blank=True,
                help_text="The event's own budget, where its scale leaves it to the event (a points range "
                "or a floor); in the game system's unit.",
                null=True,
            ),
        ),
    ]
