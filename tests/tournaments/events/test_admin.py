"""Django admin: every model of the tournaments and scoring apps is there and its pages open;
deals and tournaments show their history; a deal changed in the admin is re-scored."""

from __future__ import annotations

import json

import pytest
from django.apps import apps
from django.contrib import admin

from scoring import services
from scoring.models import Deal, Match
from tests.factories import DEAL_MADE, UserFactory, make_evening

pytestmark = pytest.mark.django_db

MODELS = [
    model
    for app in ("tournaments", "scoring")
    for model in apps.get_app_config(app).get_models()
    if not model.__name__.startswith("Historical")
]


@pytest.fixture
def superuser_client(client):
    user = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(user)
    return client


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_model_has_an_admin_whose_pages_open(superuser_client, model):
    make_evening()
    assert admin.site.is_registered(model)
    opts = model._meta
    base = f"/admin/{opts.app_label}/{opts.model_name}/"
    assert superuser_client.get(base).status_code == 200
    obj = model.objects.first()
    if obj is not None:
        assert superuser_client.get(f"{base}{obj.pk}/change/").status_code == 200


def test_deal_and_tournament_admins_show_the_history(superuser_client):
    ev = make_evening()
    services.deal_submit(
        match=ev.match, record=DEAL_MADE, user=ev.scorer, idempotency_key=None, version=None
    )
    deal = Deal.objects.get(match=ev.match)
    page = superuser_client.get(f"/admin/scoring/deal/{deal.pk}/history/")
    assert page.status_code == 200
    assert ev.scorer.username in page.content.decode()
    assert (
        superuser_client.get(
            f"/admin/tournaments/tournament/{ev.tournament.pk}/history/"
        ).status_code
        == 200
    )


def test_a_deal_changed_in_the_admin_goes_through_the_engine(superuser_client):
    ev = make_evening()
    services.deal_submit(
        match=ev.match, record=DEAL_MADE, user=ev.scorer, idempotency_key=None, version=None
    )
    deal = Deal.objects.get(match=ev.match)
    swapped = json.dumps(
        {
            "trump": "S",
            "declarer": "Boris",
            "points": {"Anna": 90, "Boris": 40},
            "last_trick": "Anna",
        }
    )
    response = superuser_client.post(
        f"/admin/scoring/deal/{deal.pk}/change/",
        {"match": ev.match.pk, "number": 1, "record": swapped, "status": "counted"},
    )
    assert response.status_code == 302
    match = Match.objects.get(pk=ev.match.pk)
    assert match.result["deals"][0]["outcome"] == "byte"
    assert match.result["match"] == {"Anna": 140, "Boris": 0}
