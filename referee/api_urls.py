"""API routes of the referee app, mounted under /api/v1/ (each game's tools routed from the
games' `RefereeParts`)."""

from django.urls import path

from . import api
from .games import parts_all

urlpatterns: list = [
    path("rules/", api.RulesView.as_view(), name="api-rules"),
    path("rules/<str:article_id>/", api.RuleDetailView.as_view(), name="api-rule"),
    *[
        path(
            f"referee/{tool.path}",
            tool.api_view.as_view(),
            name="api-referee-" + tool.path.strip("/").replace("/", "-"),
        )
        for parts in parts_all()
        for tool in parts.tool_pages
    ],
    path(
        "matches/<int:match_id>/rulings/", api.MatchRulingsView.as_view(), name="api-match-rulings"
    ),
    path(
        "tournaments/<int:tournament_id>/rulings/",
        api.TournamentRulingsView.as_view(),
        name="api-tournament-rulings",
    ),
    path(
        "rulings/<int:ruling_id>/overturn/", api.OverturnView.as_view(), name="api-ruling-overturn"
    ),
    path(
        "tournaments/<int:tournament_id>/cards/",
        api.TournamentCardsView.as_view(),
        name="api-tournament-cards",
    ),
    path("cards/<int:card_id>/withdraw/", api.CardWithdrawView.as_view(), name="api-card-withdraw"),
]
