"""Deberc's referee tools over the API (`POST /api/v1/referee/<tool>/`, anyone): the same
calculations as the tool pages, answered as JSON."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from config.openapi import json_body, object_response
from referee.api import ERRORS, ToolView, request_lang

from . import closing, tools
from .api_schema import CHECK_CLOSING_BODY, CHECK_DEAL_BODY, COMBINATIONS_BODY, LEGAL_CARDS_BODY


class CombinationsView(ToolView):
    @extend_schema(
        operation_id="referee_combinations",
        request=json_body(COMBINATIONS_BODY),
        responses={200: object_response("The tool's answer"), 400: ERRORS},
        description='Body: {"trump": "H", "players": [from the eldest, clockwise], '
        '"declarations": {player: ["terz:KH", "bella"]}, "ruleset", "conventions", '
        '"last_trick", "tricks": {player: n}, "lang"} → who scores the combinations '
        "(combinations_to, decided_by, credited, bella), the explanation and the articles.",
    )
    def post(self, request: Request) -> Response:
        return super().post(request)

    def run(self, request: Request) -> dict[str, Any]:
        data = self.body(request)
        return tools.combinations_check(
            trump=data.get("trump"),
            players=data.get("players"),
            declarations=data.get("declarations") or {},
            conventions=data.get("conventions"),
            ruleset=data.get("ruleset") or "moscow",
            last_trick=data.get("last_trick"),
            tricks=data.get("tricks"),
            declarer=data.get("declarer"),
            lang=request_lang(request, data),
        )


class LegalCardsView(ToolView):
    @extend_schema(
        operation_id="referee_legal_cards",
        request=json_body(LEGAL_CARDS_BODY),
        responses={200: object_response("The tool's answer"), 400: ERRORS},
        description='Body: {"trump": "H", "trick": ["8H"], "hand": [...], "conventions": {...}, '
        '"ruleset", "lang"} → {"legal": [...], "reasons": {card: {code, message}}, '
        '"articles": [...]}.',
    )
    def post(self, request: Request) -> Response:
        return super().post(request)

    def run(self, request: Request) -> dict[str, Any]:
        data = self.body(request)
        return tools.legal_cards_check(
            trump=data.get("trump"),
            trick=data.get("trick") or [],
            hand=data.get("hand"),
            conventions=data.get("conventions"),
            ruleset=data.get("ruleset") or "moscow",
            lang=request_lang(request, data),
        )


class CheckDealView(ToolView):
    @extend_schema(
        operation_id="referee_check_deal",
        request=json_body(CHECK_DEAL_BODY),
        responses={200: object_response("The tool's answer"), 400: ERRORS},
        description='Body: {"players": [clockwise], "dealer", "trump", "declarer", '
        '"declarations": {...}, "hands": {player: [9 or 10 cards; 8 with four]}, '
        '"tricks": [[cards], ...], '
        '"ruleset", "conventions", "lang"} → the first violation with its rule, or the score '
        "of the deal (the engine's result of a one-deal scoresheet).",
    )
    def post(self, request: Request) -> Response:
        return super().post(request)

    def run(self, request: Request) -> dict[str, Any]:
        data = self.body(request)
        return tools.deal_check(
            players=data.get("players"),
            dealer=data.get("dealer"),
            trump=data.get("trump"),
            declarer=data.get("declarer"),
            declarations=data.get("declarations") or {},
            hands=data.get("hands"),
            tricks=data.get("tricks"),
            ruleset=data.get("ruleset") or "moscow",
            conventions=data.get("conventions"),
            lang=request_lang(request, data),
            taken_by=data.get("taken_by"),
            taken_trick=data.get("taken_trick"),
            how_high_by=data.get("how_high_by"),
            late_senior_by=data.get("late_senior_by"),
            late_combination=data.get("late_combination"),
        )


class CheckClosingView(ToolView):
    @extend_schema(
        operation_id="referee_check_closing",
        request=json_body(CHECK_CLOSING_BODY),
        responses={200: object_response("The tool's answer"), 400: ERRORS},
        description='Body: {"players": [clockwise], "dealer", "totals": {player: match total}, '
        '"claimant", "points": points taken so far in this deal, "ruleset", "conventions", '
        '"lang"} → {"true_closing", "verdict", "explanation", "articles", ...}.',
    )
    def post(self, request: Request) -> Response:
        return super().post(request)

    def run(self, request: Request) -> dict[str, Any]:
        data = self.body(request)
        return closing.closing_check(
            players=data.get("players"),
            dealer=data.get("dealer"),
            totals=data.get("totals"),
            claimant=data.get("claimant"),
            points=data.get("points"),
            ruleset=data.get("ruleset") or "moscow",
            conventions=data.get("conventions"),
            lang=request_lang(request, data),
        )
