"""Production defaults (issue 17, item 19): a site started with no environment at all (the
README's gunicorn line) runs with DEBUG off and refuses the development SECRET_KEY; report
files are never served from /media/, only through the job's download view, which checks who
may see the job, whether DEBUG is on or off."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.files.storage import default_storage
from django.test import Client, override_settings
from django.urls import clear_url_caches

from tests.factories import UserFactory
from tests.security.test_production_settings import SECRET
from tests.tournaments.reports.conftest import CYRILLIC_NAMES, play_tournament
from tournaments.reports import services
from tournaments.reports.models import ReportJob

ROOT = Path(__file__).resolve().parents[2]
# What a host's environment may hold of ours; a "no environment" start has none of it.
OURS = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "SECURE_", "SESSION_", "CSRF_", "DJANGO_ALLOW")

READ_DEBUG = (
    "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
)


def bare_env(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(OURS)}
    return {**env, "DJANGO_SETTINGS_MODULE": "config.settings", **extra}


def start(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    if (ROOT / ".env").exists():
        pytest.skip("a .env file next to manage.py gives this checkout an environment")
    return subprocess.run(
        [sys.executable, "-c", READ_DEBUG],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_with_no_environment_the_site_refuses_to_start_with_the_development_key():
    started = start(bare_env())
    assert started.returncode != 0
    assert "ImproperlyConfigured" in started.stderr
    assert "DEBUG is off and SECRET_KEY is not set" in started.stderr


def test_debug_is_off_unless_asked_for():
    started = start(bare_env(SECRET_KEY=SECRET))
    assert started.returncode == 0, started.stderr
    assert started.stdout.strip() == "False"
    asked = start(bare_env(DEBUG="1"))  # a development machine: the development key is fine
    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.strip() == "True"


@pytest.mark.parametrize(
    "key",
    ["short-key", "django-insecure-" + "x1y2z3" * 10, "ab" * 40],
    ids=["short", "django-insecure", "few-characters"],
)
def test_with_debug_off_a_weak_key_is_refused_too(key):
    started = start(bare_env(DEBUG="0", SECRET_KEY=key))
    assert started.returncode != 0
    assert "SECRET_KEY is too weak" in started.stderr


# --- report files ------------------------------------------------------------------------------


@pytest.fixture
def draft_report(db: Any, settings: Any, tmp_path: Path) -> ReportJob:
    """A done standings CSV of a draft (unpublished) tournament, its file on disk."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    from tests.factories import ClubFactory, TournamentFactory

    tournament = TournamentFactory(name="Закрита чернетка", club=ClubFactory(), published=False)
    tournament.organisers.add(UserFactory(username="draft_owner"))
    play_tournament(tournament, CYRILLIC_NAMES, rounds=1)
    job = ReportJob.objects.create(tournament=tournament, kind="standings_csv", params={})
    services.report_job_execute(job_id=job.pk)
    job.refresh_from_db()
    assert job.state == ReportJob.State.DONE, job.error
    assert default_storage.exists(job.file.name)
    return job


def client_as(username: str | None) -> Client:
    client = Client()
    if username is not None:
        from django.contrib.auth import get_user_model

        client.force_login(get_user_model().objects.get(username=username))
    return client


@pytest.fixture(params=[False, True], ids=["debug-off", "debug-on"])
def debug_mode(request: pytest.FixtureRequest) -> Any:
    """The URLconf as built with DEBUG off and on (it used to add /media/ with DEBUG on)."""
    import config.urls

    with override_settings(DEBUG=request.param):
        clear_url_caches()
        importlib.reload(config.urls)
        yield request.param
    clear_url_caches()
    importlib.reload(config.urls)


def test_media_urls_never_serve_a_report_file(draft_report, debug_mode):
    UserFactory(username="someone_else")
    path = f"/media/{draft_report.file.name}"
    for who in (None, "someone_else", "draft_owner"):
        response = client_as(who).get(path)
        assert response.status_code == 404, (who, response.status_code)
        assert "Олена" not in response.content.decode("utf-8", "replace")


def test_only_who_may_see_the_job_downloads_a_draft_tournaments_report(draft_report, debug_mode):
    UserFactory(username="someone_else")
    url = f"/api/v1/jobs/{draft_report.pk}/download/"
    assert client_as(None).get(url).status_code == 404
    assert client_as("someone_else").get(url).status_code == 404
    owner = client_as("draft_owner").get(url)
    assert owner.status_code == 200
    assert "Олена Шевченко" in b"".join(owner.streaming_content).decode("utf-8")
    # Published: the results are public, and so is the file.
    draft_report.tournament.published = True
    draft_report.tournament.save(update_fields=["published"])
    assert client_as(None).get(url).status_code == 200
