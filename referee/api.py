"""The referee API (contract: docs/api.md, "Referee"). Thin views: the tools
and services decide, the selectors read.

- `GET /api/v1/rules/?q=&lang=&section=`: articles best first `{id, title, text, conventions,
  source}`; `GET /api/v1/rules/{id}/`: one article (with the presets' values for a convention);
- `POST /api/v1/referee/<tool>/`: anyone; each game's tools (`referee/games/<game>/api.py`,
  routed through the games' `RefereeParts.tool_pages`) run on `ToolView`;
- `GET/POST /api/v1/matches/{id}/rulings/`, `GET /api/v1/tournaments/{id}/rulings/`,
  `POST /api/v1/rulings/{id}/overturn/`.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import error_response
from config.openapi import ERRORS, LANG, PUBLIC, object_response, rows_response
from config.strict import StrictBooleanField, StrictFieldsMixin, TextField, WholeField
from scoring.models import Match
from tournaments.clubs import permissions as perms
from tournaments.events.models import Tournament

from . import selectors, services
from .models import Ruling
from .toolbase import ToolError, tool_lang


def request_lang(request: Request, body: Any = None) -> str:
    value = request.query_params.get("lang")
    if not value and isinstance(body, dict):
        value = body.get("lang")
    return tool_lang(value or getattr(request, "LANGUAGE_CODE", None))


# --- rules -----------------------------------------------------------------------------------


class ArticleSerializer(serializers.Serializer):
    id = serializers.CharField()
    section = serializers.CharField()
    game = serializers.CharField()
    title = serializers.CharField()
    text = serializers.CharField()
    conventions = serializers.ListField(child=serializers.CharField())
    presets = serializers.ListField(child=serializers.CharField())
    # A field named `source` (the rule's origin), not serializer Field's own `source`.
    source = serializers.CharField()  # type: ignore[assignment]
    project_default = serializers.BooleanField()
    cite = serializers.CharField(allow_blank=True)
    quote = serializers.CharField(allow_blank=True)
    reading = serializers.CharField(allow_blank=True)
    suggested = serializers.BooleanField(
        help_text="True: the search found nothing and this article is a suggestion (the "
        "nearest to the words asked, or where most questions start)"
    )


class RulesView(APIView):
    permission_classes: list = []

    @extend_schema(
        operation_id="rules_search",
        parameters=[
            OpenApiParameter("q", str, description="What to look for, in ru, uk or en"),
            LANG,
            OpenApiParameter("section", str, description="Only this section (without q)"),
            OpenApiParameter(
                "game",
                str,
                description="Only this game's rules, by its key (else: every game)",
            ),
        ],
        responses={200: ArticleSerializer(many=True)},
        auth=PUBLIC,
        description="Rule articles, best first. Without `q`, the whole rulebook in order. "
        "A search that finds nothing answers suggestions instead, each `suggested: true`.",
    )
    def get(self, request: Request) -> Response:
        lang = request_lang(request)
        query = request.query_params.get("q", "").strip()
        game = selectors.rulebook_game(request.query_params.get("game"))
        suggested: list[Any] = []
        if query:
            answer = selectors.rules_answer(query, game=game)
            found, suggested = answer.found, answer.suggested
            if answer.missed:
                # The editors' list of words the rulebook does not know.
                services.search_miss_record(query, lang=lang, game=game)
        else:
            found = list(selectors.article_list(game))
            section = request.query_params.get("section")
            if section:
                found = [a for a in found if a.section == section]
        return Response(
            [
                *({**selectors.article_payload(a, lang), "suggested": False} for a in found),
                *({**selectors.article_payload(a, lang), "suggested": True} for a in suggested),
            ]
        )


class RuleDetailView(APIView):
    permission_classes: list = []

    @extend_schema(
        operation_id="rules_read",
        parameters=[LANG],
        responses={
            200: object_response(
                "The article, its translations and, for a convention, what each preset sets"
            ),
            404: ERRORS,
        },
        auth=PUBLIC,
        description="One article; a convention's article also lists what each preset sets "
        "(read from the rules engine).",
    )
    def get(self, request: Request, article_id: str) -> Response:
        rule = selectors.article_get(article_id)
        if rule is None:
            raise exceptions.NotFound()
        body = selectors.article_payload(rule, request_lang(request))
        body["translations"] = {
            lang: {"title": rule.title_in(lang), "text": rule.text_in(lang)}
            for lang in ("ru", "uk", "en")
        }
        if rule.is_convention:
            body["convention"] = selectors.convention_meta(
                rule.convention_name, request_lang(request), game=rule.game
            )
        return Response(body)


# --- tools -----------------------------------------------------------------------------------


class ToolView(APIView):
    """Anyone may use the tools (they store nothing)."""

    permission_classes: list = []
    authentication_classes: list = []  # no CSRF dance for a read-only calculator

    def run(self, request: Request) -> dict[str, Any]:
        raise NotImplementedError

    @staticmethod
    def body(request: Request) -> dict[str, Any]:
        """The request's JSON object (`post` has checked that it is one)."""
        data = request.data
        assert isinstance(data, dict)
        return data

    def post(self, request: Request) -> Response:
        if not isinstance(request.data, dict):
            return error_response(
                [{"field": None, "code": "bad_format", "message": "a JSON object is expected"}]
            )
        try:
            return Response(self.run(request))
        except ToolError as exc:
            return error_response(exc.errors)


