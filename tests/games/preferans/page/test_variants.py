"""The scorer's page and the API with issue 34's deal options (rules §1, §7a): a bomb
[бомба], blind play [втёмную], the dealer in halves [в пополаме]; server-checked, refused at
their fields in the user's language (`bad_option`), and the new conventions refused with
`bad_convention` at theirs."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from scoring.games.preferans.engine import FORMAT
from scoring.models import Deal, Match

from .conftest import make_pulka
from .test_page import SIX_SPADES, form_for, url

pytestmark = pytest.mark.django_db


def test_a_bomb_and_blind_play_are_written_and_multiply_the_deal(client) -> None:
    """Classic's bomb (bombs: yes): Boris's 6♠ made on bomb 1, blind: f = 4, pool 2 × 4 = 8
    (§7a); the page offers the carried level next."""
    table = make_pulka(3, conventions={"bombs": True})
    client.force_login(table.scorer)
    page = client.get(url(table.match), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'data-testid="bomb"' in page and "Бомба" in page and "Втёмную (×2)" in page
    data = form_for(table.match, **SIX_SPADES, bomb="1", blind="1")
    assert client.post(url(table.match, "deal/"), data).status_code == 302
    record = Match.objects.get(pk=table.match.pk).deals.get().record
    assert record["bomb"] == 1 and record["blind"] is True
    entry = Match.objects.get(pk=table.match.pk).result["deals"][0]
    assert (entry["bomb"], entry["factor"], entry["pool"]) == (1, 4, {"Boris": 8})
    # The correction form starts from what was written.
    edit = client.get(url(table.match, "deals/1/edit/")).content.decode()
    assert re.search(r'<option value="1" selected>', edit)
    assert re.search(r'name="blind" value="1" checked', edit)


def test_the_bomb_field_is_only_where_bombs_are_played(client, pulka) -> None:
    client.force_login(pulka.scorer)
    html = client.get(url(pulka.match)).content.decode()
    assert 'data-testid="bomb"' not in html
    assert 'data-testid="blind"' in html
    assert 'data-testid="halves-with"' not in html  # three players: nobody sits out


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "no bombs [бомбы] at this table"),
        ("ru", "За этим столом не играют с бомбами."),
        ("uk", "За цим столом не грають з бомбами."),
    ],
)
def test_a_bomb_where_none_are_played_is_refused_at_its_field(
    scorer_client, pulka, language, text
) -> None:
    data = form_for(pulka.match, **SIX_SPADES, bomb="2")
    response = scorer_client.post(url(pulka.match, "deal/"), data, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    html = response.content.decode()
    assert re.search(r'data-testid="error-bomb">[^<]*' + re.escape(text), html)
    assert not Deal.objects.filter(match=pulka.match).exists()


def test_a_bomb_out_of_range_is_refused_by_the_form(client) -> None:
    table = make_pulka(3, conventions={"bombs": True})
    client.force_login(table.scorer)
    data = form_for(table.match, **SIX_SPADES, bomb="4")
    response = client.post(url(table.match, "deal/"), data, HTTP_ACCEPT_LANGUAGE="uk")
    assert response.status_code == 400
    assert 'data-testid="error-bomb"' in response.content.decode()


def test_the_dealer_in_halves_at_a_table_of_four(client, pulka4) -> None:
    """§1, example 21: Anna deals and sits out; Boris's misère with 1 trick in halves with
    Boris: 10 halved, Boris's mountain 5 and Anna's 5."""
    client.force_login(pulka4.scorer)
    html = client.get(url(pulka4.match), HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert 'data-testid="halves-with"' in html and "в пополаме" in html
    data = form_for(
        pulka4.match,
        contract="misere",
        declarer=1,
        tricks_1="1",
        tricks_2="5",
        tricks_3="4",
        halves_with="1",
        dealer="0",
    )
    assert client.post(url(pulka4.match, "deal/"), data).status_code == 302
    entry = Match.objects.get(pk=pulka4.match.pk).result["deals"][0]
    assert entry["mountain"] == {"Anna": 5, "Boris": 5}


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("ru", "сдающий играет «в пополаме» только за столом на четверых"),
        ("uk", "той, хто здає, грає «в пополаме» лише за столом на чотирьох"),
    ],
)
def test_halves_with_the_dealer_himself_is_refused_in_the_users_language(
    client, pulka4, language, text
) -> None:
    client.force_login(pulka4.scorer)
    data = form_for(
        pulka4.match,
        contract="misere",
        declarer=1,
        tricks_1="1",
        tricks_2="5",
        tricks_3="4",
        halves_with="0",  # Anna deals: neither declarer nor defender
        dealer="0",
    )
    response = client.post(url(pulka4.match, "deal/"), data, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    html = response.content.decode()
    assert re.search(r'data-testid="error-halves-with">[^<]*' + re.escape(text), html)


def _record(**extra) -> dict:
    deal = {
        "kind": "game",
        "declarer": "Boris",
        "contract": "6S",
        "whist": {"Vera": "pass", "Anna": "pass"},
    }
    deal.update(extra.pop("deal", {}))
    return {
        "format": FORMAT,
        "ruleset": extra.pop("ruleset", "classic"),
        "conventions": extra.pop("conventions", {}),
        "players": ["Anna", "Boris", "Vera"],
        "first_dealer": "Anna",
        "deals": [deal],
    }


def test_the_api_scores_classic_with_a_bomb_and_skachki() -> None:
    answer = APIClient().post("/api/v1/score-match/", _record(deal={"bomb": 2}), format="json")
    assert answer.status_code == 200
    entry = answer.json()["deals"][0]
    assert (entry["bomb"], entry["factor"], entry["pool"]) == (2, 4, {"Boris": 8})
    skachki = APIClient().post(
        "/api/v1/score-match/",
        _record(ruleset="skachki", conventions={"pool_target": 2, "jumps": 1}),
        format="json",
    )
    assert skachki.status_code == 200
    body = skachki.json()
    # Every mountain 0: the prizer is among the smallest, so he is the amnester too (§8a).
    assert body["deals"][0]["jump"] == {"number": 1, "prizer": "Boris", "amnester": "Boris"}
    assert body["deals"][0]["whists"] == {"Boris": {"Anna": 200, "Vera": 200}}
    assert (body["finished"], body["reason"]) == (True, "jumps")


@pytest.mark.parametrize(
    ("record", "field", "code"),
    [
        (_record(ruleset="sochi", deal={"bomb": 1}), "bomb", "bad_option"),
        (_record(deal={"bomb": 9}), "bomb", "bad_option"),
        (_record(deal={"blind": "yes"}), "blind", "bad_option"),
        (_record(deal={"halves_with": "Vera"}), "halves_with", "bad_option"),
        (_record(conventions={"help": "left"}), "conventions.help", "bad_convention"),
        (
            _record(ruleset="rostov", conventions={"allpass_amnesty": "three"}),
            "conventions.allpass_amnesty",
            "bad_convention",
        ),
        (_record(conventions={"end": "jumps"}), "conventions.end", "bad_convention"),
    ],
)
@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_api_refuses_bad_options_and_conventions_at_their_field(
    record, field, code, language
) -> None:
    answer = APIClient().post(
        "/api/v1/score-match/", record, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert answer.status_code == 400
    errors = answer.json()["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [(field, code)]
    assert re.search("[а-яіїє]", errors[0]["message"].lower())


def _cli(path) -> tuple[int, list[dict]]:
    out = io.StringIO()
    code = 0
    try:
        call_command("score_match", str(path), stdout=out)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_command_scores_a_classic_bomb_and_refuses_a_bad_option(tmp_path) -> None:
    """`manage.py score_match` goes through the registry: the deal's `bomb` multiplies it,
    a bomb without bombs is `bad_option` at its field."""
    good = tmp_path / "classic.json"
    good.write_text(json.dumps(_record(deal={"bomb": 3}), ensure_ascii=False))
    code, lines = _cli(good)
    assert code == 0
    assert lines[0]["deals"][0]["pool"] == {"Boris": 16}  # 2 × 8, up to the target 20
    bad = tmp_path / "sochi.json"
    bad.write_text(json.dumps(_record(ruleset="sochi", deal={"bomb": 3}), ensure_ascii=False))
    code, lines = _cli(bad)
    assert code == 2
    assert [(e["deal"], e["field"], e["code"]) for e in lines[0]["errors"]] == [
        (1, "bomb", "bad_option")
    ]


def test_a_nine_checked_by_both_is_scored_as_whisted_under_check_9_10(client) -> None:
    """Rules §3 on the page (example 16 with checks): Boris's 9♦
    (Anna deals), Vera and Anna check; Boris 8, Anna 2: remise by 1, B mountain 8; A writes
    8 × 2 + 8 = 24 on B, Vera her consolation 8."""
    table = make_pulka(3, conventions={"check_9_10": True})
    client.force_login(table.scorer)
    page = client.get(url(table.match)).content.decode()
    assert "pf-check-9-10" in page and 'data-testid="whist-2-check"' in page
    data = form_for(
        table.match,
        contract="9D",
        declarer=1,
        whist_2="check",
        whist_0="check",
        tricks_1="8",
        tricks_0="2",
        dealer=0,
    )
    assert client.post(url(table.match, "deal/"), data).status_code == 302
    entry = Match.objects.get(pk=table.match.pk).result["deals"][0]
    assert entry["outcome"] == "remise"
    assert entry["mountain"] == {"Boris": 8}
    assert entry["whists"] == {"Anna": {"Boris": 24}, "Vera": {"Boris": 8}}
