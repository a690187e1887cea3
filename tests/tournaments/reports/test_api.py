"""The jobs API: who may order, follow, download and retry; what a bad order gets back."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.tournaments.reports.conftest import CYRILLIC_NAMES, play_tournament
from tournaments.reports import services
from tournaments.reports.models import ReportJob

pytestmark = pytest.mark.django_db


def client_for(user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def referee(db: Any) -> Any:
    return UserFactory(username="report_referee")


@pytest.fixture
def stranger(db: Any) -> Any:
    return UserFactory(username="report_stranger")


@pytest.fixture
def draft(make_tournament: Any, referee: Any) -> Any:
    tournament = make_tournament(published=False, name="Чернетка")
    tournament.referees.add(referee)
    play_tournament(tournament, CYRILLIC_NAMES, rounds=1)
    return tournament


def done_job(tournament: Any, kind: str = "standings_csv") -> ReportJob:
    job = ReportJob.objects.create(tournament=tournament, kind=kind, params={"lang": "en"})
    services.report_job_execute(job_id=job.pk)
    job.refresh_from_db()
    assert job.state == "done", job.error
    return job


def test_only_organisers_and_referees_order_reports(draft, organiser, referee, stranger):
    url = f"/api/v1/tournaments/{draft.pk}/reports/"
    assert client_for().post(url, {"kind": "archive"}, format="json").status_code == 404
    draft.published = True
    draft.save()
    assert client_for().post(url, {"kind": "archive"}, format="json").status_code == 401
    refused = client_for(stranger).post(url, {"kind": "archive"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["errors"][0]["code"] == "permission_denied"
    for user in (organiser, referee):
        response = client_for(user).post(url, {"kind": "standings_pdf"}, format="json")
        assert response.status_code == 202
        assert ReportJob.objects.filter(pk=response.json()["job"]).exists()
    assert client_for(stranger).get(url).status_code == 403
    assert len(client_for(referee).get(url).json()) == 1  # the second order joined the first


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"kind": "poster"}, "kind", "invalid_choice"),
        ({}, "kind", "required"),
        ({"kind": "round", "round": 7}, "round", "unknown_round"),
        ({"kind": "round", "round": 1, "format": "doc"}, "format", "invalid_choice"),
        ({"kind": "player_stats", "player": 999999}, "player", "unknown_player"),
    ],
)
def test_a_bad_order_says_what_is_wrong(draft, organiser, body, field, code):
    response = client_for(organiser).post(
        f"/api/v1/tournaments/{draft.pk}/reports/", body, format="json"
    )
    assert response.status_code == 400
    assert {"field": field, "code": code} == {
        k: response.json()["errors"][0][k] for k in ("field", "code")
    }
    assert not ReportJob.objects.exists()


def test_the_job_and_its_file_are_private_until_the_tournament_is_published(
    draft, organiser, referee, stranger
):
    job = done_job(draft)
    status_url, download_url = f"/api/v1/jobs/{job.pk}/", f"/api/v1/jobs/{job.pk}/download/"
    for user in (None, stranger):
        assert client_for(user).get(status_url).status_code == 404
        assert client_for(user).get(download_url).status_code == 404
    for user in (organiser, referee):
        document = client_for(user).get(status_url).json()
        assert document["state"] == "done" and document["download"].endswith(download_url)
        response = client_for(user).get(download_url)
        assert response.status_code == 200
        assert "attachment" in response["Content-Disposition"]
        assert CYRILLIC_NAMES[0] in b"".join(response.streaming_content).decode("utf-8-sig")
    draft.published = True
    draft.save()
    assert client_for().get(download_url).status_code == 200
    assert client_for().get(status_url).json()["state"] == "done"


def test_a_pdf_opens_in_the_browser_and_a_queued_job_has_no_file(draft, organiser):
    job = done_job(draft, "standings_pdf")
    response = client_for(organiser).get(f"/api/v1/jobs/{job.pk}/download/")
    assert response["Content-Type"] == "application/pdf"
    assert "inline" in response["Content-Disposition"]
    queued = ReportJob.objects.create(tournament=draft, kind="archive")
    waiting = client_for(organiser).get(f"/api/v1/jobs/{queued.pk}/download/")
    assert waiting.status_code == 409
    assert waiting.json()["errors"][0]["code"] == "job_not_done"
    document = client_for(organiser).get(f"/api/v1/jobs/{queued.pk}/").json()
    assert (document["state"], document["download"], document["error"]) == ("queued", None, None)


def test_only_staff_retry_and_only_a_finished_job(draft, organiser, stranger):
    draft.published = True
    draft.save()
    job = ReportJob.objects.create(
        tournament=draft, kind="standings_csv", state="failed", error="boom"
    )
    assert client_for().post(f"/api/v1/jobs/{job.pk}/retry/").status_code == 401
    assert client_for(stranger).post(f"/api/v1/jobs/{job.pk}/retry/").status_code == 403
    response = client_for(organiser).post(f"/api/v1/jobs/{job.pk}/retry/")
    assert response.status_code == 202
    job.refresh_from_db()
    assert job.error == "" and job.state in ("queued", "running", "done")
    if job.state != "done":
        again = client_for(organiser).post(f"/api/v1/jobs/{job.pk}/retry/")
        assert again.status_code == 409
        assert again.json()["errors"][0]["code"] == "job_active"


def test_only_organisers_restore_and_only_archives(make_tournament, referee, organiser):
    fresh = make_tournament(name="Порожній")
    fresh.referees.add(referee)
    url = f"/api/v1/tournaments/{fresh.pk}/archive/"

    def upload(data: bytes) -> dict[str, Any]:
        handle = io.BytesIO(data)
        handle.name = "archive.zip"
        return {"file": handle}

    assert client_for(referee).post(url, upload(b"x"), format="multipart").status_code == 403
    response = client_for(organiser).post(url, upload(b"not a zip"), format="multipart")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_archive"
    missing = client_for(organiser).post(url, {}, format="multipart")
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "file"


def test_the_api_schema_describes_the_jobs(client):
    schema = client.get("/api/schema/").content.decode()
    for path in (
        "/api/v1/tournaments/{tournament_id}/reports/",
        "/api/v1/jobs/{job_id}/",
        "/api/v1/jobs/{job_id}/download/",
        "/api/v1/tournaments/{tournament_id}/archive/",
    ):
        assert path in schema
