"""Issue 35, item 2: a referee rules on a finished match (a dispute about a closing comes
after the match ends). In a closed round a ruling changes settled results, the organiser's
act: the referee is told so and offered no form (before: the form opened, then "Record the
ruling" answered 403), and the organiser's ruling is kept in the round's history."""

from __future__ import annotations

import pytest

from referee.models import Ruling
from scoring import services as scoring_services
from scoring.models import Match
from tests.referee.steps import rule
from tournaments.events.models import RoundEvent

pytestmark = pytest.mark.django_db


def _finish(evening):
    """Anna makes game after game until the match is over."""
    match, (anna, boris) = evening["match"], evening["names"]
    for n in range(2, 20):
        if Match.objects.get(pk=match.pk).status == Match.Status.FINISHED:
            break
        scoring_services.deal_submit(
            match=Match.objects.get(pk=match.pk),
            record={
                "trump": "S",
                "declarer": anna,
                "points": {anna: 100, boris: 42},
                "last_trick": anna,
            },
            user=evening["organiser"],
            idempotency_key=f"finish-{n}",
            version=None,
        )
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    return match


def _ruling(evening):
    return {
        "deal": "1",
        "kind": "illegal_question",
        "violator": evening["names"][1],
        "explanation": "Asked how high holding nothing.",
        "articles": "",
    }


def test_the_referee_rules_on_a_finished_match_of_an_open_round(client, evening):
    match = _finish(evening)
    client.force_login(evening["referee"])
    response = rule(client, match, _ruling(evening))
    assert response.status_code == 302
    assert Ruling.objects.get().match == match


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_in_a_closed_round_the_referee_is_told_why_and_offered_no_form(client, evening, language):
    match = _finish(evening)
    match.round.status = "closed"
    match.round.save(update_fields=["status"])
    client.force_login(evening["referee"])
    page = client.get(f"/referee/matches/{match.pk}/rule/", HTTP_ACCEPT_LANGUAGE=language)
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="ruling-form"' not in html
    why = {"ru": "Тур закрыт", "uk": "Тур закрито"}[language]
    assert 'data-testid="ruling-refused"' in html and why in html
    refused = client.post(
        f"/referee/matches/{match.pk}/rule/", _ruling(evening), HTTP_ACCEPT_LANGUAGE=language
    )
    assert refused.status_code == 403 and Ruling.objects.count() == 0
    rulings_page = client.get(
        f"/referee/tournaments/{evening['tournament'].pk}/rulings/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert 'data-testid="organiser-rules"' in rulings_page

    # The organiser rules; the round's history keeps the change.
    client.force_login(evening["organiser"])
    html = client.get(f"/referee/matches/{match.pk}/rule/").content.decode()
    assert 'data-testid="ruling-form"' in html and 'data-testid="ruling-refused"' not in html
    response = rule(client, match, _ruling(evening))
    assert response.status_code == 302
    assert Ruling.objects.count() == 1
    assert RoundEvent.objects.filter(round=match.round, deal_number=1).exists()