# --- rulings ---------------------------------------------------------------------------------


class RulingInSerializer(StrictFieldsMixin, serializers.Serializer):
    deal = WholeField(min_value=1)
    kind = serializers.CharField(
        max_length=32, help_text="One of the match's game's violation kinds (e.g. renonce)"
    )
    count = WholeField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=10,
        help_text="How many times, for a kind its game counts (a Preferans renonce)",
    )
    violator = serializers.CharField(help_text="The violator's name as seated at the match")
    explanation = serializers.CharField(required=False, allow_blank=True, default="")
    articles = serializers.ListField(child=serializers.CharField(), required=False, default=list)
    taken_by = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=80,
        help_text="A renonce under renonce_penalty take_trick: the opponent who took a trick",
    )
    combination = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=24,
        help_text="A senior combination announced after a junior one (late_senior), e.g. fifty:AC",
    )
    repeat = StrictBooleanField(
        required=False,
        default=False,
        help_text="The violation happened again: a ruling like one in force (same deal, kind "
        "and violator) is refused as duplicate_ruling (409) without it; a counted kind then "
        "adds its count to the deal's",
    )


class OverturnInSerializer(StrictFieldsMixin, serializers.Serializer):
    # Text only: `"reason": 0` was read as "0" (schemathesis, issue 31).
    reason = TextField()


def ruling_payload(ruling: Ruling, *, users_shown: bool = True) -> dict[str, Any]:
    """A ruling as the API shows it; the referees' usernames null without `users_shown`
    (permissions.can_see_usernames: the public sees no username)."""
    referee = ruling.referee if users_shown else None
    overturned_by = ruling.overturned_by if users_shown else None
    return {
        "id": ruling.pk,
        "match": ruling.match_id,
        "deal": ruling.deal_number,
        "kind": ruling.kind,
        "kind_label": ruling.kind_label,
        "count": ruling.count,
        "violator": ruling.violator.display_name,
        "explanation": ruling.explanation,
        "articles": list(ruling.articles),
        "referee": referee.get_username() if referee else None,
        "created_at": ruling.created_at.isoformat(),
        "overturned": ruling.overturned,
        "overturned_by": overturned_by.get_username() if overturned_by else None,
        "overturned_at": ruling.overturned_at.isoformat() if ruling.overturned_at else None,
        "overturn_reason": ruling.overturn_reason,
    }


def _match_for(request: Request, match_id: int) -> Match:
    match = Match.objects.select_related("tournament").filter(pk=match_id).first()
    if match is None or not perms.can_view_match(request.user, match):
        raise exceptions.NotFound()
    return match


