"""Mixed table sizes through the doors: the create API, its refusals, pairing a round."""

from __future__ import annotations

import pytest

from tests.factories import (
    ClubFactory,
    EntryFactory,
    make_organiser,
    signed_in,
    tournament_post,
)
from tournaments.events.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(name="Преф-клуб")


@pytest.fixture
def organiser(club):
    return make_organiser(club, "mixed-org")


def test_a_seven_player_preferans_evening_is_paired_four_and_three(club, organiser):
    answer = tournament_post(
        organiser, name="Пятница", club=club.pk, game="preferans", table_sizes=[4, 3], rounds=3
    )
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["table_sizes"] == [3, 4]
    assert body["table_size"] == 3  # the single size readable: the smallest of the mix
    tournament = Tournament.objects.get(pk=body["id"])
    for seed in range(1, 8):
        EntryFactory(tournament=tournament, seed=seed)
    paired = signed_in(organiser).post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
    assert paired.status_code == 201, paired.content
    round_ = paired.json()
    sizes = sorted(len(t["players"]) for t in round_["tables"])
    assert sizes == [3, 4]
    assert round_.get("byes", []) == []


@pytest.mark.parametrize(
    ("game", "sizes"),
    [
        ("preferans", [2, 3]),  # Preferans is not played at two
        ("preferans", [3, 3]),
        ("deberc", [2, 4]),  # Deberc at four is pairs: not mixed
        ("preferans", "3,4"),
        ("preferans", [True, 3]),
    ],
)
@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_sizes_a_game_cannot_seat_are_refused_at_the_field(club, organiser, game, sizes, language):
    answer = tournament_post(
        organiser, language, name="X", club=club.pk, game=game, table_sizes=sizes
    )
    assert answer.status_code == 400, answer.content
    text = answer.content.decode()
    assert "bad_table_size" in text and "table_sizes" in text
    if language == "ru":
        assert "играют" in text
    if language == "uk":
        assert "грають" in text
    assert not Tournament.objects.exists()


def test_choosing_one_size_later_ends_the_mix(club, organiser):
    body = tournament_post(
        organiser, name="Y", club=club.pk, game="preferans", table_sizes=[3, 4]
    ).json()
    answer = signed_in(organiser).patch(
        f"/api/v1/tournaments/{body['id']}/", {"table_size": 4}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    tournament = Tournament.objects.get(pk=body["id"])
    assert tournament.round_sizes == [4]


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_null_sizes_are_refused_and_the_tournament_kept(club, organiser, language):
    """Found by fuzzing: `table_sizes` "null" in a form-data body reached the database (500).
    No mix is []; null is refused at the field, as JSON null is."""
    from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

    created = tournament_post(
        organiser, "en", name="X", club=club.pk, game="preferans", table_sizes=[3, 4]
    )
    assert created.status_code == 201, created.content
    tournament = Tournament.objects.get()
    client = signed_in(organiser, language)
    url = f"/api/v1/tournaments/{tournament.pk}/"
    as_form = client.patch(
        url, encode_multipart(BOUNDARY, {"table_sizes": "null"}), content_type=MULTIPART_CONTENT
    )
    as_json = client.patch(url, {"table_sizes": None}, content_type="application/json")
    for answer in (as_form, as_json):
        assert answer.status_code == 400, answer.content
        [problem] = answer.json()["errors"]
        assert problem["field"] == "table_sizes"
    assert as_form.json()["errors"][0]["code"] == "bad_table_size"
    if language == "ru":
        assert "списком" in as_form.json()["errors"][0]["message"]
    tournament.refresh_from_db()
    assert tournament.table_sizes == [3, 4]
