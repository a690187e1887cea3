"""A tournament chooses its game, then the game's preset, conventions, table size, match
scoring and tiebreaks (tournaments.events.services); the game is frozen once a match has deals."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.exceptions import ValidationError

from scoring import services as scoring_services
from tests.factories import PREF_SIX_SPADES, ClubFactory, UserFactory, make_club_organiser
from tournaments.events import services, setup
from tournaments.events.models import Round

pytestmark = pytest.mark.django_db


def codes(exc: ValidationError) -> dict[str, list[str]]:
    return {field: [e.code for e in errors] for field, errors in exc.error_dict.items()}


def club_and_organiser() -> dict[str, Any]:
    """A club and an organiser of it: a tournament is created only in a club one organises."""
    club = ClubFactory()
    return {"club": club, "user": make_club_organiser(UserFactory(), club)}


def test_a_preferans_tournament_takes_its_games_defaults():
    made_by = club_and_organiser()
    user = made_by["user"]
    tournament = setup.tournament_create(**made_by, name="Пулька", game="preferans", table_size=3)
    assert tournament.game == "preferans"
    assert tournament.ruleset == "sochi"
    assert tournament.match_score == "places"
    assert tournament.tiebreaks == ["balance", "buchholz", "wins", "head_to_head"]
    assert tournament.organisers.filter(pk=user.pk).exists()


def test_a_deberc_tournament_is_unchanged_by_default():
    tournament = setup.tournament_create(**club_and_organiser(), name="D")
    assert (tournament.game, tournament.ruleset, tournament.match_score) == (
        "deberc",
        "moscow",
        "win",
    )
    assert tournament.tiebreaks == ["game_points", "points_difference", "buchholz", "wins"]


@pytest.mark.parametrize(
    ("fields", "field", "code"),
    [
        ({"ruleset": "moscow"}, "ruleset", "bad_convention"),
        ({"conventions": {"pool_target": 0}}, "conventions", "bad_convention"),
        ({"conventions": {"target": 301}}, "conventions", "bad_convention"),
        ({"table_size": 2}, "table_size", "bad_table_size"),
        ({"match_score": "difference"}, "match_score", "bad_match_score"),
        ({"tiebreaks": ["fewer_bytes"]}, "tiebreaks", "bad_tiebreak"),
        ({"game": "bridge"}, "game", "unknown_game"),
    ],
)
def test_settings_that_are_not_the_games_are_refused(fields, field, code):
    data = {"name": "X", "game": "preferans", "table_size": 3, **fields}
    with pytest.raises(ValidationError) as caught:
        setup.tournament_create(**club_and_organiser(), **data)
    assert code in codes(caught.value)[field]


def test_four_players_and_every_preset_and_end_are_accepted():
    for ruleset in ("sochi", "leningrad", "rostov"):
        for end in (
            {"end": "pools_full"},
            {"end": "fixed_deals", "fixed_deals": 24},
            {"end": "closed"},
        ):
            setup.tournament_create(
                **club_and_organiser(),
                name=f"{ruleset} {end}",
                game="preferans",
                ruleset=ruleset,
                conventions=end,
                table_size=4,
                match_score="balance",
            )


def test_changing_the_game_before_any_deal_takes_the_new_games_defaults(ev):
    tournament = setup.tournament_update(
        tournament=ev.tournament, user=ev.organiser, game="deberc", table_size=2
    )
    assert (tournament.game, tournament.ruleset, tournament.match_score) == (
        "deberc",
        "moscow",
        "win",
    )
    assert tournament.conventions == {}
    ev.match.refresh_from_db()
    assert (ev.match.game, ev.match.ruleset) == ("deberc", "moscow")  # not started: follows


def test_the_game_is_frozen_once_a_match_has_deals(ev):
    scoring_services.deal_submit(
        match=ev.match, record=PREF_SIX_SPADES, user=ev.scorer, idempotency_key=None, version=None
    )
    with pytest.raises(ValidationError) as caught:
        setup.tournament_update(tournament=ev.tournament, user=ev.organiser, game="deberc")
    assert "frozen" in codes(caught.value)["game"]
    with pytest.raises(ValidationError) as caught:
        setup.tournament_update(tournament=ev.tournament, user=ev.organiser, ruleset="rostov")
    assert "frozen" in codes(caught.value)["ruleset"]
    # What does not score the deals may still change.
    setup.tournament_update(
        tournament=ev.tournament, user=ev.organiser, match_score="balance", round_minutes=90
    )


def test_opening_a_round_starts_its_clock(ev):
    ev.tournament.round_minutes = 120
    ev.tournament.save()
    rnd = Round.objects.create(tournament=ev.tournament, number=2)
    services.round_open(round=rnd, user=ev.organiser)
    assert rnd.ends_at - rnd.opened_at == timedelta(minutes=120)
    services.round_clock_set(round=rnd, minutes=None)
    assert Round.objects.get(pk=rnd.pk).ends_at is None


def test_without_a_time_limit_a_round_has_no_clock(ev):
    rnd = Round.objects.create(tournament=ev.tournament, number=2)
    services.round_open(round=rnd, user=ev.organiser)
    assert rnd.ends_at is None
