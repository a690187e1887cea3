"""The Deberc scorer's page with the variants of issue 34: Kharkov's deal of 10 tricks, four
players each for himself, the `asked` of a "how high?" ruling and the `late_senior` ruling;
the engine's new refusals at their fields in Russian and Ukrainian."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.models import Match
from tests.factories import PlayerFactory, TableFactory, UserFactory, make_match

pytestmark = pytest.mark.django_db


def table_match(names: list[str], ruleset: str, **conventions: Any) -> tuple[Match, Any]:
    scorer = UserFactory()
    table = TableFactory(
        scorer=scorer,
        round__tournament__ruleset=ruleset,
        round__tournament__table_size=len(names),
        round__tournament__conventions=conventions,
    )
    players = [PlayerFactory(club=table.round.tournament.club, display_name=n) for n in names]
    return make_match(players=players, table=table), scorer


def form_for(match: Match, **fields: Any) -> dict[str, str]:
    data = {"version": str(Match.objects.get(pk=match.pk).version), "idempotency_key": "k"}
    data.update({k: str(v) for k, v in fields.items()})
    return data


def test_a_kharkov_table_of_two_enters_ten_tricks(client):
    match, scorer = table_match(["Олена", "Taras"], "kharkov")
    client.force_login(scorer)
    html = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "10 tricks in a deal" in html
    assert 'max="10" name="tricks_0"' in html
    # A 9-trick deal is refused at the tricks, in Russian, naming the hand of 10.
    nine = form_for(
        match,
        trump="H",
        declarer=1,
        points_0=30,
        points_1=100,
        last_trick=1,
        tricks_0=3,
        tricks_1=6,
    )
    response = client.post(f"/matches/{match.pk}/deal/", nine, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert "Взяток в сумме 9, а не 10." in response.content.decode()
    # Ten tricks: B 110 + 10 = 120 > A 40: made.
    ten = form_for(
        match,
        trump="H",
        declarer=1,
        points_0=40,
        points_1=110,
        last_trick=1,
        tricks_0=3,
        tricks_1=7,
    )
    assert client.post(f"/matches/{match.pk}/deal/", ten).status_code == 302
    match.refresh_from_db()
    assert match.result["match"] == {"Олена": 40, "Taras": 120}


def test_a_table_of_four_individuals_says_so_in_ukrainian_and_scores_each_player(client):
    names = ["Олена", "Pavlo", "Ірина", "Dmytro"]
    match, scorer = table_match(names, "kharkov", pairs=False)
    client.force_login(scorer)
    html = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert "учотирьох, кожен сам за себе" in html
    assert "8 взяток у роздачі" in html
    # rules §2 worked example: Pavlo declares and is in byte; his 40 go 14/13/13.
    fields = {
        "trump": "H",
        "declarer": 1,
        "last_trick": 3,
        **{f"points_{i}": p for i, p in enumerate((30, 40, 20, 62))},
        **{f"tricks_{i}": t for i, t in enumerate((2, 2, 1, 3))},
    }
    assert client.post(f"/matches/{match.pk}/deal/", form_for(match, **fields)).status_code == 302
    match.refresh_from_db()
    assert match.result["match"] == {"Олена": 43, "Pavlo": 0, "Ірина": 34, "Dmytro": 85}


def test_late_senior_and_asked_go_from_the_form_into_the_record(client):
    match, scorer = table_match(["Anna", "Boris"], "moscow")
    client.force_login(scorer)
    fields = {
        "trump": "H",
        "declarer": 1,
        "points_0": 60,
        "points_1": 72,
        "last_trick": 1,
        "decl_0_0_kind": "terz",
        "decl_0_0_rank": "Q",
        "decl_0_0_suit": "S",
        "decl_0_1_kind": "fifty",
        "decl_0_1_rank": "A",
        "decl_0_1_suit": "C",
        "decl_1_0_kind": "terz",
        "decl_1_0_rank": "K",
        "decl_1_0_suit": "D",
        "violation_player": 0,
        "violation_kind": "late_senior",
        "violation_combination": "fifty:AC",
    }
    response = client.post(f"/matches/{match.pk}/deal/", form_for(match, **fields))
    assert response.status_code == 302
    match.refresh_from_db()
    record = match.deals.get().record
    assert record["violation"] == {
        "player": "Anna",
        "kind": "late_senior",
        "combination": "fifty:AC",
    }
    # rules §4 worked example: A's fifty left out, B's terz wins: A 60, B 102.
    assert match.result["match"] == {"Anna": 60, "Boris": 102}
    edit = client.get(f"/matches/{match.pk}/deals/1/edit/").content.decode()
    assert 'value="fifty:AC"' in edit


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("ru", "Поздно объявленная старшая комбинация"),
        ("uk", "Пізно оголошена старша комбінація"),
    ],
)
def test_a_late_senior_that_is_not_senior_is_refused_in_the_users_language(
    client, language, expected
):
    match, scorer = table_match(["Anna", "Boris"], "moscow")
    client.force_login(scorer)
    fields = {
        "trump": "H",
        "declarer": 1,
        "points_0": 60,
        "points_1": 72,
        "last_trick": 1,
        "decl_0_0_kind": "terz",
        "decl_0_0_rank": "Q",
        "decl_0_0_suit": "S",
        "violation_player": 0,
        "violation_kind": "late_senior",
        "violation_combination": "terz:QS",
    }
    response = client.post(
        f"/matches/{match.pk}/deal/", form_for(match, **fields), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    assert expected in response.content.decode()


def test_asked_is_kept_and_a_wrong_one_is_refused_in_russian(client):
    match, scorer = table_match(["Anna", "Boris"], "moscow")
    client.force_login(scorer)
    ruling = {"trump": "H", "declarer": 0, "violation_player": 1}
    wrong = form_for(
        match, **ruling, violation_kind="senior_after_question", violation_asked="swap_terz"
    )
    response = client.post(f"/matches/{match.pk}/deal/", wrong, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert "Спросить можно о терце, о полтиннике" in response.content.decode()
    right = form_for(
        match, **ruling, violation_kind="illegal_question", violation_asked="swap_terz"
    )
    assert client.post(f"/matches/{match.pk}/deal/", right).status_code == 302
    match.refresh_from_db()
    assert match.deals.get().record["violation"] == {
        "player": "Boris",
        "kind": "illegal_question",
        "asked": "swap_terz",
    }
    assert match.result["match"] == {"Anna": 162, "Boris": 0}


@pytest.mark.parametrize(
    ("language", "conventions", "field", "expected"),
    [
        ("uk", {"pairs": False}, "conventions.pairs", "лише за харківськими правилами"),
        ("ru", {"byte": "no"}, "conventions.byte", "Короткий деберц без байда"),
        ("uk", {"deal_after_trump": "4"}, "conventions.deal_after_trump", "по 4 (десять"),
    ],
)
def test_the_api_refuses_the_new_conventions_at_their_field_in_the_users_language(
    client, language, conventions, field, expected
):
    record = {
        "format": "deberc-scoresheet/1",
        "ruleset": "moscow",
        "conventions": conventions,
        "players": ["A", "B", "C", "D"],
        "first_dealer": "A",
        "deals": [],
    }
    response = client.post(
        "/api/v1/score-match/",
        record,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [(field, "bad_convention")]
    assert expected in errors[0]["message"]


def test_the_api_gives_stakes_of_a_short_match_without_byte(client):
    record = {
        "format": "deberc-scoresheet/1",
        "ruleset": "moscow",
        "conventions": {"format": "fixed", "fixed_deals": 1, "byte": False},
        "players": ["A", "B"],
        "first_dealer": "A",
        "deals": [{"trump": "H", "declarer": "B", "points": {"A": 90, "B": 42}, "last_trick": "A"}],
    }
    response = client.post("/api/v1/score-match/", record, content_type="application/json")
    assert response.status_code == 200
    result = response.json()
    assert (result["deals"][0]["outcome"], result["stakes"]) == ("played", {"A": 1, "B": -1})


def test_the_tournament_form_offers_the_new_conventions_in_the_players_words():
    from django.utils import translation

    from scoring import games
    from tournaments.events.forms import _convention_field, _to_json

    game = games.game_get("deberc")
    with translation.override("ru"):
        field = _convention_field(game, "deal_after_trump", game.conventions["deal_after_trump"])
        choices = {value: str(label) for value, label in field.choices}
        assert choices["4"] == "по 4 (десять карт на руках, харьковский)"
        assert str(field.label) == "Сколько карт раздают после козыря (2–3 игрока)"
        pairs = _convention_field(game, "pairs", game.conventions["pairs"])
        assert "сам за себя" in str(pairs.label)
        tie = _convention_field(game, "combination_tie", game.conventions["combination_tie"])
        assert "первый объявивший (от первого хода)" in {str(label) for _v, label in tie.choices}
    # The form's "4" is stored as the whole number the engine takes.
    assert _to_json("int_choice", "4") == 4
    game.check_conventions("kharkov", {"deal_after_trump": 4, "pairs": False}, 4)
