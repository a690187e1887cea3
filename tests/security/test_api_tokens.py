"""Issue 17, item 10: API tokens never expired and kept working for a locked or deactivated
account. A token unused for API_TOKEN_TTL_DAYS expires (each use moves the end on), its owner
lists and revokes it, and it dies with a lockout, a deactivation or a new password."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from scoring.models import ApiTokenUse
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/v1/auth/token/"
TOKENS = "/api/v1/tokens/"
ADDRESS = "198.51.100.77"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def scorer():
    return UserFactory(username="token_scorer")


def sign_in(username: str, password: str = "demo"):
    return Client().post(
        TOKEN_URL, {"username": username, "password": password}, REMOTE_ADDR=ADDRESS
    )


def token_of(username: str) -> str:
    answer = sign_in(username)
    assert answer.status_code == 200, answer.content
    return answer.json()["token"]


def with_token(key: str, method: str = "get", url: str = TOKENS):
    return getattr(Client(), method)(url, HTTP_AUTHORIZATION=f"Token {key}")


def code_of(response) -> str:
    return response.json()["errors"][0]["code"]


def test_a_token_works_and_says_when_it_expires(scorer, settings) -> None:
    answer = sign_in(scorer.username)
    body = answer.json()
    assert body["token"] and body["expires_at"]
    assert with_token(body["token"]).status_code == 200


def test_a_token_unused_for_the_period_expires(scorer, settings) -> None:
    key = token_of(scorer.username)
    ApiTokenUse.objects.filter(token_id=key).update(
        last_used_at=timezone.now() - timedelta(days=settings.API_TOKEN_TTL_DAYS, minutes=1)
    )
    Token.objects.filter(key=key).update(
        created=timezone.now() - timedelta(days=settings.API_TOKEN_TTL_DAYS + 5)
    )
    refused = with_token(key)
    assert refused.status_code == 401
    assert code_of(refused) == "token_expired"
    assert not Token.objects.filter(key=key).exists()
    # Signing in again gives a new token that works.
    fresh = token_of(scorer.username)
    assert fresh != key and with_token(fresh).status_code == 200


def test_each_use_moves_the_end_on(scorer, settings) -> None:
    key = token_of(scorer.username)
    old = timezone.now() - timedelta(days=settings.API_TOKEN_TTL_DAYS - 1)
    Token.objects.filter(key=key).update(created=old - timedelta(days=10))
    ApiTokenUse.objects.filter(token_id=key).update(last_used_at=old)
    assert with_token(key).status_code == 200  # a day left: used now
    (listed,) = with_token(key).json()
    assert listed["current"] is True
    expires = timezone.datetime.fromisoformat(listed["expires_at"].replace("Z", "+00:00"))
    assert expires > timezone.now() + timedelta(days=settings.API_TOKEN_TTL_DAYS - 1)


def test_the_owner_lists_and_revokes_their_tokens(scorer) -> None:
    key = token_of(scorer.username)
    listed = with_token(key).json()
    assert [set(row) for row in listed] == [
        {"id", "created_at", "last_used_at", "expires_at", "current"}
    ]
    assert key not in str(listed)  # the key is shown only once, when issued
    other = UserFactory(username="token_other")
    other_key = token_of(other.username)
    (other_row,) = with_token(other_key).json()
    # Not theirs: 404, and the other token still works.
    refused = with_token(key, "delete", f"{TOKENS}{other_row['id']}/")
    assert refused.status_code == 404
    assert with_token(other_key).status_code == 200
    assert with_token(key, "delete", f"{TOKENS}{10**30}/").status_code == 404
    # Their own: gone at once.
    assert with_token(key, "delete", f"{TOKENS}{listed[0]['id']}/").status_code == 204
    assert with_token(key).status_code == 401


def test_the_session_lists_the_tokens_too(scorer) -> None:
    token_of(scorer.username)
    client = Client()
    client.force_login(scorer)
    (row,) = client.get(TOKENS).json()
    assert row["current"] is False
    assert Client().get(TOKENS).status_code == 401


def test_a_lockout_kills_the_token(scorer, settings) -> None:
    key = token_of(scorer.username)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        sign_in(scorer.username, "wrong")
    refused = with_token(key)
    assert refused.status_code == 401
    assert not Token.objects.filter(user=scorer).exists()


def test_a_locked_address_alone_kills_no_token(scorer, settings) -> None:
    """A guesser spraying other names from the scorer's address locks the address, not the
    scorer's account: the scorer's token stays."""
    key = token_of(scorer.username)
    for n in range(settings.AXES_ADDRESS_FAILURE_LIMIT + 1):
        sign_in(f"guess{n}", "wrong")
    sign_in(scorer.username, "wrong")
    assert with_token(key).status_code == 200


def test_a_deactivation_kills_the_token(scorer) -> None:
    key = token_of(scorer.username)
    scorer.is_active = False
    scorer.save()
    assert not Token.objects.filter(key=key).exists()
    assert with_token(key).status_code == 401


def test_a_new_password_kills_the_token(scorer) -> None:
    key = token_of(scorer.username)
    scorer.set_password("a new one 2026")
    scorer.save()
    assert with_token(key).status_code == 401
    assert not Token.objects.filter(key=key).exists()


def test_a_sign_in_keeps_the_token(scorer) -> None:
    """Signing in (a last-login update, a hash upgrade) is no password change."""
    key = token_of(scorer.username)
    client = Client()
    assert client.login(username=scorer.username, password="demo")
    assert with_token(key).status_code == 200
