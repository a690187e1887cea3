"""Report jobs end to end: ordered through the API, built by the Celery task (a real
Redis-backed worker in CI, eagerly on the embedded default), read back from the download."""

from __future__ import annotations

import csv
import io
import zipfile
from typing import Any

import pytest
from django.core.files.storage import default_storage
from django.db import OperationalError
from openpyxl import load_workbook
from pypdf import PdfReader
from rest_framework.test import APIClient

from scoring.models import Match
from tests.tournaments.reports.conftest import CYRILLIC_NAMES, wait_for_job
from tournaments.events.models import Tournament
from tournaments.reports import services
from tournaments.reports.models import ReportJob
from tournaments.standings.models import StandingRow

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def api(organiser: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(organiser)
    return client


def order(api: APIClient, tournament: Tournament, **body: Any) -> str:
    response = api.post(f"/api/v1/tournaments/{tournament.pk}/reports/", body, format="json")
    assert response.status_code == 202, response.content
    return response.json()["job"]


def finished(api: APIClient, job_id: str) -> dict[str, Any]:
    wait_for_job(job_id)
    document = api.get(f"/api/v1/jobs/{job_id}/").json()
    assert set(document) >= {"state", "progress", "download", "error"}
    return document


def download(api: APIClient, document: dict[str, Any]) -> bytes:
    assert document["state"] == "done", document
    assert document["progress"] == 100
    assert document["error"] is None
    response = api.get(document["download"])
    assert response.status_code == 200
    return b"".join(response.streaming_content)


def standings_rows(tournament: Tournament) -> list[StandingRow]:
    rows = list(
        StandingRow.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("rank", "player__display_name")
    )
    assert rows, "the played tournament has standings"
    return rows


def test_it_builds_the_standings_pdf_with_cyrillic_names(job_runner, played, api):
    document = finished(api, order(api, played, kind="standings_pdf"))
    pdf = PdfReader(io.BytesIO(download(api, document)))
    text = "\n".join(page.extract_text() for page in pdf.pages)
    for name in CYRILLIC_NAMES:
        assert name in text
    assert played.name in text
    # The leader is printed before the last player.
    rows = standings_rows(played)
    assert text.index(rows[0].player.display_name) < text.index(rows[-1].player.display_name)


def test_it_builds_the_standings_csv_equal_to_the_standings(job_runner, played, api):
    document = finished(api, order(api, played, kind="standings_csv"))
    content = download(api, document).decode("utf-8-sig")
    # The table, then after a blank line how the points are counted (issue 19, item 3).
    table, _blank, counted = content.partition("\r\n\r\n")
    assert counted.startswith("How points are counted,")
    lines = list(csv.DictReader(io.StringIO(table)))
    rows = standings_rows(played)
    # Headed as the XLSX is, in the job's language (English here).
    assert [line["Player"] for line in lines] == [row.player.display_name for row in rows]
    for line, row in zip(lines, rows, strict=True):
        assert int(line["Rank"]) == row.rank
        assert int(line["Match points"]) == row.match_points
        assert int(line["Played"]) == row.played
        assert int(line["Won"]) == row.won
        assert int(line["Game points"]) == row.game_points
        assert int(line["Bytes"]) == row.bytes
        assert line["Club"] == row.player.club.name
        if "Points difference" in line:
            assert int(line["Points difference"]) == row.tiebreaks["points_difference"]


def test_it_builds_the_standings_xlsx_equal_to_the_standings(job_runner, played, api):
    document = finished(api, order(api, played, kind="standings_xlsx"))
    book = load_workbook(io.BytesIO(download(api, document)))
    sheet = book.worksheets[0]
    values = list(sheet.iter_rows(min_row=2, values_only=True))
    rows = standings_rows(played)
    assert len(values) == len(rows)
    for cells, row in zip(values, rows, strict=True):
        rank, player, club, match_points, played_, won, game_points = cells[:7]
        assert (rank, player, club) == (row.rank, row.player.display_name, row.player.club.name)
        assert (match_points, played_, won, game_points) == (
            row.match_points,
            row.played,
            row.won,
            row.game_points,
        )
    assert book.worksheets[1].cell(1, 2).value == played.name


def test_it_builds_a_round_report_with_every_table(job_runner, played, api):
    document = finished(api, order(api, played, kind="round", round=2))
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(download(api, document))).pages)
    for match in Match.objects.filter(round__number=2, tournament=played):
        for seat in match.seats.all():
            assert seat.player.display_name in text
            assert str(match.result["match"][seat.player.display_name]) in text
    html_doc = finished(api, order(api, played, kind="round", round=1, format="html"))
    html = download(api, html_doc).decode("utf-8")
    assert "<svg" not in html and CYRILLIC_NAMES[0] in html and "<table" in html


def test_it_builds_player_statistics_with_charts(job_runner, played, api):
    player = played.entries.get(player__display_name=CYRILLIC_NAMES[1]).player
    document = finished(api, order(api, played, kind="player_stats", player=player.pk))
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(download(api, document))).pages)
    assert CYRILLIC_NAMES[1] in text
    assert "Byte rate over the tournament" in text
    html_doc = finished(api, order(api, played, kind="player_stats", format="html"))
    html = download(api, html_doc).decode("utf-8")
    assert html.count("<svg") == 3
    for name in CYRILLIC_NAMES:
        assert name in html


