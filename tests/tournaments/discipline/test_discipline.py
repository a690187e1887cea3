"""Discipline in the standings (issue 19, item 5): the second yellow card's penalty or
disqualification, the loss limit per match (capped before the conversion, with one automatic
card), and a positive result of a match closed on time counting zero where agreed."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st

from tests.factories import (
    PlayerFactory,
    PreferansTournamentFactory,
    RoundFactory,
    TableFactory,
    TournamentFactory,
    UserFactory,
    make_match,
)
from tournaments.discipline import services as discipline
from tournaments.discipline.models import Card
from tournaments.events import setup
from tournaments.events.models import Entry
from tournaments.pairing.manager import plan_round
from tournaments.standings.models import MatchTally, StandingRow
from tournaments.standings.ranking import MatchOutcome
from tournaments.standings.services import standings_refresh


def _outcome(totals, *, target=0, sides=None, points=None):
    n = len(totals)
    return MatchOutcome(
        match_id=1,
        round_number=1,
        players=tuple(range(n)),
        totals=tuple(totals),
        winners=frozenset({max(range(n), key=lambda i: totals[i])}),
        bytes=(0,) * n,
        sides=tuple(sides or range(n)),
        target=target,
        points=points,
    )


# --- pure --------------------------------------------------------------------------------


def test_a_whist_balance_below_the_limit_counts_the_limit():
    outcome = _outcome(
        [800, 400, -1200], points={"balance": (800, 400, -1200), "places": (2, 1, 0)}
    )
    counted, capped = discipline.outcome_limited(outcome, loss_limit=1000)
    assert counted.totals == (800, 400, -1000)
    assert counted.points["balance"] == (800, 400, -1000)
    assert counted.points["places"] == (2, 1, 0)  # the order at the table stands
    assert capped == [(2, -1200)]


def test_a_deberc_loser_counts_at_most_the_limit_behind():
    counted, capped = discipline.outcome_limited(_outcome([301, 20], target=301), loss_limit=200)
    assert counted.totals == (301, 101)
    assert capped == [(1, -281)]
    unchanged, none = discipline.outcome_limited(_outcome([301, 250], target=301), loss_limit=200)
    assert unchanged.totals == (301, 250) and none == []


def test_a_closed_match_counts_positive_balances_zero():
    counted, _ = discipline.outcome_limited(
        _outcome([60, -20, -40], points={"balance": (60, -20, -40)}),
        loss_limit=None,
        zero_positive=True,
    )
    assert counted.totals == (0, -20, -40)


@given(
    st.lists(st.integers(-5000, 5000), min_size=3, max_size=4),
    st.integers(1, 3000),
    st.booleans(),
)
def test_no_balance_costs_more_than_the_limit(totals, limit, zero):
    counted, capped = discipline.outcome_limited(
        _outcome(totals), loss_limit=limit, zero_positive=zero
    )
    assert all(t >= -limit for t in counted.totals)
    assert all(t <= 0 for t in counted.totals) or not zero
    assert {p for p, _ in capped} == {i for i, t in enumerate(totals) if t < -limit}
    for before, after in zip(totals, counted.totals, strict=True):
        assert after == max(min(before, 0) if zero else before, -limit)


def test_yellow_consequences():
    assert discipline.yellow_consequences([1, 1, 2, 1], second_yellow="penalty", penalty=1.5) == (
        {1: 3.0},
        set(),
    )
    assert discipline.yellow_consequences([1, 1, 2], second_yellow="disqualify", penalty=1) == (
        {},
        {1},
    )


# --- the tournament ---------------------------------------------------------------------


def _tally(match, players, totals, *, target=0, round_number=1, points=None):
    data = {
        "players": [p.pk for p in players],
        "totals": totals,
        "winners": [players[max(range(len(totals)), key=totals.__getitem__)].pk],
        "bytes": [0] * len(totals),
        "sides": list(range(len(totals))),
        "target": target,
    }
    if points is not None:
        data["points"] = points
    MatchTally.objects.create(
        match=match, tournament=match.tournament, round_number=round_number, data=data
    )


def _rows(tournament):
    return {
        row.player.display_name: row
        for row in StandingRow.objects.filter(tournament=tournament).select_related("player")
    }


@pytest.fixture
def referee(db):
    return UserFactory(username="judge_xq7")


@pytest.mark.django_db
def test_each_yellow_after_the_first_takes_the_penalty_off(referee):
    tournament = TournamentFactory(second_yellow="penalty", second_yellow_penalty=1.5)
    tournament.referees.add(referee)
    anna, boris = (PlayerFactory(club=tournament.club, display_name=n) for n in ("Anna", "Boris"))
    for p in (anna, boris):
        Entry.objects.create(tournament=tournament, player=p)
    for reason in ("one", "two", "three"):
        discipline.card_give(
            tournament=tournament, player=anna, kind="yellow", reason=reason, user=referee
        )
    discipline.card_give(
        tournament=tournament, player=boris, kind="warning", reason="w", user=referee
    )
    standings_refresh(tournament=tournament)
    rows = _rows(tournament)
    assert rows["Anna"].penalty == 3 and rows["Anna"].match_points == -3
    assert rows["Boris"].penalty == 0 and rows["Boris"].rank == 1


@pytest.mark.django_db
def test_a_disqualified_player_is_ranked_last_and_not_paired(referee):
    tournament = TournamentFactory(second_yellow="disqualify", rounds=3)
    tournament.referees.add(referee)
    rnd = RoundFactory(tournament=tournament, number=1, status="closed")
    players = [PlayerFactory(club=tournament.club, display_name=n) for n in "ABCD"]
    first = make_match(players=players[:2], table=TableFactory(round=rnd, number=1))
    second = make_match(players=players[2:], table=TableFactory(round=rnd, number=2))
    _tally(first, players[:2], [301, 100], target=301)
    _tally(second, players[2:], [301, 200], target=301)
    for reason in ("one", "two"):
        discipline.card_give(
            tournament=tournament, player=players[0], kind="yellow", reason=reason, user=referee
        )
    standings_refresh(tournament=tournament)
    rows = _rows(tournament)
    assert rows["A"].disqualified and rows["A"].rank == 4  # the winner of a match, yet last
    assert rows["C"].rank == 1 and {rows["B"].rank, rows["D"].rank} == {2, 3}
    pairing = plan_round(tournament, 2)
    seated = {p for table in pairing.tables for p in table}
    assert players[0].pk not in seated and players[0].pk not in set(pairing.byes)
    # The card withdrawn: back in, paired again.
    card = Card.objects.filter(player=players[0]).last()
    discipline.card_withdraw(card=card, reason="Appeal", user=referee)
    standings_refresh(tournament=tournament)
    assert not _rows(tournament)["A"].disqualified
    assert not Entry.objects.get(tournament=tournament, player=players[0]).withdrawn


@pytest.mark.django_db
def test_the_loss_limit_caps_a_pulka_and_gives_one_automatic_card():
    tournament = PreferansTournamentFactory(loss_limit=1000, match_score="balance")
    rnd = RoundFactory(tournament=tournament, number=1)
    players = [PlayerFactory(club=tournament.club, display_name=n) for n in ("A", "B", "V")]
    match = make_match(players=players, table=TableFactory(round=rnd, number=3))
    _tally(
        match,
        players,
        [800, 400, -1200],
        points={"balance": [800, 400, -1200], "places": [2, 1, 0]},
    )
    standings_refresh(tournament=tournament)
    standings_refresh(tournament=tournament)  # again: no second card
    rows = _rows(tournament)
    assert rows["V"].match_points == -1000 and rows["V"].game_points == -1000
    cards = list(Card.objects.filter(tournament=tournament))
    assert len(cards) == 1
    card = cards[0]
    assert card.automatic and card.kind == "yellow" and card.player == players[2]
    assert card.match == match and "1000" in card.reason and "-1200" in card.reason
    assert "table 3" in card.reason
    # Withdrawn on appeal, it is not given again either.
    card.withdrawn_at = card.created_at
    card.save()
    standings_refresh(tournament=tournament)
    assert Card.objects.filter(tournament=tournament).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(("closed", "expected"), [(True, 0), (False, 60)])
def test_a_positive_balance_of_a_pulka_closed_on_time_counts_zero(closed, expected):
    tournament = PreferansTournamentFactory(
        timeout_positive=True, match_score="balance", conventions={"end": "closed"}
    )
    rnd = RoundFactory(tournament=tournament, number=1)
    players = [PlayerFactory(club=tournament.club, display_name=n) for n in ("A", "B", "V")]
    match = make_match(players=players, table=TableFactory(round=rnd, number=1))
    match.closed = closed
    match.save(update_fields=["closed"])
    _tally(match, players, [60, -20, -40], points={"balance": [60, -20, -40], "places": [2, 1, 0]})
    standings_refresh(tournament=tournament)
    rows = _rows(tournament)
    assert rows["A"].match_points == expected
    assert rows["B"].match_points == -20


@pytest.mark.django_db
def test_timeout_positive_is_refused_where_a_match_is_not_closed_on_time():
    club = TournamentFactory().club
    with pytest.raises(ValidationError) as refused:
        setup.tournament_create(
            club=club, user=None, name="Deberc night", game="deberc", timeout_positive=True
        )
    assert refused.value.error_dict["timeout_positive"][0].code == "bad_timeout_positive"
    with pytest.raises(ValidationError) as bounded:
        setup.tournament_create(club=club, user=None, name="X", loss_limit=100_001)
    assert bounded.value.error_dict["loss_limit"][0].code == "out_of_range"
    made = setup.tournament_create(
        club=club,
        user=None,
        name="Sochi on the clock",
        game="preferans",
        table_size=3,
        conventions={"end": "closed"},
        timeout_positive=True,
        loss_limit=1000,
        second_yellow="disqualify",
    )
    assert made.timeout_positive and made.loss_limit == 1000


# --- shown: the standings' notes and rows, the player's page, the reports ---------------


@pytest.mark.django_db
def test_cards_and_penalties_are_shown_everywhere_without_the_referee(client, referee):
    import io

    from openpyxl import load_workbook

    from tournaments.reports.selectors import standings_sheet
    from tournaments.reports.standings import (
        standings_csv,
        standings_pdf_pages,
        standings_xlsx,
    )

    tournament = TournamentFactory(second_yellow="penalty", second_yellow_penalty=2, published=True)
    tournament.referees.add(referee)
    RoundFactory(tournament=tournament, number=1)
    anna = PlayerFactory(club=tournament.club, display_name="Anna")
    Entry.objects.create(tournament=tournament, player=anna)
    for reason in ("Phone at the table", "Argued with the referee"):
        discipline.card_give(
            tournament=tournament, player=anna, kind="yellow", reason=reason, user=referee
        )
    standings_refresh(tournament=tournament)

    rows = client.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    rows = rows.get("rows", rows) if isinstance(rows, dict) else rows
    assert rows[0]["penalty"] == 2 and rows[0]["disqualified"] is False

    notes = client.get(f"/api/v1/tournaments/{tournament.pk}/standings/notes/").json()
    card_notes = [n for n in notes if n["kind"] == "card_yellow"]
    assert [n["reason"] for n in card_notes] == ["Phone at the table", "Argued with the referee"]
    assert "2 match points off" in card_notes[1]["what"] and "Anna" in card_notes[1]["what"]
    assert all("by" not in n for n in card_notes)

    page = client.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert "Argued with the referee" in page and referee.username not in page

    player_page = client.get(f"/players/{anna.pk}/").content.decode()
    assert 'data-testid="player-cards"' in player_page and "Phone at the table" in player_page

    sheet = standings_sheet(tournament)
    csv_text = standings_csv(sheet).decode("utf-8-sig")
    assert "Discipline" in csv_text and "Argued with the referee" in csv_text
    assert referee.username not in csv_text
    book = load_workbook(io.BytesIO(standings_xlsx(sheet)))
    cards_sheet = book["Discipline"]
    assert [row[3] for row in cards_sheet.iter_rows(min_row=2, values_only=True)] == [
        "Phone at the table",
        "Argued with the referee",
    ]
    assert "Phone at the table" in "".join(standings_pdf_pages(sheet))


@pytest.mark.django_db
def test_a_draft_tournaments_cards_stay_off_the_public_player_page(client, referee):
    tournament = TournamentFactory(published=False)
    tournament.referees.add(referee)
    published = TournamentFactory(club=tournament.club, published=True)
    anna = PlayerFactory(club=tournament.club, display_name="Anna")
    Entry.objects.create(tournament=tournament, player=anna)
    Entry.objects.create(tournament=published, player=anna)
    discipline.card_give(
        tournament=tournament, player=anna, kind="warning", reason="Secret", user=referee
    )
    page = client.get(f"/players/{anna.pk}/").content.decode()
    assert "Secret" not in page


# --- the organiser's form -------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "word"), [("ru", "не закрывает матч по времени"), ("uk", "не закриває матч")]
)
def test_the_form_refuses_timeout_positive_for_deberc_and_bounds_the_limit(client, lang, word):
    import re

    from tests.factories import ClubFactory, make_club_organiser
    from tournaments.events.models import Tournament

    club = ClubFactory()
    user = make_club_organiser(UserFactory(username=f"org-discipline-{lang}"), club)
    client.force_login(user)
    base = {
        "name": "Вечер",
        "club": club.pk,
        "game": "deberc",
        "ruleset": "moscow",
        "table_size": "2",
        "system": "swiss",
        "rounds": "3",
        "match_score": "win",
    }

    def errors_of(page: str, name: str) -> str:
        label = re.search(rf'<label[^>]*data-field="{name}"[^>]*>(.*?)</label>', page, re.S)
        assert label, f"no field {name}"
        return " ".join(re.findall(r'<span class="error"[^>]*>(.*?)</span>', label.group(1)))

    refused = client.post(
        "/tournaments/new/", {**base, "timeout_positive": "on"}, HTTP_ACCEPT_LANGUAGE=lang
    )
    assert refused.status_code == 200
    assert word in errors_of(refused.content.decode(), "timeout_positive")
    too_big = client.post(
        "/tournaments/new/", {**base, "loss_limit": "100001"}, HTTP_ACCEPT_LANGUAGE=lang
    )
    assert errors_of(too_big.content.decode(), "loss_limit")
    assert not Tournament.objects.filter(name="Вечер").exists()
    made = client.post(
        "/tournaments/new/",
        {**base, "loss_limit": "500", "second_yellow": "disqualify"},
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert made.status_code == 302
    tournament = Tournament.objects.get(name="Вечер")
    assert (tournament.loss_limit, tournament.second_yellow) == (500, "disqualify")
    assert tournament.second_yellow_penalty == 1  # not sent: the default
