"""The players entered in a tournament [участники]: the organiser types the evening's list on
a page (one name a line) or sends it to the API, withdraws a player or brings them back, and
takes back an entry made by mistake; a player who has played is withdrawn, never removed."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import TournamentFactory, UserFactory, make_club_organiser, make_evening
from tournaments.clubs.models import Player
from tournaments.events import entries
from tournaments.events.models import Entry
from tournaments.pairing.manager import plan_round
from tournaments.standings.models import StandingRow

pytestmark = pytest.mark.django_db


@pytest.fixture
def ev():
    """An evening's users and a new tournament of theirs with nobody entered yet."""
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    ev.evening = ev.tournament  # its tables seat Anna and Boris
    ev.tournament = TournamentFactory(club=ev.evening.club, published=True)
    ev.tournament.organisers.add(ev.organiser)
    ev.tournament.referees.add(ev.referee)
    return ev


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _names(tournament) -> list[str]:
    return [e.player.display_name for e in tournament.entries.select_related("player")]


# --- the service -----------------------------------------------------------------------------


def test_it_enters_new_and_known_players_in_seed_order(ev) -> None:
    known = Player.objects.create(club=ev.tournament.club, display_name="Олена Коваль")
    added, already = entries.entries_add(
        tournament=ev.tournament, names=["  Олена   Коваль ", "Тарас", "", "тарас", "Ігор"]
    )
    assert [e.player.display_name for e in added] == ["Олена Коваль", "Тарас", "Ігор"]
    assert added[0].player == known  # the club's own player, not a namesake
    assert [e.seed for e in added] == [1, 2, 3]
    assert already == []
    again, already = entries.entries_add(tournament=ev.tournament, names=["Ігор", "Марко"])
    assert [e.seed for e in again] == [4] and already == ["Ігор"]
    assert _names(ev.tournament) == ["Олена Коваль", "Тарас", "Ігор", "Марко"]


