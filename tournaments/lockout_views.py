"""The organiser's sign-in lockouts page (`/accounts/lockouts/`): the lockouts in force that
this user may lift, each with an Unlock button. Who may lift what is the rule of
tournaments.selectors.lockout_refusal; lifting is tournaments.services.lockout_lift."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.security import client_ip

from . import permissions as perms
from . import selectors, services
from .forms import LockoutLiftForm


def _page(request: HttpRequest, *, refusal: str = "", status: int = 200) -> HttpResponse:
    address = client_ip(request)
    return render(
        request,
        "tournaments/lockouts.html",
        {
            "lockouts": selectors.lockouts_liftable(user=request.user, address=address),
            "address": address,
            "staff": request.user.is_staff or request.user.is_superuser,
            "account_limit": settings.AXES_FAILURE_LIMIT,
            "address_limit": settings.AXES_ADDRESS_FAILURE_LIMIT,
            "cool_off_minutes": settings.AXES_COOLOFF_MINUTES,
            "refusal": refusal,
        },
        status=status,
    )


@login_required
def lockouts_page(request: HttpRequest) -> HttpResponse:
    if not perms.can_manage_lockouts(request.user):
        raise PermissionDenied
    return _page(request)


@login_required
@require_POST
def lockout_lift(request: HttpRequest) -> HttpResponse:
    if not perms.can_manage_lockouts(request.user):
        raise PermissionDenied
    form = LockoutLiftForm(request.POST)
    if not form.is_valid():
        return _page(request, refusal=_("Choose a lockout to lift."), status=400)
    kind, value = form.cleaned_data["kind"], form.cleaned_data["value"]
    try:
        lifted = services.lockout_lift(
            user=request.user, kind=kind, value=value, address=client_ip(request)
        )
    except services.LockoutRefused as exc:
        return _page(request, refusal=exc.message, status=403)
    except services.LockoutNotFound:
        messages.info(request, _("%(value)s is not locked out any more.") % {"value": value})
    else:
        messages.success(
            request, _("Unlocked: %(value)s can sign in again.") % {"value": lifted.value}
        )
    return redirect("tournaments:lockouts")
