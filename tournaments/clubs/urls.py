"""Routes of a club's people (staff, members, invitations, table cards, sign-in lockouts):
`urlpatterns`
(pages, in the `tournaments` namespace) and `api_urlpatterns` (under /api/v1/), gathered by
the app's `urls.py` and `api_urls.py`."""

from django.urls import URLPattern, path

from tournaments.clubs import api, views

urlpatterns: list[URLPattern] = [
    # Sign-in lockouts an organiser may lift (django-axes; the rule: selectors.lockout_refusal).
    path("accounts/lockouts/", views.lockouts_page, name="lockouts"),
    path("accounts/lockouts/lift/", views.lockout_lift, name="lockout_lift"),
    # People at the table: staff, club members, invitations, table cards (issue 20).
    path("tournaments/<int:tournament_id>/staff/", views.staff_page, name="staff"),
    path("tournaments/<int:tournament_id>/staff/add/", views.staff_add, name="staff_add"),
    path(
        "tournaments/<int:tournament_id>/staff/<int:user_id>/remove/",
        views.staff_remove,
        name="staff_remove",
    ),
    path("clubs/<int:club_id>/members/", views.club_members, name="club_members"),
    path(
        "clubs/<int:club_id>/invitations/",
        views.invitation_create,
        name="invitation_create",
    ),
    path(
        "clubs/<int:club_id>/invitations/<int:invitation_id>/revoke/",
        views.invitation_revoke,
        name="invitation_revoke",
    ),
    path("invitations/<str:token>/", views.invitation_page, name="invitation"),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/tables/",
        views.round_tables,
        name="round_tables",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/tables/<int:table>/card/",
        views.table_card_issue,
        name="table_card_issue",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/tables/<int:table>/card/revoke/",
        views.table_card_revoke,
        name="table_card_revoke",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/cards.pdf",
        views.round_cards_pdf,
        name="round_cards_pdf",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/cards/",
        views.round_cards_issue,
        name="round_cards_issue",
    ),
    path("cards/<str:token>/", views.table_card_page, name="table_card"),
    path("matches/<int:match_id>/queue/", views.offline_queue_report, name="queue_report"),
]

api_urlpatterns: list[URLPattern] = [
    # Sign-in lockouts: the twin of the organiser's page /accounts/lockouts/.
    path("lockouts/", api.LockoutListView.as_view(), name="api-lockouts"),
    path("lockouts/lift/", api.LockoutLiftView.as_view(), name="api-lockout-lift"),
    # Staff, invitations and table cards (issue 20).
    path(
        "tournaments/<int:tournament_id>/staff/",
        api.TournamentStaffView.as_view(),
        name="api-tournament-staff",
    ),
    path(
        "tournaments/<int:tournament_id>/staff/<str:user>/",
        api.TournamentStaffMemberView.as_view(),
        name="api-tournament-staff-member",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/cards.pdf",
        api.RoundCardsPDFView.as_view(),
        name="api-round-cards",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/cards/",
        api.RoundCardsIssueView.as_view(),
        name="api-round-cards-issue",
    ),
    path(
        "clubs/<int:club_id>/invitations/",
        api.ClubInvitationsView.as_view(),
        name="api-club-invitations",
    ),
    path(
        "clubs/<int:club_id>/invitations/<int:invitation_id>/",
        api.ClubInvitationView.as_view(),
        name="api-club-invitation",
    ),
    path("matches/<int:match_id>/card/", api.MatchCardView.as_view(), name="api-match-card"),
]
