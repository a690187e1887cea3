"""Issue 17, item 9: the public sees no username. A scorer's (or a referee's) account name on
a public page or answer lets anyone lock that account out with ten wrong passwords. The match
document, the match lists, the rounds, the export, the deal history and the rulings name
accounts only to the tournament's organisers and referees (and a scorer their own)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from django.test import Client

from referee.models import Ruling
from tests.factories import DEAL_HANGING, make_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def ev() -> SimpleNamespace:
    ev = make_evening(published=True)
    # Distinctive account names, so that a page naming them is caught by a plain search.
    for role in ("scorer", "other_scorer", "referee"):
        user = getattr(ev, role)
        user.username = f"acct_{role}_{user.pk}"
        user.save(update_fields=["username"])
    client = Client()
    client.force_login(ev.scorer)
    answer = client.post(
        f"/api/v1/matches/{ev.match.pk}/deals/",
        data=json.dumps({**DEAL_HANGING, "version": ev.match.version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="item9-deal-1",
    )
    assert answer.status_code == 201, answer.content
    Ruling.objects.create(
        match=ev.match,
        deal_number=1,
        kind="renonce",
        violator=ev.match.seats.get(position=1).player,
        explanation="",
        articles=[],
        referee=ev.referee,
    )
    return ev


def client_as(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def urls(ev: SimpleNamespace) -> list[str]:
    t, m = ev.tournament.pk, ev.match.pk
    return [
        f"/api/v1/matches/{m}/",
        f"/api/v1/tournaments/{t}/matches/",
        f"/api/v1/tournaments/{t}/rounds/",
        f"/api/v1/tournaments/{t}/export/",
        f"/api/v1/tournaments/{t}/rulings/",
        f"/api/v1/matches/{m}/rulings/",
        f"/tournaments/{t}/matches/",
        f"/tournaments/{t}/export.json",
        f"/tournaments/{t}/rounds/1/",
        f"/matches/{m}/",
        f"/referee/tournaments/{t}/rulings/",
    ]


def account_names(ev: SimpleNamespace) -> list[str]:
    return [ev.scorer.username, ev.other_scorer.username, ev.referee.username]


@pytest.mark.parametrize("who", ["public", "stranger", "other_scorer"])
def test_no_public_answer_names_an_account(ev, who) -> None:
    client = client_as(None if who == "public" else getattr(ev, who))
    names = [n for n in account_names(ev) if who != "other_scorer" or n != ev.other_scorer.username]
    for url in urls(ev):
        response = client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        for name in names:
            assert name not in body, (url, name)
    doc = client.get(f"/api/v1/matches/{ev.match.pk}/").json()
    assert doc["scorer"] is None


def test_the_deal_history_names_nobody_to_a_seated_player(ev) -> None:
    history = client_as(ev.player).get(f"/api/v1/matches/{ev.match.pk}/history/").json()
    assert history["history"] and all(item["user"] is None for item in history["history"])
    page = client_as(ev.player).get(f"/matches/{ev.match.pk}/history/").content.decode()
    assert ev.scorer.username not in page


@pytest.mark.parametrize("role", ["organiser", "referee"])
def test_the_tournaments_staff_still_see_who(ev, role) -> None:
    client = client_as(getattr(ev, role))
    assert client.get(f"/api/v1/matches/{ev.match.pk}/").json()["scorer"] == ev.scorer.username
    rows = client.get(f"/api/v1/tournaments/{ev.tournament.pk}/matches/").json()
    assert ev.scorer.username in [row["scorer"] for row in rows]
    (round_,) = client.get(f"/api/v1/tournaments/{ev.tournament.pk}/rounds/").json()
    assert ev.scorer.username in [table["scorer"] for table in round_["tables"]]
    history = client.get(f"/api/v1/matches/{ev.match.pk}/history/").json()["history"]
    assert history[0]["user"] == ev.scorer.username
    rulings = client.get(f"/api/v1/tournaments/{ev.tournament.pk}/rulings/").json()
    assert rulings[0]["referee"] == ev.referee.username
    assert (
        ev.referee.username
        in client.get(f"/referee/tournaments/{ev.tournament.pk}/rulings/").content.decode()
    )


def test_the_tables_scorer_sees_their_own_name(ev) -> None:
    doc = client_as(ev.scorer).get(f"/api/v1/matches/{ev.match.pk}/").json()
    assert doc["scorer"] == ev.scorer.username
