"""API routes of the scoring app, mounted under /api/v1/."""

from django.urls import path

from scoring import api

urlpatterns: list = [
    path("score-match/", api.ScoreMatchView.as_view(), name="api-score-match"),
    path("matches/<int:match_id>/", api.MatchDetailView.as_view(), name="api-match"),
    path("matches/<int:match_id>/deals/", api.MatchDealsView.as_view(), name="api-match-deals"),
    path(
        "matches/<int:match_id>/deals/<int:number>/",
        api.MatchDealDetailView.as_view(),
        name="api-match-deal",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/confirm/",
        api.MatchDealConfirmView.as_view(),
        name="api-match-deal-confirm",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/dispute/",
        api.MatchDealDisputeView.as_view(),
        name="api-match-deal-dispute",
    ),
    path("matches/<int:match_id>/close/", api.MatchCloseView.as_view(), name="api-match-close"),
    path(
        "matches/<int:match_id>/history/", api.MatchHistoryView.as_view(), name="api-match-history"
    ),
    path(
        "matches/<int:match_id>/scoresheet/",
        api.MatchScoresheetView.as_view(),
        name="api-match-scoresheet",
    ),
]
