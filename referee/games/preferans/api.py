"""Preferans' referee tools over the API (`POST /api/v1/referee/preferans/<tool>/`, anyone):
the same calculations as the tool pages, answered as JSON."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from config.openapi import json_body, object_response
from referee.api import ERRORS, ToolView, request_lang

from . import tools
from .api_schema import PREFERANS_RECORD_BODY, PREFERANS_SETTLE_BODY


class PreferansScoreDealView(ToolView):
    @extend_schema(
        operation_id="referee_preferans_score_deal",
        request=json_body(PREFERANS_RECORD_BODY),
        responses={200: object_response("The tool's answer"), 400: ERRORS},
        description='Body: {"record": a preferans-scoresheet/1 record (or its keys at the top '
        'level: "ruleset", "conventions", "players", "first_dealer", "deals"), "lang"} → the '
        "last deal scored on top of the ones before it: pool, mountain, whists, help, each "
        "player's writes, the running sheet and balance, the reasons (`lines`: the engine's "
        "ledger of writes told in its order, each with its `reason` code and `writes`) and "
        "the articles applied.",
    )
    def post(self, request: Request) -> Response:
        return super().post(request)

    def run(self, request: Request) -> dict[str, Any]:
        return tools.preferans_score_deal(
            record=request.data, lang=request_lang(request, request.data)
        )


class PreferansSettleView(ToolView):
    @extend_schema(
        operation_id="referee_preferans_settle",
        request=json_body(PREFERANS_SETTLE_BODY),
        responses={200: object_response("The tool's answer"), 400: ERRORS},
        description='Body: {"record": a pulka record} or {"players": [clockwise], '
        '"first_dealer", "ruleset", "conventions", "pool": {player: n}, "mountain": {player: '
        'n}, "whists": {writer: {on: n}}}, "lang" → the settlement step by step (deficits to '
        "the mountain, the mountain to whists, the whists balance, the rounding) and the "
        "balances.",
    )
    def post(self, request: Request) -> Response:
        return super().post(request)

    def run(self, request: Request) -> dict[str, Any]:
        return tools.preferans_settle(data=request.data, lang=request_lang(request, request.data))
