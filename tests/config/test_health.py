"""/healthz (the process is alive, no database) and /readyz (database, Redis when configured,
migrations applied), both JSON, 200 or 503."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

from config import health


@pytest.fixture(autouse=True)
def _forget_seen_migrations(monkeypatch):
    # Each test decides for itself whether the migrations are applied.
    monkeypatch.setattr(health, "_migrations_seen_applied", False)


def test_it_answers_healthz_without_the_database(client):
    # No django_db mark: any database access in this test would raise.
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert response["Cache-Control"] == "no-store"


def test_it_answers_healthz_whatever_the_host(client, settings):
    settings.ALLOWED_HOSTS = ["desk.example.org"]
    assert client.get("/healthz", HTTP_HOST="10.0.0.5:8000").status_code == 200


@pytest.mark.django_db
def test_it_is_ready_when_the_database_answers_and_migrations_are_applied(client, settings):
    settings.REDIS_URL = ""
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {"database": "ok", "migrations": "ok", "redis": "not configured"},
    }


@pytest.mark.django_db
def test_it_is_not_ready_with_a_migration_missing(client, settings):
    settings.REDIS_URL = ""
    latest = MigrationRecorder.Migration.objects.filter(app="scoring").order_by("-id").first()
    latest.delete()
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["status"] == "unavailable"
    assert response.json()["checks"]["migrations"] == "unavailable"


@pytest.mark.django_db
def test_it_is_not_ready_when_the_database_does_not_answer(client, settings, monkeypatch):
    settings.REDIS_URL = ""

    def refuse(*args, **kwargs):
        raise connection.Database.OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/readyz")
    assert response.status_code == 503
    checks = response.json()["checks"]
    assert checks["database"] == "unavailable"
    assert checks["migrations"] == "unavailable"
    # The reason stays in the log, not in the public answer.
    assert "refused" not in response.content.decode()


@pytest.mark.django_db
def test_it_is_not_ready_when_redis_does_not_answer(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"] == {
        "database": "ok",
        "migrations": "ok",
        "redis": "unavailable",
    }


@pytest.mark.django_db
def test_it_is_ready_with_redis_answering(client, settings, require_redis):
    settings.REDIS_URL = require_redis
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json()["checks"]["redis"] == "ok"


def _redis_figures(url: str) -> tuple[int, int]:
    """Redis's own count of connections received since it started, and of clients now."""
    import redis

    with redis.Redis.from_url(url) as client:
        stats, clients = client.info("stats"), client.info("clients")
    return int(stats["total_connections_received"]), int(clients["connected_clients"])


@pytest.mark.services
@pytest.mark.django_db
def test_readiness_probes_reuse_their_redis_connection(client, settings, require_redis):
    """50 probes, as a load balancer sends every few seconds: the Redis server sees no new
    connection per probe (it saw 201 for 200 probes), and no more clients afterwards."""
    settings.REDIS_URL = require_redis
    assert client.get("/readyz").status_code == 200  # the pool's first connection
    received_before, clients_before = _redis_figures(require_redis)
    for _ in range(50):
        response = client.get("/readyz")
        assert response.json()["checks"]["redis"] == "ok"
    received_after, clients_after = _redis_figures(require_redis)
    # Our own two INFO connections count, and another process on the same server may
    # connect meanwhile: a couple at most, never one per probe.
    assert received_after - received_before <= 5
    assert clients_after - clients_before <= 2
