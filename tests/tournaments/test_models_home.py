"""The tournaments app's models live in their packages (clubs, events, discipline, standings,
live, reports) but stay the app's: the same app label, the same tables, and migrations that
match them, so a database of before the split migrates with nothing to do and nothing lost."""

from __future__ import annotations

import io

import pytest
from django.apps import apps
from django.core.management import call_command

import tournaments.models as gathered

PACKAGES = (
    "clubs",
    "people",
    "federations",
    "events",
    "discipline",
    "standings",
    "live",
    "reports",
)


def test_every_model_keeps_the_apps_label_and_its_table() -> None:
    models = apps.get_app_config("tournaments").get_models()
    homes = set()
    for model in models:
        if model.__name__.startswith("Historical"):
            continue
        assert model._meta.app_label == "tournaments"
        assert model._meta.db_table == f"tournaments_{model.__name__.lower()}"
        package = model.__module__.split(".")[1]
        assert package in PACKAGES, model.__module__
        homes.add(package)
        # The app's `models` module gathers it, as Django and the migrations read it there.
        assert getattr(gathered, model.__name__) is model
    assert homes == set(PACKAGES)


@pytest.mark.django_db
def test_the_migrations_match_the_models() -> None:
    """No migration is missing: moving the models changed no table, column or option (the
    migrations' `tournaments.models.PointsField` still names the points field)."""
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    assert "No changes detected" in out.getvalue()
    assert gathered.PointsField.__module__ == "tournaments.standings.models"
