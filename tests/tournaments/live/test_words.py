"""The live pages in the reader's words (issue 35, item 7): the leaderboard explains its rating
without the library's terms (openskill, Plackett–Luce, mu − 3 sigma), and a count's noun on the
player's page agrees with the number ("1 партия", "2 партії", never "1 партий", "2 партій")."""

from __future__ import annotations

import random
import re

import pytest
from django.test import TestCase

from scoring.games.deberc.engine.simulate import random_match
from tests.factories import ClubFactory, TournamentFactory
from tournaments.events.entries import scoresheet_import

from .two_games import both, club, player

pytestmark = pytest.mark.django_db

__all__ = ["both", "club"]  # the fixtures

# The noun after a count: one, few (2–4), many, as Russian and Ukrainian agree it.
NOUNS = {
    ("ru", "match"): ("партия", "партии", "партий"),
    ("uk", "match"): ("партія", "партії", "партій"),
    ("ru", "deal"): ("сдача", "сдачи", "сдач"),
    ("uk", "deal"): ("здача", "здачі", "здач"),
}


def agreeing(lang: str, noun: str, n: int) -> str:
    one, few, many = NOUNS[(lang, noun)]
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def stat(page: str, label_pattern: str) -> tuple[int, str]:
    """The figure and label of a stat whose label matches `label_pattern`."""
    found = re.search(
        r'<span class="value">(\d+)</span><span class="label"[^>]*>(' + label_pattern + r")</span>",
        page,
    )
    assert found, label_pattern
    return int(found[1]), found[2]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_leaderboard_explains_the_rating_in_plain_words(client, both, lang):
    page = client.get("/leaderboard/?game=deberc", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    for word in ("openskill", "Plackett", "Плакетт", "sigma", "mu − 3"):
        assert word not in page
    said = {
        "ru": "сила игрока минус три её неопределённости",
        "uk": "сила гравця мінус три її невизначеності",
    }[lang]
    assert said in page


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_count_of_matches_and_deals_agrees_with_its_noun(client, both, club, lang):
    for name in ("Тарас Коваль", "Олена Шевченко"):
        page = client.get(
            f"/players/{player(name, club).pk}/", HTTP_ACCEPT_LANGUAGE=lang
        ).content.decode()
        matches, label = stat(page, r"парті[яїй]|парти[яий]")
        assert label == agreeing(lang, "match", matches)
        deals, label = stat(page, r"сдач[аи]?|здач[аі]?")
        assert label == agreeing(lang, "deal", deals)


@pytest.mark.parametrize(("lang", "said"), [("ru", "партия"), ("uk", "партія")])
def test_one_match_is_one_partiya(client, lang, said):
    club = ClubFactory()
    tournament = TournamentFactory(club=club, published=True)
    record = random_match(random.Random(5), ["Олена", "Тарас"], card_by_card=False)
    record["round"], record["table"] = 1, 1
    with TestCase.captureOnCommitCallbacks(execute=True):
        scoresheet_import(tournament=tournament, records=[record])
    page = client.get(
        f"/players/{player('Олена', club).pk}/", HTTP_ACCEPT_LANGUAGE=lang
    ).content.decode()
    assert stat(page, r"парті[яїй]|парти[яий]") == (1, said)
