"""Issue 35, item 19: a gunicorn worker warms up once it has loaded the site (config/gunicorn.py
`post_worker_init`, config/warmup.py), so that its first request (a referee's first rule
search after a restart: 0.5-1.3 s) costs what the next ones do. Only gunicorn's workers pay
for it: tests, `manage.py` commands and Celery start as before."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connections
from django.template import engines
from django.utils.translation import trans_real

from config import warmup
from referee import selectors as referee_selectors

gunicorn_config = importlib.import_module("config.gunicorn")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def calls(monkeypatch) -> list[str]:
    """The warm-up replaced by a recorder (the hook's part only; the garbage collector's
    settings it also makes are put back)."""
    import gc

    made: list[str] = []
    monkeypatch.setattr(warmup, "warm_up", lambda: made.append("warm_up"))
    threshold, interval = gc.get_threshold(), sys.getswitchinterval()
    yield made
    gc.unfreeze()
    gc.set_threshold(*threshold)
    sys.setswitchinterval(interval)


def test_each_gunicorn_worker_warms_up_once_loaded(calls, monkeypatch):
    monkeypatch.delenv("GUNICORN_WARM_UP", raising=False)
    gunicorn_config.post_worker_init(object())
    assert calls == ["warm_up"]


@pytest.mark.parametrize("off", ["0", "false", "no"])
def test_gunicorn_warm_up_0_leaves_it_to_the_first_requests(calls, monkeypatch, off):
    monkeypatch.setenv("GUNICORN_WARM_UP", off)
    gunicorn_config.post_worker_init(object())
    assert calls == []


def _template_cache() -> dict:
    loader = engines["django"].engine.template_loaders[0]
    assert loader.__class__.__name__ == "Loader" and hasattr(loader, "get_template_cache")
    return loader.get_template_cache


@pytest.mark.django_db(transaction=True)
def test_the_warm_up_loads_what_a_first_request_would(monkeypatch):
    closed: list[bool] = []
    close_all = connections.close_all
    monkeypatch.setattr(
        connections, "close_all", lambda: closed.append(bool(referee_selectors._index_cache))
    )
    engines["django"].engine.template_loaders[0].reset()
    referee_selectors._index_cache.clear()
    trans_real._translations.pop("uk", None)
    assert "tournaments/manage/matches.html" not in _template_cache()

    spent = warmup.warm_up()

    assert list(spent) == ["urls", "templates", "translations", "rulebook search"]
    # The project's templates compiled (the tables page, the rulebook, the scorer's page,
    # the base they extend), none of a package's (the admin's).
    cached = _template_cache()
    for name in (
        "base.html",
        "tournaments/manage/matches.html",
        "referee/rulebook.html",
        "scoring/match_base.html",
    ):
        assert name in cached, name
    assert "admin/index.html" not in cached
    # Each language's catalogue read; the rule search's index built.
    assert {"ru", "uk"} <= set(trans_real._translations)
    assert referee_selectors._index_cache
    # No connection left open in the worker's main thread, which serves no request: closed
    # once every step is done (an in-memory SQLite database of the tests is kept open).
    assert closed == [True]
    close_all()


def test_a_failing_step_is_logged_and_the_others_still_run(monkeypatch, caplog):
    ran: list[str] = []

    def broken() -> None:
        raise RuntimeError("no database yet")

    monkeypatch.setattr(
        warmup, "_registered", [("broken", broken), ("after", lambda: ran.append("after"))]
    )
    spent = warmup.warm_up()
    assert list(spent) == ["urls", "templates", "translations", "broken", "after"]
    assert ran == ["after"]
    assert "warm-up: step broken failed" in caplog.text


def test_starting_django_warms_nothing_up():
    """A `manage.py` command (or a test, or Celery) loads the apps: no index is built, no
    template compiled."""
    code = (
        "import django; django.setup()\n"
        "from django.template import engines\n"
        "from referee import selectors\n"
        "loader = engines['django'].engine.template_loaders[0]\n"
        "print(len(selectors._index_cache), len(loader.get_template_cache))\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["0", "0"], out.stderr[-2000:]


def test_a_virtualenv_inside_the_project_is_not_the_projects_templates(tmp_path):
    """Deployed as /srv/deberc with its /srv/deberc/.venv: the packages' templates (the
    admin's, DRF's) are not compiled at each worker's start."""
    own = tmp_path / "tournaments" / "templates"
    package = tmp_path / ".venv" / "lib" / "python3.11" / "site-packages" / "admin" / "templates"
    for directory, name in ((own, "tournaments/page.html"), (package, "admin/index.html")):
        (directory / name).parent.mkdir(parents=True)
        (directory / name).write_text("<p>{{ x }}</p>")
    root = tmp_path.resolve()
    assert warmup._project_templates(root, own) == ["tournaments/page.html"]
    assert warmup._project_templates(root, package) == []
    assert warmup._project_templates(root / "tournaments", package) == []
