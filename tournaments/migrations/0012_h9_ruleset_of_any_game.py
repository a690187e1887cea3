from django.db import migrations, models


class Migration(migrations.Migration):
    """The ruleset is any preset of the tournament's game: no fixed list of two games' presets
    (issue 18: a third game's tournament was refused by the organiser's form)."""

    dependencies = [
        ("tournaments", "0011_merge_ratings_staff_live"),
    ]

    operations = [
        migrations.AlterField(
            model_name=model,
            name="ruleset",
            field=models.CharField(default="moscow", max_length=16, verbose_name="ruleset"),
        )
        for model in ("tournament", "historicaltournament")
    ]
