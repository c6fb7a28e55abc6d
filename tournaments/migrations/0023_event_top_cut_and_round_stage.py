"""A championship's top cut gets columns: the event's cut size and tie rule, a round's stage
and the first cut round's seeds. Events imported before kept the cut in `Event.extra["cut"]`
and a round's stage and seeds with the round's unknown fields (`extra["_stash"]`): they move
to the columns, so an imported event runs its cut on the web as the file had it."""

from django.db import migrations, models


def move_cut_to_columns(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Round = apps.get_model("tournaments", "Round")
    for event in Event.objects.all().iterator():
        extra = event.extra if isinstance(event.extra, dict) else {}
        cut = extra.get("cut")
        stash = extra.get("_stash")
        rounds = stash.get("rounds") if isinstance(stash, dict) else None
        moved = False
        if isinstance(cut, dict) and isinstance(cut.get("size"), int) and isinstance(cut.get("after_round"), int):
            event.cut_size = cut["size"]
            event.planned_rounds = cut["after_round"]
            del extra["cut"]
            moved = True
        if isinstance(rounds, dict):
            for number, kept in rounds.items():
                if not isinstance(kept, dict) or not ({"stage", "seeds"} & set(kept)):
                    continue
                stage, seeds = kept.pop("stage", "swiss"), kept.pop("seeds", None)
                Round.objects.filter(event=event, number=int(number)).update(
                    stage="cut" if stage == "cut" else "swiss",
                    seeds=seeds if isinstance(seeds, list) else None,
                )
                moved = True
            for number in [n for n, kept in rounds.items() if kept == {}]:
                del rounds[number]
        if moved:
            event.extra = extra
            event.save(update_fields=["extra", "cut_size", "planned_rounds"])


def move_cut_back_to_extra(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Round = apps.get_model("tournaments", "Round")
    for event in Event.objects.filter(cut_size__isnull=False).iterator():
        extra = event.extra if isinstance(event.extra, dict) else {}
        extra["cut"] = {"size": event.cut_size, "after_round": event.planned_rounds}
        stash = extra.setdefault("_stash", {})
        kept = stash.setdefault("rounds", {})
        for round_ in Round.objects.filter(event=event).exclude(stage="swiss", seeds__isnull=True):
            entry = kept.setdefault(str(round_.number), {})
            if round_.stage == "cut":
                entry["stage"] = "cut"
            if round_.seeds is not None:
                entry["seeds"] = round_.seeds
        event.extra = extra
        event.save(update_fields=["extra"])


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0022_invitation_mail_refusals'),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='cut_size',
            field=models.PositiveSmallIntegerField(blank=True, help_text='Players in the top cut after the Swiss rounds; empty: no cut.', null=True),
        ),
        migrations.AddField(
            model_name='event',
            name='cut_ties',
            field=models.CharField(choices=[('better-seed', 'The better seed goes on'), ('deciding-game', 'The players play a deciding game; a judge records its winner')], default='better-seed', max_length=20),
        ),
        migrations.AddField(
            model_name='round',
            name='seeds',
            field=models.JSONField(blank=True, default=None, null=True),
        ),
        migrations.AddField(
            model_name='round',
            name='stage',
            field=models.CharField(choices=[('swiss', 'Swiss'), ('cut', 'Top cut')], default='swiss', max_length=10),
        ),
        migrations.RunPython(move_cut_to_columns, move_cut_back_to_extra),
    ]
