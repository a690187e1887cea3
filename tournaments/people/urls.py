"""Routes of one person across clubs: `urlpatterns` (pages) and `api_urlpatterns`."""

from django.urls import URLPattern, path

from tournaments.people import api, views

urlpatterns: list[URLPattern] = [
    path("clubs/<int:club_id>/players/", views.roster_page, name="club_roster"),
    path("clubs/<int:club_id>/players/ask/", views.roster_ask, name="club_roster_ask"),
    path(
        "clubs/<int:club_id>/players/<int:player_id>/merge/",
        views.merge_page,
        name="player_merge",
    ),
    path(
        "clubs/<int:club_id>/players/<int:player_id>/merge/propose/",
        views.merge_propose,
        name="player_merge_propose",
    ),
    path("people/waiting/", views.people_waiting, name="people_waiting"),
    path("people/requests/<int:request_id>/", views.roster_answer, name="roster_answer"),
    path("people/merges/<int:merge_id>/", views.merge_answer, name="merge_answer"),
]

api_urlpatterns: list[URLPattern] = [
    path("clubs/<int:club_id>/players/", api.ClubPlayersView.as_view(), name="api-club-players"),
    path(
        "clubs/<int:club_id>/roster-requests/",
        api.RosterRequestsView.as_view(),
        name="api-roster-requests",
    ),
    path(
        "roster-requests/<int:request_id>/",
        api.RosterRequestView.as_view(),
        name="api-roster-request",
    ),
    path("clubs/<int:club_id>/merges/", api.MergesView.as_view(), name="api-merges"),
    path("merges/<int:merge_id>/", api.MergeView.as_view(), name="api-merge"),
]
