"""Whether a person scores in a tournament reads one index (issue 31): a person's tables,
straight to their rounds (permissions.role_in_tournament)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0018_club_roles"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddIndex(
            model_name="table",
            index=models.Index(fields=["scorer", "round"], name="table_scorer_round"),
        ),
    ]
