"""Token authentication for the scoring API: DRF's TokenAuthentication with the token's user
read in one plain query (scoring.fastsql). Same answers, same errors."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.authentication import TokenScheme
from rest_framework import authentication, exceptions

from .fastsql import user_for_token


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, str]:
        user = user_for_token(key)
        if user is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (user, key)


# The deal endpoints' authentication: the token as above, else the site's session.
API_AUTHENTICATION = [TokenAuthentication, authentication.SessionAuthentication]


# drf-spectacular: the same "Authorization: Token …" scheme under its own component name (two
# classes may not share one). If the site makes this class its default, only this one shows.
class ScoringTokenScheme(TokenScheme):
    target_class = "scoring.authentication.TokenAuthentication"
    name = "scoringTokenAuth"
    match_subclasses = True
    priority = 0
