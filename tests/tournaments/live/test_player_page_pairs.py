"""A player's page in a pairs event (issue 35, item 14): the partner is not an opponent, and
each side has one name and one score (it listed the partner among three opponents beside
four scores)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import PlayerFactory, RoundFactory, TableFactory, TournamentFactory, make_match
from tournaments.live.leaderboard import player_record

pytestmark = pytest.mark.django_db


def pairs_match(conventions: dict | None = None, ruleset: str = "moscow"):
    tournament = TournamentFactory(table_size=4, entrants="pairs", ruleset=ruleset)
    table = TableFactory(round=RoundFactory(tournament=tournament, number=1), number=1)
    names = ["Anna", "Boris", "Cleo", "Dima"]
    players = [PlayerFactory(club=tournament.club, display_name=n) for n in names]
    match = make_match(players=players, table=table, conventions=conventions)
    match.result = {
        "players": names,
        "match": {"Anna": 312, "Boris": 501, "Cleo": 312, "Dima": 501},
    }
    match.save(update_fields=["result"])
    return players, match


def test_the_partner_is_named_apart_and_the_other_pair_is_one_opponent() -> None:
    players, _match = pairs_match()
    [line] = player_record(players[0])["matches"]
    assert line["partners"] == ["Cleo"]
    assert line["opponents"] == ["Boris and Dima"]
    assert (line["total"], line["opponent_totals"]) == (312, [501])


def test_four_each_for_themselves_have_three_opponents() -> None:
    # Kharkov's four each for themselves (`pairs: no`).
    players, _match = pairs_match(conventions={"pairs": False}, ruleset="kharkov")
    [line] = player_record(players[0])["matches"]
    assert line["partners"] == []
    assert line["opponents"] == ["Boris", "Cleo", "Dima"]
    assert line["opponent_totals"] == [501, 312, 501]


@pytest.mark.parametrize(("language", "said"), [("ru", "Boris и Dima"), ("uk", "Boris і Dima")])
def test_the_page_says_it_in_the_readers_language(language: str, said: str) -> None:
    players, _match = pairs_match()
    page = Client().get(f"/players/{players[0].pk}/", HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    assert said in text
    assert "312 : 501<" in text.replace("</span>", "<")
    assert {"ru": "партнёр: Cleo", "uk": "партнер: Cleo"}[language] in text
