"""A deal is a complete record of its game's scoresheet format, on every door (issue 17, items
1 and 5): a key the format does not know is `unknown_field` at that key, a field the deal
needs and lacks is `missing_field` (an empty deal is not a void deal: that one says
`"declarer": null`), every number is bounded by its rules, and nothing the request did not
name, or named in another spelling, is stored."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from scoring.models import Deal, Match
from tests.factories import (
    DEAL_MADE,
    PREF_SIX_SPADES,
    make_club_organiser,
    make_evening,
    make_preferans_evening,
)

pytestmark = pytest.mark.django_db


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


def _post(client, match, record, *, key="k1"):
    version = Match.objects.get(pk=match.pk).version
    return client.post(
        f"/api/v1/matches/{match.pk}/deals/",
        data=json.dumps({**record, "version": version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


def _codes(response) -> set[tuple[str | None, str]]:
    return {(err["field"], err["code"]) for err in response.json()["errors"]}


# --- the API's deal writes ------------------------------------------------------------------


def test_a_deal_of_only_the_version_is_refused_not_stored_as_a_void_deal():
    ev = make_evening()
    response = _post(_client(ev.scorer), ev.match, {})
    assert response.status_code == 400
    assert ("declarer", "missing_field") in _codes(response)
    assert not Deal.objects.filter(match=ev.match).exists()
    # A void deal says so, and is one.
    response = _post(_client(ev.scorer), ev.match, {"declarer": None}, key="k2")
    assert response.status_code == 201, response.content
    assert response.json()["deals"][0]["outcome"] == "void"
    assert Deal.objects.get(match=ev.match).record == {"declarer": None}


def test_misspelt_keys_are_unknown_fields_at_their_names_and_nothing_is_stored():
    ev = make_evening()
    response = _post(_client(ev.scorer), ev.match, {"trmp": "H", "pointz": {"Anna": 60}})
    assert response.status_code == 400
    codes = _codes(response)
    assert {("trmp", "unknown_field"), ("pointz", "unknown_field")} <= codes
    assert not Deal.objects.filter(match=ev.match).exists()


def test_a_void_deal_with_a_junk_key_is_refused():
    ev = make_evening()
    response = _post(_client(ev.scorer), ev.match, {"declarer": None, "junk": "x" * 1000})
    assert response.status_code == 400
    assert _codes(response) == {("junk", "unknown_field")}
    assert not Deal.objects.filter(match=ev.match).exists()


def test_an_unknown_key_inside_a_nested_object_is_named_with_its_path():
    ev = make_evening()
    deal = {
        "trump": "H",
        "declarer": "Anna",
        "violation": {"player": "Boris", "kind": "renonce", "note": "junk"},
    }
    response = _post(_client(ev.scorer), ev.match, deal)
    assert response.status_code == 400
    assert ("violation.note", "unknown_field") in _codes(response)


def test_a_correction_with_an_unknown_key_is_refused_and_the_deal_kept():
    ev = make_evening()
    assert _post(_client(ev.scorer), ev.match, DEAL_MADE).status_code == 201
    version = Match.objects.get(pk=ev.match.pk).version
    response = _client(ev.referee).put(
        f"/api/v1/matches/{ev.match.pk}/deals/1/",
        data=json.dumps({**DEAL_MADE, "version": version, "colour": "red"}),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert ("colour", "unknown_field") in _codes(response)
    assert Deal.objects.get(match=ev.match, number=1).record == DEAL_MADE


def test_a_preferans_deal_with_an_unknown_key_is_refused():
    ev = make_preferans_evening()
    response = _post(_client(ev.scorer), ev.match, {**PREF_SIX_SPADES, "contrakt": "7S"})
    assert response.status_code == 400
    assert ("contrakt", "unknown_field") in _codes(response)
    assert not Deal.objects.filter(match=ev.match).exists()


def test_a_preferans_renonce_count_beyond_the_tricks_of_a_deal_is_refused():
    ev = make_preferans_evening()
    deal = {**PREF_SIX_SPADES, "violation": {"player": "Vera", "kind": "renonce", "count": 10**12}}
    response = _post(_client(ev.scorer), ev.match, deal)
    assert response.status_code == 400
    assert ("violation.count", "bad_violation") in _codes(response)
    assert not Deal.objects.filter(match=ev.match).exists()


def test_a_contract_is_stored_in_its_canonical_spelling():
    ev = make_preferans_evening()
    deal = {**PREF_SIX_SPADES, "contract": "6s"}
    response = _post(_client(ev.scorer), ev.match, deal)
    assert response.status_code == 201, response.content
    assert Deal.objects.get(match=ev.match).record["contract"] == "6S"
    scoresheet = _client(ev.scorer).get(f"/api/v1/matches/{ev.match.pk}/scoresheet/").json()
    assert scoresheet["deals"][0]["contract"] == "6S"


def test_a_trump_is_stored_as_its_letter():
    ev = make_evening()
    response = _post(_client(ev.scorer), ev.match, {**DEAL_MADE, "trump": "♠"})
    assert response.status_code == 201, response.content
    assert Deal.objects.get(match=ev.match).record["trump"] == "S"


# --- the other doors ------------------------------------------------------------------------


def _sheet(deals: list[dict]) -> dict:
    return {
        "format": "deberc-scoresheet/1",
        "ruleset": "moscow",
        "players": ["Anna", "Boris"],
        "first_dealer": "Anna",
        "deals": deals,
    }


def test_the_stateless_scorer_refuses_an_unknown_key():
    response = APIClient().post(
        "/api/v1/score-match/", _sheet([{"declarer": None, "pointz": 3}]), format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "unknown_field"
    assert response.json()["errors"][0]["field"] == "pointz"


def test_the_command_line_refuses_an_empty_deal(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(_sheet([{}])), encoding="utf-8")
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("score_match", str(path), stdout=out)
    assert exit_.value.code == 2
    errors = json.loads(out.getvalue())["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [("declarer", "missing_field")]


def test_the_import_refuses_a_deal_with_an_unknown_key_and_stores_nothing():
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    before = Match.objects.count()
    sheet = _sheet([DEAL_MADE, {"declarer": None, "junk": "x"}])
    response = _client(ev.organiser).post(
        f"/api/v1/tournaments/{ev.tournament.pk}/import/", sheet, format="json"
    )
    assert response.status_code == 400
    assert ("junk", "unknown_field") in _codes(response)
    assert Match.objects.count() == before


def test_the_import_stores_contracts_canonically():
    ev = make_preferans_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    sheet = {
        "format": "preferans-scoresheet/1",
        "ruleset": "sochi",
        "players": ["Ира", "Oleh", "Petro"],
        "first_dealer": "Ира",
        "deals": [
            {
                "kind": "game",
                "declarer": "Oleh",
                "contract": "6nt",
                "whist": {"Petro": "whist", "Ира": "pass"},
                "tricks": {"Ира": 1, "Oleh": 6, "Petro": 3},
            }
        ],
    }
    response = _client(ev.organiser).post(
        f"/api/v1/tournaments/{ev.tournament.pk}/import/", sheet, format="json"
    )
    assert response.status_code == 201, response.content
    match = Match.objects.get(pk=response.json()["matches"][0])
    assert match.deals.get(number=1).record["contract"] == "6NT"


# --- numbers bounded by their rules ---------------------------------------------------------


def test_a_convention_beyond_its_range_is_refused_at_the_tournament():
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    response = _client(ev.organiser).post(
        "/api/v1/tournaments/",
        {"name": "Huge", "club": ev.tournament.club_id, "conventions": {"target": 10**12}},
        format="json",
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors[0]["field"].startswith("conventions")
    assert errors[0]["code"] == "bad_convention"


@pytest.mark.parametrize(
    ("record", "name"),
    [
        (_sheet([]) | {"conventions": {"target": 10**12}}, "target"),
        (_sheet([]) | {"conventions": {"mercy_gap": 10**12}}, "mercy_gap"),
        (
            {
                "format": "preferans-scoresheet/1",
                "ruleset": "sochi",
                "players": ["A", "B", "C"],
                "first_dealer": "A",
                "conventions": {"allpass_progression_limit": 10**6},
                "deals": [],
            },
            "allpass_progression_limit",
        ),
        (
            {
                "format": "preferans-scoresheet/1",
                "ruleset": "sochi",
                "players": ["A", "B", "C"],
                "first_dealer": "A",
                "conventions": {"pool_target": 10**12},
                "deals": [],
            },
            "pool_target",
        ),
    ],
)
def test_conventions_are_bounded_by_their_stated_ranges(record, name):
    response = APIClient().post("/api/v1/score-match/", record, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [e["code"] for e in errors] == ["bad_convention"]
    assert name in (errors[0]["field"] or "") or name in errors[0]["message"]


def test_a_pencil_figure_beyond_any_deal_is_refused():
    deal = {**DEAL_MADE, "pencil": {"player": "Anna", "wrote": 10**15}}
    record = _sheet([deal]) | {"conventions": {"pencil_rule": True}}
    response = APIClient().post("/api/v1/score-match/", record, format="json")
    assert response.status_code == 400
    assert ("pencil.wrote", "impossible_points") in _codes(response)


# --- deals stored before unknown keys were refused ------------------------------------------


def test_unknown_keys_stored_before_are_dropped_with_a_history_row_and_the_match_writable():
    from scoring.services import UNKNOWN_FIELDS_REASON

    ev = make_evening()
    assert _post(_client(ev.scorer), ev.match, DEAL_MADE).status_code == 201
    # As an older release stored it: a junk key at the top and one inside the violation.
    Deal.objects.filter(match=ev.match, number=1).update(
        record={
            **DEAL_MADE,
            "junk": "x" * 100,
            "violation": {"player": "Anna", "kind": "renonce", "z": 1},
        }
    )
    refused = _post(_client(ev.scorer), ev.match, {"declarer": None}, key="k2")
    assert refused.status_code == 400  # the old deal no longer reads

    listed = io.StringIO()
    call_command("deals_drop_unknown_fields", stdout=listed)
    assert f"match {ev.match.pk} deal 1: junk" in listed.getvalue()
    assert f"match {ev.match.pk} deal 1: violation.z" in listed.getvalue()
    assert "junk" in Deal.objects.get(match=ev.match, number=1).record  # only listed

    call_command("deals_drop_unknown_fields", "--apply", stdout=io.StringIO())
    deal = Deal.objects.get(match=ev.match, number=1)
    assert deal.record == {**DEAL_MADE, "violation": {"player": "Anna", "kind": "renonce"}}
    assert deal.history.first().history_change_reason == UNKNOWN_FIELDS_REASON
    assert _post(_client(ev.scorer), ev.match, {"declarer": None}, key="k3").status_code == 201
