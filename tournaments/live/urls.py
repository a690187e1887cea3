"""Routes of the live pages, pairing and the leaderboard: `urlpatterns`
(pages, in the `tournaments` namespace) and `api_urlpatterns` (under /api/v1/), gathered by
the app's `urls.py` and `api_urls.py`."""

from django.urls import URLPattern, path

from tournaments.live import api, views

urlpatterns: list[URLPattern] = [
    # Live pages, pairing and leaderboards (issue 4).
    path("tournaments/<int:tournament_id>/", views.tournament_live, name="live_tournament"),
    path(
        "tournaments/<int:tournament_id>/standings/",
        views.standings_page,
        name="live_standings",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/",
        views.round_page,
        name="live_round",
    ),
    path("tournaments/<int:tournament_id>/screen/", views.bigscreen, name="live_bigscreen"),
    path("tournaments/<int:tournament_id>/pairing/", views.round_manage, name="live_manage"),
    path(
        "tournaments/<int:tournament_id>/pairing/pair/",
        views.round_pair_view,
        name="live_pair",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/swap/",
        views.round_swap_view,
        name="live_swap",
    ),
    path("players/<int:player_id>/", views.player_page, name="live_player"),
    path("leaderboard/", views.leaderboard_page, name="live_leaderboard"),
]

api_urlpatterns: list[URLPattern] = [
    # Pairing, standings and the leaderboard (issue 4).
    path(
        "tournaments/<int:tournament_id>/rounds/",
        api.RoundsView.as_view(),
        name="api-tournament-rounds",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/swap/",
        api.RoundSwapView.as_view(),
        name="api-round-swap",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/",
        api.StandingsView.as_view(),
        name="api-tournament-standings",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/notes/",
        api.StandingsNotesView.as_view(),
        name="api-tournament-standings-notes",
    ),
    path("leaderboard/", api.LeaderboardView.as_view(), name="api-leaderboard"),
]
