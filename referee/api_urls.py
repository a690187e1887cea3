"""API routes of the referee app, mounted under /api/v1/."""

from django.urls import path

from . import api

urlpatterns: list = [
    path("rules/", api.RulesView.as_view(), name="api-rules"),
    path("rules/<str:article_id>/", api.RuleDetailView.as_view(), name="api-rule"),
    path("referee/combinations/", api.CombinationsView.as_view(), name="api-referee-combinations"),
    path("referee/legal-cards/", api.LegalCardsView.as_view(), name="api-referee-legal-cards"),
    path("referee/check-deal/", api.CheckDealView.as_view(), name="api-referee-check-deal"),
    path(
        "referee/check-closing/", api.CheckClosingView.as_view(), name="api-referee-check-closing"
    ),
    path(
        "referee/preferans/score-deal/",
        api.PreferansScoreDealView.as_view(),
        name="api-referee-preferans-score-deal",
    ),
    path(
        "referee/preferans/settle/",
        api.PreferansSettleView.as_view(),
        name="api-referee-preferans-settle",
    ),
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
]