def test_the_archive_round_trips_into_a_fresh_tournament(job_runner, played, api, make_tournament):
    # A fifth player sat out round 1 with a bye: the archive keeps that too.
    from django.db import transaction

    from tournaments.events.entries import players_ensure
    from tournaments.standings.services import standings_refresh

    (resting,) = players_ensure(tournament=played, names=["Богдан Ткаченко"])
    played.round_set.get(number=1).byes.add(resting)
    with transaction.atomic():
        standings_refresh(tournament=played)
    document = finished(api, order(api, played, kind="archive"))
    data = download(api, document)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        sheets = [n for n in zf.namelist() if n.startswith("matches/")]
    assert len(sheets) == Match.objects.filter(tournament=played).count()

    fresh = make_tournament(name="Відновлений турнір", ruleset="online", match_score="difference")
    upload = io.BytesIO(data)
    upload.name = "archive.zip"
    response = api.post(
        f"/api/v1/tournaments/{fresh.pk}/archive/", {"file": upload}, format="multipart"
    )
    assert response.status_code == 201, response.content
    assert response.json()["differences"] == []

    def results(tournament: Tournament) -> list[tuple]:
        out = []
        for match in Match.objects.filter(tournament=tournament).order_by(
            "round__number", "table__number"
        ):
            names = [s.player.display_name for s in match.seats.order_by("position")]
            out.append(
                (
                    match.round.number,
                    match.table.number,
                    names,
                    match.status,
                    match.result["match"],
                    match.result["winner"],
                    match.deals.count(),
                )
            )
        return out

    assert results(fresh) == results(played)
    fresh.refresh_from_db()
    assert (fresh.ruleset, fresh.match_score) == (played.ruleset, played.match_score)
    restored = [
        (r.player.display_name, r.rank, r.match_points, r.game_points)
        for r in standings_rows(fresh)
    ]
    original = [
        (r.player.display_name, r.rank, r.match_points, r.game_points)
        for r in standings_rows(played)
    ]
    assert restored == original
    assert [p.display_name for p in fresh.round_set.get(number=1).byes.all()] == ["Богдан Ткаченко"]
    # A second restore into the same tournament is refused: it has matches now.
    upload.seek(0)
    again = api.post(
        f"/api/v1/tournaments/{fresh.pk}/archive/", {"file": upload}, format="multipart"
    )
    assert again.status_code == 409
    assert again.json()["errors"][0]["code"] == "tournament_not_empty"


def test_a_failed_job_shows_its_reason_and_can_be_retried(job_runner, make_tournament, api):
    tournament = make_tournament()
    document = finished(api, order(api, tournament, kind="standings_csv"))
    assert document["state"] == "failed"
    assert "no standings yet" in document["error"]
    assert document["download"] is None

    from tests.tournaments.reports.conftest import play_tournament

    play_tournament(tournament, CYRILLIC_NAMES, rounds=1)
    response = api.post(f"/api/v1/jobs/{document['id']}/retry/")
    assert response.status_code == 202
    again = finished(api, document["id"])
    assert again["state"] == "done" and again["error"] is None
    assert CYRILLIC_NAMES[0] in download(api, again).decode("utf-8-sig")


def test_a_passing_error_is_retried_with_backoff(job_runner, played, api, monkeypatch):
    calls = {"n": 0}
    build = services.BUILDERS[ReportJob.Kind.STANDINGS_CSV]

    def flaky(job, progress):
        calls["n"] += 1
        if calls["n"] == 1:
            raise OperationalError("server closed the connection unexpectedly")
        return build(job, progress)

    monkeypatch.setitem(services.BUILDERS, ReportJob.Kind.STANDINGS_CSV, flaky)
    document = finished(api, order(api, played, kind="standings_csv"))
    assert document["state"] == "done"
    assert document["attempts"] == 2
    assert calls["n"] == 2


def test_a_job_that_keeps_failing_ends_failed_with_the_reason(job_runner, played, api, monkeypatch):
    from tournaments.reports.tasks import report_job_task

    def broken(job, progress):
        raise OperationalError("the database is in recovery mode")

    monkeypatch.setitem(services.BUILDERS, ReportJob.Kind.STANDINGS_CSV, broken)
    monkeypatch.setattr(report_job_task, "max_retries", 1)
    document = finished(api, order(api, played, kind="standings_csv"))
    assert document["state"] == "failed"
    assert "recovery mode" in document["error"]
    assert document["attempts"] == 2


def test_running_a_job_again_leaves_one_file(job_runner, played, api):
    job_id = order(api, played, kind="standings_xlsx")
    wait_for_job(job_id)
    job = ReportJob.objects.get(pk=job_id)
    first = job.file.name
    # The task delivered twice (acks_late after a lost worker) does nothing the second time.
    services.report_job_execute(job_id=job_id)
    job.refresh_from_db()
    assert job.file.name == first and job.attempts == 1
    # Built again on request: the file is replaced, not added.
    api.post(f"/api/v1/jobs/{job_id}/retry/")
    job = wait_for_job(job_id)
    assert job.state == "done" and job.attempts == 2
    _dirs, files = default_storage.listdir(services.job_directory(job))
    assert files == ["standings.xlsx"]


def test_ordering_the_same_report_twice_while_queued_gives_one_job(played, organiser):
    first = services.report_job_request(tournament=played, kind="archive", user=organiser)
    ReportJob.objects.filter(pk=first.pk).update(state=ReportJob.State.RUNNING)
    second = services.report_job_request(tournament=played, kind="archive", user=organiser)
    assert second.pk == first.pk


def test_jobs_run_in_a_worker_when_redis_is_configured(job_runner, played, api):
    from celery.signals import task_prerun

    seen: list[bool] = []

    def note(task: Any = None, **_kwargs: Any) -> None:
        if task is not None and task.name == "tournaments.report_job":
            seen.append(bool(task.request.is_eager))

    task_prerun.connect(note, weak=False)
    try:
        finished(api, order(api, played, kind="standings_csv"))
    finally:
        task_prerun.disconnect(note)
    assert seen == [job_runner == "eager"]
