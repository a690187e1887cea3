"""Two tournaments of one club, one of each game, played and rated: Олена plays both games,
the others one each (the player page's and the leaderboard's tests, in Django's client and in
chromium)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import TestCase

from scoring.games.deberc.engine.simulate import random_match
from scoring.games.preferans.engine import simulate as preferans_simulate
from tests.factories import ClubFactory, PreferansTournamentFactory, TournamentFactory
from tournaments.clubs.models import Player
from tournaments.events.entries import scoresheet_import
from tournaments.events.models import Round, Tournament
from tournaments.standings.ratings import ratings_recompute

DEBERC_NAMES = ["Олена Шевченко", "Тарас Коваль", "Ірина Бойко", "Дмитро Мельник"]
# Олена plays both games; the others of the pulkas play Preferans only.
PREFERANS_NAMES = ["Олена Шевченко", "Анна Вист", "Борис Пуля"]


def _import(tournament: Tournament, records: list[dict[str, Any]]) -> None:
    with TestCase.captureOnCommitCallbacks(execute=True):
        scoresheet_import(tournament=tournament, records=records)
    Round.objects.filter(tournament=tournament).update(status=Round.Status.CLOSED)


def play_deberc(tournament: Tournament, *, seed: int = 3) -> None:
    rng = random.Random(seed)
    records = []
    for number, pairs in enumerate(((0, 1, 2, 3), (0, 2, 1, 3)), start=1):
        for table, k in enumerate((0, 2), start=1):
            names = [DEBERC_NAMES[pairs[k]], DEBERC_NAMES[pairs[k + 1]]]
            record = random_match(rng, names, card_by_card=False)
            record["round"], record["table"] = number, table
            records.append(record)
    _import(tournament, records)


def play_preferans(tournament: Tournament, *, seed: int = 12) -> None:
    rng = random.Random(seed)
    records = []
    for number in (1, 2):
        record = preferans_simulate.random_pulka(rng, PREFERANS_NAMES, ruleset="sochi")
        record["round"], record["table"] = number, 1
        records.append(record)
    _import(tournament, records)


@pytest.fixture
def club() -> Any:
    return ClubFactory(name="Клуб двох ігор")


@pytest.fixture
def both(club: Any) -> tuple[Tournament, Tournament]:
    deberc = TournamentFactory(name="Кубок деберцу", club=club, published=True, table_size=2)
    preferans = PreferansTournamentFactory(name="Пулька «Сочі»", club=club, published=True)
    play_deberc(deberc)
    play_preferans(preferans)
    ratings_recompute()
    return deberc, preferans


def player(name: str, club: Any) -> Player:
    return Player.objects.get(club=club, display_name=name)
