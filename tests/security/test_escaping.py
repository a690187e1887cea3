"""Every user-visible text (player, tournament and club names, rulings and their overturn
reasons) is escaped on every page, for every role, in the live pages' fragments, in the
referee tools' answers and in the reports; PDFs show it as plain text. The pages are those
of tests/security/conftest.py, which lists every named route of the URLconfs."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from django.utils.html import escape
from pypdf import PdfReader

from tests.security.conftest import (
    DEBERC_PLAYERS,
    HOSTILE,
    NOT_PAGES,
    PREFERANS_PLAYERS,
    RAW_MARKUP,
    ROLES,
    XSS_CLUB,
    XSS_PLAYER,
    XSS_PLAYER_2,
    XSS_PREF_TOURNAMENT,
    XSS_TOURNAMENT,
    client_as,
    named_routes,
    pages,
)
from tournaments.reports.models import ReportJob

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def assert_no_raw_markup(url: str, html: str) -> None:
    for text in HOSTILE:
        assert text not in html, f"{url} shows {text!r} unescaped"
    for raw in RAW_MARKUP:
        assert raw not in html, f"{url} shows {raw!r} unescaped"


def escaped_texts(html: str) -> set[str]:
    return {text for text in HOSTILE if escape(text) in html}


def test_it_lists_every_page_of_the_site(hostile_night):
    """Each named route is walked as a page or said not to be one: a new page joins the
    escaping and Content-Security-Policy tests, or this test says it was left out."""
    listed = {page.route for page in pages(hostile_night)}
    routes = named_routes()
    assert routes - listed - set(NOT_PAGES) == set(), "pages left out of tests/security"
    assert (listed | set(NOT_PAGES)) - routes == set(), "routes gone from the URLconfs"
    assert listed.isdisjoint(NOT_PAGES)


@pytest.mark.parametrize("role", ROLES)
def test_it_escapes_hostile_texts_on_every_page(hostile_night, role):
    """Every page, as each role: those the role may see answer 200; whatever answers HTML
    shows no hostile text raw. The organiser (who sees every page, and each live page's
    htmx fragment) sees on each page the hostile texts it lists, escaped."""
    client = client_as(hostile_night, role)
    seen: set[str] = set()
    for page in pages(hostile_night):
        for headers in ({}, HTMX) if role == "organiser" else ({},):
            response = client.get(page.url, **headers)
            where = f"{page.url} as {role}{' (htmx)' if headers else ''}"
            if role in page.roles:
                assert response.status_code == 200, f"{where}: {response.status_code}"
            assert response.status_code < 500, where
            if response.status_code != 200:
                continue
            assert response["Content-Type"].startswith("text/html"), where
            html = response.content.decode()
            assert_no_raw_markup(where, html)
            if role == "organiser" and not headers:
                shown = escaped_texts(html)
                assert set(page.shows) <= shown, f"{where} lacks {set(page.shows) - shown}"
                seen |= shown
    if role == "organiser":
        # The walk did see every hostile text (escaped) somewhere.
        assert seen == set(HOSTILE)


DOWNLOADS = [
    ("tournaments:deals_csv", "/tournaments/{t}/deals.csv", "text/csv"),
    ("tournaments:export_json", "/tournaments/{t}/export.json", "application/json"),
    ("scoring:scoresheet", "/matches/{m}/scoresheet.json", "application/json"),
]


@pytest.mark.parametrize(("route", "url", "content_type"), DOWNLOADS)
def test_it_serves_the_downloads_as_attachments(hostile_night, route, url, content_type):
    """The routes that answer data, not a page, keep the names as they are (a CSV or JSON
    file), never as HTML a browser would render: their own type, sniffing off, a file."""
    assert route in NOT_PAGES
    client = client_as(hostile_night, "organiser")
    response = client.get(url.format(t=hostile_night.tournament.pk, m=hostile_night.match.pk))
    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Disposition"].startswith("attachment")
    body = response.content.decode()
    assert XSS_PLAYER in body or json.dumps(XSS_PLAYER)[1:-1] in body


def _answer(html: str) -> str:
    """The tool page's answer section (the form above it names the table's players too)."""
    start = html.index('data-testid="answer"')
    return html[start : html.index("</section>", start)]


EXAMPLE = json.loads(
    (
        Path(__file__).resolve().parent.parent / "data/examples/moscow-2p-card-by-card.json"
    ).read_text()
)


def _tool_posts(night) -> list[tuple[str, dict]]:
    """A question to each tool about the game's hostile table (the table's players are the
    seats; names typed where a tool asks for one)."""
    m, pm = night.match.pk, night.preferans_match.pk
    deal = EXAMPLE["deals"][0]
    ivan, petro = EXAMPLE["players"]
    check_deal = {
        "table": m,
        "ruleset": "moscow",
        "dealer": XSS_PLAYER,
        "declarer": XSS_PLAYER,
        "trump": deal["trump"],
        "hand_0": deal["play"]["hands"][ivan],
        "hand_1": deal["play"]["hands"][petro],
        "runs_0": ["KS", "QS", "JS"],
        **{f"trick_{n}": trick for n, trick in enumerate(deal["play"]["tricks"])},
    }
    return [
        (
            "/referee/combinations/",
            {"table": m, "ruleset": "moscow", "trump": "D", "runs_0": ["AS", "KS", "QS"]},
        ),
        ("/referee/check-deal/", check_deal),
        (
            "/referee/check-closing/",
            {"table": m, "ruleset": "moscow", "claimant": XSS_PLAYER, "points": "10"},
        ),
        ("/referee/preferans/score-deal/", {"table": pm, "ruleset": "sochi"}),
        ("/referee/preferans/settle/", {"table": pm, "ruleset": "sochi"}),
    ]


def test_it_escapes_the_tools_answers_about_a_hostile_table(hostile_night):
    client = client_as(hostile_night, "referee")
    for url, body in _tool_posts(hostile_night):
        response = client.post(url, body)
        assert response.status_code == 200
        assert response.context["answer"], (url, response.context["errors"])
        html = response.content.decode()
        assert_no_raw_markup(url, html)
        assert escape(XSS_PLAYER) in _answer(html), url


# --- the reports -----------------------------------------------------------------------------


def order_report(client, tournament, django_capture_on_commit_callbacks, **order) -> bytes:
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/api/v1/tournaments/{tournament.pk}/reports/",
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


def printed(name: str, text: str) -> bool:
    """`name` is in the PDF's text as typed: whole, or cut to fit a table's column (its first
    characters, at least 16 of them, then "…")."""
    return name in text or any(name[:k] + "…" in text for k in range(16, len(name)))


GAMES = {
    "deberc": ("tournament", XSS_TOURNAMENT, DEBERC_PLAYERS),
    "preferans": ("preferans", XSS_PREF_TOURNAMENT, PREFERANS_PLAYERS),
}
REPORTS = [
    pytest.param(game, order, id=f"{game}-{name}")
    for game in GAMES
    for name, order in (
        ("standings", {"kind": "standings_pdf"}),
        ("round", {"kind": "round", "round": 1, "format": "pdf"}),
        ("player-stats", {"kind": "player_stats", "format": "pdf"}),
    )
]


@pytest.mark.parametrize(("game", "order"), REPORTS)
def test_it_prints_hostile_names_as_text_in_the_pdfs(
    hostile_night, django_capture_on_commit_callbacks, game, order
):
    """Each game's standings, round report and player statistics print the tournament, the
    club and every player as typed (a long one cut to its column). No report prints a
    ruling's text."""
    attribute, name, players = GAMES[game]
    client = client_as(hostile_night, "organiser")
    tournament = getattr(hostile_night, attribute)
    data = order_report(client, tournament, django_capture_on_commit_callbacks, **order)
    assert data.startswith(b"%PDF")
    text = pdf_text(data)
    # Shown literally: had WeasyPrint read them as markup, the tags would be gone.
    for expected in (name, XSS_CLUB, *players):
        assert printed(expected, text), f"{expected!r} not in the {game} {order['kind']} PDF"
    assert "&lt;" not in text and "&amp;" not in text and "&quot;" not in text


HTML_REPORTS = [
    pytest.param(game, order, id=f"{game}-{name}")
    for game in GAMES
    for name, order in (
        ("round", {"kind": "round", "round": 1, "format": "html"}),
        ("player-stats", {"kind": "player_stats", "format": "html"}),
    )
]


@pytest.mark.parametrize(("game", "order"), HTML_REPORTS)
def test_it_escapes_hostile_names_in_the_html_reports(
    hostile_night, django_capture_on_commit_callbacks, game, order
):
    attribute, name, players = GAMES[game]
    client = client_as(hostile_night, "organiser")
    tournament = getattr(hostile_night, attribute)
    html = order_report(client, tournament, django_capture_on_commit_callbacks, **order)
    html = html.decode()
    assert_no_raw_markup(f"{game} html report", html)
    for expected in (name, XSS_CLUB, *[p for p in players if p.startswith(("<", '"'))]):
        assert escape(expected) in html, f"{expected!r} not in the {game} report"
    assert XSS_PLAYER_2 not in html
