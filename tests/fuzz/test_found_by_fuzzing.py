"""Regression tests for what the fuzzers (issue 13) found: each was a server error (500) or a
refusal outside the API's error shape. Plain tests, not marked `fuzz`: they run with any
selection."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.factories import (
    EntryFactory,
    TournamentFactory,
    UserFactory,
    make_club_organiser,
    make_evening,
)

pytestmark = pytest.mark.django_db

# One past the largest 64-bit id: SQLite refuses it as a parameter ("Python int too large to
# convert to SQLite INTEGER"), PostgreSQL's prepared statements as out of range.
TOO_BIG = 2**63


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def ev():
    return make_evening()


@pytest.fixture
def organiser(ev) -> Client:
    client = Client()
    client.force_login(ev.organiser)
    return client


def _token_headers(user) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Token {Token.objects.get_or_create(user=user)[0].key}"}


def _assert_coded(response, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    errors = response.json()["errors"]
    assert errors and errors[0]["code"] == code
    assert set(errors[0]) >= {"field", "code", "message"}


# --- Django's own 404 under /api/ ------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/matches/null,null/",  # not a number: no route matches
        "/api/v1/matches/-1/deals/",
        "/api/v1/tournaments/abc/standings/",
        "/api/v1/jobs/not-a-uuid/",
        "/api/v1/no-such-endpoint/",
    ],
)
def test_an_api_url_that_matches_no_route_answers_a_coded_404(client, path):
    _assert_coded(client.get(path), 404, "not_found")


def test_a_page_url_that_matches_no_route_still_answers_the_site_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_an_unhandled_error_under_the_api_answers_a_coded_500(client, settings, monkeypatch):
    from tournaments.live import api as api_live

    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(api_live, "leaderboard_rows", boom)
    client.raise_request_exception = False
    _assert_coded(client.get("/api/v1/leaderboard/"), 500, "server_error")


# --- ids beyond 64 bits ----------------------------------------------------------------------


def test_the_leaderboard_of_a_club_id_beyond_64_bits_is_empty(client):
    response = client.get(f"/api/v1/leaderboard/?club={TOO_BIG}")
    assert response.status_code == 200
    assert response.json() == []


def test_a_match_id_beyond_64_bits_is_not_found(client, ev):
    headers = _token_headers(ev.scorer)
    _assert_coded(client.get(f"/api/v1/matches/{TOO_BIG}/", **headers), 404, "not_found")
    response = client.post(
        f"/api/v1/matches/{TOO_BIG}/deals/",
        json.dumps({"version": 1, "declarer": None}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="k-1",
        **headers,
    )
    _assert_coded(response, 404, "not_found")
    response = client.put(
        f"/api/v1/matches/{TOO_BIG}/deals/1/",
        json.dumps({"declarer": None}),
        content_type="application/json",
        **headers,
    )
    _assert_coded(response, 404, "not_found")


def test_a_player_report_for_a_player_id_beyond_64_bits_is_refused(client, ev):
    response = client.post(
        f"/api/v1/tournaments/{ev.tournament.pk}/reports/",
        json.dumps({"kind": "player_stats", "player": TOO_BIG}),
        content_type="application/json",
        **_token_headers(ev.organiser),
    )
    _assert_coded(response, 400, "unknown_player")


@pytest.fixture
def paired():
    """A tournament whose round 1 is paired (not started): swaps are allowed."""
    user = UserFactory(username="swap-organiser")
    tournament = TournamentFactory(table_size=2, rounds=4)
    tournament.organisers.add(user)
    for _ in range(6):
        EntryFactory(tournament=tournament)
    client = Client()
    client.force_login(user)
    assert client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/").status_code == 201
    return tournament, client


@pytest.mark.parametrize("kind", ["players", "tables"])
def test_a_swap_of_an_id_beyond_64_bits_is_refused_by_the_api(paired, kind):
    tournament, client = paired
    response = client.post(
        f"/api/v1/tournaments/{tournament.pk}/rounds/1/swap/",
        {"kind": kind, "first": TOO_BIG, "second": 1},
        content_type="application/json",
    )
    # Refused by the API's JSON parser itself (issue 17): no integer beyond 64 bits gets in.
    _assert_coded(response, 400, "number_too_large")


@pytest.mark.parametrize("kind", ["players", "tables"])
def test_a_swap_of_an_id_beyond_64_bits_is_refused_on_the_pairing_page(paired, kind):
    tournament, client = paired
    response = client.post(
        f"/tournaments/{tournament.pk}/rounds/1/swap/",
        {"kind": kind, "first": str(TOO_BIG), "second": "1"},
        follow=True,
    )
    assert response.status_code == 200
    assert "Swapped." not in response.content.decode()


# --- bodies of the wrong kind ----------------------------------------------------------------


def test_a_swap_whose_body_is_not_an_object_is_refused(paired):
    tournament, client = paired
    response = client.post(
        f"/api/v1/tournaments/{tournament.pk}/rounds/1/swap/",
        "[null, null]",
        content_type="application/json",
    )
    _assert_coded(response, 400, "invalid")


def test_a_tournament_import_sent_as_a_form_is_refused(client, ev):
    make_club_organiser(ev.organiser, ev.tournament.club)
    response = client.post(
        "/api/v1/tournaments/import/",
        {"format": "deberc-tournament/1", "tournament": '{"club": "Клуб"}'},
        **_token_headers(ev.organiser),
    )
    _assert_coded(response, 400, "bad_format")


@pytest.mark.parametrize("settings_doc", [None, "absent"])
def test_a_tournament_import_without_its_tournament_is_refused(client, ev, settings_doc):
    """Schemathesis (issue 17, item 21): `"tournament": null`, or no `tournament` at all,
    made a tournament with no name in a club with no name."""
    from tournaments.events.models import Tournament

    make_club_organiser(ev.organiser, ev.tournament.club)
    doc = {"format": "deberc-tournament/1", "players": []}
    if settings_doc != "absent":
        doc["tournament"] = settings_doc
    before = Tournament.objects.count()
    response = client.post(
        "/api/v1/tournaments/import/",
        json.dumps(doc),
        content_type="application/json",
        **_token_headers(ev.organiser),
    )
    _assert_coded(response, 400, "bad_format")
    assert response.json()["errors"][0]["field"] == "tournament"
    assert Tournament.objects.count() == before


@pytest.mark.parametrize(("key", "value"), [("name", None), ("name", {}), ("club", 7)])
def test_a_tournament_import_with_a_name_that_is_no_text_is_refused(client, ev, key, value):
    """Schemathesis (issue 17, item 21): `"name": null` was a 500 (NOT NULL constraint)."""
    make_club_organiser(ev.organiser, ev.tournament.club)
    settings_doc = {"name": "Imported", "club": "Клуб", key: value}
    response = client.post(
        "/api/v1/tournaments/import/",
        json.dumps({"format": "deberc-tournament/1", "tournament": settings_doc}),
        content_type="application/json",
        **_token_headers(ev.organiser),
    )
    _assert_coded(response, 400, "bad_format")
    assert response.json()["errors"][0]["field"] == f"tournament.{key}"


@pytest.mark.parametrize(
    "rounds",
    [["round one"], [{"number": 1, "tables": ["table one"]}]],
)
def test_a_tournament_import_with_a_round_or_table_that_is_not_an_object_is_refused(
    client, ev, rounds
):
    make_club_organiser(ev.organiser, ev.tournament.club)
    doc = {
        "format": "deberc-tournament/1",
        "tournament": {"club": "Клуб", "name": "Imported"},
        "players": [],
        "rounds": rounds,
    }
    response = client.post(
        "/api/v1/tournaments/import/",
        json.dumps(doc),
        content_type="application/json",
        **_token_headers(ev.organiser),
    )
    _assert_coded(response, 400, "bad_format")


# --- text no database column can hold --------------------------------------------------------


@pytest.mark.parametrize(
    ("escape", "code"),
    [("a\\u0000b", "null_characters_not_allowed"), ("\\ud800", "surrogate_characters_not_allowed")],
)
def test_a_deal_with_unstorable_text_in_an_extra_key_is_refused(client, ev, escape, code):
    from scoring.models import Match

    version = Match.objects.get(pk=ev.match.pk).version
    body = json.dumps({"trump": "H", "declarer": "Anna", "version": version})
    body = body[:-1] + f', "note": "{escape}"}}'
    response = client.post(
        f"/api/v1/matches/{ev.match.pk}/deals/",
        body,
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="k-nul",
        **_token_headers(ev.scorer),
    )
    _assert_coded(response, 400, code)


def test_a_correction_reason_with_a_nul_is_refused_by_the_api(client, ev):
    response = client.put(
        f"/api/v1/matches/{ev.match.pk}/deals/1/",
        "trump=H&declarer=Anna&reason=a%00b",
        content_type="application/x-www-form-urlencoded",
        **_token_headers(ev.scorer),
    )
    _assert_coded(response, 400, "null_characters_not_allowed")


def test_a_tournament_import_with_a_nul_in_a_name_is_refused(client, ev):
    make_club_organiser(ev.organiser, ev.tournament.club)
    doc = {"format": "deberc-tournament/1", "tournament": {"club": "K\x00", "name": "N"}}
    response = client.post(
        "/api/v1/tournaments/import/",
        json.dumps(doc),
        content_type="application/json",
        **_token_headers(ev.organiser),
    )
    _assert_coded(response, 400, "null_characters_not_allowed")


def test_the_scorer_pages_keep_reasons_and_keys_without_nul(ev):
    from scoring.models import Deal, IdempotencyKey

    scorer = Client()
    scorer.force_login(ev.scorer)
    deal = {"trump": "H", "declarer": "0", "points_0": "66", "points_1": "76", "last_trick": "0"}
    url = f"/matches/{ev.match.pk}/"
    response = scorer.post(url + "deal/", {**deal, "idempotency_key": "key\x00one"})
    assert response.status_code == 302
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["keyone"]
    response = scorer.post(url + "deals/1/edit/", {**deal, "reason": "mis\x00typed"})
    assert response.status_code == 302
    assert scorer.post(url + "withdraw/", {"reason": "wrong\x00table"}).status_code == 302
    reasons = Deal.history.filter(match_id=ev.match.pk).values_list(
        "history_change_reason", flat=True
    )
    assert "mistyped" in reasons
    assert not any("\x00" in (reason or "") for reason in reasons)


# --- the tournament settings form -------------------------------------------------------------


def test_changing_conventions_after_deals_shows_the_refusal_on_the_settings_form(ev, organiser):
    from scoring.models import Match
    from tests.factories import DEAL_HANGING

    api = Client()
    api.force_login(ev.scorer)
    version = Match.objects.get(pk=ev.match.pk).version
    entered = api.post(
        f"/api/v1/matches/{ev.match.pk}/deals/",
        json.dumps(DEAL_HANGING | {"version": version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="k-conv",
    )
    assert entered.status_code == 201
    t = ev.tournament
    response = organiser.post(
        f"/tournaments/{t.pk}/edit/",
        {
            "name": t.name,
            "club": t.club_id,
            "game": t.game,
            "ruleset": t.ruleset,
            "table_size": t.table_size,
            "system": t.system,
            "rounds": t.rounds,
            "match_score": t.match_score,
            "conv_target": "301",
        },
    )
    assert response.status_code == 200  # the form again, with the service's refusal above it
    assert response.context["form"].non_field_errors()


# --- the token endpoint -----------------------------------------------------------------------


def test_a_token_request_with_a_username_longer_than_any_is_refused(client):
    response = client.post(
        "/api/v1/auth/token/",
        json.dumps({"username": "u" * 300, "password": "x"}),
        content_type="application/json",
    )
    _assert_coded(response, 400, "max_length")
    assert response.json()["errors"][0]["field"] == "username"


# --- the form pages (tests/fuzz/test_*_form_fuzz.py) ------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/referee/legal-cards/",
        "/referee/check-closing/",
        "/referee/preferans/settle/",
        "/tournaments/new/",
    ],
)
def test_an_empty_post_to_a_form_page_names_the_missing_fields(ev, organiser, path):
    make_club_organiser(ev.organiser, ev.tournament.club)
    response = organiser.post(path, {})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors  # an empty post used to show the blank form, saying nothing
    assert "This field is required." in response.content.decode()


def test_an_empty_post_to_the_ruling_form_names_the_missing_fields(ev, organiser):
    from scoring import services as scoring_services
    from tests.factories import DEAL_HANGING

    scoring_services.deal_submit(
        match=ev.match, record=DEAL_HANGING, user=ev.scorer, idempotency_key=None, version=None
    )
    response = organiser.post(f"/referee/matches/{ev.match.pk}/rule/", {})
    assert response.status_code == 200
    assert response.context["form"].errors


@pytest.mark.parametrize("path", ["/referee/preferans/settle/", "/referee/preferans/score-deal/"])
def test_a_preferans_tool_without_a_ruleset_names_the_field(client, path):
    body = {"players": "Anna, Boris, Vera", "kind": "allpass", "pool_0": "10"}
    response = client.post(path, body)  # was a KeyError: 'ruleset'
    assert response.status_code == 200
    assert "ruleset" in response.context["form"].errors


def test_a_sign_in_refusal_shows_its_field_errors(client):
    response = client.post("/accounts/login/", {"password": "x"})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_a_sign_in_with_a_username_longer_than_any_is_refused(client, path):
    from axes.models import AccessAttempt

    response = client.post(path, {"username": "u" * 256, "password": "x"})
    assert response.status_code == 200
    assert response.context["form"].errors["username"]
    # Not recorded: django-axes' username column holds 255 characters (PostgreSQL refused).
    assert not AccessAttempt.objects.exists()


def test_an_overturn_reason_longer_than_the_history_keeps_is_cut_there_only(ev):
    from referee import services as referee_services
    from referee.models import Ruling
    from scoring import services as scoring_services
    from scoring.models import Deal
    from tests.factories import DEAL_HANGING

    scoring_services.deal_submit(
        match=ev.match, record=DEAL_HANGING, user=ev.scorer, idempotency_key=None, version=None
    )
    ruling, _document = referee_services.ruling_record(
        match=ev.match,
        deal_number=1,
        kind="renonce",
        violator_name="Boris",
        explanation="",
        articles=[],
        user=ev.referee,
    )
    client = Client()
    client.force_login(ev.organiser)
    reason = "ж" * 400
    response = client.post(f"/referee/rulings/{ruling.pk}/overturn/", {"reason": reason})
    assert response.status_code == 302
    assert Ruling.objects.get(pk=ruling.pk).overturn_reason == reason
    reasons = Deal.history.filter(match_id=ev.match.pk).values_list(
        "history_change_reason", flat=True
    )
    # The history's column holds 100 characters (PostgreSQL refused a longer reason).
    assert all(len(r or "") <= 100 for r in reasons)
    assert any((r or "").startswith(f"Ruling {ruling.pk} overturned: жж") for r in reasons)


def _sheet(**changes) -> bytes:
    from pathlib import Path

    examples = Path(__file__).resolve().parent.parent / "data" / "examples"
    sheet = json.loads((examples / "moscow-2p-hanging.json").read_text())
    return json.dumps({**sheet, **changes}).encode()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"round": -1}, "round"),
        ({"round": 0}, "round"),
        ({"round": 2**15}, "round"),
        ({"table": ""}, "table"),
        ({"table": [1]}, "table"),
        ({"table": True}, "table"),
    ],
)
def test_an_import_placed_outside_any_round_or_table_is_refused(ev, organiser, changes, field):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from scoring.models import Match

    before = Match.objects.count()
    upload = SimpleUploadedFile("sheet.json", _sheet(**changes))
    response = organiser.post(f"/tournaments/{ev.tournament.pk}/import/", {"files": [upload]})
    assert response.status_code == 302
    page = organiser.get(response["Location"]).content.decode()
    assert "sheet 1, deal —:" in page and "must be a whole number" in page
    assert Match.objects.count() == before


def test_an_import_with_a_player_name_longer_than_a_display_name_is_refused(ev, organiser):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.events.entries import scoresheet_import

    sheet = json.loads(_sheet().decode())
    text = json.dumps(sheet).replace(json.dumps(sheet["players"][0]), json.dumps("Ж" * 81))
    upload = SimpleUploadedFile("sheet.json", text.encode())
    response = organiser.post(f"/tournaments/{ev.tournament.pk}/import/", {"files": [upload]})
    page = organiser.get(response["Location"]).content.decode()
    assert "A name is at most 80 characters." in page
    # The API's import, through the same service, says where.
    from scoring.services import DealRejected

    with pytest.raises(DealRejected) as refused:
        scoresheet_import(tournament=ev.tournament, records=[json.loads(text)])
    assert refused.value.errors[0]["field"] == "players"
    assert refused.value.errors[0]["code"] == "name_too_long"


@pytest.mark.parametrize("escape", ["a\\u0000b", "\\ud800"])
def test_an_import_file_with_unstorable_text_is_refused(ev, organiser, escape):
    from django.core.files.uploadedfile import SimpleUploadedFile

    sheet = json.loads(_sheet().decode())
    text = json.dumps(sheet).replace(json.dumps(sheet["players"][0]), f'"{escape}"')
    upload = SimpleUploadedFile("sheet.json", text.encode())
    response = organiser.post(f"/tournaments/{ev.tournament.pk}/import/", {"files": [upload]})
    page = organiser.get(response["Location"]).content.decode()
    assert "sheet.json: " in page and "not allowed" in page


# --- JSON's own types where the schema states them (issue 31, item 6) -----------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"withdrawn": "true"}, "withdrawn"),
        ({"withdrawn": 1}, "withdrawn"),
        ({"seed": "5"}, "seed"),
        ({"seed": 5.0}, "seed"),
        ({"seed": True}, "seed"),
    ],
)
def test_an_entry_change_takes_a_boolean_and_a_whole_number_not_their_spelling(
    ev, organiser, body, field
):
    entry = ev.tournament.entries.order_by("pk").first()
    url = f"/api/v1/tournaments/{ev.tournament.pk}/entries/{entry.pk}/"
    answer = organiser.patch(url, json.dumps(body), content_type="application/json")
    _assert_coded(answer, 400, "invalid")
    assert answer.json()["errors"][0]["field"] == field
    entry.refresh_from_db()
    assert (entry.withdrawn, entry.seed) == (False, entry.seed)
    taken = organiser.patch(
        url, json.dumps({"withdrawn": True, "seed": 5}), content_type="application/json"
    )
    assert taken.status_code == 200, taken.content
    entry.refresh_from_db()
    assert (entry.withdrawn, entry.seed) == (True, 5)


def test_a_staff_member_is_named_by_their_id_as_a_number_or_by_their_sign_in_name(ev, organiser):
    from tournaments.clubs.models import ClubMember

    url = f"/api/v1/tournaments/{ev.tournament.pk}/staff/"
    by_id = UserFactory(username="by_id_31")
    by_name = UserFactory(username="by_name_31")
    for user in (by_id, by_name):
        ClubMember.objects.create(club=ev.tournament.club, user=user, role="referee")
    for person in (by_id.pk, "by_name_31"):
        answer = organiser.post(
            url, json.dumps({"user": person, "role": "referee"}), content_type="application/json"
        )
        assert answer.status_code == 201, answer.content
    assert set(ev.tournament.referees.values_list("username", flat=True)) >= {
        "by_id_31",
        "by_name_31",
    }
    for wrong in (True, 1.5, [by_id.pk], "", 0, -1, "x" * 151):
        answer = organiser.post(
            url, json.dumps({"user": wrong, "role": "referee"}), content_type="application/json"
        )
        assert answer.status_code == 400, (wrong, answer.content)
        assert answer.json()["errors"][0]["field"] == "user", (wrong, answer.content)


@pytest.mark.parametrize("name", [0, True, ["Fuzz"]])
def test_a_preset_name_is_text_not_a_number_read_as_its_digits(ev, organiser, name):
    make_club_organiser(ev.organiser, ev.tournament.club)
    presets = f"/api/v1/clubs/{ev.tournament.club_id}/presets/"
    made = organiser.post(presets, json.dumps({"name": "Friday"}), content_type="application/json")
    assert made.status_code == 201, made.content
    url = f"{presets}{made.json()['id']}/"
    for method, target in (("post", presets), ("patch", url)):
        answer = getattr(organiser, method)(
            target, json.dumps({"name": name}), content_type="application/json"
        )
        _assert_coded(answer, 400, "invalid")
        assert answer.json()["errors"][0]["field"] == "name"
    from tournaments.events.models import ClubPreset

    assert list(
        ClubPreset.objects.filter(club=ev.tournament.club).values_list("name", flat=True)
    ) == ["Friday"]
