from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_merge_ratings_staff_live"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicaltournament",
            name="table_sizes",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="The sizes a round may seat, e.g. 3 and 4: everyone plays, few byes.",
                verbose_name="table sizes",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="table_sizes",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="The sizes a round may seat, e.g. 3 and 4: everyone plays, few byes.",
                verbose_name="table sizes",
            ),
        ),
        migrations.AlterField(
            model_name="historicaltournament",
            name="match_score",
            field=models.CharField(
                choices=[
                    ("win", "Win (1 point per match)"),
                    ("difference", "Difference (target minus loser's total)"),
                    ("places", "Places at the table (2/1/0, with four 3/2/1/0)"),
                    ("balance", "Whist balance"),
                    ("places_per_size", "Places normalised per table size (1st 1, last 0)"),
                    ("places_by_sign", "Places by sign (league: 4/3, 2 or 1, 0)"),
                ],
                default="win",
                max_length=16,
                verbose_name="match scoring",
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="match_score",
            field=models.CharField(
                choices=[
                    ("win", "Win (1 point per match)"),
                    ("difference", "Difference (target minus loser's total)"),
                    ("places", "Places at the table (2/1/0, with four 3/2/1/0)"),
                    ("balance", "Whist balance"),
                    ("places_per_size", "Places normalised per table size (1st 1, last 0)"),
                    ("places_by_sign", "Places by sign (league: 4/3, 2 or 1, 0)"),
                ],
                default="win",
                max_length=16,
                verbose_name="match scoring",
            ),
        ),
    ]
