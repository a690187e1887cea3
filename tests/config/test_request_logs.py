"""Structured logs: one JSON line per request with what happened and to whom, and never a
token, a password, a cookie or an Authorization header."""

from __future__ import annotations

import io
import json
import logging

import pytest
from rest_framework.authtoken.models import Token

from config.request_log import JsonFormatter
from tests.factories import DEAL_HANGING, make_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def log_lines():
    """Every record of every logger, at every level, written by the site's JSON formatter:
    what a production log file would hold."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.setLevel(logging.DEBUG)
    root = logging.getLogger()
    loggers = [root, logging.getLogger("deberc.request")]
    previous = [(logger, logger.level) for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.DEBUG)

    def lines() -> list[str]:
        return [line for line in stream.getvalue().splitlines() if line]

    yield lines
    for logger, level in previous:
        logger.removeHandler(handler)
        logger.setLevel(level)


@pytest.fixture
def evening(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return make_evening()


def request_entries(lines: list[str]) -> list[dict]:
    entries = [json.loads(line) for line in lines]
    return [entry for entry in entries if entry["logger"] == "deberc.request"]


def test_it_logs_one_json_line_per_request(client, evening, log_lines):
    token = Token.objects.create(user=evening.scorer)
    version = client.get(
        f"/api/v1/matches/{evening.match.pk}/", HTTP_AUTHORIZATION=f"Token {token.key}"
    ).json()["version"]
    response = client.post(
        f"/api/v1/matches/{evening.match.pk}/deals/?note=x",
        data=json.dumps({**DEAL_HANGING, "version": version}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token.key}",
        HTTP_IDEMPOTENCY_KEY="log-1",
    )
    assert response.status_code == 201
    client.get("/tournaments/999999/")
    entries = request_entries(log_lines())
    assert len(entries) == 3
    get_match, post_deal, missing = entries
    assert post_deal["method"] == "POST"
    assert post_deal["path"] == f"/api/v1/matches/{evening.match.pk}/deals/"
    assert post_deal["status"] == 201
    assert post_deal["outcome"] == "ok"
    assert post_deal["match_id"] == evening.match.pk
    assert post_deal["user_id"] == evening.scorer.pk
    assert post_deal["username"] == evening.scorer.username
    assert isinstance(post_deal["duration_ms"], float)
    assert 0 < post_deal["cpu_ms"] <= post_deal["duration_ms"] + 1
    assert get_match["match_id"] == evening.match.pk
    assert missing["status"] == 404
    assert missing["outcome"] == "not_found"
    assert missing["user_id"] is None
    assert missing["match_id"] is None


def test_it_never_logs_a_token_a_password_or_a_cookie(client, evening, log_lines, settings):
    token = Token.objects.create(user=evening.scorer)
    auth = f"Token {token.key}"
    # A token in use, a bad token, a token taken from the token endpoint, a password (right
    # and wrong), a session cookie, a query string with a secret, a server error.
    client.get(f"/api/v1/matches/{evening.match.pk}/", HTTP_AUTHORIZATION=auth)
    client.get(
        f"/api/v1/matches/{evening.match.pk}/", HTTP_AUTHORIZATION="Token not-a-real-token-xyz"
    )
    issued = client.post(
        "/api/v1/auth/token/", {"username": evening.referee.username, "password": "demo"}
    ).json()["token"]
    client.post(
        "/api/v1/auth/token/", {"username": evening.referee.username, "password": "s3cret-Pass"}
    )
    client.post("/accounts/login/", {"username": evening.organiser.username, "password": "demo"})
    session_id = client.cookies["sessionid"].value
    client.get(f"/tournaments/{evening.tournament.pk}/?token={token.key}")
    client.post(
        f"/api/v1/matches/{evening.match.pk}/deals/",
        data="{not json",
        content_type="application/json",
        HTTP_AUTHORIZATION=auth,
        HTTP_IDEMPOTENCY_KEY="log-secret-key",
    )
    lines = log_lines()
    assert len(request_entries(lines)) == 7
    text = "\n".join(lines)
    for secret in (token.key, issued, "not-a-real-token-xyz", "s3cret-Pass", session_id):
        assert secret not in text
    assert "Authorization" not in text
    assert "HTTP_COOKIE" not in text
    assert "sessionid" not in text


def test_it_leaves_out_the_request_django_attaches_to_errors(log_lines, rf):
    """django.request logs a server error with the request in `extra`; its repr would carry
    the headers."""
    request = rf.get("/boom/", HTTP_AUTHORIZATION="Token leaked-token-123")
    request.COOKIES["sessionid"] = "leaked-session-456"
    logging.getLogger("django.request").error(
        "Internal Server Error: %s", request.path, extra={"status_code": 500, "request": request}
    )
    (line,) = log_lines()
    entry = json.loads(line)
    assert entry["message"] == "Internal Server Error: /boom/"
    assert entry["status_code"] == 500
    assert "leaked" not in line


def test_at_warning_only_server_errors_are_logged_and_nothing_else_is_measured(
    log_lines, rf, monkeypatch
):
    """REQUEST_LOG_LEVEL=WARNING: an answered request writes nothing and reads no CPU clock
    (a system call holding the GIL, twice a request); a server error still has its line."""
    from django.http import HttpResponse

    from config import request_log as module

    logging.getLogger("deberc.request").setLevel(logging.WARNING)
    clock_reads: list[float] = []
    real_thread_time = module.time.thread_time

    def counted_thread_time() -> float:
        clock_reads.append(1.0)
        return real_thread_time()

    monkeypatch.setattr(module.time, "thread_time", counted_thread_time)
    status = {"code": 200}
    middleware = module.RequestLogMiddleware(lambda request: HttpResponse(status=status["code"]))
    assert middleware(rf.get("/tournaments/1/")).status_code == 200
    assert request_entries(log_lines()) == []
    status["code"] = 503
    middleware(rf.get("/tournaments/1/"))
    (entry,) = request_entries(log_lines())
    assert (entry["level"], entry["status"], entry["outcome"]) == ("ERROR", 503, "error")
    assert isinstance(entry["duration_ms"], float)
    assert entry["cpu_ms"] is None
    assert clock_reads == []
