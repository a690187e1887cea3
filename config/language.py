"""The language a user picks is kept (issue 20): in a cookie that outlives the browser
(LANGUAGE_COOKIE_AGE), and for a signed-in person in their profile (`tournaments.Profile`),
which a new browser gets at sign-in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.views.i18n import set_language as django_set_language

SESSION_LANGUAGE = "_profile_language"  # an attribute of the signing-in request


def _supported(code: Any) -> str | None:
    codes = {code for code, _name in settings.LANGUAGES}
    return code if isinstance(code, str) and code in codes else None


def _person(user: Any) -> bool:
    """A signed-in person (a table card's session has no profile of its own)."""
    return bool(user is not None and user.is_authenticated and user.has_usable_password())


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language (the persistent cookie), and the choice kept in the profile."""
    response = django_set_language(request)
    code = _supported(request.POST.get("language")) if request.method == "POST" else None
    if code is not None and request.user.is_authenticated and _person(request.user):
        from tournaments.clubs.models import Profile

        Profile.objects.update_or_create(user=request.user, defaults={"language": code})
    return response


@receiver(user_logged_in)
def _language_from_profile(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    if request is None or not _person(user):
        return
    from tournaments.clubs.models import Profile

    code = _supported(Profile.objects.filter(user=user).values_list("language", flat=True).first())
    if code is not None:
        setattr(request, SESSION_LANGUAGE, code)


class ProfileLanguageMiddleware:
    """After a sign-in, the profile's language: activated and written into the cookie."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # Read after the view: the sign-in itself (the signal below) marks the request.
        code = getattr(request, SESSION_LANGUAGE, None)
        if code is None:
            return response
        if _supported(code):
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                code,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                # One of the values set_cookie takes (Django's setting; the stubs say str).
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,  # type: ignore[arg-type]
            )
        return response
