"""Token authentication for the scoring API: DRF's TokenAuthentication with the token's user
read in one plain query (scoring.fastsql). Same answers, same errors; and a token unused for
API_TOKEN_TTL_DAYS has expired (401 `token_expired`, the token deleted: sign in again)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.authentication import TokenScheme
from rest_framework import authentication, exceptions

from scoring import tokens

from .fastsql import token_user


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, str]:
        found = token_user(key)
        if found is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user, created, last_used = found
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        now = timezone.now()
        if tokens.token_expires_at(created, last_used) <= now:
            tokens.tokens_revoke_all(user_id=user.pk)
            raise exceptions.AuthenticationFailed(
                _("This token has expired: sign in again for a new one."), code="token_expired"
            )
        if last_used is None or now - last_used >= tokens.TOUCH_EVERY:
            tokens.token_touch(key=key, now=now)
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
