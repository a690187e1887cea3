# The name a table card's scorer gave, kept with each deal and in its history (issue 20).

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0005_api_token_use"),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="scorer_name",
            field=models.CharField(
                blank=True, db_default="", max_length=40, verbose_name="scorer's name"
            ),
        ),
        migrations.AddField(
            model_name="historicaldeal",
            name="scorer_name",
            field=models.CharField(
                blank=True, db_default="", max_length=40, verbose_name="scorer's name"
            ),
        ),
    ]
