"""Routes of a tournament's settings, entries, rounds, teams and a club's presets: `urlpatterns`
(pages, in the `tournaments` namespace) and `api_urlpatterns` (under /api/v1/), gathered by
the app's `urls.py` and `api_urls.py`."""

from django.urls import URLPattern, path

from tournaments.events import views
from tournaments.events.api import presets, teams, tournaments

urlpatterns: list[URLPattern] = [
    path("tournaments/new/", views.tournament_create, name="create"),
    path(
        "tournaments/new/game-fields/",
        views.tournament_game_fields,
        name="game_fields",
    ),
    path("tournaments/<int:tournament_id>/edit/", views.tournament_edit, name="edit"),
    path(
        "tournaments/<int:tournament_id>/matches/",
        views.tournament_matches,
        name="matches",
    ),
    path(
        "tournaments/<int:tournament_id>/players/",
        views.tournament_entries,
        name="entries",
    ),
    path(
        "tournaments/<int:tournament_id>/players/<int:entry_id>/withdraw/",
        views.entry_withdraw,
        name="entry_withdraw",
    ),
    path(
        "tournaments/<int:tournament_id>/players/<int:entry_id>/remove/",
        views.entry_remove,
        name="entry_remove",
    ),
    path(
        "tournaments/<int:tournament_id>/status/<slug:action>/",
        views.tournament_status,
        name="tournament_status",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/open/",
        views.round_open,
        name="round_open",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/close/",
        views.round_close,
        name="round_close",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/time-up/",
        views.round_time_up,
        name="round_time_up",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/scorers/",
        views.round_scorers,
        name="round_scorers",
    ),
    path(
        "tournaments/<int:tournament_id>/deals.csv",
        views.deals_csv,
        name="deals_csv",
    ),
    path(
        "tournaments/<int:tournament_id>/import/",
        views.import_scoresheets,
        name="import_scoresheets",
    ),
    path(
        "tournaments/<int:tournament_id>/export.json",
        views.export_json,
        name="export_json",
    ),
    # Club presets (issue 19, item 6).
    path("clubs/<int:club_id>/presets/", views.club_presets, name="club_presets"),
    path(
        "clubs/<int:club_id>/presets/<int:preset_id>/rename/",
        views.preset_rename,
        name="preset_rename",
    ),
    path(
        "clubs/<int:club_id>/presets/<int:preset_id>/delete/",
        views.preset_delete,
        name="preset_delete",
    ),
]

api_urlpatterns: list[URLPattern] = [
    path("tournaments/", tournaments.TournamentListView.as_view(), name="api-tournaments"),
    path(
        "tournaments/import/",
        tournaments.TournamentJSONImportView.as_view(),
        name="api-tournament-json-import",
    ),
    path(
        "tournaments/<int:tournament_id>/",
        tournaments.TournamentDetailView.as_view(),
        name="api-tournament",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/",
        tournaments.TournamentEntriesView.as_view(),
        name="api-tournament-entries",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/",
        tournaments.TournamentEntryView.as_view(),
        name="api-tournament-entry",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/",
        tournaments.TournamentMatchesView.as_view(),
        name="api-tournament-matches",
    ),
    path(
        "tournaments/<int:tournament_id>/import/",
        tournaments.TournamentImportView.as_view(),
        name="api-tournament-import",
    ),
    path(
        "tournaments/<int:tournament_id>/export/",
        tournaments.TournamentExportView.as_view(),
        name="api-tournament-export",
    ),
    path(
        "tournaments/<int:tournament_id>/deals.csv",
        tournaments.TournamentDealsCSVView.as_view(),
        name="api-tournament-deals-csv",
    ),
    # Club presets (issue 19, item 6).
    path(
        "clubs/<int:club_id>/presets/",
        presets.ClubPresetsView.as_view(),
        name="api-club-presets",
    ),
    path(
        "clubs/<int:club_id>/presets/<int:preset_id>/",
        presets.ClubPresetView.as_view(),
        name="api-club-preset",
    ),
    # Pairs and teams (issue 19, item 2).
    path(
        "tournaments/<int:tournament_id>/teams/",
        teams.TournamentTeamsView.as_view(),
        name="api-tournament-teams",
    ),
    path(
        "tournaments/<int:tournament_id>/teams/<int:team_id>/",
        teams.TournamentTeamView.as_view(),
        name="api-tournament-team",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/teams/",
        teams.TeamStandingsView.as_view(),
        name="api-tournament-team-standings",
    ),
]
