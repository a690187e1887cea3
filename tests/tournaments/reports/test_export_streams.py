"""A large export's download holds a web thread for as long as its reader takes: a process
streams only EXPORT_STREAMS_PER_PROCESS of them at once, so that eight readers never take every
thread from the scorers (issue 17, item 7). A reader beyond that is told, in their language,
to come back shortly; behind nginx the proxy sends the file and no thread is held."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.reports.test_exports import body, export, tournament_of
from tournaments.reports import exports

pytestmark = pytest.mark.django_db


def close_as_the_server(response: Any) -> None:
    """What the WSGI server does when a reader is done or gone: close the response. Closing
    also announces the request's end, whose receiver would close the test's database
    connection: kept off meanwhile, as Django's test client does."""
    from django.core.signals import request_finished
    from django.db import close_old_connections

    request_finished.disconnect(close_old_connections)
    try:
        response.close()
    finally:
        request_finished.connect(close_old_connections)


@pytest.fixture
def streamed(settings: Any) -> Any:
    settings.EXPORT_STREAM_MIN_BYTES = 1
    settings.EXPORT_STREAMS_PER_PROCESS = 1
    settings.EXPORT_ACCEL_REDIRECT = ""
    exports._slots.clear()  # a slot a failed test kept must not fail the next one
    yield settings
    exports._slots.clear()


def test_a_reader_beyond_the_slots_is_told_to_come_back(streamed: Any) -> None:
    tournament = tournament_of(3)
    first = export(Client(), tournament)
    assert first.status_code == 200 and first.streaming
    try:
        busy = export(Client(), tournament, HTTP_ACCEPT_LANGUAGE="ru")
        assert busy.status_code == 503
        assert busy["Retry-After"] == "2"
        [problem] = busy.json()["errors"]
        assert problem["code"] == "export_busy"
        assert "Слишком много" in problem["message"]
        busy_uk = export(Client(), tournament, HTTP_ACCEPT_LANGUAGE="uk")
        assert "Забагато" in busy_uk.json()["errors"][0]["message"]
    finally:
        body(first)
        close_as_the_server(first)
    # The slot came back with the first download's end: the next reader gets the file.
    again = export(Client(), tournament)
    assert again.status_code == 200
    assert body(again).startswith(b"{")
    close_as_the_server(again)


def test_a_reader_told_to_come_back_is_no_server_error_in_the_logs(
    streamed: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """The 503 `export_busy` is the site shedding load by design (issue 35, item 20): logged
    as "busy" at WARNING, never at ERROR as a server error."""
    tournament = tournament_of(3)
    first = export(Client(), tournament)
    try:
        with caplog.at_level(logging.INFO):
            busy = export(Client(), tournament)
        assert busy.status_code == 503
    finally:
        body(first)
        close_as_the_server(first)
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    [line] = [r for r in caplog.records if r.name == "deberc.request" and "503" in r.getMessage()]
    assert line.levelno == logging.WARNING
    assert line.outcome == "busy"  # type: ignore[attr-defined]


def test_the_slot_comes_back_when_the_reader_goes_away(streamed: Any) -> None:
    tournament = tournament_of(3)
    dropped = export(Client(), tournament)
    close_as_the_server(dropped)  # the reader hung up mid-file
    following = export(Client(), tournament)
    assert following.status_code == 200
    assert body(following).startswith(b"{")
    close_as_the_server(following)


def test_a_small_export_needs_no_slot(settings: Any) -> None:
    settings.EXPORT_STREAMS_PER_PROCESS = 1
    tournament = tournament_of(3)
    settings.EXPORT_STREAM_MIN_BYTES = 10**9  # answered from memory
    answers = [export(Client(), tournament) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert not any(a.streaming for a in answers)


def test_behind_nginx_the_proxy_sends_the_file(streamed: Any) -> None:
    streamed.EXPORT_ACCEL_REDIRECT = "/protected-media/"
    tournament = tournament_of(3)
    answers = [export(Client(), tournament) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]  # no slot is held
    redirect = answers[0]["X-Accel-Redirect"]
    assert redirect.startswith("/protected-media/exports/tournament-")
    assert redirect.endswith(".json")
    assert answers[0].content == b""
    assert answers[0]["ETag"] == answers[1]["ETag"]