class MatchRulingsView(APIView):
    @extend_schema(
        operation_id="match_rulings_list",
        responses={200: rows_response("The rulings, newest first"), 404: ERRORS},
        description="The rulings on this match's deals, newest first.",
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = _match_for(request, match_id)
        shown = perms.can_see_usernames(request.user, match.tournament)
        return Response(
            [ruling_payload(r, users_shown=shown) for r in selectors.rulings_for_match(match.pk)]
        )

    @extend_schema(
        operation_id="match_rulings_create",
        request=RulingInSerializer,
        responses={
            201: OpenApiTypes.OBJECT,
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: ERRORS,
            409: ERRORS,
        },
        description="A referee's (or the organiser's) ruling on a deal: the deal gets the "
        "violation and the match is re-scored with the penalty. → the ruling and the match. "
        "The same ruling again (deal, kind, violator) is refused (409, duplicate_ruling) "
        "unless `repeat` says the violation happened again.",
    )
    def post(self, request: Request, match_id: int) -> Response:
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        match = _match_for(request, match_id)
        if match.tournament is None or not perms.is_staff_of(request.user, match.tournament):
            raise exceptions.PermissionDenied(
                "Only a referee or organiser of the tournament rules on its deals."
            )
        incoming = RulingInSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        try:
            ruling, document = services.ruling_record(
                match=match,
                deal_number=data["deal"],
                kind=data["kind"],
                violator_name=data["violator"],
                explanation=data["explanation"],
                articles=data["articles"],
                user=request.user,
                taken_by=data.get("taken_by") or None,
                count=data.get("count"),
                combination=data.get("combination") or None,
                repeat=data["repeat"],
            )
        except services.RulingRejected as exc:
            # A duplicate conflicts with a ruling in force: the request itself is well made.
            duplicate = any(e.get("code") == "duplicate_ruling" for e in exc.errors)
            return error_response(exc.errors, 409 if duplicate else 400)
        except DjangoPermissionDenied as exc:
            raise exceptions.PermissionDenied(str(exc)) from exc
        return Response({"ruling": ruling_payload(ruling), "match": document}, status=201)


class TournamentRulingsView(APIView):
    @extend_schema(
        operation_id="tournament_rulings_list",
        responses={200: rows_response("The rulings, newest first"), 404: ERRORS},
        description="Every ruling in the tournament, newest first (overturned ones included).",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None or not perms.can_view_tournament(request.user, tournament):
            raise exceptions.NotFound()
        return Response(
            [
                ruling_payload(r, users_shown=perms.can_see_usernames(request.user, tournament))
                for r in selectors.rulings_for_tournament(tournament.pk)
            ]
        )


class OverturnView(APIView):
    @extend_schema(
        operation_id="ruling_overturn",
        request=OverturnInSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        description="The organiser overturns a ruling: the deal's violation is removed by "
        "another correction; the history keeps both.",
    )
    def post(self, request: Request, ruling_id: int) -> Response:
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        ruling = (
            Ruling.objects.select_related("match", "match__tournament").filter(pk=ruling_id).first()
        )
        if ruling is None or not perms.can_view_match(request.user, ruling.match):
            raise exceptions.NotFound()
        tournament = ruling.match.tournament
        if tournament is None or not perms.is_organiser(request.user, tournament):
            raise exceptions.PermissionDenied("Only an organiser overturns a ruling.")
        incoming = OverturnInSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        try:
            ruling, document = services.ruling_overturn(
                ruling=ruling, user=request.user, reason=incoming.validated_data["reason"]
            )
        except services.RulingRejected as exc:
            return error_response(exc.errors)
        return Response({"ruling": ruling_payload(ruling), "match": document})


# --- cards (issue 19, item 5) -----------------------------------------------------------------


class CardInSerializer(StrictFieldsMixin, serializers.Serializer):
    player = WholeField(
        min_value=1, max_value=2**31 - 1, help_text="The player's id (an entry of the tournament)"
    )
    kind = serializers.ChoiceField(choices=["warning", "yellow"])
    reason = TextField(
        max_length=200, allow_blank=True, trim_whitespace=False, help_text="Why (1–200 characters)"
    )
    article = TextField(
        max_length=80,
        required=False,
        allow_blank=True,
        allow_null=True,
        help_text="A rule article's id of the tournament's game (GET /api/v1/rules/?game=)",
    )
    match = WholeField(
        min_value=1,
        max_value=2**31 - 1,
        required=False,
        allow_null=True,
        help_text="The table's match, when the card is given at a table",
    )


class CardWithdrawInSerializer(StrictFieldsMixin, serializers.Serializer):
    reason = TextField(max_length=100, help_text="Why the card is withdrawn")


def _visible_tournament(request: Request, tournament_id: int) -> Tournament:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not perms.can_view_tournament(request.user, tournament):
        raise exceptions.NotFound()
    return tournament


class TournamentCardsView(APIView):
    @extend_schema(
        operation_id="tournament_cards_list",
        responses={200: rows_response("The cards, oldest first"), 404: ERRORS},
        description="The tournament's warnings and yellow cards, oldest first (withdrawn ones "
        "included, `withdrawn`); `given_by` only to the tournament's staff.",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        from tournaments.discipline import services as discipline

        tournament = _visible_tournament(request, tournament_id)
        shown = perms.can_see_usernames(request.user, tournament)
        return Response(
            [
                discipline.card_payload(card, users_shown=shown)
                for card in discipline.cards_of(tournament)
            ]
        )

    @extend_schema(
        operation_id="tournament_cards_create",
        request=CardInSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        description="A referee or organiser gives a player a warning or a yellow card, with a "
        "reason and optionally a rule article: 400 not_entered, not_at_table (a match given "
        "and the player not seated at it), reason_required, "
        "unknown_article. A second yellow card counts as the tournament's second_yellow says.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        from django.core.exceptions import PermissionDenied as DjangoDenied

        from tournaments.discipline import services as discipline

        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        tournament = _visible_tournament(request, tournament_id)
        if not perms.is_staff_of(request.user, tournament):
            raise exceptions.PermissionDenied(
                "Only a referee or organiser of the tournament gives cards."
            )
        incoming = CardInSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        match = None
        if data.get("match") is not None:
            match = Match.objects.filter(pk=data["match"], tournament=tournament).first()
            if match is None:
                return error_response(
                    [
                        {
                            "field": "match",
                            "code": "not_found",
                            "message": str(_("This table is not one of the tournament's.")),
                        }
                    ]
                )
        try:
            card = services.card_give(
                tournament=tournament,
                player=data["player"],
                kind=data["kind"],
                reason=data["reason"],
                article=data.get("article") or None,
                match=match,
                user=request.user,
            )
        except discipline.CardRejected as exc:
            return error_response(exc.errors)
        except DjangoDenied as exc:
            raise exceptions.PermissionDenied(str(exc)) from exc
        return Response(discipline.card_payload(card, users_shown=True), status=201)


class CardWithdrawView(APIView):
    @extend_schema(
        operation_id="card_withdraw",
        request=CardWithdrawInSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS},
        description="A referee or organiser withdraws a card (on appeal): it stays on record "
        "with `withdrawn_at`; 400 already_withdrawn.",
    )
    def post(self, request: Request, card_id: int) -> Response:
        from tournaments.discipline import services as discipline
        from tournaments.discipline.models import Card

        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        card = Card.objects.select_related("tournament", "player").filter(pk=card_id).first()
        if card is None or not perms.can_view_tournament(request.user, card.tournament):
            raise exceptions.NotFound()
        if not perms.is_staff_of(request.user, card.tournament):
            raise exceptions.PermissionDenied(
                "Only a referee or organiser of the tournament withdraws cards."
            )
        incoming = CardWithdrawInSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        try:
            card = discipline.card_withdraw(
                card=card, reason=incoming.validated_data["reason"], user=request.user
            )
        except discipline.CardRejected as exc:
            return error_response(exc.errors)
        card = Card.objects.select_related("player", "round", "given_by").get(pk=card.pk)
        return Response(discipline.card_payload(card, users_shown=True))
