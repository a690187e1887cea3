"""How many sit at a table, as the pages and the table cards say it (issue 35, item 9): a
tournament of tables of 3 and 4 said "3 players a table" on every page, and a 4-player
table's printed card "3 players"."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RoundFactory,
    TableFactory,
    TournamentFactory,
    UserFactory,
    make_club_organiser,
    make_match,
)
from tournaments.clubs import table_cards

pytestmark = pytest.mark.django_db


def mixed_tournament():
    return TournamentFactory(
        club=ClubFactory(),
        ruleset="sochi",
        game="preferans",
        table_size=3,
        table_sizes=[3, 4],
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [("ru", "3–4 игрока за столом"), ("uk", "3–4 гравці за столом"), ("en", "3–4 players a table")],
)
def test_a_mixed_tournament_says_every_size_on_its_pages(language: str, said: str) -> None:
    tournament = mixed_tournament()
    organiser = UserFactory()
    make_club_organiser(organiser, tournament.club)
    tournament.organisers.add(organiser)
    client = Client()
    client.force_login(organiser)
    for url in (
        f"/tournaments/{tournament.pk}/",
        f"/tournaments/{tournament.pk}/standings/",
        f"/tournaments/{tournament.pk}/matches/",
    ):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert said in page, url


def test_the_tables_page_has_the_tournaments_header_and_tabs() -> None:
    """ "Open the round" led to a page with another header than the tournament's others."""
    tournament = TournamentFactory()
    organiser = UserFactory()
    make_club_organiser(organiser, tournament.club)
    tournament.organisers.add(organiser)
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/matches/").content.decode()
    assert '<header class="live-head">' in page and '<nav class="tabs">' in page


def test_a_four_player_tables_card_says_four_players() -> None:
    tournament = mixed_tournament()
    rnd = RoundFactory(tournament=tournament, number=1)
    four = TableFactory(round=rnd, number=1)
    players = [PlayerFactory(club=tournament.club) for _ in range(4)]
    make_match(players=players, table=four)
    with translation.override("ru"):
        line = table_cards.card_context(four, "https://example.org/c/x")["rules"]
    assert "4 игрока" in line and "3 игрока" not in line


def test_a_table_card_names_the_conventions_changed() -> None:
    """Issue 35, item 18: "1 convention changed" on a card: say which."""
    tournament = TournamentFactory(conventions={"target": 501, "bolt": False})
    rnd = RoundFactory(tournament=tournament, number=1)
    table = TableFactory(round=rnd, number=1)
    make_match(table=table)
    with translation.override("ru"):
        line = table_cards.card_context(table, "https://example.org/c/x")["rules"]
    assert "изменено:" in line and "501" in line and "нет" in line
    assert "конвенц" not in line


@pytest.mark.parametrize(
    ("language", "label"), [("ru", "Название турнира"), ("uk", "Назва турніру")]
)
def test_the_tournament_form_calls_its_name_a_title(language: str, label: str) -> None:
    """The form labelled the tournament's name "Имя" (a person's name)."""
    organiser = UserFactory()
    make_club_organiser(organiser, ClubFactory())
    client = Client()
    client.force_login(organiser)
    page = client.get("/tournaments/new/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert label in page
