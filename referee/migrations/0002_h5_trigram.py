"""pg_trgm for typo-tolerant rule search, on PostgreSQL only (CreateExtension skips other
databases going forwards). Going backwards the extension stays: other code may use it, and
Django's backwards step would query pg_extension even on SQLite."""

from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations


class TrigramOnPostgres(TrigramExtension):
    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        return None


class Migration(migrations.Migration):
    dependencies = [
        ("referee", "0001_initial"),
    ]

    operations = [
        TrigramOnPostgres(),
    ]
