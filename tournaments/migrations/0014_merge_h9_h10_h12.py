"""Merges the migrations written side by side after 0011: the ruleset of any registered game,
the tables' sizes of a tournament, the club presets (none touches the others' columns)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_h9_ruleset_of_any_game"),
        ("tournaments", "0012_h10_table_sizes"),
        ("tournaments", "0013_club_presets"),
    ]

    operations = []
