"""Token authentication for the scoring API: DRF's TokenAuthentication with the token's user
read in one plain query (scoring.fastsql). Same answers, same errors; and a token unused for
API_TOKEN_TTL_DAYS has expired (401 `token_expired`, the token deleted: sign in again)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.authentication import TokenScheme
from rest_framework import authentication, exceptions

from scoring import tokens

from .fastsql import TokenFound, token_user


class TokenRefused(Exception):
    """A token that authenticates no one (`token_verdict`; nothing was changed)."""

    def __init__(self, reason: str, user_id: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason  # "invalid", "inactive" or "expired"
        self.user_id = user_id


def token_verdict(found: TokenFound | None, now: datetime) -> tuple[Any, bool]:
    """The user of a token read (`fastsql.token_user`'s row, None for none) and whether its
    use is to be recorded now (`token_touch`); raises TokenRefused. Judges only: what a
    refusal or a use changes is `token_accept`'s (or the deal lane's) to do."""
    if found is None:
        raise TokenRefused("invalid")
    user, created, last_used = found
    if not user.is_active:
        raise TokenRefused("inactive")
    if tokens.token_expires_at(created, last_used) <= now:
        raise TokenRefused("expired", user.pk)
    return user, last_used is None or now - last_used >= tokens.TOUCH_EVERY


def token_accept(key: str) -> Any:
    """The user the token `key` authenticates, its use recorded; else DRF's
    AuthenticationFailed (401), an expired token revoked with all its user's tokens."""
    now = timezone.now()
    try:
        user, touch = token_verdict(token_user(key), now)
    except TokenRefused as refused:
        if refused.reason == "inactive":
            raise exceptions.AuthenticationFailed(_("User inactive or deleted.")) from None
        if refused.reason == "expired":
            if refused.user_id is not None:
                tokens.tokens_revoke_all(user_id=refused.user_id)
            raise exceptions.AuthenticationFailed(
                _("This token has expired: sign in again for a new one."), code="token_expired"
            ) from None
        raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
    if touch:
        tokens.token_touch(key=key, now=now)
    return user


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, str]:
        return (token_accept(key), key)


# The deal endpoints' authentication: the token as above, else the site's session.
API_AUTHENTICATION = [TokenAuthentication, authentication.SessionAuthentication]


# drf-spectacular: the same "Authorization: Token …" scheme under its own component name (two
# classes may not share one). If the site makes this class its default, only this one shows.
class ScoringTokenScheme(TokenScheme):
    target_class = "scoring.authentication.TokenAuthentication"
    name = "scoringTokenAuth"
    match_subclasses = True
    priority = 0
