"""The door is real: a third game, "high card" (tests/games/toy/), registered through the
public interface only (`scoring.games.register`), plays a whole club evening: the organiser
creates its tournament and enters the players, pairs a round, the scorer enters deals on the
scorer's page and over the API, the standings (page and API) rank the winner first, the
standings CSV/XLSX and the round report are ordered and downloaded, and its rulebook is read.
Nothing in the product knows this game: everything it shows comes through the registry."""

from __future__ import annotations

import copy
import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader
from rest_framework.test import APIClient

from config.celery import app
from referee.services import rulebook_sync
from scoring import games
from scoring.models import Match
from tests.factories import ClubFactory, UserFactory, make_club_organiser
from tests.games.toy.game import HighCard
from tests.tournaments.reports.conftest import wait_for_job
from tournaments.clubs.models import Club
from tournaments.events.models import Tournament

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).parent / "toy" / "templates"


@pytest.fixture
def highcard(settings: Any) -> Iterator[games.Game]:
    """The toy game registered (and its templates found) for one test; gone after it."""
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [*templates[0].get("DIRS", []), TEMPLATES]
    settings.TEMPLATES = templates
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    with games.registered(HighCard()) as game:
        rulebook_sync()
        yield game
    rulebook_sync()


@pytest.fixture
def eager_jobs() -> Iterator[None]:
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def club() -> Club:
    return ClubFactory()


@pytest.fixture
def organiser(club: Club) -> Any:
    """An organiser of `club`: a tournament is created only in a club one organises."""
    return make_club_organiser(UserFactory(username="highcard_organiser"), club)


def api_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


def codes(response: Any) -> list[tuple[str | None, str]]:
    return [(e["field"], e["code"]) for e in response.json()["errors"]]


def test_the_organisers_form_offers_the_toy_games_presets(
    highcard, organiser, club, client
) -> None:
    client.force_login(organiser)
    page = client.get("/tournaments/new/?game=highcard").content.decode()
    assert 'value="highcard"' in page
    assert 'value="short"' in page and 'value="long"' in page
    assert 'value="sochi"' not in page and 'value="moscow"' not in page
    answer = client.post(
        "/tournaments/new/?game=highcard",
        {
            "name": "Старшая карта",
            "club": club.pk,
            "game": "highcard",
            "ruleset": "long",
            "table_size": 2,
            "system": "swiss",
            "rounds": 3,
            "match_score": "win",
            "round_minutes": 60,
            "conv_target": 51,
            "tiebreaks": ["game_points"],
        },
    )
    assert answer.status_code == 302, answer.content.decode()
    made = Tournament.objects.get(name="Старшая карта")
    assert (made.game, made.ruleset, made.table_size) == ("highcard", "long", 2)


def test_the_api_refuses_a_preset_of_another_game(highcard, organiser, club) -> None:
    answer = api_for(organiser).post(
        "/api/v1/tournaments/",
        {"name": "HC", "club": club.pk, "game": "highcard", "ruleset": "moscow", "table_size": 2},
        format="json",
    )
    assert answer.status_code == 400
    assert ("ruleset", "bad_convention") in codes(answer)


