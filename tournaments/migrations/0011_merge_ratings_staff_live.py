"""Merges the three migrations written side by side after 0007: ratings per game, staff and
table cards, the live pages' change counters (none touches the others' tables)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_ratings_per_game"),
        ("tournaments", "0009_staff_invitations_table_cards"),
        ("tournaments", "0010_live_versions"),
    ]

    operations = []
