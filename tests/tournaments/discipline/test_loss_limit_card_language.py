"""Issue 35, item 3: the loss limit's automatic card states its facts (limit, figure, round,
table) and its reason is worded in the reader's language on the pages, in the API and in the
reports; a card stored before (an English sentence) reads translated too."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as django_apps
from django.utils import translation

from tests.factories import (
    PlayerFactory,
    PreferansTournamentFactory,
    RoundFactory,
    TableFactory,
    make_match,
)
from tournaments.discipline.models import Card
from tournaments.reports.selectors import discipline_lines
from tournaments.standings.models import MatchTally
from tournaments.standings.services import standings_refresh

pytestmark = pytest.mark.django_db

WORDS = {
    "ru": "Превышен лимит проигрыша 1000 (-1200): тур 1, стол 3.",
    "uk": "Перевищено ліміт програшу 1000 (-1200): тур 1, стіл 3.",
}


def _capped():
    tournament = PreferansTournamentFactory(loss_limit=1000, match_score="balance", published=True)
    rnd = RoundFactory(tournament=tournament, number=1)
    players = [PlayerFactory(club=tournament.club, display_name=n) for n in ("A", "B", "V")]
    match = make_match(players=players, table=TableFactory(round=rnd, number=3))
    MatchTally.objects.create(
        match=match,
        tournament=tournament,
        round_number=1,
        data={
            "players": [p.pk for p in players],
            "totals": [800, 400, -1200],
            "winners": [players[0].pk],
            "bytes": [0, 0, 0],
            "sides": [0, 1, 2],
            "target": 0,
            "points": {"balance": [800, 400, -1200], "places": [2, 1, 0]},
        },
    )
    standings_refresh(tournament=tournament)
    return tournament, players[2], Card.objects.get(tournament=tournament)


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_automatic_card_reads_in_the_readers_language(client, language):
    tournament, vera, card = _capped()
    assert card.facts == {"limit": 1000, "total": -1200, "round": 1, "table": 3}
    words = WORDS[language]
    lang = {"HTTP_ACCEPT_LANGUAGE": language}
    for path in (f"/tournaments/{tournament.pk}/standings/", f"/players/{vera.pk}/"):
        html = client.get(path, **lang).content.decode()
        assert words in html and "Loss limit" not in html, path
    notes = client.get(f"/api/v1/tournaments/{tournament.pk}/standings/notes/", **lang).json()
    assert [n["reason"] for n in notes if n["kind"] == "card_yellow"] == [words]
    with translation.override(language):  # the reports (PDF, CSV, XLSX) print these lines
        assert [line.reason for line in discipline_lines(tournament)] == [words]
    with translation.override("en"):
        assert card.reason_text == "Loss limit 1000 passed (-1200) in round 1, table 3."


def test_a_card_stored_as_an_english_sentence_reads_translated_and_is_migrated():
    _tournament, _vera, card = _capped()
    Card.objects.filter(pk=card.pk).update(
        facts={}, reason="Loss limit 1000 passed (-1200) in round 1, table 3."
    )
    card = Card.objects.get(pk=card.pk)
    with translation.override("uk"):
        assert card.reason_text == WORDS["uk"]
    migration = importlib.import_module("tournaments.migrations.0020_card_facts")
    migration.facts_from_reasons(django_apps, None)
    assert Card.objects.get(pk=card.pk).facts == {
        "limit": 1000,
        "total": -1200,
        "round": 1,
        "table": 3,
    }


@pytest.mark.parametrize(
    ("penalty", "said"),
    [
        (1, "минус 1 очко тура"),
        (2, "минус 2 очка тура"),
        (5, "минус 5 очков тура"),
        (1.5, "минус 1.5 очка тура"),
    ],
)
def test_a_second_yellow_cards_penalty_is_said_in_full_words(penalty: float, said: str) -> None:
    """Issue 35, item 18: "очк." was an abbreviation; each number takes its own form."""
    from django.utils import translation

    from tests.factories import PlayerFactory, TournamentFactory
    from tournaments.discipline import services as discipline
    from tournaments.discipline.models import Card

    tournament = TournamentFactory(second_yellow="penalty", second_yellow_penalty=penalty)
    player = PlayerFactory(club=tournament.club)
    cards = [
        Card.objects.create(tournament=tournament, player=player, kind="yellow", reason="r")
        for _ in range(2)
    ]
    with translation.override("ru"):
        meaning = discipline.card_meaning(tournament, cards)
    assert meaning[cards[1].pk] == said
