"""Stages through the doors (issue 19, item 4): the settings' refusals at their fields in the
user's language, and the round after the stage paired through the API: a cut pairs only the
top N, a final seats the top table; the standings keep the qualification rank."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from scoring.models import Match
from tests.factories import (
    ClubFactory,
    EntryFactory,
    make_organiser,
    signed_in,
    tournament_post,
)
from tournaments.events.models import Tournament
from tournaments.standings.models import MatchTally
from tournaments.standings.services import standings_refresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(name="Клуб этапов")


@pytest.fixture
def organiser(club):
    return make_organiser(club, "stage-org")


PREFERANS = {"game": "preferans", "ruleset": "sochi", "match_score": "places_per_size"}
# The messages' own words in each language (the field and code are the contract).
WORDS = {
    "bad_stage": {"ru": "этап|тур|отсев|Выберите", "uk": "етап|тур|відсів|Оберіть"},
    "bad_table_size": {"ru": "Финальный стол", "uk": "Фінальний стіл"},
}


@pytest.mark.parametrize(
    ("fields", "field", "code"),
    [
        # A stage after the last round (3 rounds: after 1 or 2).
        (
            {"stage_kind": "cut", "stage_after_round": 3, "stage_size": 6},
            "stage_after_round",
            "bad_stage",
        ),
        # A final is the last round: after round 2 of 3, not after round 1.
        ({"stage_kind": "final", "stage_after_round": 1}, "stage_after_round", "bad_stage"),
        # A cut keeps at least one table (of 3).
        ({"stage_kind": "cut", "stage_after_round": 1, "stage_size": 2}, "stage_size", "bad_stage"),
        ({"stage_kind": "cut", "stage_after_round": 1}, "stage_size", "bad_stage"),
        # A final table of a size this tournament (3 and 4) does not seat.
        (
            {"stage_kind": "final", "stage_after_round": 2, "stage_size": 2},
            "stage_size",
            "bad_table_size",
        ),
        # Stage fields without a stage.
        ({"stage_after_round": 2}, "stage_after_round", "bad_stage"),
        ({"stage_kind": "", "stage_size": 4}, "stage_size", "bad_stage"),
    ],
)
@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_stage_settings_that_cannot_be_played_are_refused_at_their_field(
    club, organiser, fields, field, code, language
):
    answer = tournament_post(
        organiser,
        language,
        name="Этапы",
        club=club.pk,
        table_sizes=[3, 4],
        rounds=3,
        **PREFERANS,
        **fields,
    )
    assert answer.status_code == 400, answer.content
    problems = answer.json()["errors"]
    assert {(p["field"], p["code"]) for p in problems} == {(field, code)}
    if language != "en":
        import re

        assert re.search(WORDS[code][language], problems[0]["message"]), problems[0]["message"]
    assert not Tournament.objects.exists()  # nothing half-saved


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_a_cut_that_keeps_everyone_entered_is_refused(club, organiser, language):
    body = tournament_post(
        organiser, name="Срез", club=club.pk, table_size=3, rounds=3, **PREFERANS
    ).json()
    tournament = Tournament.objects.get(pk=body["id"])
    for seed in range(1, 7):
        EntryFactory(tournament=tournament, seed=seed)
    answer = signed_in(organiser, language).patch(
        f"/api/v1/tournaments/{tournament.pk}/",
        {"stage_kind": "cut", "stage_after_round": 1, "stage_size": 6},
        content_type="application/json",
    )
    assert answer.status_code == 400, answer.content
    [problem] = answer.json()["errors"]
    assert (problem["field"], problem["code"]) == ("stage_size", "bad_stage")
    assert "6" in problem["message"]
    tournament.refresh_from_db()
    assert tournament.stage_kind == ""


def _finish_round(tournament, number: int, order) -> None:
    """Every table of round `number` finished: a pulka's whist balances in the order `order`
    gives (a list of player ids, strongest first), summing to nought."""
    rank = {p: i for i, p in enumerate(order)}
    for match in Match.objects.filter(round__tournament=tournament, round__number=number):
        seated = list(match.seats.order_by("position").values_list("player_id", flat=True))
        best_first = sorted(seated, key=rank.__getitem__)
        # Balances differ from table to table: no two players tie.
        factor = match.table.number + 10 * number
        balances = {3: [40, 10, -50], 4: [60, 20, -10, -70]}[len(seated)]
        totals = [factor * balances[best_first.index(p)] for p in seated]
        match.status = Match.Status.FINISHED
        match.save()
        MatchTally.objects.create(
            match=match,
            tournament=tournament,
            round_number=number,
            data={
                "players": seated,
                "totals": totals,
                "winners": [best_first[0]],
                "bytes": [0] * len(seated),
                "sides": list(range(len(seated))),
                "target": 0,
            },
        )
    standings_refresh(tournament=tournament)


def _standings(client, tournament):
    answer = client.get(f"/api/v1/tournaments/{tournament.pk}/standings/")
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_a_cut_pairs_only_the_top_n_and_ranks_them_above_those_cut(club, organiser):
    body = tournament_post(
        organiser,
        name="Срез после тура",
        club=club.pk,
        table_size=3,
        rounds=3,
        stage_kind="cut",
        stage_after_round=1,
        stage_size=6,
        published=True,
        **PREFERANS,
    ).json()
    tournament = Tournament.objects.get(pk=body["id"])
    players = [EntryFactory(tournament=tournament, seed=s).player_id for s in range(1, 10)]
    client = signed_in(organiser)
    first = client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
    assert first.status_code == 201, first.content
    strongest = list(reversed(players))  # the last seeds win everything
    _finish_round(tournament, 1, strongest)
    before = _standings(client, tournament)
    assert all(row["qualification_rank"] is None for row in before)  # not made yet
    assert not any(row["shared"] for row in before)
    top_six = {row["player_id"] for row in before[:6]}
    second = client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
    assert second.status_code == 201, second.content
    seated = {p["id"] for t in second.json()["tables"] for p in t["players"]}
    assert seated == top_six
    assert second.json()["byes"] == []
    _finish_round(tournament, 2, players)  # the order turns: the cut still ranks first
    rows = _standings(client, tournament)
    assert {row["player_id"] for row in rows[:6]} == top_six
    assert [row["rank"] for row in rows] == list(range(1, 10))
    cut = rows[6:]
    qualified = {row["player_id"]: row["qualification_rank"] for row in before_ranked(before)}
    assert [row["qualification_rank"] for row in cut] == sorted(
        qualified[row["player_id"]] for row in cut
    )
    assert all(row["qualification_rank"] for row in rows)
    third = client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
    assert third.status_code == 201, third.content
    assert {p["id"] for t in third.json()["tables"] for p in t["players"]} == top_six
    # The stage is made: it no longer changes.
    frozen = client.patch(
        f"/api/v1/tournaments/{tournament.pk}/", {"stage_size": 3}, content_type="application/json"
    )
    assert frozen.status_code == 400, frozen.content
    assert frozen.json()["errors"][0]["code"] == "frozen"


def before_ranked(rows):
    """The qualification rank of each row before the stage: its position."""
    return [{**row, "qualification_rank": i} for i, row in enumerate(rows, start=1)]


def test_a_final_table_of_four_after_round_two_ranks_its_players_first(club, organiser):
    body = tournament_post(
        organiser,
        name="Финал четверых",
        club=club.pk,
        table_sizes=[3, 4],
        rounds=3,
        stage_kind="final",
        stage_after_round=2,
        stage_size=4,
        published=True,
        **PREFERANS,
    ).json()
    tournament = Tournament.objects.get(pk=body["id"])
    players = [EntryFactory(tournament=tournament, seed=s).player_id for s in range(1, 8)]
    client = signed_in(organiser, "ru")
    for number in (1, 2):
        paired = client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
        assert paired.status_code == 201, paired.content
        assert sorted(len(t["players"]) for t in paired.json()["tables"]) == [3, 4]
        _finish_round(tournament, number, players)  # the first seeds win
    rows = _standings(client, tournament)
    assert not any(row["shared"] for row in rows)
    qualification = [row["player_id"] for row in rows]
    page = client.get(f"/tournaments/{tournament.pk}/pairing/")
    assert "Финальный стол: лучшие 4" in page.content.decode()
    final = client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
    assert final.status_code == 201, final.content
    [table] = final.json()["tables"]
    assert {p["id"] for p in table["players"]} == set(qualification[:4])
    assert final.json()["byes"] == []
    # The final's result turns the qualification round: its 4th wins, its 1st is last.
    _finish_round(tournament, 3, list(reversed(qualification[:4])) + qualification[4:])
    rows = _standings(client, tournament)
    assert [row["player_id"] for row in rows[:4]] == list(reversed(qualification[:4]))
    assert [row["qualification_rank"] for row in rows] == [4, 3, 2, 1, 5, 6, 7]
    assert [row["player_id"] for row in rows[4:]] == qualification[4:]
    # A final is the last round: nothing is paired after it.
    after = client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
    assert after.status_code == 409
    public = Client(HTTP_ACCEPT_LANGUAGE="ru").get(f"/tournaments/{tournament.pk}/standings/")
    text = public.content.decode()
    assert 'data-testid="stage-note"' in text and 'data-stage="final"' in text
    assert text.count('class="stage-group"') == 4
    # The reports show the qualification rank beside the final standings.
    from tournaments.reports.selectors import standings_sheet
    from tournaments.reports.standings import standings_csv, standings_pdf_pages, standings_xlsx

    with translation.override("en"):
        sheet = standings_sheet(tournament)
        csv_text = standings_csv(sheet).decode("utf-8-sig")
    import csv
    import io

    # Below the note on how the table is ordered and a blank line (issue 35, item 10).
    csv_rows = list(csv.reader(io.StringIO(csv_text)))[2:]
    column = csv_rows[0].index("Qualification rank")
    assert [row[column] for row in csv_rows[1:8]] == ["4", "3", "2", "1", "5", "6", "7"]
    assert standings_xlsx(sheet)[:2] == b"PK"
    assert "Qual." in "".join(standings_pdf_pages(sheet))


def test_a_final_at_mixed_sizes_without_a_size_seats_the_top_table_of_each_size(club, organiser):
    body = tournament_post(
        organiser,
        name="Два финала",
        club=club.pk,
        table_sizes=[3, 4],
        rounds=2,
        stage_kind="final",
        stage_after_round=1,
        **PREFERANS,
    ).json()
    tournament = Tournament.objects.get(pk=body["id"])
    players = [EntryFactory(tournament=tournament, seed=s).player_id for s in range(1, 11)]
    client = signed_in(organiser)
    assert client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/").status_code == 201
    _finish_round(tournament, 1, players)
    qualification = [row["player_id"] for row in _standings(client, tournament)]
    final = client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
    assert final.status_code == 201, final.content
    tables = [{p["id"] for p in t["players"]} for t in final.json()["tables"]]
    assert tables == [set(qualification[:4]), set(qualification[4:7])]
    assert {b["id"] for b in final.json()["byes"]} == set()


@pytest.mark.parametrize(("language", "words"), [("ru", "фиксированных пар"), ("uk", "сталих пар")])
def test_a_tournament_of_fixed_pairs_has_no_stage(club, organiser, language, words):
    answer = tournament_post(
        organiser,
        language,
        name="Пари",
        club=club.pk,
        game="deberc",
        table_size=4,
        entrants="pairs",
        rounds=3,
        stage_kind="cut",
        stage_after_round=1,
        stage_size=4,
    )
    assert answer.status_code == 400, answer.content
    (problem,) = answer.json()["errors"]
    assert (problem["field"], problem["code"]) == ("stage_kind", "bad_stage")
    assert words in problem["message"]
    assert not Tournament.objects.exists()
