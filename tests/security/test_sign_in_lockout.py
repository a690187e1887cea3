"""Sign-in throttling (django-axes): too many wrong passwords for an account
(AXES_FAILURE_LIMIT), or from an address (AXES_ADDRESS_FAILURE_LIMIT, higher: a club shares
one), lock both the sign-in page and the API's token endpoint; staff can unlock (organisers
too: test_organiser_unlock.py)."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.utils import translation

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/v1/auth/token/"
LOGIN_URL = "/accounts/login/"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # 25 wrong passwords with the production hasher would take most of a minute.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def scorer():
    return UserFactory(username="lockout_scorer")


def token_attempt(client, username: str, password: str, address: str = "203.0.113.7"):
    return client.post(TOKEN_URL, {"username": username, "password": password}, REMOTE_ADDR=address)


def page_attempt(client, username: str, password: str, address: str = "203.0.113.7"):
    return client.post(LOGIN_URL, {"username": username, "password": password}, REMOTE_ADDR=address)


def assert_locked_out_error(response) -> None:
    assert response.status_code == 429
    (error,) = response.json()["errors"]
    assert error["code"] == "locked_out"
    assert error["field"] is None
    assert "Too many failed sign-in attempts" in error["message"]


def test_it_locks_out_the_token_endpoint_after_wrong_passwords(client, scorer, settings):
    for _ in range(25):
        response = token_attempt(client, scorer.username, "wrong")
        assert response.status_code in (400, 429)
    assert_locked_out_error(token_attempt(client, scorer.username, "demo"))


def test_it_locks_out_the_sign_in_page_after_wrong_passwords(client, scorer):
    for _ in range(25):
        page_attempt(client, scorer.username, "wrong")
    response = page_attempt(client, scorer.username, "demo")
    assert response.status_code == 429
    assert "Too many failed sign-in attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_it_locks_the_account_whatever_the_address(client, scorer, settings):
    for n in range(settings.AXES_FAILURE_LIMIT):
        token_attempt(client, scorer.username, "wrong", address=f"198.51.100.{n + 1}")
    assert_locked_out_error(token_attempt(client, scorer.username, "demo", "192.0.2.200"))


def test_it_locks_the_address_whatever_the_account(client, scorer, settings):
    # A guesser spraying many accounts from one address: the address's own, higher, limit.
    for n in range(settings.AXES_ADDRESS_FAILURE_LIMIT):
        token_attempt(client, f"guess{n}", "wrong", address="203.0.113.99")
    assert_locked_out_error(token_attempt(client, scorer.username, "demo", "203.0.113.99"))
    # The account itself is not locked: from another address it signs in.
    assert token_attempt(client, scorer.username, "demo", "192.0.2.10").status_code == 200


def test_it_lets_a_few_mistakes_pass(client, scorer, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert token_attempt(client, scorer.username, "wrong").status_code == 400
    response = token_attempt(client, scorer.username, "demo")
    assert response.status_code == 200
    assert response.json()["token"]


def test_it_unlocks_with_the_reset_command(client, scorer):
    for _ in range(25):
        token_attempt(client, scorer.username, "wrong")
    assert token_attempt(client, scorer.username, "demo").status_code == 429
    call_command("axes_reset_username", scorer.username)
    assert AccessAttempt.objects.count() == 0
    assert token_attempt(client, scorer.username, "demo").status_code == 200


def test_it_unlocks_from_the_admin(client, scorer):
    for _ in range(25):
        page_attempt(client, scorer.username, "wrong")
    staff = UserFactory(username="lockout_staff", is_staff=True, is_superuser=True)
    admin = type(client)()
    admin.force_login(staff)
    attempts = list(AccessAttempt.objects.values_list("pk", flat=True))
    assert attempts
    response = admin.post(
        "/admin/axes/accessattempt/",
        {"action": "delete_selected", "_selected_action": attempts, "post": "yes"},
    )
    assert response.status_code == 302
    assert not AccessAttempt.objects.exists()
    assert page_attempt(client, scorer.username, "demo").status_code == 302


def test_it_tells_the_lockout_in_russian_and_ukrainian(client, scorer, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        token_attempt(client, scorer.username, "wrong")
    messages = {}
    for language in ("ru", "uk"):
        response = client.post(
            TOKEN_URL,
            {"username": scorer.username, "password": "demo"},
            REMOTE_ADDR="203.0.113.7",
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert response.status_code == 429
        messages[language] = response.json()["errors"][0]["message"]
    with translation.override("en"):
        assert messages["ru"] != messages["uk"]
    assert "Too many" not in messages["ru"]
    assert "Too many" not in messages["uk"]


def test_it_leaves_sign_ins_without_a_request_to_the_password_check(scorer):
    """A management command or a script has no address to lock: the password decides."""
    from django.contrib.auth import authenticate

    assert authenticate(username=scorer.username, password="demo") == scorer
    assert authenticate(username=scorer.username, password="wrong") is None


def test_a_guesser_cannot_clear_the_count_by_signing_in_to_their_own_account(
    client, scorer, settings
):
    guesser = UserFactory(username="lockout_guesser")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        token_attempt(client, scorer.username, "wrong")
    assert token_attempt(client, guesser.username, "demo").status_code == 200
    token_attempt(client, scorer.username, "wrong")
    assert_locked_out_error(token_attempt(client, scorer.username, "demo", "192.0.2.55"))
