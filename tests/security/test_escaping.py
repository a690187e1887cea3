"""Every user-visible text (player, tournament and club names, rulings) is escaped on every
page, in the live pages' fragments and in the reports; PDFs show it as plain text."""

from __future__ import annotations

import io
import json
import re
from html import escape

import pytest
from pypdf import PdfReader

from tests.security.conftest import (
    HOSTILE,
    RAW_MARKUP,
    XSS_PLAYER,
    XSS_PLAYER_2,
    XSS_RULING,
    XSS_TOURNAMENT,
    page_urls,
)
from tournaments.models import ReportJob

pytestmark = pytest.mark.django_db


def assert_no_raw_markup(url: str, html: str) -> None:
    for raw in RAW_MARKUP:
        assert raw not in html, f"{url} shows {raw!r} unescaped"


def test_it_escapes_hostile_names_on_every_page(client, hostile_night):
    client.force_login(hostile_night.organiser)
    shown: set[str] = set()
    for url in page_urls(hostile_night):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):  # the page and its live fragment
            response = client.get(url, **headers)
            assert response.status_code == 200, (url, response.status_code)
            html = response.content.decode()
            assert_no_raw_markup(url, html)
            shown |= {text for text in HOSTILE if escape(text) in html}
    # The walk did see every hostile text (escaped) somewhere.
    assert shown == set(HOSTILE)


def test_it_escapes_hostile_names_for_the_public(client, hostile_night):
    t = hostile_night.tournament.pk
    for url in ["/", f"/tournaments/{t}/", f"/tournaments/{t}/standings/", "/leaderboard/"]:
        response = client.get(url)
        assert response.status_code == 200
        assert_no_raw_markup(url, response.content.decode())


def order_report(client, night, django_capture_on_commit_callbacks, **order) -> bytes:
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/api/v1/tournaments/{night.tournament.pk}/reports/",
            data=json.dumps(order),
            content_type="application/json",
        )
    assert response.status_code == 202, response.content
    job = ReportJob.objects.get(pk=response.json()["job"])
    assert job.state == ReportJob.State.DONE, job.error
    download = client.get(f"/api/v1/jobs/{job.pk}/download/")
    assert download.status_code == 200
    return b"".join(download.streaming_content)


def pdf_text(data: bytes) -> str:
    text = "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)
    return re.sub(r"\s+", " ", text)


REPORTS = [
    pytest.param({"kind": "standings_pdf"}, id="standings"),
    pytest.param({"kind": "round", "round": 1, "format": "pdf"}, id="round"),
    pytest.param({"kind": "player_stats", "format": "pdf"}, id="player-stats"),
]


@pytest.mark.parametrize("order", REPORTS)
def test_it_prints_hostile_names_as_text_in_the_pdfs(
    client, hostile_night, django_capture_on_commit_callbacks, order
):
    client.force_login(hostile_night.organiser)
    data = order_report(client, hostile_night, django_capture_on_commit_callbacks, **order)
    assert data.startswith(b"%PDF")
    text = pdf_text(data)
    # Shown literally: had WeasyPrint read them as markup, the tags would be gone.
    assert XSS_TOURNAMENT in text
    assert XSS_PLAYER in text
    assert "&lt;" not in text


@pytest.mark.parametrize(
    "order",
    [
        pytest.param({"kind": "round", "round": 1, "format": "html"}, id="round"),
        pytest.param({"kind": "player_stats", "format": "html"}, id="player-stats"),
    ],
)
def test_it_escapes_hostile_names_in_the_html_reports(
    client, hostile_night, django_capture_on_commit_callbacks, order
):
    client.force_login(hostile_night.organiser)
    html = order_report(client, hostile_night, django_capture_on_commit_callbacks, **order)
    html = html.decode()
    assert_no_raw_markup("html report", html)
    assert escape(XSS_PLAYER) in html
    assert escape(XSS_PLAYER_2) in html or escape(XSS_PLAYER_2, quote=False) in html


def test_it_keeps_the_ruling_text_escaped_in_the_referee_desk(client, hostile_night):
    client.force_login(hostile_night.organiser)
    html = client.get(
        f"/referee/tournaments/{hostile_night.tournament.pk}/rulings/"
    ).content.decode()
    assert escape(XSS_RULING) in html
    assert_no_raw_markup("rulings", html)