def test_a_club_evening_of_high_card(
    highcard, organiser, club, client, eager_jobs, django_capture_on_commit_callbacks
) -> None:
    api = api_for(organiser)
    created = api.post(
        "/api/v1/tournaments/",
        {
            "name": "Старшая карта",
            "club": club.pk,
            "game": "highcard",
            "table_size": 2,
            "rounds": 3,
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    body = created.json()
    assert (body["game"], body["ruleset"], body["match_score"]) == ("highcard", "short", "win")
    tid = body["id"]
    entered = api.post(
        f"/api/v1/tournaments/{tid}/entries/",
        {"players": ["Анна", "Борис", "Вера", "Глеб"]},
        format="json",
    )
    assert entered.status_code == 201, entered.content
    paired = api.post(f"/api/v1/tournaments/{tid}/rounds/")
    assert paired.status_code == 201, paired.content
    matches = Match.objects.filter(table__round__tournament_id=tid).order_by("table__number")
    assert matches.count() == 2
    first, second = matches
    client.force_login(organiser)
    opened = client.post(f"/tournaments/{tid}/rounds/1/open/")
    assert opened.status_code == 302, opened.content.decode()[:2000]

    # Each deal queues the standings' refresh when its transaction commits.
    with django_capture_on_commit_callbacks(execute=True):
        # The scorer's page: the toy's own form, a deal POSTed through it.
        page = client.get(f"/matches/{first.pk}/")
        assert page.status_code == 200
        html = page.content.decode()
        assert 'data-testid="highcard-sheet"' in html and 'name="points_0"' in html
        names = list(
            first.seats.order_by("position").values_list("player__display_name", flat=True)
        )
        answer = client.post(
            f"/matches/{first.pk}/deal/",
            {"points_0": "13", "points_1": "4", "version": first.version},
            HTTP_ACCEPT_LANGUAGE="ru",
        )
        assert answer.status_code in (200, 302), answer.content.decode()[:2000]
        first.refresh_from_db()
        assert first.result["totals"] == {names[0]: 13, names[1]: 4}
        # A wrong number is refused at its field, in the user's language, nothing saved.
        refused = client.post(
            f"/matches/{first.pk}/deal/",
            {"points_0": "14", "points_1": "2", "version": first.version},
            HTTP_ACCEPT_LANGUAGE="uk",
        )
        assert refused.status_code == 400
        assert "Очки: ціле число від 0 до 13." in refused.content.decode()
        first.refresh_from_db()
        assert first.result["totals"] == {names[0]: 13, names[1]: 4}
        # The second deal over the API ends the match: 21 reached.
        answer = api.post(
            f"/api/v1/matches/{first.pk}/deals/",
            {"points": {names[0]: 9, names[1]: 12}, "version": first.version},
            format="json",
            HTTP_IDEMPOTENCY_KEY="hc-1",
        )
        assert answer.status_code == 201, answer.content
        first.refresh_from_db()
        assert first.result["finished"] and first.result["winners"] == [names[0]]
        # The API's errors are the game's, coded and in the user's language.
        bad = api.post(
            f"/api/v1/matches/{second.pk}/deals/",
            {"points": {"Зорро": 3}, "version": second.version},
            format="json",
            HTTP_ACCEPT_LANGUAGE="ru",
            HTTP_IDEMPOTENCY_KEY="hc-2",
        )
        assert bad.status_code == 400
        assert {e["code"] for e in bad.json()["errors"]} >= {"unknown_field", "missing_field"}
        assert "Такого поля нет." in [e["message"] for e in bad.json()["errors"]]
        other = list(
            second.seats.order_by("position").values_list("player__display_name", flat=True)
        )
        for number, deal in enumerate(({other[0]: 10, other[1]: 11}, {other[0]: 3, other[1]: 12})):
            version = Match.objects.get(pk=second.pk).version
            answer = api.post(
                f"/api/v1/matches/{second.pk}/deals/",
                {"points": deal, "version": version},
                format="json",
                HTTP_IDEMPOTENCY_KEY=f"hc-second-{number}",
            )
            assert answer.status_code == 201, answer.content

    # The scorer's page shows the winner; the organiser's round table each table's score.
    assert f"Winner: {names[0]}" in client.get(f"/matches/{first.pk}/").content.decode()
    tables = client.get(f"/tournaments/{tid}/pairing/").content.decode()
    for name, total in ((names[0], 22), (other[1], 23)):
        winner = (
            rf'class="winner"><span class="who"><span class="name"><a [^>]*>{name}</a>'
            rf'(?:(?!</li>).)*<span class="total num"[^>]*>{total}<'
        )
        assert re.search(winner, tables, re.S), name
    loser = (
        rf'class=""><span class="who"><span class="name"><a [^>]*>{names[1]}</a>'
        r"(?:(?!</li>).)*<span [^>]*>16<"
    )
    assert re.search(loser, tables, re.S)

    # Standings: the two winners first, the API and the page agree.
    standings = api.get(f"/api/v1/tournaments/{tid}/standings/")
    assert standings.status_code == 200, standings.content
    rows = standings.json()
    # Both winners have a point; the game points (23 against 13 + 9 = 22) order them.
    assert [row["player"] for row in rows[:2]] == [other[1], names[0]]
    assert [row["tiebreaks"]["game_points"] for row in rows[:2]] == [23, 22]
    assert all(row["match_points"] == 1 for row in rows[:2])
    assert all(row["match_points"] == 0 for row in rows[2:])
    live = client.get(f"/tournaments/{tid}/").content.decode()
    assert names[0] in live and other[1] in live

    # Reports: the standings CSV and XLSX rank the winners first; the PDFs name them.
    for kind in ("standings_csv", "standings_xlsx", "standings_pdf", "round"):
        with django_capture_on_commit_callbacks(execute=True):
            extra = {"round": 1} if kind == "round" else {}
            ordered = api.post(
                f"/api/v1/tournaments/{tid}/reports/", {"kind": kind, **extra}, format="json"
            )
        assert ordered.status_code == 202, ordered.content
        job = wait_for_job(ordered.json()["job"])
        assert job.state == "done", job.error
        document = api.get(f"/api/v1/jobs/{ordered.json()['job']}/").json()
        download = api.get(document["download"])
        content = b"".join(download.streaming_content)
        if kind == "standings_csv":
            lines = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
            assert {lines[1][1], lines[2][1]} == {names[0], other[1]}
        elif kind == "standings_xlsx":
            sheet = load_workbook(io.BytesIO(content)).active
            found = [str(c.value) for row in sheet.iter_rows() for c in row if c.value]
            assert names[0] in found
        else:  # a PDF: the round's tables, the standings
            text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
            assert names[0] in text and other[1] in text

    # The rulebook: the toy's articles, under its own game.
    rules = client.get("/rules/?game=highcard", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Победа в старшей карте" in rules
    article = client.get("/rules/highcard_rules.winning/", HTTP_ACCEPT_LANGUAGE="uk")
    assert article.status_code == 200
    assert "Перемагає перший, хто набрав ціль" in article.content.decode()


def test_score_match_scores_a_toy_record_and_words_its_errors(highcard) -> None:
    record = {
        "format": "highcard-scoresheet/1",
        "ruleset": "short",
        "players": ["Анна", "Борис"],
        "deals": [{"points": {"Анна": 13, "Борис": 2}}, {"points": {"Анна": 9, "Борис": 1}}],
    }
    api = APIClient()
    answer = api.post("/api/v1/score-match/", record, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["winners"] == ["Анна"]
    wrong = {**record, "deals": [{"points": {"Анна": 20, "Борис": 2}}]}
    refused = api.post("/api/v1/score-match/", wrong, format="json", HTTP_ACCEPT_LANGUAGE="uk")
    assert refused.status_code == 400
    assert refused.json()["errors"] == [
        {
            "deal": 1,
            "field": "points.Анна",
            "code": "bad_points",
            "message": "Очки: ціле число від 0 до 13.",
        }
    ]
