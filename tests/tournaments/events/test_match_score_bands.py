"""The compressed balance's bands through every door (issue 19, item 3): the create and change
API, the organiser's form, the import of settings and a club preset refuse the same bad bands
at `match_score_bands` with `bad_match_score`, naming the band, in the user's language; a
refused change keeps the tournament as it was."""

from __future__ import annotations

import pytest

from tests.factories import ClubFactory, make_organiser, signed_in, tournament_post
from tournaments.events import presets
from tournaments.events.models import Tournament
from tournaments.events.serializers import settings_errors
from tournaments.events.setup import PLAY_SETTINGS

pytestmark = pytest.mark.django_db

BANDS = [{"up_to": 200, "factor": 1}, {"up_to": 650, "factor": 0.1}, {"factor": 0}]


@pytest.fixture(autouse=True)
def _language_left_as_found():
    """A page asked for in Russian activates Russian for the thread: not for the next test."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture
def club():
    return ClubFactory(name="Преф-клуб")


@pytest.fixture
def organiser(club):
    return make_organiser(club, "bands-org")


def _create(user, language="en", **fields):
    fields.setdefault("table_size", 3 if fields.get("game") == "preferans" else 2)
    return tournament_post(user, language, **fields)


def _errors(answer) -> list[dict]:
    assert answer.status_code == 400, answer.content
    return answer.json()["errors"]


def test_a_compressed_balance_tournament_keeps_its_bands(club, organiser):
    answer = _create(
        organiser,
        name="Вечер",
        club=club.pk,
        game="preferans",
        match_score="compressed_balance",
        match_score_bands=BANDS,
    )
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["match_score"] == "compressed_balance"
    assert body["match_score_bands"] == BANDS
    again = signed_in(organiser).get(f"/api/v1/tournaments/{body['id']}/").json()
    assert again["match_score_bands"] == BANDS


# (bands, the band named in English, its words in Russian, in Ukrainian)
BAD = [
    pytest.param(
        [{"up_to": 650, "factor": 1}, {"up_to": 200, "factor": 0.1}, {"factor": 0}],
        "Band 2",
        "Полоса 2",
        "Смуга 2",
        id="not-ascending",
    ),
    pytest.param(
        [{"up_to": 200, "factor": 1.5}, {"factor": 0}],
        "Band 1",
        "Полоса 1",
        "Смуга 1",
        id="factor-above-1",
    ),
    pytest.param(
        [{"up_to": 200, "factor": -0.1}, {"factor": 0}],
        "Band 1",
        "Полоса 1",
        "Смуга 1",
        id="factor-below-0",
    ),
    pytest.param(
        [{"up_to": 200, "factor": 1, "cap": 3}, {"factor": 0}],
        "Band 1",
        "Полоса 1",
        "Смуга 1",
        id="unknown-key",
    ),
    pytest.param(
        [{"up_to": 200, "factor": 1}, {"up_to": 650, "factor": 0}],
        "Band 2",
        "Полоса 2",
        "Смуга 2",
        id="last-with-up-to",
    ),
    pytest.param(
        [{"up_to": 2_000_000, "factor": 1}, {"factor": 0}],
        "Band 1",
        "Полоса 1",
        "Смуга 1",
        id="up-to-unbounded",
    ),
    pytest.param(
        [{"up_to": 10 * i, "factor": 1} for i in range(1, 12)] + [{"factor": 0}],
        "10",
        "10",
        "10",
        id="too-many",
    ),
    pytest.param([], "needs its bands", "нужны полосы", "потрібні смуги", id="none-given"),
    pytest.param("200:1, :0", "Band 1", "Полос", "Смуг", id="not-a-list"),
]


@pytest.mark.parametrize(("bands", "en", "ru", "uk"), BAD)
@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_bad_bands_are_refused_at_their_field_naming_the_band(
    club, organiser, bands, en, ru, uk, language
):
    answer = _create(
        organiser,
        language,
        name="X",
        club=club.pk,
        game="preferans",
        match_score="compressed_balance",
        match_score_bands=bands,
    )
    errors = _errors(answer)
    mine = [e for e in errors if e["field"] == "match_score_bands"]
    assert mine and all(e["code"] == "bad_match_score" for e in mine), errors
    words = {"en": en, "ru": ru, "uk": uk}[language]
    if not isinstance(bands, str):
        assert any(words in e["message"] for e in mine), mine
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_bands_for_another_scoring_are_refused(club, organiser, language):
    answer = _create(
        organiser,
        language,
        name="X",
        club=club.pk,
        game="preferans",
        match_score="places",
        match_score_bands=BANDS,
    )
    [problem] = _errors(answer)
    assert problem["field"] == "match_score_bands" and problem["code"] == "bad_match_score"
    assert {"ru": "сжатого сальдо", "uk": "стиснутого сальдо"}[language] in problem["message"]
    assert not Tournament.objects.exists()


def test_a_change_refused_keeps_the_tournament_and_another_scoring_drops_the_bands(club, organiser):
    body = _create(
        organiser,
        name="Y",
        club=club.pk,
        game="preferans",
        match_score="compressed_balance",
        match_score_bands=BANDS,
    ).json()
    url = f"/api/v1/tournaments/{body['id']}/"
    client = signed_in(organiser, "uk")
    refused = client.patch(
        url,
        {"name": "Z", "match_score_bands": [{"up_to": 100, "factor": 2}, {"factor": 0}]},
        content_type="application/json",
    )
    [problem] = _errors(refused)
    assert problem["field"] == "match_score_bands" and "Смуга 1" in problem["message"]
    tournament = Tournament.objects.get()
    assert tournament.name == "Y" and tournament.match_score_bands == BANDS  # nothing half-saved
    # Bands alone would not suit places: choosing places without bands drops them.
    changed = client.patch(url, {"match_score": "places"}, content_type="application/json")
    assert changed.status_code == 200, changed.content
    tournament.refresh_from_db()
    assert tournament.match_score == "places" and tournament.match_score_bands == []
    # And back to the compressed balance without bands: refused, the bands are needed.
    back = client.patch(url, {"match_score": "compressed_balance"}, content_type="application/json")
    [problem] = _errors(back)
    assert problem["field"] == "match_score_bands" and problem["code"] == "bad_match_score"


def test_any_game_may_compress_its_totals(club, organiser):
    answer = _create(
        organiser,
        name="Деберц",
        club=club.pk,
        game="deberc",
        match_score="compressed_balance",
        match_score_bands=[{"up_to": 500, "factor": 1}, {"factor": 0.5}],
    )
    assert answer.status_code == 201, answer.content


def test_the_settings_import_and_a_preset_refuse_alike(club, organiser):
    tournament = Tournament.objects.create(
        club=club, name="Imp", game="preferans", ruleset="sochi", table_size=3, match_score="places"
    )
    bad = {
        "match_score": "compressed_balance",
        "match_score_bands": [
            {"up_to": 650, "factor": 1},
            {"up_to": 200, "factor": 0},
            {"factor": 0},
        ],
    }
    refused = settings_errors(tournament, bad, allowed=PLAY_SETTINGS, ignored=())
    assert [e.code for e in refused["match_score_bands"]] == ["bad_match_score"]
    assert not settings_errors(
        tournament, {**bad, "match_score_bands": BANDS}, allowed=PLAY_SETTINGS, ignored=()
    )
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as caught:
        presets.preset_create(club=club, name="Лига", settings={"game": "preferans", **bad})
    assert caught.value.error_dict["match_score_bands"][0].code == "bad_match_score"
    preset = presets.preset_create(
        club=club, name="Лига", settings={"game": "preferans", **bad, "match_score_bands": BANDS}
    )
    assert preset.settings["match_score_bands"] == BANDS


def _form_post(client, club, **fields):
    data = {
        "name": "Форма",
        "club": club.pk,
        "game": "preferans",
        "ruleset": "sochi",
        "table_size": 3,
        "system": "swiss",
        "rounds": 5,
        "tiebreak_1": "balance",
        **fields,
    }
    return client.post("/tournaments/new/", data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("650:1, 200:0.1, :0", "Полоса 2"),
        ("200:1, 650:2, :0", "Полоса 2"),
        ("200:один, :0", "Полоса 1"),
        ("", "нужны полосы"),
    ],
)
def test_the_organisers_form_refuses_bad_bands_at_the_field(club, organiser, text, words):
    client = signed_in(organiser, "ru")
    answer = _form_post(client, club, match_score="compressed_balance", match_score_bands=text)
    assert answer.status_code == 200  # the form again, with its errors
    form = answer.context["form"]
    assert "match_score_bands" in form.errors, form.errors
    assert any(words in m for m in form.errors["match_score_bands"])
    assert not Tournament.objects.exists()


def test_the_organisers_form_saves_typed_bands(club, organiser):
    client = signed_in(organiser, "uk")
    answer = _form_post(
        client, club, match_score="compressed_balance", match_score_bands="200:1, 650:0.1, :0"
    )
    assert answer.status_code == 302, answer.context and answer.context["form"].errors
    tournament = Tournament.objects.get()
    assert tournament.match_score_bands == BANDS
    edit = client.get(f"/tournaments/{tournament.pk}/edit/")
    assert "200:1, 650:0.1, :0" in edit.content.decode()


def test_an_export_imports_back_with_its_bands(club, organiser):
    body = _create(
        organiser,
        name="Экспорт",
        club=club.pk,
        game="preferans",
        match_score="compressed_balance",
        match_score_bands=BANDS,
    ).json()
    client = signed_in(organiser)
    document = client.get(f"/api/v1/tournaments/{body['id']}/export/").json()
    assert document["tournament"]["match_score_bands"] == BANDS
    document["tournament"]["name"] = "Экспорт 2"
    imported = client.post("/api/v1/tournaments/import/", document, content_type="application/json")
    assert imported.status_code == 201, imported.content
    copy = Tournament.objects.get(name="Экспорт 2")
    assert copy.match_score == "compressed_balance" and copy.match_score_bands == BANDS
    # A document with bad bands is refused at the field, nothing imported.
    document["tournament"]["name"] = "Экспорт 3"
    document["tournament"]["match_score_bands"] = [{"up_to": 200, "factor": 3}, {"factor": 0}]
    refused = client.post("/api/v1/tournaments/import/", document, content_type="application/json")
    assert refused.status_code == 400, refused.content
    [problem] = refused.json()["errors"]
    assert problem["field"] == "tournament.match_score_bands"
    assert problem["code"] == "bad_match_score" and problem["message"].startswith("Band 1:")
    assert not Tournament.objects.filter(name="Экспорт 3").exists()
