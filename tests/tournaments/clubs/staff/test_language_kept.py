"""Issue 20, item 5: the language a user picks is kept across browser restarts (a cookie
that outlives the browser) and, for a signed-in person, in their profile, which a new
browser gets at sign-in; the switcher names the languages as their speakers do."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from tests.factories import UserFactory
from tournaments.clubs.models import Profile

pytestmark = pytest.mark.django_db


def test_the_cookie_outlives_the_browser():
    answer = Client().post("/i18n/setlang/", {"language": "uk", "next": "/"})
    cookie = answer.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "uk"
    assert int(cookie["max-age"]) >= 300 * 24 * 3600


def test_a_signed_in_persons_choice_follows_them_to_a_new_browser():
    user = UserFactory(username="polyglot")
    laptop = Client()
    laptop.force_login(user)
    laptop.post("/i18n/setlang/", {"language": "ru", "next": "/"})
    assert Profile.objects.get(user=user).language == "ru"
    phone = Client()
    answer = phone.post("/accounts/login/", {"username": "polyglot", "password": "demo"})
    assert answer.status_code == 302
    assert answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ru"
    assert 'lang="ru"' in phone.get("/").content.decode()


def test_the_switcher_names_the_languages_in_their_own_words():
    html = Client().get("/").content.decode()
    for name in ("Українська", "Русский", "English"):
        assert f">{name}</option>" in html
    assert ">UK</option>" not in html
