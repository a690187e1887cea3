"""Deberc's pages in the reader's words (issue 35, item 7): a pair that wins is named "Анна и
Вера", never "Анна & Вера"; the "how high?" question is «вышка?» / «вишка?» on the scorer's
page and the referee's alike; the deal history names declarations and violations by the
table's words (терц К♥, ренонс), not the record's notation."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scoring import services as scoring_services
from scoring.models import Match
from tests.factories import PlayerFactory, TableFactory, UserFactory, make_match

pytestmark = pytest.mark.django_db

PAIRS = ["Анна", "Борис", "Вера", "Глеб"]


def table_match(names: list[str], **conventions: Any) -> tuple[Match, Any]:
    scorer = UserFactory()
    table = TableFactory(
        scorer=scorer,
        round__tournament__table_size=len(names),
        round__tournament__conventions=conventions,
    )
    players = [PlayerFactory(club=table.round.tournament.club, display_name=n) for n in names]
    return make_match(players=players, table=table), scorer


def submit(match: Match, user: Any, record: dict[str, Any]) -> None:
    scoring_services.deal_submit(
        match=match, record=record, user=user, idempotency_key=None, version=None
    )


@pytest.mark.parametrize(("lang", "said"), [("ru", "Анна и Вера"), ("uk", "Анна і Вера")])
def test_a_pair_that_wins_is_named_in_words(client, lang, said):
    match, scorer = table_match(PAIRS, debertz=7)
    # Vera's debertz wins the match for her pair (rules §4).
    submit(
        match, scorer, {"trump": "S", "declarer": "Анна", "declarations": {"Вера": ["debertz:AH"]}}
    )
    client.force_login(scorer)
    html = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert f'<span data-testid="winner">{said}</span>' in html
    assert "Анна &amp; Вера" not in html and "Анна & Вера" not in html


def test_the_closing_verdict_names_the_winning_pair_in_words(client):
    response = client.post(
        "/api/v1/referee/check-closing/",
        json.dumps(
            {
                "players": PAIRS,
                "totals": {"Анна": 452, "Борис": 300, "Вера": 452, "Глеб": 300},
                "claimant": "Анна",
                "points": 10,
                "lang": "ru",
            }
        ),
        content_type="application/json",
    )
    body = response.json()
    assert body["winner"] == ["Борис", "Глеб"]
    assert "Борис и Глеб" in body["explanation"] and "&" not in body["explanation"]


@pytest.mark.parametrize(
    ("lang", "word", "other"),
    [("ru", "«вышка?»", "«рост?»"), ("uk", "«вишка?»", "«ріст?»")],
)
def test_how_high_is_one_word_on_the_scorer_and_the_referee_pages(client, lang, word, other):
    match, scorer = table_match(["Анна", "Борис"])
    match.tournament.referees.add(scorer)
    client.force_login(scorer)
    sheet = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    submit(
        match,
        scorer,
        {
            "trump": "H",
            "declarer": "Анна",
            "points": {"Анна": 80, "Борис": 60},
            "last_trick": "Анна",
        },
    )
    ruling = client.get(f"/referee/matches/{match.pk}/rule/", HTTP_ACCEPT_LANGUAGE=lang)
    # The violations each page offers (the rulebook's titles may name the synonyms).
    offered = [
        sheet.split('name="violation_kind"', 1)[1].split("</select>", 1)[0],
        " ".join(str(label) for _key, label in ruling.context["form"].fields["kind"].choices),
    ]
    for text in offered:
        assert word in text and other not in text


@pytest.mark.parametrize(
    ("lang", "said"), [("ru", "Анна: терц К♥, белла"), ("uk", "Анна: терц К♥, бела")]
)
def test_the_deal_history_names_declarations_in_the_tables_words(client, lang, said):
    match, scorer = table_match(["Анна", "Борис"])
    submit(
        match,
        scorer,
        {
            "trump": "H",
            "declarer": "Анна",
            "declarations": {"Анна": ["terz:KH", "bella"]},
            "points": {"Анна": 80, "Борис": 60},
            "last_trick": "Анна",
        },
    )
    match.tournament.referees.add(scorer)
    client.force_login(scorer)
    html = client.get(f"/matches/{match.pk}/history/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert said in html and "terz:KH" not in html
