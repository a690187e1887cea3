"""Issue 35, item 25: the ruling form opens empty (each missing choice named at its field),
shows what the ruling changes and records it only once the referee confirms, and refuses a
ruling like one in force unless the referee says the violation happened again."""

from __future__ import annotations

import json
import re

import pytest
from rest_framework.authtoken.models import Token

from referee import services
from referee.models import Ruling
from scoring import services as scoring_services
from scoring.models import Deal, Match
from tests.factories import make_match
from tests.referee.steps import rule

pytestmark = pytest.mark.django_db


def _url(match) -> str:
    return f"/referee/matches/{match.pk}/rule/"


def _renonce(evening) -> dict[str, str]:
    return {"deal": "1", "kind": "renonce", "violator": evening["names"][0], "explanation": "x"}


def _selected(html: str, name: str) -> list[str]:
    """The values a select of the page has chosen (the browser sends the first option when
    none is)."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    assert select is not None, name
    return re.findall(r'<option value="([^"]*)"[^>]*selected', select.group(1))


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_form_opens_empty_and_a_bare_post_names_each_missing_choice(client, evening, language):
    match = evening["match"]
    client.force_login(evening["referee"])
    html = client.get(_url(match), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for name in ("deal", "kind", "violator"):
        # Nothing chosen but the empty "— choose —" (before: the last deal, the first
        # violation and the first player, so one tap recorded a renonce).
        assert _selected(html, name) in ([], [""]), name
        assert re.search(rf'<select name="{name}"[^>]*required', html), name
    before = Match.objects.get(pk=match.pk).result
    response = client.post(_url(match), {}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200 and Ruling.objects.count() == 0
    assert Match.objects.get(pk=match.pk).result == before
    page = response.content.decode()
    expected = {
        "ru": [
            "Выберите сдачу, по которой решение.",
            "Выберите нарушение.",
            "Выберите игрока, нарушившего правило.",
        ],
        "uk": [
            "Оберіть роздачу, щодо якої рішення.",
            "Оберіть порушення.",
            "Оберіть гравця, який порушив правило.",
        ],
    }[language]
    for message in expected:
        assert message in page
    assert 'data-testid="ruling-form-errors"' in page


def test_a_deal_asked_for_by_the_link_is_chosen(client, evening):
    client.force_login(evening["referee"])
    html = client.get(_url(evening["match"]) + "?deal=1").content.decode()
    assert _selected(html, "deal") == ["1"] and _selected(html, "kind") in ([], [""])


def test_the_ruling_is_recorded_only_once_its_effect_is_confirmed(client, evening):
    match = evening["match"]
    anna, boris = evening["names"]
    client.force_login(evening["referee"])
    check = client.post(_url(match), _renonce(evening), HTTP_ACCEPT_LANGUAGE="ru")
    assert check.status_code == 200 and Ruling.objects.count() == 0
    assert Match.objects.get(pk=match.pk).result["match"] == {anna: 90, boris: 60}
    page = check.content.decode()
    assert 'data-testid="ruling-confirm"' in page
    assert "Записать решение и пересчитать партию" in page
    # A renonce is a card byte: Boris records all 162, Anna nothing.
    preview = check.context["preview"]
    assert [(line["name"], line["now"], line["after"]) for line in preview.lines] == [
        (anna, 90, 0),
        (boris, 60, 162),
    ]
    # "Change the ruling" goes back to the form as it was filled, recording nothing.
    back = client.post(_url(match), {**_renonce(evening), "back": "1"})
    assert 'data-testid="ruling-form"' in back.content.decode() and Ruling.objects.count() == 0
    done = client.post(
        _url(match), {**_renonce(evening), "confirmed": "on", "version": str(preview.version)}
    )
    assert done.status_code == 302 and Ruling.objects.count() == 1
    assert Match.objects.get(pk=match.pk).result["match"] == {anna: 0, boris: 162}


def test_a_confirmation_made_on_a_changed_match_is_shown_again(client, evening):
    match = evening["match"]
    client.force_login(evening["referee"])
    stale = client.post(
        _url(match),
        {**_renonce(evening), "confirmed": "on", "version": str(match.version - 1)},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert stale.status_code == 200 and Ruling.objects.count() == 0
    assert 'data-testid="ruling-stale"' in stale.content.decode()


def test_an_identical_ruling_is_refused_unless_it_happened_again(client, evening):
    match = evening["match"]
    client.force_login(evening["referee"])
    assert rule(client, match, _renonce(evening)).status_code == 302
    # The same ruling again: the confirmation step names the one in force ...
    check = client.post(_url(match), _renonce(evening), HTTP_ACCEPT_LANGUAGE="ru")
    page = check.content.decode()
    assert 'data-testid="ruling-duplicate"' in page and "Такое же решение уже действует" in page
    assert 'data-testid="ruling-no-change"' in page  # the deal has the card byte already
    version = str(check.context["preview"].version)
    confirmed = {**_renonce(evening), "confirmed": "on", "version": version}
    # ... and a confirmation without saying it happened again records nothing.
    refused = client.post(_url(match), confirmed, HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 200 and Ruling.objects.count() == 1
    assert 'data-code="duplicate_ruling"' in refused.content.decode()
    again = client.post(_url(match), {**confirmed, "repeat": "on"})
    assert again.status_code == 302 and Ruling.objects.filter(overturned=False).count() == 2
    # Another violation on the same deal is no duplicate.
    other = {**_renonce(evening), "kind": "false_declaration"}
    assert 'data-testid="ruling-duplicate"' not in client.post(_url(match), other).content.decode()


def test_the_api_refuses_a_duplicate_with_409_unless_repeat(client, evening):
    match = evening["match"]
    token = Token.objects.get_or_create(user=evening["referee"])[0].key

    def post(body):
        return client.post(
            f"/api/v1/matches/{match.pk}/rulings/",
            json.dumps(body),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {token}",
        )

    body = {"deal": 1, "kind": "renonce", "violator": evening["names"][0]}
    assert post(body).status_code == 201
    duplicate = post(body)
    assert duplicate.status_code == 409
    assert duplicate.json()["errors"][0]["code"] == "duplicate_ruling"
    assert post({**body, "repeat": "yes"}).status_code == 400  # JSON's true, not a word
    assert post({**body, "repeat": True}).status_code == 201
    assert Ruling.objects.count() == 2


def test_a_second_preferans_renonce_adds_its_count_and_its_overturn_takes_it_back(evening):
    match = make_match(size=3, conventions={})
    match.game, match.ruleset = "preferans", "sochi"
    match.save(update_fields=["game", "ruleset"])
    match.tournament.organisers.add(evening["organiser"])
    a, b, c = [seat.player.display_name for seat in match.seats.order_by("position")]
    scoring_services.deal_submit(
        match=match,
        record={
            "kind": "game",
            "declarer": c,
            "contract": "6S",
            "whist": {a: "whist", b: "pass"},
            "tricks": {a: 3, b: 1, c: 6},
        },
        user=evening["organiser"],
        idempotency_key="pulka-steps",
        version=None,
    )
    args = {
        "deal_number": 1,
        "kind": "renonce",
        "violator_name": a,
        "explanation": "",
        "articles": [],
        "user": evening["organiser"],
    }
    first, _ = services.ruling_record(match=Match.objects.get(pk=match.pk), **args)
    with pytest.raises(services.RulingRejected) as refused:
        services.ruling_record(match=Match.objects.get(pk=match.pk), **args)
    assert refused.value.errors[0]["code"] == "duplicate_ruling"
    second, _ = services.ruling_record(match=Match.objects.get(pk=match.pk), repeat=True, **args)
    violation = Deal.objects.get(match=match, number=1).record["violation"]
    assert violation == {"player": a, "kind": "renonce", "count": 2}
    assert (first.count, second.count) == (1, 1)
    services.ruling_overturn(ruling=second, user=evening["organiser"], reason="once only")
    violation = Deal.objects.get(match=match, number=1).record["violation"]
    assert violation == {"player": a, "kind": "renonce", "count": 1}
