import django.db.models.deletion
from django.db import migrations, models

import scoring.games


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_merge_ratings_staff_live"),
    ]

    operations = [
        migrations.CreateModel(
            name="ClubPreset",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=80, verbose_name="name")),
                (
                    "game",
                    models.CharField(
                        choices=scoring.games.game_choices,
                        default="deberc",
                        max_length=16,
                        verbose_name="game",
                    ),
                ),
                ("settings", models.JSONField(blank=True, default=dict, verbose_name="settings")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="presets",
                        to="tournaments.club",
                    ),
                ),
            ],
            options={
                "verbose_name": "club preset",
                "verbose_name_plural": "club presets",
                "ordering": ["club", "name"],
                "constraints": [
                    models.UniqueConstraint(fields=("club", "name"), name="club_preset_unique_name")
                ],
            },
        ),
    ]
