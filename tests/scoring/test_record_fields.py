"""Unknown keys of a record itself, outside `deals` (issue 17, item 1): a misspelt `"playrs"`,
a `"formt"` beside `format` or a junk key is `unknown_field` at that key with `deal` null, in
both games and on every door (the engines, the stateless scorer, the command line, the
import's API and page); nothing is stored. The keys the service writes into the records it
builds (exports, archives) are all known, so what it exports imports again."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from scoring import games, selectors
from scoring.games.deberc.engine import ScoresheetError, score_match
from scoring.games.preferans.engine import PreferansError, score_pulka
from scoring.models import Match
from tests.factories import DEAL_MADE, make_club_organiser, make_evening

pytestmark = pytest.mark.django_db

DEBERC = {
    "format": "deberc-scoresheet/1",
    "ruleset": "moscow",
    "conventions": {"target": 301},
    "players": ["Anna", "Boris"],
    "first_dealer": "Anna",
    "deals": [DEAL_MADE],
}
PREFERANS = {
    "format": "preferans-scoresheet/1",
    "ruleset": "sochi",
    "conventions": {"end": "closed"},
    "players": ["Anna", "Boris", "Vera"],
    "first_dealer": "Anna",
    "closed": True,
    "deals": [
        {
            "kind": "game",
            "declarer": "Boris",
            "contract": "6S",
            "whist": {"Vera": "whist", "Anna": "pass"},
            "tricks": {"Boris": 6, "Vera": 3, "Anna": 1},
        }
    ],
}


def _pairs(errors: list[dict]) -> list[tuple]:
    return [(e["deal"], e["field"], e["code"]) for e in errors]


def _organiser(ev) -> APIClient:
    make_club_organiser(ev.organiser, ev.tournament.club)
    client = APIClient()
    client.force_authenticate(user=ev.organiser)
    return client


# --- the engines ---------------------------------------------------------------------------


def test_every_documented_record_key_is_read_by_both_engines():
    assert score_match(DEBERC)["deals"][0]["outcome"] == "made"
    result = score_pulka(PREFERANS)
    assert result["finished"] is True and result["reason"] == "closed"


def test_the_deberc_engine_refuses_unknown_record_keys_at_their_names():
    record = {**DEBERC, "formt": "x", "extra": {"a": 1}}
    with pytest.raises(ScoresheetError) as refused:
        score_match(record)
    assert _pairs(refused.value.errors) == [
        (None, "extra", "unknown_field"),
        (None, "formt", "unknown_field"),
    ]


def test_a_misspelt_players_key_is_unknown_not_only_bad_players():
    record = {k: v for k, v in DEBERC.items() if k != "players"} | {"playrs": ["Anna", "Boris"]}
    with pytest.raises(ScoresheetError) as refused:
        score_match(record)
    pairs = _pairs(refused.value.errors)
    assert (None, "playrs", "unknown_field") in pairs
    assert (None, "players", "bad_players") in pairs


def test_closed_is_not_a_deberc_record_key():
    with pytest.raises(ScoresheetError) as refused:
        score_match({**DEBERC, "closed": True})
    assert _pairs(refused.value.errors) == [(None, "closed", "unknown_field")]


def test_the_preferans_engine_refuses_unknown_record_keys_at_their_names():
    with pytest.raises(PreferansError) as refused:
        score_pulka({**PREFERANS, "playrs": ["Anna"], "note": "x"})
    assert _pairs(refused.value.errors) == [
        (None, "note", "unknown_field"),
        (None, "playrs", "unknown_field"),
    ]


@pytest.mark.parametrize("record", [DEBERC, PREFERANS], ids=["deberc", "preferans"])
def test_an_unknown_convention_name_is_bad_convention(record):
    with pytest.raises(games.SCORING_ERRORS) as refused:
        games.record_score({**record, "conventions": {"targett": 301}})
    assert _pairs(refused.value.errors) == [(None, "conventions.targett", "bad_convention")]


# --- the stateless scorer and the command line ---------------------------------------------


@pytest.mark.parametrize("record", [DEBERC, PREFERANS], ids=["deberc", "preferans"])
def test_the_stateless_scorer_refuses_an_unknown_record_key(record):
    response = APIClient().post("/api/v1/score-match/", {**record, "extra": 1}, format="json")
    assert response.status_code == 400
    assert _pairs(response.json()["errors"]) == [(None, "extra", "unknown_field")]


def test_the_command_line_refuses_an_unknown_record_key(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps({**PREFERANS, "playrs": []}), encoding="utf-8")
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("score_match", str(path), stdout=out)
    assert exit_.value.code == 2
    errors = json.loads(out.getvalue())["errors"]
    assert _pairs(errors) == [(None, "playrs", "unknown_field")]


# --- the import: API and page ----------------------------------------------------------------


def test_the_import_api_refuses_an_unknown_record_key_and_stores_nothing():
    ev = make_evening()
    before = Match.objects.count()
    sheets = [{**DEBERC, "round": 5}, {**DEBERC, "round": 6, "extra": 1}]
    response = _organiser(ev).post(
        f"/api/v1/tournaments/{ev.tournament.pk}/import/", {"scoresheets": sheets}, format="json"
    )
    assert response.status_code == 400
    assert [(e["scoresheet"], e["field"], e["code"]) for e in response.json()["errors"]] == [
        (1, "extra", "unknown_field")
    ]
    assert Match.objects.count() == before
    # Where a sheet was played (`round`, `table`) is the import's own key, not the record's.
    sheets[1].pop("extra")
    response = _organiser(ev).post(
        f"/api/v1/tournaments/{ev.tournament.pk}/import/", {"scoresheets": sheets}, format="json"
    )
    assert response.status_code == 201, response.content
    assert Match.objects.count() == before + 2


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("ru", "Такого поля в записи партии нет: проверьте, как оно написано."),
        ("uk", "Такого поля в записі партії немає: перевірте, як його написано."),
    ],
)
def test_the_import_page_refuses_an_unknown_record_key_and_stores_nothing(language, message):
    ev = make_evening()
    _organiser(ev)
    client = Client()
    client.force_login(ev.organiser)
    before = Match.objects.count()
    upload = SimpleUploadedFile(
        "sheet.json", json.dumps({**DEBERC, "formt": 1}).encode(), "application/json"
    )
    response = client.post(
        f"/tournaments/{ev.tournament.pk}/import/",
        {"files": [upload]},
        follow=True,
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Match.objects.count() == before


# --- what the service writes, it reads ------------------------------------------------------


def test_an_exported_match_is_a_record_the_engine_takes_again():
    ev = make_evening()
    client = APIClient()
    client.force_authenticate(user=ev.scorer)
    version = Match.objects.get(pk=ev.match.pk).version
    answer = client.post(
        f"/api/v1/matches/{ev.match.pk}/deals/",
        {**DEAL_MADE, "version": version},
        format="json",
        HTTP_IDEMPOTENCY_KEY="rec-1",
    )
    assert answer.status_code == 201, answer.content
    record = selectors.match_scoresheet(Match.objects.get(pk=ev.match.pk))
    assert games.record_score(record)["deals"][0]["outcome"] == "made"
