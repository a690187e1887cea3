"""Pairs and teams entered in a tournament (issue 19, item 2): the organiser names a pair or
team with its members on the API; each bad list is refused at its field with a stable code in
the user's language, and nothing is half-saved; the entries and the teams list show who plays
for whom; the setting `entrants` fits the game and is frozen once a round is paired."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import PlayerFactory, RoundFactory, TournamentFactory, UserFactory
from tournaments.clubs.models import Player
from tournaments.events.models import Entry, Team, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return UserFactory(username="team_organiser")


def _tournament(organiser, **fields):
    tournament = TournamentFactory(**fields)
    tournament.organisers.add(organiser)
    return tournament


@pytest.fixture
def teams_event(organiser):
    return _tournament(organiser, entrants=Tournament.Entrants.TEAMS)


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _post(client, tournament, body, lang="en"):
    return client.post(
        f"/api/v1/tournaments/{tournament.pk}/teams/",
        body,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=lang,
    )


def _errors(answer) -> dict[str, tuple[str, str]]:
    return {e["field"]: (e["code"], e["message"]) for e in answer.json()["errors"]}


def test_a_team_is_entered_with_its_members_at_once(organiser, teams_event) -> None:
    known = PlayerFactory(club=teams_event.club, display_name="Олена Коваль")
    answer = _post(
        _client(organiser),
        teams_event,
        {"name": "Дніпро", "members": [known.pk, "Тарас", "олена коваль 2", "Ігор"]},
    )
    assert answer.status_code == 201, answer.content
    (team,) = answer.json()["teams"]
    assert team["name"] == "Дніпро"
    assert [m["player"] for m in team["members"]] == [
        "Олена Коваль",
        "Тарас",
        "олена коваль 2",
        "Ігор",
    ]
    assert Player.objects.filter(club=teams_event.club).count() == 4
    # The entries list names each player's team.
    entries = _client(organiser).get(f"/api/v1/tournaments/{teams_event.pk}/entries/").json()
    assert {e["name"]: e["team"] for e in entries["entries"]} == {
        "Олена Коваль": "Дніпро",
        "Тарас": "Дніпро",
        "олена коваль 2": "Дніпро",
        "Ігор": "Дніпро",
    }


@pytest.mark.parametrize(
    ("members", "field", "code"),
    [
        (["Тарас"], "members", "team_too_small"),
        ([f"P{i}" for i in range(7)], "members", "team_too_large"),
        (["Тарас", "Ігор", "тарас"], "members[2]", "duplicate_member"),
        (["Тарас", 999_999], "members[1]", "unknown_player"),
        (["Тарас", "A\u200bB"], "members[1]", "bad_name"),
    ],
)
def test_a_bad_team_is_refused_at_its_field_and_nothing_is_saved(
    organiser, teams_event, members, field, code
) -> None:
    players_before = Player.objects.count()
    answer = _post(_client(organiser), teams_event, {"name": "Дніпро", "members": members})
    assert answer.status_code == 400, answer.content
    assert _errors(answer)[field][0] == code
    assert not Team.objects.exists()
    assert not Entry.objects.filter(tournament=teams_event).exists()
    assert Player.objects.count() == players_before


def test_a_player_cannot_play_for_two_teams(organiser, teams_event) -> None:
    client = _client(organiser)
    assert (
        _post(client, teams_event, {"name": "A", "members": ["Тарас", "Ігор"]}).status_code == 201
    )
    answer = _post(client, teams_event, {"name": "B", "members": ["Олена", "ТАРАС"]}, lang="uk")
    assert answer.status_code == 400
    code, message = _errors(answer)["members[1]"]
    assert code == "already_in_team"
    assert "вже грає за" in message  # Ukrainian
    assert Team.objects.count() == 1
    assert not Player.objects.filter(display_name="Олена").exists()


def test_the_refusals_speak_the_users_language(organiser, teams_event) -> None:
    client = _client(organiser)
    ru = _errors(_post(client, teams_event, {"name": "A", "members": ["Тарас"]}, lang="ru"))
    uk = _errors(_post(client, teams_event, {"name": "A", "members": ["Тарас"]}, lang="uk"))
    assert ru["members"] == ("team_too_small", "В команде не меньше 2 игроков.")
    assert uk["members"] == ("team_too_small", "У команді щонайменше 2 гравці.")
    dup = _errors(_post(client, teams_event, {"name": "A", "members": ["Я", "я"]}, lang="ru"))
    assert dup["members[1]"] == ("duplicate_member", "я указан дважды.")


def test_a_team_name_is_unique_and_bounded(organiser, teams_event) -> None:
    client = _client(organiser)
    _post(client, teams_event, {"name": "Дніпро", "members": ["A", "B"]})
    taken = _post(client, teams_event, {"name": " дніпро ", "members": ["C", "D"]})
    assert _errors(taken)["name"][0] == "name_taken"
    long = _post(client, teams_event, {"name": "x" * 81, "members": ["C", "D"]})
    assert _errors(long)["name"][0] == "name_too_long"
    unknown = _post(client, teams_event, {"name": "E", "members": ["C", "D"], "colour": 1})
    assert _errors(unknown)["colour"][0] == "unknown_field"
    assert Team.objects.count() == 1


def test_a_pair_has_exactly_two(organiser) -> None:
    pairs = _tournament(organiser, entrants=Tournament.Entrants.PAIRS, table_size=4)
    client = _client(organiser)
    three = _post(client, pairs, {"name": "P", "members": ["A", "B", "C"]})
    assert _errors(three)["members"][0] == "team_too_large"
    two = _post(client, pairs, {"name": "P", "members": ["A", "B"]})
    assert two.status_code == 201


def test_no_team_in_a_tournament_of_players(organiser) -> None:
    players = _tournament(organiser)
    answer = _post(_client(organiser), players, {"name": "P", "members": ["A", "B"]}, lang="ru")
    assert _errors(answer)["entrants"][0] == "bad_entrants"
    assert not Team.objects.exists()


def test_only_the_organiser_enters_teams_and_the_public_sees_only_published(
    organiser, teams_event
) -> None:
    body = {"name": "A", "members": ["B", "C"]}
    assert Client().post(
        f"/api/v1/tournaments/{teams_event.pk}/teams/", body, content_type="application/json"
    ).status_code in (401, 403)
    stranger = _client(UserFactory(username="team_stranger"))
    assert _post(stranger, teams_event, body).status_code == 403
    _post(_client(organiser), teams_event, body)
    assert Client().get(f"/api/v1/tournaments/{teams_event.pk}/teams/").status_code == 200
    teams_event.published = False
    teams_event.save()
    assert Client().get(f"/api/v1/tournaments/{teams_event.pk}/teams/").status_code == 404
    assert Client().get(f"/api/v1/tournaments/{teams_event.pk}/standings/teams/").status_code == 404


def test_members_change_until_a_round_is_paired(organiser, teams_event) -> None:
    client = _client(organiser)
    _post(client, teams_event, {"name": "A", "members": ["B", "C", "D"]})
    team = Team.objects.get()
    url = f"/api/v1/tournaments/{teams_event.pk}/teams/{team.pk}/"
    answer = client.patch(
        url, {"name": "A2", "members": ["B", "E"]}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    assert [m["player"] for m in answer.json()["teams"][0]["members"]] == ["B", "E"]
    # C and D stay entered, in no team.
    assert Entry.objects.get(player__display_name="C").team is None
    RoundFactory(tournament=teams_event, number=1)
    frozen = client.patch(url, {"members": ["B", "C"]}, content_type="application/json")
    assert _errors(frozen)["members"][0] == "frozen"
    renamed = client.patch(url, {"name": "A3"}, content_type="application/json")
    assert renamed.json()["teams"][0]["name"] == "A3"
    withdrawn = client.patch(url, {"withdrawn": True}, content_type="application/json")
    assert withdrawn.json()["teams"][0]["withdrawn"] is True
    assert set(Entry.objects.filter(team=team).values_list("withdrawn", flat=True)) == {True}


# --- the setting ---------------------------------------------------------------------------


def test_entrants_fit_the_game(organiser) -> None:
    from tests.factories import ClubFactory, make_club_organiser

    club = ClubFactory()
    make_club_organiser(organiser, club)
    client = _client(organiser)

    def create(**fields):
        return client.post(
            "/api/v1/tournaments/",
            {"name": "T", "club": club.pk, **fields},
            content_type="application/json",
            HTTP_ACCEPT_LANGUAGE="ru",
        )

    # Pairs: Deberc at four only.
    at_two = create(entrants="pairs", table_size=2)
    assert _errors(at_two)["entrants"][0] == "bad_entrants"
    preferans = create(entrants="pairs", game="preferans", table_size=3)
    assert _errors(preferans)["entrants"][0] == "bad_entrants"
    assert create(entrants="pairs", table_size=4).json()["entrants"] == "pairs"
    assert create(entrants="teams", game="preferans", table_size=3).status_code == 201
    assert _errors(create(entrants="clubs"))["entrants"][0] == "invalid_choice"


def test_entrants_are_frozen_once_a_round_is_paired(organiser, teams_event) -> None:
    client = _client(organiser)
    url = f"/api/v1/tournaments/{teams_event.pk}/"
    RoundFactory(tournament=teams_event, number=1)
    answer = client.patch(url, {"entrants": "players"}, content_type="application/json")
    assert _errors(answer)["entrants"][0] == "frozen"
    teams_event.refresh_from_db()
    assert teams_event.entrants == "teams"


# --- the Players page ------------------------------------------------------------------------


def _page_post(client, tournament, data, lang):
    return client.post(
        f"/tournaments/{tournament.pk}/players/",
        {"action": "team", **data},
        HTTP_ACCEPT_LANGUAGE=lang,
        follow=True,
    )


def test_the_players_page_enters_a_team_and_lists_it(organiser, teams_event) -> None:
    client = _client(organiser)
    page = client.get(f"/tournaments/{teams_event.pk}/players/", HTTP_ACCEPT_LANGUAGE="uk")
    assert 'data-testid="team-form"' in page.content.decode()
    assert "Заявити команду" in page.content.decode()
    answer = _page_post(
        client, teams_event, {"team_name": "Дніпро", "members": "Олена\nТарас\n\nІгор\n"}, "uk"
    )
    html = answer.content.decode()
    assert answer.status_code == 200
    assert "Дніпро: заявку прийнято." in html
    assert 'data-testid="teams"' in html
    assert list(
        Entry.objects.filter(team__name="Дніпро").values_list("player__display_name", flat=True)
    ) == [
        "Олена",
        "Тарас",
        "Ігор",
    ]


@pytest.mark.parametrize(
    ("lang", "members", "message"),
    [
        ("ru", "Олена", "В команде не меньше 2 игроков."),
        ("uk", "Олена", "У команді щонайменше 2 гравці."),
        ("ru", "Олена\nолена", "олена указан дважды."),
        ("uk", "Олена\nолена", "олена вказано двічі."),
    ],
)
def test_the_players_page_refuses_a_bad_team_at_its_field(
    organiser, teams_event, lang, members, message
) -> None:
    answer = _page_post(
        _client(organiser), teams_event, {"team_name": "Дніпро", "members": members}, lang
    )
    html = answer.content.decode()
    assert message in html
    assert 'class="field-error"' in html
    assert not Team.objects.exists() and not Entry.objects.exists()


def test_the_players_page_of_a_players_tournament_has_no_team_form(organiser) -> None:
    players = _tournament(organiser)
    page = _client(organiser).get(f"/tournaments/{players.pk}/players/")
    assert 'data-testid="team-form"' not in page.content.decode()
    refused = _page_post(_client(organiser), players, {"team_name": "A", "members": "B\nC"}, "en")
    assert refused.status_code == 403
    assert not Team.objects.exists()


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("ru", "В Преферанс не играют парами"),
        ("uk", "У Преферанс не грають парами"),
    ],
)
def test_the_organisers_form_refuses_pairs_where_the_game_has_none(
    organiser, lang, message
) -> None:
    from tests.factories import ClubFactory, make_club_organiser

    club = ClubFactory()
    make_club_organiser(organiser, club)
    data = {
        "name": "Пулька",
        "club": club.pk,
        "game": "preferans",
        "ruleset": "sochi",
        "table_size": "3",
        "system": "swiss",
        "rounds": "3",
        "match_score": "places",
        "entrants": "pairs",
    }
    client = _client(organiser)
    refused = client.post("/tournaments/new/", data, HTTP_ACCEPT_LANGUAGE=lang)
    assert refused.status_code == 200
    assert message in refused.content.decode()
    assert not Tournament.objects.filter(name="Пулька").exists()
    created = client.post("/tournaments/new/", {**data, "entrants": "teams"})
    assert created.status_code == 302
    assert Tournament.objects.get(name="Пулька").entrants == "teams"


@pytest.mark.parametrize(("lang", "words"), [("ru", "слишком мал"), ("uk", "замалою")])
def test_a_member_is_not_taken_out_of_a_team_that_would_be_left_too_small(
    organiser, teams_event, lang, words
) -> None:
    client = _client(organiser)
    assert (
        _post(client, teams_event, {"name": "Пара", "members": ["Оля", "Петро"]}).status_code == 201
    )
    entry = Entry.objects.get(tournament=teams_event, player__display_name="Оля")
    answer = client.delete(
        f"/api/v1/tournaments/{teams_event.pk}/entries/{entry.pk}/", HTTP_ACCEPT_LANGUAGE=lang
    )
    # As a player who has played: the entry stands (a conflict with the team, 409).
    assert answer.status_code == 409
    code, message = _errors(answer)["player"]
    assert code == "team_too_small" and words in message
    assert Entry.objects.filter(team__name="Пара").count() == 2
    # A third member may leave: two are still a team.
    assert (
        _post(client, teams_event, {"name": "Трійка", "members": ["А", "Б", "В"]}).status_code
        == 201
    )
    third = Entry.objects.get(tournament=teams_event, player__display_name="В")
    assert (
        client.delete(f"/api/v1/tournaments/{teams_event.pk}/entries/{third.pk}/").status_code
        == 204
    )
