"""A draft's picks become one JSON named by the game system.

The two StarCraft columns are copied into `picks` under their own names, so every stored
draft keeps what it picked; going back copies them out again.
"""

from typing import Any

from django.db import migrations, models

OLD = ("mission", "deployment")


def to_picks(apps: Any, schema_editor: Any) -> None:
    GameDraft = apps.get_model("judging", "GameDraft")
    for draft in GameDraft.objects.all():
        draft.picks = {key: getattr(draft, key) for key in OLD if getattr(draft, key)}
        draft.save(update_fields=["picks"])


def from_picks(apps: Any, schema_editor: Any) -> None:
    GameDraft = apps.get_model("judging", "GameDraft")
    for draft in GameDraft.objects.all():
        for key in OLD:
            setattr(draft, key, str((draft.picks or {}).get(key, "")))
        draft.save(update_fields=list(OLD))


class Migration(migrations.Migration):
    dependencies = [
        ("judging", "0002_conduct_report_handled"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamedraft",
            name="picks",
            field=models.JSONField(
                blank=True, default=dict, help_text="What the draft picked, named by the system."
            ),
        ),
        migrations.RunPython(to_picks, from_picks),
        migrations.RemoveField(model_name="gamedraft", name="mission"),
        migrations.RemoveField(model_name="gamedraft", name="deployment"),
        migrations.AlterField(
            model_name="gamedraft",
            name="rosters",
            field=models.JSONField(
                help_text="Each seat's roster options, as the game system's draft reads them."
            ),
        ),
    ]
