"""The reports page: order a report, watch its row until the download link, see a failure's
reason and retry it."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.urls import reverse

from tests.browser import CHROMIUM_ARGS
from tests.factories import UserFactory
from tests.tournaments.reports.conftest import CYRILLIC_NAMES
from tournaments.reports import services
from tournaments.reports.errors import ReportError
from tournaments.reports.models import ReportJob


@pytest.fixture
def signed_in(client: Any, organiser: Any) -> Any:
    client.force_login(organiser)
    return client


@pytest.mark.django_db
def test_the_page_is_for_the_tournaments_staff(client, make_tournament):
    tournament = make_tournament()
    url = reverse("tournaments:reports", kwargs={"tournament_id": tournament.pk})
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(UserFactory(username="nobody"))
    assert client.get(url).status_code == 403


@pytest.mark.django_db
def test_a_running_job_polls_and_a_done_one_offers_the_download(signed_in, make_tournament):
    tournament = make_tournament()
    job = ReportJob.objects.create(
        tournament=tournament, kind="standings_pdf", progress=40, state=ReportJob.State.RUNNING
    )
    row = signed_in.get(reverse("tournaments:report_job", kwargs={"job_id": job.pk}))
    html = row.content.decode()
    assert 'hx-trigger="every 1s"' in html and 'value="40"' in html
    assert 'data-testid="job-download"' not in html

    ReportJob.objects.filter(pk=job.pk).update(state="done", progress=100, file="reports/x.pdf")
    html = signed_in.get(reverse("tournaments:report_job", kwargs={"job_id": job.pk})).content
    html = html.decode()
    assert "hx-trigger" not in html  # the polling stops
    assert f"/api/v1/jobs/{job.pk}/download/" in html


@pytest.mark.django_db
def test_a_failed_job_shows_why_and_a_retry_button(signed_in, make_tournament):
    tournament = make_tournament()
    job = ReportJob.objects.create(
        tournament=tournament, kind="archive", state="failed", error="Нет матчей для архива."
    )
    page = signed_in.get(reverse("tournaments:reports", kwargs={"tournament_id": tournament.pk}))
    html = page.content.decode()
    assert "Нет матчей для архива." in html and 'data-testid="job-retry"' in html
    retried = signed_in.post(
        reverse("tournaments:report_job_retry", kwargs={"job_id": job.pk}), HTTP_HX_REQUEST="true"
    )
    job.refresh_from_db()
    assert retried.status_code == 200
    assert job.state in ("queued", "running", "failed")  # queued until the task runs
    assert job.error in ("", "The tournament has no matches to archive yet.")


@pytest.mark.django_db
def test_an_order_from_the_page_adds_a_job_row(signed_in, played):
    url = reverse("tournaments:reports", kwargs={"tournament_id": played.pk})
    response = signed_in.post(
        url, {"kind": "round", "round": "2", "format": "html"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 201
    job = ReportJob.objects.get(tournament=played)
    assert job.params["round"] == 2 and f'id="job-{job.pk}"' in response.content.decode()
    refused = signed_in.post(url, {"kind": "round", "round": "9"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and "There is no round 9." in refused.content.decode()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_organiser_orders_reports_and_retries_a_failed_one(
    job_runner, played, organiser, live_server, chromium_path, monkeypatch
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    def out_of_paper(job: Any, progress: Any) -> Any:
        raise ReportError("The printer is out of paper.")

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 800})
        page.goto(f"{live_server.url}/accounts/login/?next=/tournaments/{played.pk}/reports/")
        page.fill("input[name=username]", organiser.username)
        page.fill("input[name=password]", "demo")
        page.locator("form button[type=submit], form input[type=submit]").last.click()
        expect(page.locator("[data-testid=report-order]")).to_be_visible()

        page.select_option("[data-testid=report-kind]", "standings_pdf")
        page.click("[data-testid=report-order]")
        job = page.locator("[data-testid=job]").first
        expect(job.locator("[data-testid=job-download]")).to_be_visible(timeout=60_000)
        href = job.locator("[data-testid=job-download]").get_attribute("href")
        pdf = page.request.get(f"{live_server.url}{href}")
        assert pdf.ok and pdf.body().startswith(b"%PDF")

        monkeypatch.setitem(services.BUILDERS, ReportJob.Kind.PLAYER_STATS, out_of_paper)
        page.select_option("[data-testid=report-kind]", "player_stats")
        page.click("[data-testid=report-order]")
        failed = page.locator('[data-testid=job][data-state="failed"]')
        expect(failed.locator("[data-testid=job-error]")).to_have_text(
            "The printer is out of paper.", timeout=60_000
        )
        monkeypatch.undo()
        failed.locator("[data-testid=job-retry]").click()
        rows = page.locator("[data-testid=job]")
        expect(rows.first.locator("[data-testid=job-download]")).to_be_visible(timeout=60_000)
        expect(page.locator('[data-testid=job][data-state="failed"]')).to_have_count(0)
        assert CYRILLIC_NAMES  # the played tournament's players are Cyrillic-named
        browser.close()
