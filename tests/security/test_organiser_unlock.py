"""Organisers lift sign-in lockouts without staff rights (`/accounts/lockouts/` and its API
twin under /api/v1/lockouts/): a club's organisers the accounts of their club's people, and
the address they are at; staff anything. A tournament's organiser who does not organise a
club lifts nothing (roles belong to a club: issue 31). A club behind one address is not
locked out by a few typos; a guesser is."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest
from axes.models import AccessAttempt
from django.test import Client

from tests.factories import UserFactory, make_club_organiser, make_evening

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/v1/auth/token/"
PAGE_URL = "/accounts/lockouts/"
LIFT_URL = "/accounts/lockouts/lift/"
API_LIST = "/api/v1/lockouts/"
API_LIFT = "/api/v1/lockouts/lift/"
CLUB = "203.0.113.50"  # the club's Wi-Fi, behind one public address
ELSEWHERE = "198.51.100.9"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def ev() -> SimpleNamespace:
    """An evening whose organiser organises its club too (lockouts are a club's matter)."""
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    return ev


def sign_in(username: str, password: str = "demo", address: str = CLUB):
    return Client().post(
        TOKEN_URL, {"username": username, "password": password}, REMOTE_ADDR=address
    )


def wrong_passwords(username: str, times: int, address: str = CLUB) -> None:
    for _ in range(times):
        sign_in(username, "wrong", address)


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def lift_api(client: Client, kind: str, value: str, address: str = CLUB):
    return client.post(
        API_LIFT,
        data=json.dumps({"kind": kind, "value": value}),
        content_type="application/json",
        REMOTE_ADDR=address,
    )


def listed(client: Client, address: str = CLUB) -> list[tuple[str, str]]:
    response = client.get(API_LIST, REMOTE_ADDR=address)
    assert response.status_code == 200
    return [(item["kind"], item["value"]) for item in response.json()["lockouts"]]


def assert_refused(response, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    (error,) = response.json()["errors"]
    assert error["code"] == code
    assert error["message"]


# --- a club behind one address -------------------------------------------------------------


def test_ten_typos_by_different_members_lock_nobody_out(ev, settings):
    members = [UserFactory(username=f"member{n}") for n in range(settings.AXES_FAILURE_LIMIT)]
    for member in members:
        sign_in(member.username, "typo")
    for member in members:
        assert sign_in(member.username).status_code == 200
    assert sign_in(ev.scorer.username).status_code == 200


def test_a_guesser_on_one_account_locks_it_but_not_the_club(ev, settings):
    wrong_passwords(ev.scorer.username, settings.AXES_FAILURE_LIMIT)
    response = sign_in(ev.scorer.username)
    assert_refused(response, 429, "locked_out")
    assert "organiser" in response.json()["errors"][0]["message"]
    # Everybody else at the club signs in as usual.
    assert sign_in(ev.other_scorer.username).status_code == 200


def test_a_guesser_spraying_accounts_from_one_address_locks_the_address(ev, settings):
    for n in range(settings.AXES_ADDRESS_FAILURE_LIMIT):
        sign_in(f"guess{n}", "wrong", ELSEWHERE)
    assert_refused(sign_in(ev.scorer.username, address=ELSEWHERE), 429, "locked_out")
    assert sign_in(ev.scorer.username, address=CLUB).status_code == 200


def test_the_address_limit_follows_the_settings(ev, settings):
    settings.AXES_ADDRESS_FAILURE_LIMIT = 15
    for n in range(15):
        sign_in(f"guess{n}", "wrong")
    assert_refused(sign_in(ev.scorer.username), 429, "locked_out")


def test_the_sign_in_page_says_the_organiser_can_unlock(ev, settings):
    wrong_passwords(ev.scorer.username, settings.AXES_FAILURE_LIMIT)
    response = Client().post(
        "/accounts/login/", {"username": ev.scorer.username, "password": "demo"}, REMOTE_ADDR=CLUB
    )
    assert response.status_code == 429
    body = response.content.decode()
    assert "ask the organiser to unlock your account" in body
    assert 'data-testid="who-unlocks"' in body


# --- the organiser's page ------------------------------------------------------------------


def test_an_organiser_unlocks_their_scorer_on_the_page(ev, settings):
    wrong_passwords(ev.scorer.username, settings.AXES_FAILURE_LIMIT, ELSEWHERE)
    organiser = as_user(ev.organiser)
    page = organiser.get(PAGE_URL, REMOTE_ADDR=CLUB)
    assert page.status_code == 200
    assert f'data-value="{ev.scorer.username}"' in page.content.decode()
    response = organiser.post(
        LIFT_URL, {"kind": "account", "value": ev.scorer.username}, REMOTE_ADDR=CLUB
    )
    assert response.status_code == 302
    assert response["Location"] == PAGE_URL
    assert sign_in(ev.scorer.username).status_code == 200
    after = organiser.get(PAGE_URL, REMOTE_ADDR=CLUB).content.decode()
    assert f"Unlocked: {ev.scorer.username} can sign in again." in after
    assert 'data-testid="no-lockouts"' in after


@pytest.mark.parametrize("role", ["referee", "scorer", "other_scorer", "player"])
def test_an_organiser_may_unlock_everybody_in_their_tournament(ev, settings, role):
    username = getattr(ev, role).username
    wrong_passwords(username, settings.AXES_FAILURE_LIMIT)
    organiser = as_user(ev.organiser)
    assert ("account", username) in listed(organiser)
    assert lift_api(organiser, "account", username).status_code == 200
    assert sign_in(username).status_code == 200


def test_an_organiser_cannot_unlock_a_stranger(ev, settings):
    wrong_passwords(ev.stranger.username, settings.AXES_FAILURE_LIMIT)
    organiser = as_user(ev.organiser)
    assert ("account", ev.stranger.username) not in listed(organiser)
    page = organiser.post(LIFT_URL, {"kind": "account", "value": ev.stranger.username})
    assert page.status_code == 403
    refusal = re.search(r'data-testid="errors">(.*?)</div>', page.content.decode(), re.S)
    assert refusal and "your club&#x27;s people" in refusal.group(1)
    assert_refused(lift_api(organiser, "account", ev.stranger.username), 403, "not_yours_to_lift")
    assert_refused(sign_in(ev.stranger.username), 429, "locked_out")


def test_an_organiser_cannot_unlock_a_staff_account(ev, settings):
    ev.referee.is_staff = True
    ev.referee.save(update_fields=["is_staff"])
    wrong_passwords(ev.referee.username, settings.AXES_FAILURE_LIMIT)
    organiser = as_user(ev.organiser)
    assert ("account", ev.referee.username) not in listed(organiser)
    assert_refused(lift_api(organiser, "account", ev.referee.username), 403, "not_yours_to_lift")


def test_an_organiser_cannot_unlock_an_address_from_elsewhere(ev, settings):
    for n in range(settings.AXES_ADDRESS_FAILURE_LIMIT):
        sign_in(f"guess{n}", "wrong", CLUB)
    organiser = as_user(ev.organiser)
    assert ("address", CLUB) not in listed(organiser, address=ELSEWHERE)
    assert_refused(lift_api(organiser, "address", CLUB, address=ELSEWHERE), 403, "other_address")
    assert_refused(sign_in(ev.scorer.username, address=CLUB), 429, "locked_out")


def test_an_organiser_unlocks_the_address_they_are_at(ev, settings):
    # A guesser at the club first tries the scorer's password, then sprays other accounts.
    wrong_passwords(ev.scorer.username, settings.AXES_FAILURE_LIMIT, CLUB)
    for n in range(settings.AXES_ADDRESS_FAILURE_LIMIT - settings.AXES_FAILURE_LIMIT):
        sign_in(f"guess{n}", "wrong", CLUB)
    assert_refused(sign_in(ev.other_scorer.username, address=CLUB), 429, "locked_out")
    organiser = as_user(ev.organiser)
    page = organiser.get(PAGE_URL, REMOTE_ADDR=CLUB).content.decode()
    assert f'data-value="{CLUB}"' in page
    assert "your address" in page
    response = organiser.post(LIFT_URL, {"kind": "address", "value": CLUB}, REMOTE_ADDR=CLUB)
    assert response.status_code == 302
    assert sign_in(ev.other_scorer.username, address=CLUB).status_code == 200
    # Lifting the address forgot only what counted against the address: the account that
    # was guessed at stays locked, and is lifted on its own.
    assert_refused(sign_in(ev.scorer.username, address=CLUB), 429, "locked_out")
    assert listed(organiser) == [("account", ev.scorer.username)]
    assert lift_api(organiser, "account", ev.scorer.username).status_code == 200
    assert sign_in(ev.scorer.username, address=CLUB).status_code == 200
    # The rows django-axes keeps are still one per (username, address, user agent): new
    # failures from the club count as before.
    wrong_passwords(ev.scorer.username, settings.AXES_FAILURE_LIMIT, CLUB)
    assert_refused(sign_in(ev.scorer.username, address=CLUB), 429, "locked_out")


def test_unlocking_an_account_leaves_its_guessers_address_count(ev, settings):
    settings.AXES_ADDRESS_FAILURE_LIMIT = 20
    for n in range(10):
        sign_in(f"guess{n}", "wrong", ELSEWHERE)
    wrong_passwords(ev.scorer.username, settings.AXES_FAILURE_LIMIT, ELSEWHERE)
    assert_refused(sign_in(ev.other_scorer.username, address=ELSEWHERE), 429, "locked_out")
    assert lift_api(as_user(ev.organiser), "account", ev.scorer.username).status_code == 200
    assert sign_in(ev.scorer.username, address=CLUB).status_code == 200
    assert_refused(sign_in(ev.scorer.username, address=ELSEWHERE), 429, "locked_out")


def test_an_organiser_lifts_a_limited_number_of_lockouts_a_day(ev, settings):
    """They can bring anyone into a tournament of theirs: without a cap a stolen organiser
    account could guess, lift and guess again forever."""
    settings.LOCKOUT_LIFTS_PER_DAY = 2
    organiser = as_user(ev.organiser)
    for role in ("scorer", "other_scorer"):
        wrong_passwords(getattr(ev, role).username, settings.AXES_FAILURE_LIMIT)
        assert lift_api(organiser, "account", getattr(ev, role).username).status_code == 200
    wrong_passwords(ev.player.username, settings.AXES_FAILURE_LIMIT)
    refused = lift_api(organiser, "account", ev.player.username)
    assert_refused(refused, 403, "too_many_lifts")
    assert "staff" in refused.json()["errors"][0]["message"]
    assert_refused(sign_in(ev.player.username), 429, "locked_out")
    # Staff are not capped.
    staff = as_user(UserFactory(username="unlock_staff3", is_staff=True))
    assert lift_api(staff, "account", ev.player.username).status_code == 200


def test_a_probed_username_does_not_tell_an_organiser_who_is_staff(ev, settings):
    outsider = UserFactory(username="site_admin", is_staff=True)
    wrong_passwords(outsider.username, settings.AXES_FAILURE_LIMIT)
    assert_refused(
        lift_api(as_user(ev.organiser), "account", outsider.username),
        403,
        "not_yours_to_lift",
    )


def test_staff_can_unlock_anyone_from_anywhere(ev, settings):
    wrong_passwords(ev.stranger.username, settings.AXES_FAILURE_LIMIT, ELSEWHERE)
    for n in range(settings.AXES_ADDRESS_FAILURE_LIMIT):
        sign_in(f"guess{n}", "wrong", CLUB)
    staff = as_user(UserFactory(username="unlock_staff", is_staff=True))
    assert set(listed(staff, address=ELSEWHERE)) >= {
        ("account", ev.stranger.username),
        ("address", CLUB),
    }
    assert lift_api(staff, "account", ev.stranger.username, address=ELSEWHERE).status_code == 200
    assert lift_api(staff, "address", CLUB, address=ELSEWHERE).status_code == 200
    assert sign_in(ev.stranger.username, address=ELSEWHERE).status_code == 200
    assert sign_in(ev.scorer.username, address=CLUB).status_code == 200


# --- who sees the page, and the API's coded refusals ---------------------------------------


def test_the_page_is_for_organisers_and_staff_only(ev):
    assert Client().get(PAGE_URL).status_code == 302  # to the sign-in page
    assert as_user(ev.scorer).get(PAGE_URL).status_code == 403
    assert as_user(ev.scorer).post(LIFT_URL, {"kind": "account", "value": "x"}).status_code == 403
    assert as_user(ev.organiser).get(PAGE_URL).status_code == 200


def test_a_tournaments_organiser_who_organises_no_club_lifts_nothing(ev, settings):
    """Roles belong to a club (issue 31): organising one of its tournaments gives no power
    over the lockouts of the club's people (it once did, to any tournament's organiser)."""
    tournament_only = UserFactory(username="tournament_only_organiser")
    ev.tournament.organisers.add(tournament_only)
    wrong_passwords(ev.scorer.username, settings.AXES_FAILURE_LIMIT)
    client = as_user(tournament_only)
    assert client.get(PAGE_URL).status_code == 403
    assert (
        client.post(LIFT_URL, {"kind": "account", "value": ev.scorer.username}).status_code == 403
    )
    assert_refused(client.get(API_LIST), 403, "permission_denied")
    assert_refused(lift_api(client, "account", ev.scorer.username), 403, "permission_denied")
    assert f'href="{PAGE_URL}"' not in client.get("/").content.decode()
    assert_refused(sign_in(ev.scorer.username), 429, "locked_out")


def test_the_unlock_button_needs_the_csrf_token(ev, settings):
    wrong_passwords(ev.scorer.username, settings.AXES_FAILURE_LIMIT)
    client = Client(enforce_csrf_checks=True)
    client.force_login(ev.organiser)
    response = client.post(LIFT_URL, {"kind": "account", "value": ev.scorer.username})
    assert response.status_code == 403
    assert_refused(sign_in(ev.scorer.username), 429, "locked_out")


def test_the_organisers_pages_link_to_the_lockouts(ev):
    home = as_user(ev.organiser).get("/").content.decode()
    assert f'href="{PAGE_URL}"' in home
    live = as_user(ev.organiser).get(f"/tournaments/{ev.tournament.pk}/").content.decode()
    assert f'href="{PAGE_URL}"' in live
    assert f'href="{PAGE_URL}"' not in as_user(ev.scorer).get("/").content.decode()


def test_the_api_refuses_with_coded_errors(ev, settings):
    assert_refused(Client().get(API_LIST), 401, "not_authenticated")
    assert_refused(lift_api(Client(), "account", ev.scorer.username), 401, "not_authenticated")
    scorer = as_user(ev.scorer)
    assert_refused(scorer.get(API_LIST), 403, "permission_denied")
    assert_refused(lift_api(scorer, "account", ev.scorer.username), 403, "permission_denied")
    organiser = as_user(ev.organiser)
    bad = lift_api(organiser, "user", ev.scorer.username)
    assert bad.status_code == 400
    assert bad.json()["errors"][0] == {
        "field": "kind",
        "code": "invalid_choice",
        "message": bad.json()["errors"][0]["message"],
    }
    missing = organiser.post(API_LIFT, data="{}", content_type="application/json")
    assert {(e["field"], e["code"]) for e in missing.json()["errors"]} == {
        ("kind", "required"),
        ("value", "required"),
    }
    not_locked = lift_api(organiser, "account", ev.scorer.username)
    assert_refused(not_locked, 404, "not_locked")
    assert not_locked.json()["errors"][0]["field"] == "value"
    assert_refused(lift_api(organiser, "address", "not-an-address"), 403, "other_address")
    staff = as_user(UserFactory(username="unlock_staff2", is_staff=True))
    assert_refused(lift_api(staff, "address", "not-an-address"), 404, "not_locked")


def test_the_api_lists_what_the_page_lists(ev, settings):
    wrong_passwords(ev.scorer.username, settings.AXES_FAILURE_LIMIT + 2)
    response = as_user(ev.organiser).get(API_LIST, REMOTE_ADDR=CLUB)
    body = response.json()
    assert body["address"] == CLUB
    (lockout,) = body["lockouts"]
    assert lockout["kind"] == "account"
    assert lockout["value"] == ev.scorer.username
    # Tries while locked count too (and push the end of the lock back).
    assert lockout["failures"] == settings.AXES_FAILURE_LIMIT + 2
    assert lockout["last_failure_at"]
    assert lockout["locked_until"]  # the cool-off after the failures that lock it
    assert AccessAttempt.objects.filter(username=ev.scorer.username).exists()


def test_it_documents_the_lockout_endpoints_in_the_schema(client):
    paths = client.get("/api/schema/?format=json").json()["paths"]
    assert {"200", "401", "403"} <= set(paths[API_LIST]["get"]["responses"])
    assert {"200", "400", "401", "403", "404"} <= set(paths[API_LIFT]["post"]["responses"])
