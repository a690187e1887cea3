"""API routes of the tournaments app, mounted under /api/v1/."""

from django.urls import path

from tournaments.events.api import tournaments as api

urlpatterns: list = [
    path("tournaments/", api.TournamentListView.as_view(), name="api-tournaments"),
    path(
        "tournaments/import/",
        api.TournamentJSONImportView.as_view(),
        name="api-tournament-json-import",
    ),
    path(
        "tournaments/<int:tournament_id>/",
        api.TournamentDetailView.as_view(),
        name="api-tournament",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/",
        api.TournamentEntriesView.as_view(),
        name="api-tournament-entries",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/",
        api.TournamentEntryView.as_view(),
        name="api-tournament-entry",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/",
        api.TournamentMatchesView.as_view(),
        name="api-tournament-matches",
    ),
    path(
        "tournaments/<int:tournament_id>/import/",
        api.TournamentImportView.as_view(),
        name="api-tournament-import",
    ),
    path(
        "tournaments/<int:tournament_id>/export/",
        api.TournamentExportView.as_view(),
        name="api-tournament-export",
    ),
    path(
        "tournaments/<int:tournament_id>/deals.csv",
        api.TournamentDealsCSVView.as_view(),
        name="api-tournament-deals-csv",
    ),
]

# Pairing, standings and the leaderboard (issue 4).
from tournaments.live import api as api_live

urlpatterns += [
    path(
        "tournaments/<int:tournament_id>/rounds/",
        api_live.RoundsView.as_view(),
        name="api-tournament-rounds",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/swap/",
        api_live.RoundSwapView.as_view(),
        name="api-round-swap",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/",
        api_live.StandingsView.as_view(),
        name="api-tournament-standings",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/notes/",
        api_live.StandingsNotesView.as_view(),
        name="api-tournament-standings-notes",
    ),
    path("leaderboard/", api_live.LeaderboardView.as_view(), name="api-leaderboard"),
]

# Report jobs and the tournament archive (issue 6).
from tournaments.reports import api as api_reports

urlpatterns += [
    path(
        "tournaments/<int:tournament_id>/reports/",
        api_reports.TournamentReportsView.as_view(),
        name="api-tournament-reports",
    ),
    path(
        "tournaments/<int:tournament_id>/archive/",
        api_reports.ArchiveRestoreView.as_view(),
        name="api-tournament-archive",
    ),
    path("jobs/<uuid:job_id>/", api_reports.JobView.as_view(), name="api-job"),
    path("jobs/<uuid:job_id>/retry/", api_reports.JobRetryView.as_view(), name="api-job-retry"),
    path(
        "jobs/<uuid:job_id>/download/",
        api_reports.JobDownloadView.as_view(),
        name="api-job-download",
    ),
]

# Sign-in lockouts: the twin of the organiser's page /accounts/lockouts/.
from tournaments.clubs import api as api_lockouts

urlpatterns += [
    path("lockouts/", api_lockouts.LockoutListView.as_view(), name="api-lockouts"),
    path("lockouts/lift/", api_lockouts.LockoutLiftView.as_view(), name="api-lockout-lift"),
]

# Staff, invitations and table cards (issue 20).
from tournaments.clubs import api as api_staff

urlpatterns += [
    path(
        "tournaments/<int:tournament_id>/staff/",
        api_staff.TournamentStaffView.as_view(),
        name="api-tournament-staff",
    ),
    path(
        "tournaments/<int:tournament_id>/staff/<str:user>/",
        api_staff.TournamentStaffMemberView.as_view(),
        name="api-tournament-staff-member",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/cards.pdf",
        api_staff.RoundCardsPDFView.as_view(),
        name="api-round-cards",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/cards/",
        api_staff.RoundCardsIssueView.as_view(),
        name="api-round-cards-issue",
    ),
    path(
        "clubs/<int:club_id>/invitations/",
        api_staff.ClubInvitationsView.as_view(),
        name="api-club-invitations",
    ),
    path(
        "clubs/<int:club_id>/invitations/<int:invitation_id>/",
        api_staff.ClubInvitationView.as_view(),
        name="api-club-invitation",
    ),
    path("matches/<int:match_id>/card/", api_staff.MatchCardView.as_view(), name="api-match-card"),
]

# Club presets (issue 19, item 6).
from tournaments.events.api import presets as api_presets

urlpatterns += [
    path(
        "clubs/<int:club_id>/presets/",
        api_presets.ClubPresetsView.as_view(),
        name="api-club-presets",
    ),
    path(
        "clubs/<int:club_id>/presets/<int:preset_id>/",
        api_presets.ClubPresetView.as_view(),
        name="api-club-preset",
    ),
]

# Pairs and teams (issue 19, item 2).
from tournaments.events.api import teams as api_teams

urlpatterns += [
    path(
        "tournaments/<int:tournament_id>/teams/",
        api_teams.TournamentTeamsView.as_view(),
        name="api-tournament-teams",
    ),
    path(
        "tournaments/<int:tournament_id>/teams/<int:team_id>/",
        api_teams.TournamentTeamView.as_view(),
        name="api-tournament-team",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/teams/",
        api_teams.TeamStandingsView.as_view(),
        name="api-tournament-team-standings",
    ),
]
