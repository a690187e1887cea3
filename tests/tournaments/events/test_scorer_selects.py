"""Issue 35, item 19: the tables page's scorer choice. Each table has a small select of its
likely scorers (the accounts of the players seated at it, the club's scorers, referees and
organisers, the tournament's organisers, referees and scorers), its scorer chosen, and a name
field for anyone else who may score: the page carries the list of every candidate once
(`<datalist>`), not in each table's select (a club of 3,000 members made the page 16 MB). The
server takes a name only if it is a candidate's, and refuses any other at its field with a
code and a message in the organiser's language."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import (
    ClubFactory,
    PlayerFactory,
    RoundFactory,
    TableFactory,
    UserFactory,
    make_evening,
    make_match,
)
from tournaments.clubs.models import ClubMember, Player
from tournaments.events.models import Round, Table
from tournaments.events.selectors import scorer_candidates
from tournaments.people.models import ClubPlayer

pytestmark = pytest.mark.django_db


def organiser(night, language: str | None = None) -> Client:
    client = Client()
    client.force_login(night.organiser)
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def tables_page(night) -> tuple[str, int]:
    client = organiser(night)
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(f"/tournaments/{night.tournament.pk}/matches/")
    assert answer.status_code == 200
    return answer.content.decode(), len(queries)


def select_of(page: str, table_id: int) -> list[tuple[str, str, bool]]:
    """(value, label, selected) of each option of a table's scorer select."""
    found = re.search(rf'<select name="r\d+-table_{table_id}"[^>]*>(.*?)</select>', page, re.S)
    assert found, table_id
    return [
        (value, label, bool(selected))
        for value, selected, label in re.findall(
            r'<option value="([^"]*)"( selected)?>([^<]*)</option>', found.group(1)
        )
    ]


def datalist_of(page: str) -> list[str]:
    """The values of the page's one list of names."""
    assert page.count("<datalist") == 1
    found = re.search(r'<datalist id="scorer-candidates">(.*?)</datalist>', page, re.S)
    assert found
    return re.findall(r'<option value="([^"]*)"', found.group(1))


def post(night, data: dict, language: str | None = None):
    return organiser(night, language).post(
        f"/tournaments/{night.tournament.pk}/rounds/{night.round.number}/scorers/", data
    )


def field(night, table, name: bool = False) -> str:
    return f"r{night.round.pk}-table_{table.pk}" + ("_name" if name else "")


def scorers(night) -> dict[int, int | None]:
    return dict(Table.objects.filter(round=night.round).values_list("number", "scorer_id"))


@pytest.fixture
def night():
    night = make_evening()
    club = night.tournament.club
    # A member of the club who scores (a ClubMember), one who plays (a player's account,
    # not seated), a player without an account, and an account of no club.
    night.club_scorer = UserFactory(username="club_scorer")
    ClubMember.objects.create(club=club, user=night.club_scorer, role=ClubMember.Role.SCORER)
    night.member = UserFactory(username="plain_member")
    PlayerFactory(club=club, display_name="Vera Member", user=night.member)
    PlayerFactory(club=club, user=None, display_name="Guest")
    night.outsider = UserFactory(username="outsider")
    return night


