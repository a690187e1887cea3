"""Shared fixtures, the rule for tests that need a real service, and how many examples the
property tests draw.

A test that needs PostgreSQL, Redis or Debian's chromium skips with a reason when the
service is absent, unless REQUIRE_SERVICES is set (CI sets it): then it fails instead.

HYPOTHESIS_PROFILE=ci (CI sets it) runs every property test (Hypothesis's @given) with the
examples its @settings asks for; `dev`, the default (`make test`), with a quarter of them (at
least 10, or the test's own count if smaller): a quicker run on a developer's machine, while
CI still draws them all.
"""

from __future__ import annotations

import os
import shutil
import socket
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from django.conf import settings

from scoring import services as scoring_services
from tests.browser import SharedChromium
from tests.db_template import migrated_from_template
from tests.factories import UserFactory, make_match

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES", "").lower() not in ("", "0", "false", "no")
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"

HYPOTHESIS_PROFILES = ("dev", "ci")
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or "dev"
DEV_SHARE, DEV_FLOOR = 4, 10


def dev_examples(count: int) -> int:
    """A property test's examples in the `dev` profile, for `count` in the `ci` one."""
    return max(min(count, DEV_FLOOR), count // DEV_SHARE)


def pytest_report_header() -> str:
    examples = "as many as each test asks" if HYPOTHESIS_PROFILE == "ci" else "a quarter"
    return f"hypothesis profile: {HYPOTHESIS_PROFILE} ({examples}; HYPOTHESIS_PROFILE=dev|ci)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `dev` profile: each @given test's settings (its @settings's, or the default it
    inherited) with fewer examples. A test's own max_examples overrides any profile
    Hypothesis could load, hence the change here, once per test function (its parametrized
    items share it). Nothing else of its settings changes."""
    if HYPOTHESIS_PROFILE not in HYPOTHESIS_PROFILES:
        raise pytest.UsageError(
            f"HYPOTHESIS_PROFILE={HYPOTHESIS_PROFILE!r}: one of {', '.join(HYPOTHESIS_PROFILES)}"
        )
    if HYPOTHESIS_PROFILE == "ci":
        return
    from hypothesis import settings as hypothesis_settings

    for item in items:
        test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        if not getattr(test, "is_hypothesis_test", False) or hasattr(test, "_dev_examples"):
            continue
        own = test._hypothesis_internal_use_settings
        test._dev_examples = dev_examples(own.max_examples)
        if test._dev_examples < own.max_examples:
            test._hypothesis_internal_use_settings = hypothesis_settings(
                own, max_examples=test._dev_examples
            )


def _missing(reason: str) -> None:
    if REQUIRE_SERVICES:
        pytest.fail(f"REQUIRE_SERVICES is set but {reason}")
    pytest.skip(reason)


def _answers(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), 1
        ):
            return True
    except OSError:
        return False


@pytest.fixture
def require_postgres() -> None:
    if not settings.USING_POSTGRES:
        _missing("this test needs PostgreSQL (set DATABASE_URL=postgres://...)")


@pytest.fixture
def require_redis() -> str:
    url = settings.REDIS_URL
    if not url or not _answers(url, 6379):
        _missing("this test needs Redis (set REDIS_URL=redis://...)")
    return url


@pytest.fixture
def redis_cache(require_redis: str, settings: Any, request: pytest.FixtureRequest) -> Any:
    """The site's Redis cache (config.cache) as the default cache, emptied before and after,
    its keys under the test module's own prefix."""
    from django.core.cache import caches

    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.KeptClientRedisCache",
            "LOCATION": require_redis,
            "KEY_PREFIX": request.module.__name__.rsplit(".", 1)[-1],
        }
    }
    store = caches["default"]
    store.clear()
    yield store
    store.clear()


@pytest.fixture
def redis_round_trips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A counter (`[n]`: set it to 0 where the counting starts) of what goes out to Redis:
    every command, and every batch of commands sent together, is one round trip."""
    import redis.connection

    sent = [0]
    connection_class: Any = redis.connection.AbstractConnection
    send = connection_class.send_packed_command

    def counted(conn: Any, command: Any, check_health: bool = True) -> Any:
        sent[0] += 1
        return send(conn, command, check_health)

    monkeypatch.setattr(connection_class, "send_packed_command", counted)
    return sent


@pytest.fixture(scope="session")
def shared_chromium() -> Iterator[SharedChromium]:
    """The test process's one Playwright and chromium (tests/browser.py), stopped at its end."""
    shared = SharedChromium()
    yield shared
    shared.stop()


