"""Deberc's scorer page as the shared scorer views (scoring.views) ask a game's page for it
(`Game.scorer_page` in scoring.games): its templates, its deal form and its sheet."""

from __future__ import annotations

from typing import Any

from . import forms, views
from .errors import localise

PAGE_TEMPLATE = "scoring/match.html"
SHEET_TEMPLATE = "scoring/_sheet.html"
EDIT_TEMPLATE = "scoring/deal_edit.html"

parse_deal = forms.parse_deal
values_from_record = forms.values_from_record
engine_error_key = forms.engine_error_key
sheet_context = views.sheet_context
deal_summary = views.deal_summary


def error_message(err: dict[str, Any]) -> str:
    return str(localise(err)["message"])
