"""API tokens (DRF's `authtoken.Token`, one a user): issued by `POST /api/v1/auth/token/`,
listed and revoked by their owner, and never forever.

- A token unused for API_TOKEN_TTL_DAYS expires: sliding, each use moves the end on (the last
  use is written at most once every TOUCH_EVERY, not on every deal a scorer enters).
- A token dies with its account's lockout (django-axes' `user_locked_out`), deactivation or
  password change (the user's `post_save`): whoever stole a token or guessed a password
  keeps nothing once the owner or the site reacts.

The token's own id (`ApiTokenUse.pk`) names it in the list; its key, the secret, is shown
only once, when it is issued.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone
from rest_framework.authtoken.models import Token

from .models import ApiTokenUse

# How stale the recorded last use may be: a day's precision is plenty for a 30-day expiry,
# and an hour keeps the scorer's hot path free of a write on every request.
TOUCH_EVERY = timedelta(hours=1)


def token_ttl() -> timedelta:
    return timedelta(days=settings.API_TOKEN_TTL_DAYS)


def token_expires_at(created: datetime, last_used: datetime | None) -> datetime:
    """When a token created at `created` and last used at `last_used` expires."""
    seen = max(created, last_used) if last_used is not None else created
    return seen + token_ttl()


def token_touch(*, key: str, now: datetime | None = None) -> None:
    """Record a use of the token `key` now (its expiry moves on)."""
    now = now or timezone.now()
    if ApiTokenUse.objects.filter(token_id=key).update(last_used_at=now):
        return
    try:
        with transaction.atomic():
            ApiTokenUse.objects.create(token_id=key, last_used_at=now)
    except IntegrityError:  # another request recorded it meanwhile, or the token is gone
        pass


def token_issue(*, user: Any) -> Token:
    """The user's token for a sign-in: the current one (its expiry moved on), or a new one
    when there is none or it has expired."""
    now = timezone.now()
    with transaction.atomic():
        token = Token.objects.select_for_update().filter(user=user).first()
        if token is not None:
            use = ApiTokenUse.objects.filter(token=token).first()
            if token_expires_at(token.created, use.last_used_at if use else None) <= now:
                token.delete()
                token = None
        if token is None:
            token = Token.objects.create(user=user)
        token_touch(key=token.key, now=now)
    return token


def tokens_of(*, user: Any, current_key: str | None = None) -> list[dict[str, Any]]:
    """The user's live tokens as their owner sees them: id, when created, last used and
    expiring, and whether it is the one asking (`current`). Expired ones are removed."""
    now = timezone.now()
    out: list[dict[str, Any]] = []
    for token in Token.objects.filter(user=user).select_related("use"):
        use = getattr(token, "use", None)
        last_used = use.last_used_at if use is not None else None
        expires_at = token_expires_at(token.created, last_used)
        if expires_at <= now:
            token.delete()
            continue
        if use is None:
            token_touch(key=token.key, now=token.created)
            use = ApiTokenUse.objects.get(token=token)
        out.append(
            {
                "id": use.pk,
                "created_at": token.created,
                "last_used_at": last_used,
                "expires_at": expires_at,
                "current": current_key is not None and token.key == current_key,
            }
        )
    return out


def token_revoke(*, user: Any, token_id: int) -> bool:
    """Revoke the user's token of this id; False when the user has no such token."""
    deleted, _by_model = Token.objects.filter(user=user, use__pk=token_id).delete()
    return bool(deleted)


def tokens_revoke_all(*, user_id: int) -> int:
    """Revoke every token of the user (a lockout, a deactivation, a new password)."""
    deleted, _by_model = Token.objects.filter(user_id=user_id).delete()
    return deleted


@receiver(post_save, sender=get_user_model(), dispatch_uid="scoring.tokens.account_changed")
def _account_changed(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    """A deactivated account, or one given a new password (`set_password` leaves the new
    password in `_password` until the save is done; a hash upgrade at sign-in does not), keeps
    no token."""
    if created:
        return
    if not instance.is_active or getattr(instance, "_password", None) is not None:
        tokens_revoke_all(user_id=instance.pk)


def _on_lockout(sender: Any, request: Any = None, username: str | None = None, **kw: Any) -> None:
    """An account locked out (not only its address) keeps no token: a lockout stops the
    guesser and whoever may already hold a token."""
    from config.lockouts import ACCOUNT, current_lockouts

    if not username or not current_lockouts(ACCOUNT, username):
        return
    for user_id in get_user_model().objects.filter(username=username).values_list("pk", flat=True):
        tokens_revoke_all(user_id=user_id)


def signals_connect() -> None:
    """Connect to django-axes' lockout signal (called from the app's ready())."""
    from axes.signals import user_locked_out

    user_locked_out.connect(_on_lockout, dispatch_uid="scoring.tokens.locked_out")
