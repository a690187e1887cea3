"""The club organiser's presets pages (issue 19, item 6): the list of a club's presets, one
saved from a tournament of the club, renamed, deleted; and the new-tournament form started
from one (`?preset=`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.ids import is_id

from . import permissions as perms
from . import presets
from .forms import TournamentForm, _from_json, bands_text
from .models import Club, ClubPreset, Tournament


def _club(request: HttpRequest, club_id: int) -> Club:
    club = get_object_or_404(Club, pk=club_id)
    if not perms.can_manage_club(request.user, club):
        raise PermissionDenied
    return club


def _errors(exc: DjangoValidationError) -> list[str]:
    if hasattr(exc, "error_dict"):
        return [m for errs in exc.error_dict.values() for e in errs for m in e.messages]
    return list(exc.messages)


@login_required
def club_presets(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's presets; a POST saves a tournament's settings as a new one."""
    club = _club(request, club_id)
    errors: list[str] = []
    if request.method == "POST":
        asked = request.POST.get("tournament", "")
        tournament = (
            Tournament.objects.filter(pk=int(asked), club=club).first()
            if asked.isdigit() and is_id(int(asked))
            else None
        )
        if tournament is None:
            errors.append(_("Choose a tournament of the club."))
        else:
            try:
                preset = presets.preset_from_tournament(
                    tournament=tournament, name=request.POST.get("name", ""), user=request.user
                )
            except DjangoValidationError as exc:
                errors.extend(_errors(exc))
            else:
                messages.success(request, _("Preset saved: %(name)s.") % {"name": preset.name})
                return redirect("tournaments:club_presets", club.pk)
    return render(
        request,
        "tournaments/manage/presets.html",
        {
            "club": club,
            "presets": presets.presets_of(club),
            "tournaments": club.tournaments.order_by("-created_at"),
            "errors": errors,
            "posted_name": request.POST.get("name", "") if errors else "",
        },
        status=400 if errors else 200,
    )


def _preset(request: HttpRequest, club_id: int, preset_id: int) -> ClubPreset:
    club = _club(request, club_id)
    return get_object_or_404(ClubPreset, pk=preset_id, club=club)


@login_required
@require_POST
def preset_rename(request: HttpRequest, club_id: int, preset_id: int) -> HttpResponse:
    preset = _preset(request, club_id, preset_id)
    try:
        presets.preset_rename(preset=preset, name=request.POST.get("name", ""))
    except DjangoValidationError as exc:
        for message in _errors(exc):
            messages.error(request, message)
    else:
        messages.success(request, _("Preset renamed: %(name)s.") % {"name": preset.name})
    return redirect("tournaments:club_presets", club_id)


@login_required
@require_POST
def preset_delete(request: HttpRequest, club_id: int, preset_id: int) -> HttpResponse:
    preset = _preset(request, club_id, preset_id)
    name = preset.name
    presets.preset_delete(preset=preset)
    messages.success(request, _("Preset deleted: %(name)s.") % {"name": name})
    return redirect("tournaments:club_presets", club_id)


def form_from_preset(request: HttpRequest) -> tuple[TournamentForm | None, ClubPreset | None]:
    """The new-tournament form filled from the preset asked for (`?preset=`), if the user
    may use it; else (None, None)."""
    asked = request.GET.get("preset", "")
    if not (asked.isdigit() and is_id(int(asked))):
        return None, None
    preset = next((p for p in presets.presets_for_user(request.user) if p.pk == int(asked)), None)
    if preset is None:
        return None, None
    settings = dict(preset.settings)
    form = TournamentForm(game=preset.game, clubs=perms.clubs_organised(request.user))
    initial: dict[str, Any] = {"club": preset.club.pk}
    for key in ("ruleset", "table_size", "system", "rounds", "match_score", "confirm_deals"):
        if key in settings:
            initial[key] = settings[key]
    initial["round_minutes"] = settings.get("round_minutes")
    initial["match_score_bands"] = bands_text(settings.get("match_score_bands") or [])
    order = list(settings.get("tiebreaks") or [])
    for place, field_name in enumerate(form.tiebreak_names):
        initial[field_name] = order[place] if place < len(order) else ""
    for conv, value in (settings.get("conventions") or {}).items():
        meta = form.convention_meta.get(conv)
        if meta is not None:
            initial[f"conv_{conv}"] = _from_json(meta.get("kind"), value)
    form.initial.update(initial)
    return form, preset