def test_a_new_entry_gets_a_standings_line_at_once(ev, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        entries.entries_add(tournament=ev.tournament, names=["Тарас"])
    assert StandingRow.objects.filter(
        tournament=ev.tournament, player__display_name="Тарас"
    ).exists()


@pytest.mark.parametrize(
    ("names", "code"), [(["", "  "], "no_players"), (["x" * 81], "name_too_long")]
)
def test_it_refuses_an_empty_list_and_an_overlong_name(ev, names, code) -> None:
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as caught:
        entries.entries_add(tournament=ev.tournament, names=names)
    assert caught.value.error_dict["players"][0].code == code
    assert not ev.tournament.entries.exists()


def test_a_withdrawn_player_is_no_longer_paired() -> None:
    tournament = TournamentFactory(table_size=2, rounds=3)
    entries.entries_add(tournament=tournament, names=["A", "B", "C", "D"])
    entry = tournament.entries.get(player__display_name="D")
    entries.entry_update(entry=entry, withdrawn=True)
    paired = {p for table in plan_round(tournament, 1).tables for p in table}
    assert entry.player_id not in paired and len(paired) == 2
    entries.entry_update(entry=entry, withdrawn=False)
    assert len({p for t in plan_round(tournament, 1).tables for p in t}) == 4


def test_a_player_who_has_played_is_withdrawn_not_removed(ev) -> None:
    from django.core.exceptions import ValidationError

    seated = ev.evening.entries.get(player__display_name="Anna")
    with pytest.raises(ValidationError) as caught:
        entries.entry_remove(entry=seated)
    assert caught.value.error_dict["player"][0].code == "entry_has_played"
    (late,), _ = entries.entries_add(tournament=ev.tournament, names=["Late"])
    entries.entry_remove(entry=late)
    assert not Entry.objects.filter(pk=late.pk).exists()
    assert Player.objects.filter(display_name="Late").exists()  # the club keeps its player


@pytest.mark.parametrize(
    ("known", "typed"), [("Ivan Sirko", "ivan SIRKO"), ("Олена Коваль", "олена коваль")]
)
def test_it_enters_the_clubs_player_whatever_the_case_of_the_name(ev, known, typed) -> None:
    player = Player.objects.create(club=ev.tournament.club, display_name=known)
    before = Player.objects.count()
    (entry,), _ = entries.entries_add(tournament=ev.tournament, names=[typed])
    assert entry.player == player
    assert Player.objects.count() == before  # no second player of that name


def test_a_player_who_only_had_a_bye_is_offered_withdraw_not_remove(ev) -> None:
    from tournaments.events import selectors
    from tournaments.events.models import Round

    added, _ = entries.entries_add(tournament=ev.tournament, names=["Odd", "Even"])
    Round.objects.create(tournament=ev.tournament, number=1).byes.add(added[0].player)
    rows = {row["name"]: row for row in selectors.entry_rows(ev.tournament)}
    assert rows["Odd"]["matches"] == 0 and rows["Odd"]["played"] is True
    assert rows["Even"]["played"] is False
    page = _client(ev.organiser).get(f"/tournaments/{ev.tournament.pk}/players/").content.decode()
    assert f"/players/{added[1].pk}/remove/" in page
    assert f"/players/{added[0].pk}/remove/" not in page


# --- the API ---------------------------------------------------------------------------------


def test_the_organiser_enters_players_through_the_api(ev) -> None:
    url = f"/api/v1/tournaments/{ev.tournament.pk}/entries/"
    answer = _client(ev.organiser).post(
        url, {"players": ["Тарас", "Ігор", "Тарас"]}, content_type="application/json"
    )
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["added"] == ["Тарас", "Ігор"] and body["already"] == []
    assert [(e["name"], e["seed"], e["withdrawn"]) for e in body["entries"]] == [
        ("Тарас", 1, False),
        ("Ігор", 2, False),
    ]
    again = _client(ev.organiser).post(url, {"players": ["Ігор"]}, content_type="application/json")
    assert again.status_code == 200 and again.json()["already"] == ["Ігор"]
    public = Client().get(url)
    assert public.status_code == 200 and len(public.json()["entries"]) == 2


def test_the_api_withdraws_reseeds_and_removes(ev) -> None:
    entries.entries_add(tournament=ev.tournament, names=["Тарас", "Ігор"])
    entry = ev.tournament.entries.get(player__display_name="Ігор")
    url = f"/api/v1/tournaments/{ev.tournament.pk}/entries/{entry.pk}/"
    client = _client(ev.organiser)
    answer = client.patch(url, {"withdrawn": True, "seed": 7}, content_type="application/json")
    assert answer.status_code == 200
    entry.refresh_from_db()
    assert entry.withdrawn and entry.seed == 7
    assert client.delete(url).status_code == 204
    assert client.delete(url).status_code == 404


def test_the_api_names_each_problem(ev) -> None:
    client = _client(ev.organiser)
    url = f"/api/v1/tournaments/{ev.tournament.pk}/entries/"
    empty = client.post(url, {"players": ["", " "]}, content_type="application/json")
    assert empty.status_code == 400
    assert empty.json()["errors"][0]["field"] == "players"
    assert empty.json()["errors"][0]["code"] == "no_players"
    wrong = client.post(url, {"players": "Тарас"}, content_type="application/json")
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["field"] == "players"
    seated = ev.evening.entries.get(player__display_name="Anna")
    url = f"/api/v1/tournaments/{ev.evening.pk}/entries/"
    refused = client.delete(f"{url}{seated.pk}/")
    assert refused.status_code == 409
    assert refused.json()["errors"][0]["code"] == "entry_has_played"
    bad_seed = client.patch(f"{url}{seated.pk}/", {"seed": 0}, content_type="application/json")
    assert bad_seed.status_code == 400 and bad_seed.json()["errors"][0]["field"] == "seed"


@pytest.mark.parametrize("role", ["referee", "scorer", "player", "stranger"])
def test_only_the_organiser_changes_the_entries(ev, role) -> None:
    entries.entries_add(tournament=ev.tournament, names=["Тарас"])
    entry = ev.tournament.entries.get()
    client = _client(getattr(ev, role))
    url = f"/api/v1/tournaments/{ev.tournament.pk}/entries/"
    post = client.post(url, {"players": ["X"]}, content_type="application/json")
    assert post.status_code == 403
    assert client.delete(f"{url}{entry.pk}/").status_code == 403
    assert Client().post(url, {"players": ["X"]}, content_type="application/json").status_code == (
        401
    )
    assert _names(ev.tournament) == ["Тарас"]


def test_an_unpublished_tournaments_entries_are_hidden_from_the_public() -> None:
    ev = make_evening(published=False)
    assert Client().get(f"/api/v1/tournaments/{ev.tournament.pk}/entries/").status_code == 404
    stranger = _client(UserFactory())
    assert stranger.get(f"/api/v1/tournaments/{ev.tournament.pk}/entries/").status_code == 404


# --- the page --------------------------------------------------------------------------------


def test_the_organiser_types_the_list_on_the_page(ev) -> None:
    client = _client(ev.organiser)
    url = f"/tournaments/{ev.tournament.pk}/players/"
    answer = client.post(url, {"players": "Тарас\nІгор\n\nОлена\n"}, HTTP_ACCEPT_LANGUAGE="uk")
    assert answer.status_code == 302
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert page.index("Тарас") < page.index("Ігор") < page.index("Олена")
    assert 'data-testid="entries-form"' in page
    assert _names(ev.tournament) == ["Тарас", "Ігор", "Олена"]


def test_the_page_shows_the_error_at_the_field(ev) -> None:
    client = _client(ev.organiser)
    page = client.post(
        f"/tournaments/{ev.tournament.pk}/players/", {"players": "x" * 90}
    ).content.decode()
    assert 'class="field-error"' in page and "at most 80 characters" in page
    assert not ev.tournament.entries.exists()


def test_the_page_withdraws_brings_back_and_removes(ev) -> None:
    entries.entries_add(tournament=ev.tournament, names=["Тарас"])
    entry = ev.tournament.entries.get()
    client = _client(ev.organiser)
    base = f"/tournaments/{ev.tournament.pk}/players/{entry.pk}"
    client.post(f"{base}/withdraw/", {"withdrawn": "1"})
    entry.refresh_from_db()
    assert entry.withdrawn
    client.post(f"{base}/withdraw/", {"withdrawn": "0"})
    entry.refresh_from_db()
    assert not entry.withdrawn
    client.post(f"{base}/remove/")
    assert not Entry.objects.filter(pk=entry.pk).exists()


def test_others_read_the_list_but_cannot_change_it(ev) -> None:
    entries.entries_add(tournament=ev.tournament, names=["Тарас"])
    entry = ev.tournament.entries.get()
    page = Client().get(f"/tournaments/{ev.tournament.pk}/players/").content.decode()
    assert "Тарас" in page and 'data-testid="entries-form"' not in page and "/remove/" not in page
    scorer = _client(ev.scorer)
    url = f"/tournaments/{ev.tournament.pk}/players/"
    assert scorer.post(url, {"players": "X"}).status_code == 403
    assert scorer.post(f"{url}{entry.pk}/remove/").status_code == 403
    assert Entry.objects.filter(pk=entry.pk).exists()


def test_a_new_tournament_leads_to_its_players(ev) -> None:
    client = _client(ev.organiser)
    answer = client.post(
        "/tournaments/new/",
        {
            "name": "Вечір",
            "club": ev.tournament.club_id,
            "ruleset": "moscow",
            "table_size": "2",
            "system": "swiss",
            "rounds": "3",
            "match_score": "win",
        },
    )
    assert answer.status_code == 302 and answer["Location"].endswith("/players/")
