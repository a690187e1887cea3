"""The scorer's page names the one cause of a refused deal (issue 35, item 8): a terz from an
eight, a card declared twice, a Kharkov renonce's trick taken by the wrong player, each said
in the table's words with the card as the form shows it, and only the offending row marked.
The engine keeps its codes and messages (docs/scoresheet-format.md)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scoring.games.deberc.engine import ScoresheetError, score_match
from scoring.models import Match
from tests.factories import PlayerFactory, TableFactory, UserFactory, make_match

pytestmark = pytest.mark.django_db


def table_match(names: list[str], ruleset: str = "moscow") -> tuple[Match, Any]:
    scorer = UserFactory()
    table = TableFactory(
        scorer=scorer,
        round__tournament__ruleset=ruleset,
        round__tournament__table_size=len(names),
    )
    players = [PlayerFactory(club=table.round.tournament.club, display_name=n) for n in names]
    return make_match(players=players, table=table), scorer


def post_deal(client, match: Match, lang: str, **fields: Any) -> str:
    data = {"version": str(Match.objects.get(pk=match.pk).version), "idempotency_key": "k"}
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post(f"/matches/{match.pk}/deal/", data, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    return response.content.decode()


def marked_rows(html: str) -> list[str]:
    """The declaration rows the page marks as wrong ("player-slot")."""
    return re.findall(r'data-testid="decl-error-(\d-\d)"', html)


def player_fieldset_marked(html: str, name: str) -> bool:
    return f'<fieldset class="field-error">\n    <legend>{name}</legend>' in html


DEAL = {"trump": "H", "declarer": 0, "points_0": 80, "points_1": 60, "last_trick": 0}


@pytest.mark.parametrize(
    ("lang", "said", "rank_said"),
    [
        (
            "ru",
            "Терц не может начинаться с 8♥: терц — три карты подряд одной масти, старшая не "
            "ниже девятки.",
            "К",
        ),
        (
            "uk",
            "Терц не може починатися з 8♥: терц — три карти підряд однієї масті, старша не "
            "нижча за дев’ятку.",
            "К",
        ),
    ],
)
def test_a_terz_from_an_eight_says_why_at_its_row_only(client, lang, said, rank_said):
    match, scorer = table_match(["Анна", "Борис"])
    client.force_login(scorer)
    html = post_deal(
        client,
        match,
        lang,
        **DEAL,
        decl_0_0_kind="terz",
        decl_0_0_rank="8",
        decl_0_0_suit="H",
        decl_0_1_kind="terz",
        decl_0_1_rank="K",
        decl_0_1_suit="S",
    )
    assert said in html
    assert "terz:" not in html and "Комбинация записана неверно" not in html
    assert marked_rows(html) == ["0-0"]
    assert not player_fieldset_marked(html, "Анна")
    # The form shows the face cards by the reader's letters; the value sent stays the same.
    assert f'<option value="K" selected>{rank_said}</option>' in html


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "Карта {card} заявлена дважды: её объявили и Анна, и Борис."),
        ("uk", "Карту {card} заявлено двічі: її оголосили і Анна, і Борис."),
    ],
)
def test_a_card_declared_twice_is_named_at_the_row_that_claims_it_again(client, lang, said):
    match, scorer = table_match(["Анна", "Борис"])
    client.force_login(scorer)
    html = post_deal(
        client,
        match,
        lang,
        **DEAL,
        decl_0_0_kind="terz",
        decl_0_0_rank="K",
        decl_0_0_suit="H",
        decl_1_0_kind="terz",
        decl_1_0_rank="K",
        decl_1_0_suit="H",
    )
    # The terz K♥ Д♥ В♥: each card of it named once, in the reader's letters.
    for card in ("К♥", "Д♥", "В♥"):
        assert html.count(said.format(card=card)) == 1
    assert "Одна карта заявлена дважды" not in html and "Одну карту" not in html
    assert marked_rows(html) == ["1-0"]
    assert not player_fieldset_marked(html, "Борис")


@pytest.mark.parametrize(
    ("names", "taken_by", "lang", "said"),
    [
        (
            ["Анна", "Борис"],
            0,
            "ru",
            "Ренонс сделал(а) Анна — нарушитель не забирает взятку за свой ренонс: её "
            "забирает заметивший соперник.",
        ),
        (
            ["Анна", "Борис", "Вера", "Глеб"],
            2,
            "ru",
            "Вера — партнёр нарушителя (Анна): взятку за ренонс забирает только соперник.",
        ),
        (
            ["Анна", "Борис", "Вера", "Глеб"],
            2,
            "uk",
            "Вера — партнер порушника (Анна): взятку за ренонс забирає лише суперник.",
        ),
    ],
)
def test_a_kharkov_renonce_names_the_one_cause(client, names, taken_by, lang, said):
    match, scorer = table_match(names, "kharkov")
    client.force_login(scorer)
    points = {f"points_{i}": figure for i, figure in enumerate([70, 40, 30, 22][: len(names)])}
    if len(names) == 2:
        points = {"points_0": 80, "points_1": 60}
    html = post_deal(
        client,
        match,
        lang,
        trump="H",
        declarer=0,
        last_trick=0,
        violation_player=0,
        violation_kind="renonce",
        violation_taken_by=taken_by,
        **points,
    )
    assert said in html
    assert "Это решение нельзя применить" not in html and "Це рішення" not in html


def test_the_engine_keeps_its_codes_and_messages():
    """The page words the causes; the record's contract is unchanged."""
    record = {
        "format": "deberc-scoresheet/1",
        "players": ["Anna", "Boris"],
        "ruleset": "moscow",
        "first_dealer": "Anna",
        "deals": [
            {
                "trump": "H",
                "declarer": "Anna",
                "declarations": {"Anna": ["terz:8H", "terz:KS"], "Boris": ["terz:KS"]},
                "points": {"Anna": 80, "Boris": 60},
                "last_trick": "Anna",
            }
        ],
    }
    with pytest.raises(ScoresheetError) as caught:
        score_match(record)
    problems = [(e["field"], e["code"], e["message"]) for e in caught.value.errors]
    assert (
        "declarations.Anna",
        "bad_combination",
        "'terz:8H': no 3 cards in sequence from 8H",
    ) in (problems)
    assert (
        "declarations.Boris",
        "card_conflict",
        "KS is declared by Anna and by Boris",
    ) in problems
