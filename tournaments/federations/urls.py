"""Routes of federations: `urlpatterns` (pages) and `api_urlpatterns` (under /api/v1/)."""

from django.urls import URLPattern, path

from tournaments.federations import api, views

urlpatterns: list[URLPattern] = [
    path("federations/", views.federations_page, name="federations"),
    path("federations/<int:federation_id>/", views.federation_page, name="federation"),
    path(
        "federations/<int:federation_id>/clubs/",
        views.federation_club_invite,
        name="federation_club_invite",
    ),
    path(
        "federations/<int:federation_id>/clubs/<int:club_id>/",
        views.federation_club_answer,
        name="federation_club_answer",
    ),
    path(
        "federations/<int:federation_id>/replay/",
        views.federation_replay,
        name="federation_replay",
    ),
]

api_urlpatterns: list[URLPattern] = [
    path("federations/", api.FederationListView.as_view(), name="api-federations"),
    path(
        "federations/<int:federation_id>/",
        api.FederationView.as_view(),
        name="api-federation",
    ),
    path(
        "federations/<int:federation_id>/clubs/",
        api.FederationClubsView.as_view(),
        name="api-federation-clubs",
    ),
    path(
        "federations/<int:federation_id>/clubs/<int:club_id>/",
        api.FederationClubView.as_view(),
        name="api-federation-club",
    ),
    path(
        "federations/<int:federation_id>/replay/",
        api.FederationReplayView.as_view(),
        name="api-federation-replay",
    ),
]
