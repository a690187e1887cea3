"""Issue 35, item 4: a tournament finishes when its last planned round is closed, and the
organiser finishes or reopens it by hand on the tables page; the status shows everywhere
(pages, API, the reports' PDF) in the reader's language. Before: after round 4 of 4 was
closed the status stayed "Идёт"/"Триває" (the PDF: "сыграно туров: 4 из 4 · Идёт")."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import RoundFactory, TournamentFactory, UserFactory, signed_in
from tournaments.events.models import Round, Tournament
from tournaments.reports.selectors import standings_sheet
from tournaments.reports.standings import standings_pdf_pages

pytestmark = pytest.mark.django_db

FINISHED = {"ru": "Окончен", "uk": "Закінчено", "en": "Finished"}
RUNNING = {"ru": "Идёт", "uk": "Триває", "en": "Running"}


def _tournament():
    organiser = UserFactory(username="org_finish")
    referee = UserFactory(username="ref_finish")
    tournament = TournamentFactory(rounds=2, published=True, status="running")
    tournament.organisers.add(organiser)
    tournament.referees.add(referee)
    RoundFactory(tournament=tournament, number=1, status=Round.Status.CLOSED)
    RoundFactory(tournament=tournament, number=2, status=Round.Status.OPEN)
    return tournament, organiser, referee


def _status(tournament):
    return Tournament.objects.get(pk=tournament.pk).status


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_closing_the_last_round_finishes_the_tournament_and_it_shows(language):
    tournament, organiser, _referee = _tournament()
    client = signed_in(organiser, language)
    client.post(f"/tournaments/{tournament.pk}/rounds/2/close/")
    assert _status(tournament) == "finished"
    for path in (f"/tournaments/{tournament.pk}/", f"/tournaments/{tournament.pk}/matches/"):
        html = client.get(path).content.decode()
        assert FINISHED[language] in html and RUNNING[language] not in html, path
    assert client.get(f"/api/v1/tournaments/{tournament.pk}/").json()["status"] == "finished"
    with translation.override(language):
        sheet = standings_sheet(Tournament.objects.get(pk=tournament.pk))
        pdf_text = "".join(standings_pdf_pages(sheet))
    assert FINISHED[language] in pdf_text and RUNNING[language] not in pdf_text

    # Reopened by its organiser, it runs again; opening a closed round does so too.
    html = client.get(f"/tournaments/{tournament.pk}/matches/").content.decode()
    assert 'data-testid="tournament-reopen"' in html
    client.post(f"/tournaments/{tournament.pk}/status/reopen/")
    assert _status(tournament) == "running"
    client.post(f"/tournaments/{tournament.pk}/status/finish/")
    assert _status(tournament) == "finished"
    client.post(f"/tournaments/{tournament.pk}/rounds/2/open/", {"reason": "A late appeal"})
    assert _status(tournament) == "running"


def test_an_earlier_round_closed_does_not_finish_it_and_the_organiser_may():
    tournament, organiser, referee = _tournament()
    Round.objects.filter(tournament=tournament).update(status=Round.Status.PAIRED)
    client = signed_in(organiser)
    client.post(f"/tournaments/{tournament.pk}/rounds/1/close/")
    assert _status(tournament) == "running"
    # Only the organiser finishes it; a referee has no such control.
    assert 'data-testid="tournament-finish"' not in (
        signed_in(referee).get(f"/tournaments/{tournament.pk}/matches/").content.decode()
    )
    assert (
        signed_in(referee).post(f"/tournaments/{tournament.pk}/status/finish/").status_code == 403
    )
    assert _status(tournament) == "running"
    html = client.get(f"/tournaments/{tournament.pk}/matches/").content.decode()
    assert 'data-testid="tournament-finish"' in html
    client.post(f"/tournaments/{tournament.pk}/status/finish/")
    assert _status(tournament) == "finished"