@pytest.fixture
def chromium_path(
    shared_chromium: SharedChromium, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """Debian's chromium, for a browser test: its `sync_playwright()` (imported inside the test)
    gives the process's shared Playwright and chromium, its own contexts closed at its end."""
    if not os.path.exists(CHROMIUM):
        _missing("this test needs Debian's chromium (apt-get install chromium)")
    import playwright.sync_api

    monkeypatch.setattr(playwright.sync_api, "sync_playwright", shared_chromium.sync_playwright)
    try:
        yield CHROMIUM
    finally:
        shared_chromium.park()


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing() -> Iterator[None]:
    """Passwords hashed with MD5 for the whole run: the site's PBKDF2 (a million rounds, half a
    second on this machine) cost a second or more per test that makes an evening's six users,
    minutes over the suite. The site's own hashers stay listed after it, so that a hash made
    with them (a fixture's, a backup's) is still checked. A test may still set its own."""
    from django.conf import settings
    from django.test.utils import override_settings

    hashers = ["django.contrib.auth.hashers.MD5PasswordHasher", *settings.PASSWORD_HASHERS]
    with override_settings(PASSWORD_HASHERS=hashers):
        yield


@pytest.fixture(autouse=True)
def tasks_run_eagerly() -> Iterator[None]:
    """Background tasks run at once, in the test's own thread, whatever REDIS_URL says: a
    test sees what a finished task leaves behind. The tests of the jobs themselves ask for a
    real Redis-backed worker (`job_runner` in tests/tournaments/reports), which turns this off."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def media_in_tmp(settings: object, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Files a test leaves (a tournament's export file, a report) go to the run's temporary
    directory, never to the project's media/ (a test wanting its own sets MEDIA_ROOT)."""
    settings.MEDIA_ROOT = str(tmp_path_factory.getbasetemp() / "media")  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    """Each test starts with an empty cache: marks such as "a standings refresh is queued"
    left by another test (or another run, on a shared Redis) must not leak into it; nor the
    headers the live fast path learnt of a path another test's tournament had."""
    from django.core.cache import cache

    from tournaments.live import fast
    from tournaments.live.html import table_cards_kept

    cache.clear()
    table_cards_kept.clear()
    fast._HEADERS_KEPT.clear()
    fast._HEADERS_KEPT_200.clear()


@pytest.fixture(autouse=True)
def no_language_left_over() -> Iterator[None]:
    """A request through the test client activates its visitor's language in the test's
    thread and leaves it active (as a server's thread keeps it until its next request): what
    a test makes outside a request (a card's reason, a task run at once) must not speak the
    language of a page the test before it asked for."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def one_sqlite_connection_with_the_live_server(request: pytest.FixtureRequest) -> Iterator[None]:
    """On SQLite's in-memory test database, a live-server test and its server use one
    connection, in every thread and context: Django means the server's threads to share the
    test's (`connections_override`), but Playwright's sync API runs the test's code in a
    context of its own, where Django opened a second connection; and a server started before
    the test database existed shared none. Two connections to one shared-cache database take
    table locks, and a write meeting a read of the same table fails at once ("database table
    is locked"), with no timeout to wait on. PostgreSQL: each thread keeps its own."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")
    from django.db import DEFAULT_DB_ALIAS, connections

    own = connections[DEFAULT_DB_ALIAS]
    if own.vendor != "sqlite" or not own.is_in_memory_db():
        yield
        return
    overrides = request.getfixturevalue("live_server").thread.connections_override
    shared = overrides.get(DEFAULT_DB_ALIAS)
    if shared is None:
        overrides[DEFAULT_DB_ALIAS] = shared = own
        own.inc_thread_sharing()
    made = connections.create_connection

    def the_shared_one(alias: str) -> object:
        return shared if alias == DEFAULT_DB_ALIAS else made(alias)

    connections.create_connection = the_shared_one  # type: ignore[method-assign]
    connections[DEFAULT_DB_ALIAS] = shared
    try:
        yield
    finally:
        del connections.create_connection
        connections[DEFAULT_DB_ALIAS] = own


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings: None) -> Iterator[None]:
    """pytest-django's, and then the in-memory SQLite test database copied from the migrated
    template of an earlier run when the migrations are the same (tests/db_template.py)."""
    with migrated_from_template():
        yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker) -> Iterator[None]:
    """pytest-django's test database, and at its end the connections that threads of the
    tests (a live server's, a worker's) left open to it on PostgreSQL closed: otherwise
    dropping it fails ("being accessed by other users") and the database is left behind. (An
    override of the fixture, so that a run without the database does not create one.)"""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


# --- fixtures shared by folders (one place; a folder's own conftest keeps only its own) -------


@pytest.fixture
def evening(db: Any) -> dict[str, Any]:
    """(The referee desk's tests, the referee parts of each game.) A running 2-player Moscow match
    with its referee, organiser, an outsider and deal 1:
    Anna declares and makes the game 90 : 60."""
    referee = UserFactory(username="referee")
    organiser = UserFactory(username="organiser")
    outsider = UserFactory(username="outsider")
    match = make_match()
    tournament = match.tournament
    tournament.referees.add(referee)
    tournament.organisers.add(organiser)
    names = [seat.player.display_name for seat in match.seats.order_by("position")]
    scoring_services.deal_submit(
        match=match,
        record={
            "trump": "H",
            "declarer": names[0],
            "points": {names[0]: 80, names[1]: 60},
            "last_trick": names[0],
        },
        user=organiser,
        idempotency_key="deal-1",
        version=None,
    )
    match.refresh_from_db()
    return {
        "match": match,
        "tournament": tournament,
        "names": names,
        "referee": referee,
        "organiser": organiser,
        "outsider": outsider,
    }
