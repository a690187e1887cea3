"""Deberc's scorer page as the shared scorer views (scoring.views) ask a game's page for it
(`Game.scorer_page` in scoring.games): its templates, its deal form and its sheet."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from . import forms, views
from .engine.conventions import Conventions, resolve_conventions
from .engine.errors import ScoresheetError
from .errors import localise
from .models import Match

PAGE_TEMPLATE = "scoring/match.html"
SHEET_TEMPLATE = "scoring/_sheet.html"
EDIT_TEMPLATE = "scoring/deal_edit.html"

parse_deal = forms.parse_deal
values_from_record = forms.values_from_record
engine_error_key = forms.engine_error_key
deal_summary = views.deal_summary


def sheet_context(request: HttpRequest, match: Match, **kwargs: Any) -> dict[str, Any]:
    """The shared sheet, and what this table's conventions add to the deal form: the
    renonce's `taken_by` under `take_trick`, the few-points redeal under `redeal_below`, and
    the forced deal of a висяк (rules §5), whose declarer is filled in and whose terz and
    fifty pickers are hidden (only bella may be declared)."""
    context = views.sheet_context(request, match, **kwargs)
    doc = context["doc"]
    conv = _conventions(match, len(doc["players"]))
    context["take_trick"] = conv is not None and conv.renonce_penalty == "take_trick"
    context["redeal_below"] = conv.redeal_below if conv is not None else 0
    forced = forced_declarer(doc)
    context["forced_declarer"] = forced if kwargs.get("editing") is None else None
    if context["forced_declarer"] is not None and not kwargs.get("values"):
        context["values"] = {**context["values"], "declarer": str(doc["players"].index(forced))}
    return context


def forced_declarer(doc: dict[str, Any]) -> str | None:
    """Who must play the next deal after a висяк (`hanging_replay: forced`), as the engine's
    result says it (the last entry of `hanging` naming `forced`); None otherwise."""
    hanging = doc.get("hanging") or []
    if doc.get("finished") or not hanging or not isinstance(hanging[-1], dict):
        return None
    name = hanging[-1].get("forced")
    return name if name in doc["players"] else None


def _conventions(match: Match, n_players: int) -> Conventions | None:
    try:
        return resolve_conventions(match.ruleset, match.conventions or {}, n_players)
    except ScoresheetError:
        return None  # a match is created with valid conventions; nothing to add then


def error_message(err: dict[str, Any]) -> str:
    return str(localise(err)["message"])
