"""Issue 13: Hypothesis fuzzes the sign-in form (`POST /accounts/login/`, Django's
AuthenticationForm behind the sign-in lockout): the form's own names (username, password,
next) with the evening's users and their password, random, over-long, unicode and
NUL-holding text, a `next` pointing off the site; fields left out, unknown or repeated; from
a few addresses, so that the lockout answers some of them.

Every answer: no server error; a refusal shows the form again (200) with each of its
problems, or the lockout's page (429) saying so; a sign-in redirects within the site only.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.utils.html import escape
from django.utils.http import url_has_allowed_host_and_scheme
from hypothesis import given
from hypothesis import strategies as st

from config.security import lockout_message

from .form_fuzzing import assert_named, form_posts, fuzz_settings, texts, where

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

MAX_EXAMPLES = 80
FUZZ = fuzz_settings(MAX_EXAMPLES)

NEXT = [
    "/",
    "/leaderboard/",
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "javascript:alert(1)",
    "http://testserver/rules/",
]
ADDRESSES = ["10.0.0.1", "10.0.0.2", "192.0.2.7", "2001:db8::1"]


@FUZZ
@given(data=st.data(), address=st.sampled_from(ADDRESSES))
def test_it_answers_every_sign_in_post_without_a_server_error(fuzz_evening, data, address):
    usernames = [user.get_username() for user in fuzz_evening.users.values()]
    fields = {
        "username": st.one_of(
            st.sampled_from(usernames), texts, st.integers(140, 400).map(lambda n: "u" * n)
        ),
        "password": st.one_of(st.just("demo"), texts),
        "next": st.one_of(st.sampled_from(NEXT), texts),
    }
    valid = {"username": usernames[0], "password": "demo", "next": "/"}
    body = data.draw(form_posts(fields, valid, changed=2, dropped=1))
    response = Client(REMOTE_ADDR=address).post("/accounts/login/", body)
    said = where("/accounts/login/", body)
    if response.status_code == 302:
        location = response["Location"]
        assert url_has_allowed_host_and_scheme(location, {"testserver"}), f"{said} → {location}"
    elif response.status_code == settings.AXES_HTTP_RESPONSE_CODE:
        assert escape(lockout_message()) in response.content.decode(), said
    else:
        assert response.status_code == 200, said
        assert_named(response, said)