def test_each_select_offers_its_tables_likely_scorers_with_its_scorer_chosen(night):
    page, _queries = tables_page(night)
    scored = select_of(page, night.table.pk)
    # "nobody", then Anna's account (seated at table 1), then the staff and scorers.
    assert [(value, label) for value, label, _ in scored] == [
        ("none", "— nobody —"),
        (str(night.player.pk), f"Anna ({night.player.username})"),
        (str(night.club_scorer.pk), "club_scorer"),
        (str(night.organiser.pk), night.organiser.username),
        (str(night.other_scorer.pk), night.other_scorer.username),
        (str(night.referee.pk), night.referee.username),
        (str(night.scorer.pk), night.scorer.username),
    ]
    assert [value for value, _, selected in scored if selected] == [str(night.scorer.pk)]
    # Table 2 seats nobody with an account: its select has no one of table 1's players.
    other = [value for value, _, _ in select_of(page, night.other_table.pk)]
    assert str(night.player.pk) not in other and str(night.other_scorer.pk) in other
    assert str(night.member.pk) not in other + [value for value, _, _ in scored]
    assert [value for value, _, s in select_of(page, night.other_table.pk) if s] == [
        str(night.other_scorer.pk)
    ]
    # Everyone who may score is in the page's one list, once; nobody else.
    names = datalist_of(page)
    assert names == [user.username for user in scorer_candidates(night.tournament)]
    assert "plain_member" in names and "outsider" not in names
    # Each table's name field uses it, with its label.
    assert page.count('list="scorer-candidates"') == 2
    name_id = f"id_{field(night, night.table, name=True)}"
    assert f'<label for="{name_id}" class="visually-hidden">Someone else to score table 1' in page

    night.other_table.scorer = None
    night.other_table.save()
    page, _queries = tables_page(night)
    nobody = select_of(page, night.other_table.pk)
    assert [value for value, _, selected in nobody if selected] == ["none"]


def test_the_page_reads_as_many_queries_for_three_rounds_of_ten_tables_as_for_one_of_two(night):
    _page, small = tables_page(night)
    for number in range(3, 11):
        make_match(table=TableFactory(round=night.round, number=number))
    for number in (2, 3):
        rnd = RoundFactory(tournament=night.tournament, number=number, status=Round.Status.PAIRED)
        for table in range(1, 11):
            make_match(table=TableFactory(round=rnd, number=table, scorer=night.scorer))
    for _n in range(5):
        ClubMember.objects.create(
            club=night.tournament.club, user=UserFactory(), role=ClubMember.Role.REFEREE
        )
    page, large = tables_page(night)
    assert page.count('<select name="r') == 30
    assert page.count("<datalist") == 1
    assert large == small, (small, large)


def test_a_club_of_3000_members_makes_a_page_of_less_than_a_megabyte(night):
    User = get_user_model()
    users = User.objects.bulk_create(User(username=f"member{n:04d}") for n in range(3000))
    Player.objects.bulk_create(
        Player(club=night.tournament.club, display_name=f"Член клуба {n}", user=user)
        for n, user in enumerate(users)
    )
    for number in range(3, 33):
        TableFactory(round=night.round, number=number)
    for number in (2, 3, 4):
        rnd = RoundFactory(tournament=night.tournament, number=number, status=Round.Status.PAIRED)
        for table in range(1, 33):
            TableFactory(round=rnd, number=table, scorer=night.scorer)
    page, _queries = tables_page(night)
    assert page.count('<select name="r') == 128
    assert len(datalist_of(page)) > 3000
    # 128 selects of 3,000 options were 16 MB.
    assert len(page.encode()) < 1_000_000, len(page.encode())
    assert len(select_of(page, night.table.pk)) < 10


def test_a_name_from_the_list_scores_the_table(night):
    answer = post(night, {field(night, night.other_table, name=True): "plain_member"})
    assert answer.status_code == 302
    assert scorers(night) == {1: night.scorer.pk, 2: night.member.pk}
    # The letters' case, or the player's name (only one candidate has it), find them too.
    post(night, {field(night, night.table, name=True): "  PLAIN_member "})
    assert scorers(night)[1] == night.member.pk
    post(night, {field(night, night.table, name=True): "vera  member"})
    assert scorers(night)[1] == night.member.pk


def test_a_name_given_wins_over_the_select(night):
    post(
        night,
        {
            field(night, night.table): str(night.referee.pk),
            field(night, night.table, name=True): "club_scorer",
            field(night, night.other_table): str(night.organiser.pk),
            field(night, night.other_table, name=True): "",
        },
    )
    assert scorers(night) == {1: night.club_scorer.pk, 2: night.organiser.pk}


