import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_lockout_lifts_scorer_assigned"),
    ]

    operations = [
        migrations.CreateModel(
            name="LiveVersion",
            fields=[
                (
                    "tournament",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="live",
                        serialize=False,
                        to="tournaments.tournament",
                    ),
                ),
                ("version", models.PositiveBigIntegerField(default=0)),
            ],
        ),
    ]
