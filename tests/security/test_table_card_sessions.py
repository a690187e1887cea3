"""Issue 20, the authorization matrix grown by the table-card session and the new roles: a
scanned card carries its own table's permission only. Writing another table, reading an
unpublished tournament's other matches, the organiser's pages and API, the staff and card
endpoints, a later round: all refused (403/404), never a 200."""

from __future__ import annotations

import itertools
import json

import pytest
from django.test import Client

from tests.factories import DEAL_MADE, TableFactory, make_evening, make_match
from tournaments.clubs import table_cards
from tournaments.clubs.models import ClubMember
from tournaments.events.models import Round

pytestmark = pytest.mark.django_db
_keys = itertools.count()


def card_phone(night) -> Client:
    issued = table_cards.card_issue(table=night.table, user=night.organiser)
    phone = Client()
    path = f"/cards/{issued.token}/"
    assert phone.post(path, {"name": "Тарас"}).status_code == 302
    return phone


def deal(client: Client, match) -> int:
    match.refresh_from_db()
    return client.post(
        f"/api/v1/matches/{match.pk}/deals/",
        data=json.dumps({**DEAL_MADE, "version": match.version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=f"matrix-{next(_keys)}",
    ).status_code


@pytest.fixture
def night():
    return make_evening(published=False)


def test_the_card_writes_its_own_table(night):
    assert deal(card_phone(night), night.match) == 201


def test_the_card_never_writes_another_table(night):
    assert deal(card_phone(night), night.other_match) in (403, 404)


def test_the_card_never_reads_the_unpublished_tournaments_other_matches(night):
    phone = card_phone(night)
    for url in (
        f"/matches/{night.other_match.pk}/",
        f"/matches/{night.other_match.pk}/history/",
        f"/api/v1/matches/{night.other_match.pk}/",
        f"/api/v1/tournaments/{night.tournament.pk}/matches/",
        f"/tournaments/{night.tournament.pk}/",
        f"/tournaments/{night.tournament.pk}/standings/",
    ):
        assert phone.get(url).status_code in (403, 404), url


@pytest.mark.parametrize(
    "method,url",
    [
        ("get", "/tournaments/{t}/edit/"),
        ("get", "/tournaments/{t}/staff/"),
        ("get", "/tournaments/{t}/rounds/1/tables/"),
        ("get", "/tournaments/{t}/rounds/1/cards.pdf"),
        ("post", "/tournaments/{t}/rounds/1/cards/"),
        ("get", "/tournaments/{t}/pairing/"),
        ("post", "/tournaments/{t}/rounds/1/close/"),
        ("get", "/clubs/{c}/members/"),
        ("post", "/clubs/{c}/invitations/"),
        ("get", "/accounts/lockouts/"),
        ("post", "/api/v1/matches/{m}/card/"),
        ("delete", "/api/v1/matches/{m}/card/"),
        ("get", "/api/v1/tournaments/{t}/staff/"),
        ("post", "/api/v1/tournaments/{t}/staff/"),
        ("get", "/api/v1/tournaments/{t}/rounds/1/cards.pdf"),
        ("post", "/api/v1/tournaments/{t}/rounds/1/cards/"),
        ("post", "/api/v1/clubs/{c}/invitations/"),
        ("patch", "/api/v1/tournaments/{t}/"),
        ("post", "/api/v1/tokens/"),
    ],
)
def test_the_card_never_opens_the_organisers_pages(night, method, url):
    phone = card_phone(night)
    target = url.format(t=night.tournament.pk, c=night.tournament.club_id, m=night.match.pk)
    answer = getattr(phone, method)(target)
    assert answer.status_code in (302, 401, 403, 404, 405), (target, answer.status_code)
    if answer.status_code == 302:
        assert "/accounts/login/" in answer["Location"]


def test_the_card_is_scoped_to_its_round_not_a_later_one(night):
    phone = card_phone(night)
    Round.objects.filter(pk=night.round.pk).update(status=Round.Status.CLOSED)
    later = Round.objects.create(tournament=night.tournament, number=2, status=Round.Status.OPEN)
    table = TableFactory(round=later, number=1)
    later_match = make_match(table=table)
    assert deal(phone, later_match) in (401, 403, 404)
    assert deal(phone, night.match) in (401, 403, 404)


def test_a_club_member_without_a_role_in_the_tournament_has_none(night):
    ClubMember.objects.create(club=night.tournament.club, user=night.stranger, role="referee")
    client = Client()
    client.force_login(night.stranger)
    assert deal(client, night.match) == 404
    assert client.get(f"/tournaments/{night.tournament.pk}/staff/").status_code == 404


def test_an_appointed_co_organiser_manages_the_staff(night):
    ClubMember.objects.create(club=night.tournament.club, user=night.stranger, role="organiser")
    organiser = Client()
    organiser.force_login(night.organiser)
    answer = organiser.post(
        f"/api/v1/tournaments/{night.tournament.pk}/staff/",
        data=json.dumps({"user": night.stranger.username, "role": "organiser"}),
        content_type="application/json",
    )
    assert answer.status_code == 201
    co = Client()
    co.force_login(night.stranger)
    assert co.get(f"/tournaments/{night.tournament.pk}/staff/").status_code == 200
    assert co.post(f"/api/v1/matches/{night.match.pk}/card/").status_code == 201