@pytest.mark.parametrize(
    ("language", "message"),
    [
        (None, "Nobody of that name may score this tournament's tables"),
        ("ru", "Никто с таким именем не может вести запись за столами этого турнира"),
        ("uk", "Ніхто з таким ім'ям не може вести запис за столами цього турніру"),
    ],
)
def test_a_name_of_no_candidate_is_refused_at_its_field_and_nothing_changes(
    night, language, message
):
    before = scorers(night)
    sent = field(night, night.table, name=True)
    for name in ("outsider", "nobody such", "x" * 500):
        answer = post(
            night,
            {sent: name, field(night, night.other_table): str(night.club_scorer.pk)},
            language,
        )
        assert answer.status_code == 400
        page = answer.content.decode()
        refusal = re.search(
            rf'<p class="error" id="{sent}-error" role="alert" data-field="{sent}" '
            r'data-code="unknown_scorer">([^<]*)</p>',
            page,
        )
        assert refusal, name
        assert refusal.group(1).replace("&#x27;", "'").startswith(message)
        # The field, as sent, is marked and points to its refusal.
        name_input = re.search(rf'<input[^>]*name="{sent}"[^>]*>', page).group(0)
        assert 'aria-invalid="true"' in name_input
        assert f'aria-describedby="{sent}-error"' in name_input
        assert " autofocus" in name_input  # the page opens there, far down as it may be
        assert scorers(night) == before
        # The page shown again keeps what was sent, and each table's scorer where nothing
        # was: sent again as shown, it changes no other table.
        assert [v for v, _, chosen in select_of(page, night.table.pk) if chosen] == [
            str(night.scorer.pk)
        ]
        assert [v for v, _, chosen in select_of(page, night.other_table.pk) if chosen] == [
            str(night.club_scorer.pk)
        ]


def test_a_name_two_candidates_have_is_refused_as_ambiguous(night):
    # A player of another club on this club's roll (a guest), of the same name.
    guest = PlayerFactory(club=ClubFactory(), display_name="Vera Member", user=UserFactory())
    ClubPlayer.objects.create(club=night.tournament.club, player=guest, via="consent")
    sent = field(night, night.table, name=True)
    answer = post(night, {sent: "Vera Member"})
    assert answer.status_code == 400
    assert f'data-field="{sent}" data-code="ambiguous_scorer"' in answer.content.decode()
    assert scorers(night)[1] == night.scorer.pk
    # Their sign-in name, from the list, says which.
    post(night, {sent: "plain_member"})
    assert scorers(night)[1] == night.member.pk


def test_a_select_value_of_no_candidate_is_refused_at_its_field(night):
    sent = field(night, night.table)
    for value in (str(night.outsider.pk), "12abc", "9" * 30):
        answer = post(night, {sent: value})
        assert answer.status_code == 400
        assert f'data-field="{sent}" data-code="invalid_choice"' in answer.content.decode()
        assert scorers(night)[1] == night.scorer.pk
    # Any candidate's id is taken, though the table's select does not offer it.
    assert post(night, {sent: str(night.member.pk)}).status_code == 302
    assert scorers(night)[1] == night.member.pk


def test_a_referee_assigns_by_sign_in_name_and_learns_no_players_account(night):
    """The referee on the floor assigns scorers too, but which account is which player's the
    organiser alone sees (the staff page's member search): the referee's page names the
    candidates by sign-in name only, as the selects did, and finds none by a player's name."""
    client = Client()
    client.force_login(night.referee)
    page = client.get(f"/tournaments/{night.tournament.pk}/matches/").content.decode()
    assert datalist_of(page) == [user.username for user in scorer_candidates(night.tournament)]
    assert "Vera Member" not in page and '<option value="plain_member"></option>' in page
    assert (str(night.player.pk), night.player.username, False) in select_of(page, night.table.pk)
    url = f"/tournaments/{night.tournament.pk}/rounds/{night.round.number}/scorers/"
    sent = field(night, night.table, name=True)
    answer = client.post(url, {sent: "Vera Member"})
    assert answer.status_code == 400
    assert f'data-field="{sent}" data-code="unknown_scorer"' in answer.content.decode()
    assert client.post(url, {sent: "plain_member"}).status_code == 302
    assert scorers(night)[1] == night.member.pk
