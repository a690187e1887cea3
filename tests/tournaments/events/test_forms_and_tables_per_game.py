"""The organiser's pages speak each game (issue 18): the new-tournament form's game part
follows the game select, a wrong combination is refused at its field in the user's language
(never with an internal code), the tables page shows each game's running score, and the
standings show the figure "won" once."""

from __future__ import annotations

import re

import pytest

from scoring import services as scoring_services
from tests.factories import (
    DEAL_MADE,
    PREF_SIX_SPADES,
    ClubFactory,
    UserFactory,
    make_club_organiser,
    make_evening,
    make_preferans_evening,
)
from tournaments.events.models import Tournament
from tournaments.standings.services import standings_refresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def own_club():
    """The club the organiser organises: a tournament is created only in such a club."""
    return ClubFactory()


@pytest.fixture
def organiser(client, own_club):
    user = make_club_organiser(UserFactory(username="org-forms"), own_club)
    client.force_login(user)
    return user


def options(page: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert select, f"no select {name}"
    return re.findall(r'<option value="([^"]*)"', select.group(1))


def field_errors(page: str, name: str) -> list[str]:
    label = re.search(rf'<label[^>]*data-field="{name}"[^>]*>(.*?)</label>', page, re.S)
    assert label, f"no field {name}"
    return re.findall(r'<span class="error"[^>]*>(.*?)</span>', label.group(1), re.S)


def test_the_game_select_asks_for_the_games_part_of_the_form(client, organiser):
    page = client.get("/tournaments/new/").content.decode()
    select = re.search(r'<select name="game"[^>]*>', page).group(0)
    assert 'hx-get="/tournaments/new/game-fields/"' in select
    assert 'hx-target="#game-fields"' in select
    # No link that reloads the page to switch the game.
    assert "?game=" not in page

    part = client.get("/tournaments/new/game-fields/?game=preferans").content.decode()
    assert "<form" not in part and "<html" not in part
    assert "sochi" in options(part, "ruleset") and "moscow" not in options(part, "ruleset")
    assert options(part, "table_size") == ["3", "4"]
    # The game's own scorings, then the conversions any game may use (issue 19).
    assert options(part, "match_score") == [
        "places",
        "balance",
        "places_per_size",
        "places_by_sign",
        "compressed_balance",
    ]
    assert options(part, "table_sizes") == ["3", "4"]
    assert "balance" in options(part, "tiebreak_1") and "fewer_bytes" not in options(
        part, "tiebreak_1"
    )
    assert 'name="conv_pool_target"' in part and 'name="conv_target"' not in part

    deberc = client.get("/tournaments/new/game-fields/?game=deberc").content.decode()
    assert "moscow" in options(deberc, "ruleset") and "sochi" not in options(deberc, "ruleset")
    assert 'name="conv_target"' in deberc and 'name="conv_pool_target"' not in deberc


def test_the_games_part_is_the_organisers_only(client):
    client.force_login(UserFactory(username="just-a-scorer"))
    assert client.get("/tournaments/new/game-fields/?game=preferans").status_code == 403


@pytest.mark.parametrize(
    ("language", "club", "ruleset_error"),
    [
        ("ru", "Клуб", "В игре «Преферанс» нет таких правил: выберите из списка."),
        ("uk", "Клуб", "У грі «Преферанс» немає таких правил: виберіть зі списку."),
    ],
)
def test_a_deberc_ruleset_sent_with_preferans_is_refused_in_the_users_language(
    client, organiser, own_club, language, club, ruleset_error
):
    page = client.get("/tournaments/new/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    label = re.search(r'<label[^>]*data-field="club"[^>]*>([^<]*)<', page).group(1)
    assert label.strip() == club

    response = client.post(
        "/tournaments/new/",
        {
            "name": "Пулька",
            "club": own_club.pk,
            "game": "preferans",
            "ruleset": "moscow",  # left from the Deberc form
            "table_size": "2",
            "system": "swiss",
            "rounds": "3",
            "match_score": "win",
        },
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert field_errors(page, "ruleset") == [ruleset_error]
    assert field_errors(page, "club") == []  # a club the organiser organises
    assert len(field_errors(page, "table_size")) == 1
    assert len(field_errors(page, "match_score")) == 1
    # Never an internal code in what the organiser reads.
    for code in ("moscow", "win", "2 нет", "2 немає"):
        assert code not in " ".join(
            field_errors(page, "ruleset")
            + field_errors(page, "table_size")
            + field_errors(page, "match_score")
        )
    # The form now shows Preferans' choices.
    assert "sochi" in options(page, "ruleset")
    assert not Tournament.objects.filter(name="Пулька").exists()


def test_a_preferans_tournament_keeps_the_tiebreaks_in_the_order_chosen(
    client, organiser, own_club
):
    response = client.post(
        "/tournaments/new/",
        {
            "name": "Пулька по средам",
            "club": own_club.pk,
            "game": "preferans",
            "ruleset": "sochi",
            "table_size": "3",
            "system": "swiss",
            "rounds": "3",
            "match_score": "places",
            "tiebreak_1": "buchholz",
            "tiebreak_2": "balance",
            "tiebreak_3": "",
            "conv_pool_target": "10",
        },
    )
    assert response.status_code == 302, response.content.decode()[-3000:]
    tournament = Tournament.objects.get(name="Пулька по средам")
    assert (tournament.game, tournament.ruleset, tournament.match_score) == (
        "preferans",
        "sochi",
        "places",
    )
    assert tournament.tiebreaks == ["buchholz", "balance"]
    assert tournament.conventions == {"pool_target": 10}


def test_a_tiebreak_chosen_twice_is_refused_at_its_place(client, organiser, own_club):
    response = client.post(
        "/tournaments/new/",
        {
            "name": "Дважды",
            "club": own_club.pk,
            "game": "deberc",
            "ruleset": "moscow",
            "table_size": "2",
            "system": "swiss",
            "rounds": "3",
            "match_score": "win",
            "tiebreak_1": "buchholz",
            "tiebreak_2": "buchholz",
        },
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert field_errors(page, "tiebreak_2") == [
        "Этот показатель уже выбран: выберите другой или никакого."
    ]
    assert field_errors(page, "tiebreak_1") == []


def test_the_edit_form_keeps_the_tournaments_own_settings(client):
    ev = make_preferans_evening()
    Tournament.objects.filter(pk=ev.tournament.pk).update(tiebreaks=["wins", "balance"])
    client.force_login(ev.organiser)
    page = client.get(f"/tournaments/{ev.tournament.pk}/edit/").content.decode()
    select = re.search(r'<select name="game"[^>]*>', page).group(0)
    assert f"?tournament={ev.tournament.pk}" in select
    assert re.search(r'<option value="wins" selected>', page.split('name="tiebreak_1"')[1])
    part = client.get(
        f"/tournaments/new/game-fields/?tournament={ev.tournament.pk}&game=preferans"
    ).content.decode()
    assert re.search(r'<option value="balance" selected>', part.split('name="tiebreak_2"')[1])


def table_scores(page: str, round_number: int = 1) -> list[str]:
    section = page.split(f'data-testid="round-{round_number}"')[1].split("</section>")[0]
    return [
        re.sub(r"\s+", " ", cell).strip()
        for cell in re.findall(r'<td class="num">(.*?)</td>', section, re.S)
    ]


def test_the_tables_page_shows_the_preferans_balances(client):
    ev = make_preferans_evening()
    scoring_services.deal_submit(
        match=ev.match, record=PREF_SIX_SPADES, user=ev.scorer, idempotency_key=None, version=None
    )
    client.force_login(ev.organiser)
    page = client.get(f"/tournaments/{ev.tournament.pk}/matches/").content.decode()
    # Anna −6, Boris +5, Vera +1 (the whist balances), never "0 : 0 : 0".
    assert table_scores(page)[0] == "-6 : 5 : 1"
    # The round page (the live cards) asks the same function.
    live = client.get(f"/tournaments/{ev.tournament.pk}/rounds/1/").content.decode()
    card = live.split('data-table="1"')[1].split("</article>")[0]
    assert re.findall(r'<span class="total num"[^>]*>([^<]*)</span>', card) == ["-6", "5", "1"]


def test_the_tables_page_shows_the_deberc_totals(client):
    ev = make_evening()
    scoring_services.deal_submit(
        match=ev.match, record=DEAL_MADE, user=ev.scorer, idempotency_key=None, version=None
    )
    ev.match.refresh_from_db()
    totals = ev.match.result["match"]
    client.force_login(ev.organiser)
    page = client.get(f"/tournaments/{ev.tournament.pk}/matches/").content.decode()
    assert table_scores(page)[0] == f"{totals['Anna']} : {totals['Boris']}"
    assert table_scores(page)[0] != "0 : 0"


def test_the_standings_show_the_matches_won_once(client):
    ev = make_preferans_evening()
    scoring_services.deal_submit(
        match=ev.match, record=PREF_SIX_SPADES, user=ev.scorer, idempotency_key=None, version=None
    )
    standings_refresh(tournament=ev.tournament)
    page = client.get(
        f"/tournaments/{ev.tournament.pk}/standings/", HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    headings = re.findall(r'<th class="num" scope="col"[^>]*data-figure="([^"]+)"', page)
    # The tiebreak "wins" (Поб) is the figure "won" (В): one column, not two of one figure.
    assert "wins" in headings and "won" not in headings
    assert headings.count("wins") == 1
    row = re.search(r'<tr data-player="\d+">(.*?)</tr>', page, re.S).group(1)
    assert len(re.findall(r"<td", row)) == len(headings) + 2  # rank and name
