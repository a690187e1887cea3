"""A web worker's warm-up (issue 35, item 19): what a fresh process otherwise does during its
first request, done before it takes one.

A freshly started worker answered its first request in 0.5-1.3 s (the evening's pages bench):
importing the URL configuration (every view, the API, the games' registry), compiling the
templates, reading the translation catalogues, and the rulebook's search. gunicorn runs
`warm_up()` in each worker once it has loaded the site (config/gunicorn.py
`post_worker_init`), before it accepts a connection; tests, `manage.py` commands and Celery
never call it, so they never pay for it.

Each step is the site's own code path, done once: the URL configuration resolved and
reversed in every language, every template of the project's own directories compiled into
the engine's cached loader, each language's catalogue read, and whatever an app registers
(`warm_up_register`): the referee app builds the rulebook's search index and runs a search,
so that the first referee's search finds it all ready. A step that fails is logged and the
others still run: a warm-up never stops a worker from starting.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

logger = logging.getLogger("deberc.warmup")

# (name, step) of the apps above config: config imports none of them, they register here.
_registered: list[tuple[str, Callable[[], object]]] = []


def warm_up_register(name: str, step: Callable[[], object]) -> None:
    """An app's own warm-up step (its AppConfig.ready): run by `warm_up` after the site's.
    Registering the same name again replaces the step."""
    _registered[:] = [(n, s) for n, s in _registered if n != name]
    _registered.append((name, step))


def urls_warm() -> int:
    """Import the URL configuration (every view) and build its reverse lookups in each
    language (`reverse()` keeps them per language): the number of named routes."""
    from django.conf import settings
    from django.urls import get_resolver, resolve
    from django.utils import translation

    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018  (imports the URL configuration: every view)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            names = len(resolver.reverse_dict)
    resolve("/")
    return names


def _project_templates(root: Path, directory: Path) -> list[str]:
    """The .html templates under `directory`, when it is the project's (not a package's: a
    virtualenv may well sit inside the project, as /srv/deberc/.venv does)."""
    try:
        inside = directory.resolve().relative_to(root)
    except ValueError:
        return []
    if any(part in PACKAGE_DIRS or part.startswith(".") for part in inside.parts):
        return []
    return sorted(
        str(path.relative_to(directory)) for path in directory.rglob("*.html") if path.is_file()
    )


# Where installed packages live, never the project's own templates.
PACKAGE_DIRS = frozenset({"site-packages", "dist-packages"})


def templates_warm() -> int:
    """Compile every template of the project's own directories (its `templates/` and its
    apps'): the engines' cached loaders keep them. The number compiled."""
    from django.conf import settings
    from django.template import engines

    root = Path(settings.BASE_DIR).resolve()
    compiled = 0
    for engine in engines.all():
        names: list[str] = []
        for directory in engine.template_dirs:
            names.extend(_project_templates(root, Path(directory)))
        for name in dict.fromkeys(names):
            try:
                engine.get_template(name)
            except Exception:  # one template's fault is left to the request that needs it
                logger.warning("warm-up: template %s does not compile", name, exc_info=True)
            else:
                compiled += 1
    return compiled


def translations_warm() -> int:
    """Read each language's catalogue (Django keeps them for the process's life)."""
    from django.conf import settings
    from django.utils import translation

    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Tables")
    return len(settings.LANGUAGES)


def warm_up() -> dict[str, float]:
    """Every step, the site's then the apps': {step: milliseconds}. The database connections
    it opened are closed (a gunicorn worker's main thread serves no request: a connection
    left open there would be held for the worker's life)."""
    from django.db import connections

    spent: dict[str, float] = {}
    steps = [
        ("urls", urls_warm),
        ("templates", templates_warm),
        ("translations", translations_warm),
        *_registered,
    ]
    try:
        for name, step in steps:
            started = time.perf_counter()
            try:
                step()
            except Exception:
                logger.warning("warm-up: step %s failed", name, exc_info=True)
            spent[name] = round((time.perf_counter() - started) * 1000, 1)
    finally:
        connections.close_all()
    logger.info("warm-up done in %.0f ms", sum(spent.values()), extra={"steps": spent})
    return spent
