"""The scorer's deal form and the rules of issue 21: Odessa's висяк (the forced deal, its
declarer filled in, no terz or fifty pickers), the redeal for a hand of few points, Kharkov's
renonce that takes a trick (`taken_by`), and "how high?" followed by a senior combination."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import Match
from tests.factories import DEAL_HANGING, make_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def ev():
    return make_evening()


@pytest.fixture
def scorer_client(client, ev):
    client.force_login(ev.scorer)
    return client


def plays(ev, ruleset: str) -> Match:
    Match.objects.filter(pk=ev.match.pk).update(ruleset=ruleset, conventions={})
    return Match.objects.get(pk=ev.match.pk)


def form_for(match, **fields):
    data = {"version": str(Match.objects.get(pk=match.pk).version), "idempotency_key": "k"}
    data.update({k: str(v) for k, v in fields.items()})
    return data


def page(client, match) -> str:
    return client.get(f"/matches/{match.pk}/").content.decode()


def test_after_a_hanging_byte_odessa_fills_in_the_forced_declarer_and_hides_terz_pickers(
    scorer_client, ev
):
    match = plays(ev, "odessa")
    before = page(scorer_client, match)
    assert 'data-testid="forced-deal"' not in before
    assert 'data-testid="decl-0-0-kind"' in before
    # Anna 66 + 10 against Boris's 76: a висяк; Anna must play the next deal.
    services.deal_submit(
        match=match, record=DEAL_HANGING, user=ev.scorer, idempotency_key=None, version=None
    )
    html = page(scorer_client, match)
    assert 'data-testid="forced-deal"' in html
    assert 'value="0" checked data-testid="declarer-0"' in html
    assert 'data-testid="decl-0-0-kind"' not in html
    assert 'data-testid="bella-0"' in html


def test_a_forced_deal_with_another_declarer_is_refused_at_the_declarer(scorer_client, ev):
    match = plays(ev, "odessa")
    services.deal_submit(
        match=match, record=DEAL_HANGING, user=ev.scorer, idempotency_key=None, version=None
    )
    data = form_for(match, trump="D", declarer=1, points_0=40, points_1=90, last_trick=1)
    response = scorer_client.post(f"/matches/{match.pk}/deal/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "висяк" in response.content.decode()
    # The forced deal made by Anna writes the hanging 76 to her: 80 + 10 + 76.
    data = form_for(match, trump="D", declarer=0, points_0=80, points_1=50, last_trick=0)
    assert scorer_client.post(f"/matches/{match.pk}/deal/", data).status_code == 302
    match.refresh_from_db()
    assert match.result["match"] == {"Anna": 166, "Boris": 126}


def test_odessa_offers_the_redeal_for_a_hand_of_few_points(scorer_client, ev):
    assert 'data-testid="low-points"' not in page(scorer_client, ev.match)  # Moscow: none
    match = plays(ev, "odessa")
    assert 'data-testid="low-points"' in page(scorer_client, match)
    response = scorer_client.post(f"/matches/{match.pk}/deal/", form_for(match, low_points=1))
    assert response.status_code == 302
    deal = match.deals.get()
    assert deal.record == {"low_points": "Boris"}
    match.refresh_from_db()
    assert match.result["deals"][0]["outcome"] == "void"
    # The redeal is automatic and passes the deal to the next dealer in turn (rules §2).
    assert (match.result["deals"][0]["dealer"], match.result["deals"][0]["next_dealer"]) == (
        "Anna",
        "Boris",
    )


def test_kharkov_renonce_names_the_opponent_who_took_a_trick(scorer_client, ev):
    assert 'data-testid="violation-taken-by"' not in page(scorer_client, ev.match)
    match = plays(ev, "kharkov")
    assert 'data-testid="violation-taken-by"' in page(scorer_client, match)
    data = form_for(
        match,
        trump="S",
        declarer=0,
        points_0=90,
        points_1=40,
        last_trick=0,
        violation_player=1,
        violation_kind="renonce",
        violation_taken_by=0,
    )
    assert scorer_client.post(f"/matches/{match.pk}/deal/", data).status_code == 302
    match.refresh_from_db()
    assert match.deals.get().record["violation"] == {
        "player": "Boris",
        "kind": "renonce",
        "taken_by": "Anna",
    }
    # Not a byte: the deal is scored from the figures written after the move.
    assert match.result["deals"][0]["outcome"] == "made"
    assert match.result["match"] == {"Anna": 100, "Boris": 40}
    edit = scorer_client.get(f"/matches/{match.pk}/deals/1/edit/").content.decode()
    assert 'value="0" selected>Anna' in edit.split('data-testid="violation-taken-by"')[1]


def test_a_renonce_taken_by_the_violator_is_refused_in_russian(scorer_client, ev):
    match = plays(ev, "kharkov")
    data = form_for(
        match,
        trump="S",
        declarer=0,
        points_0=90,
        points_1=40,
        last_trick=0,
        violation_player=1,
        violation_kind="renonce",
        violation_taken_by=1,
    )
    response = scorer_client.post(f"/matches/{match.pk}/deal/", data, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert "соперник" in response.content.decode()
    assert not match.deals.exists()


def test_how_high_then_a_senior_combination_is_offered_and_scored(scorer_client, ev):
    html = page(scorer_client, ev.match)
    assert 'value="senior_after_question"' in html
    data = form_for(
        ev.match,
        trump="H",
        declarer=1,
        points_0=44,
        points_1=88,
        last_trick=1,
        decl_0_0_kind="terz",
        decl_0_0_rank="Q",
        decl_0_0_suit="C",
        decl_1_0_kind="fifty",
        decl_1_0_rank="K",
        decl_1_0_suit="H",
        violation_player=1,
        violation_kind="senior_after_question",
    )
    assert scorer_client.post(f"/matches/{ev.match.pk}/deal/", data).status_code == 302
    match = Match.objects.get(pk=ev.match.pk)
    # Boris's fifty is annulled, Anna's terz passes: 44 + 20 and 88 + 10.
    assert match.result["match"] == {"Anna": 64, "Boris": 98}


def test_odessas_redeal_is_recorded_whichever_button_sent_it(scorer_client, ev):
    """Issue 35, item 1: the redeal chosen and "void deal" pressed is the redeal (Odessa has
    no void deal: it was refused as a deal without a trump); the redeal's own button without
    anyone chosen asks who held too few points; Odessa offers no void deal."""
    match = plays(ev, "odessa")
    assert 'data-testid="void-deal"' not in page(scorer_client, match)
    assert 'data-testid="void-deal"' in page(scorer_client, plays(ev, "moscow"))
    match = plays(ev, "odessa")
    data = form_for(match, void=1, low_points=1, trump="H")
    assert scorer_client.post(f"/matches/{match.pk}/deal/", data).status_code == 302
    assert match.deals.get().record == {"low_points": "Boris"}
    data = form_for(match, redeal=1)
    response = scorer_client.post(f"/matches/{match.pk}/deal/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "Choose who held too few points." in response.content.decode()
    assert match.deals.count() == 1
