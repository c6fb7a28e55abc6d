# PrintJob moved here from tournaments (tournaments/0005 renamed its table): state only.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import printing.models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("tournaments", "0005_print_jobs_move_to_printing"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
            name='PrintJob',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('pairings', 'Pairings by table'), ('find-table', 'Find your table'), ('standings', 'Standings'), ('slips', 'Result slips'), ('rosters', 'Roster pack'), ('player-summary', 'Player summary'), ('penalties', 'Penalty log')], max_length=30)),
                ('params', models.JSONField(blank=True, default=dict, help_text='Paper, round number, player id, …')),
                ('fingerprint', models.CharField(max_length=64)),
                ('status', models.CharField(choices=[('queued', 'Queued'), ('running', 'Rendering'), ('done', 'Ready'), ('failed', 'Failed')], default='queued', max_length=10)),
                ('file', models.FileField(blank=True, max_length=255, upload_to=printing.models.print_job_upload_to)),
                ('filename', models.CharField(blank=True, help_text='The name the download is saved as.', max_length=200)),
                ('error', models.TextField(blank=True)),
                ('attempts', models.PositiveSmallIntegerField(default=0)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('started_at', models.DateTimeField(blank=True, null=True)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='print_jobs', to='tournaments.event')),
                ('requested_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-created_at', '-id'],
                'indexes': [models.Index(fields=['event', 'kind', 'fingerprint'], name='print_job_lookup')],
            },
        ),
            ],
        )
    ]
