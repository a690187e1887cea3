"""Pages of the tournaments app."""

from django.urls import path

from tournaments.events import views as manage_views

app_name = "tournaments"

urlpatterns: list = [
    path("tournaments/new/", manage_views.tournament_create, name="create"),
    path(
        "tournaments/new/game-fields/",
        manage_views.tournament_game_fields,
        name="game_fields",
    ),
    path("tournaments/<int:tournament_id>/edit/", manage_views.tournament_edit, name="edit"),
    path(
        "tournaments/<int:tournament_id>/matches/",
        manage_views.tournament_matches,
        name="matches",
    ),
    path(
        "tournaments/<int:tournament_id>/players/",
        manage_views.tournament_entries,
        name="entries",
    ),
    path(
        "tournaments/<int:tournament_id>/players/<int:entry_id>/withdraw/",
        manage_views.entry_withdraw,
        name="entry_withdraw",
    ),
    path(
        "tournaments/<int:tournament_id>/players/<int:entry_id>/remove/",
        manage_views.entry_remove,
        name="entry_remove",
    ),
    path(
        "tournaments/<int:tournament_id>/status/<slug:action>/",
        manage_views.tournament_status,
        name="tournament_status",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/open/",
        manage_views.round_open,
        name="round_open",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/close/",
        manage_views.round_close,
        name="round_close",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/time-up/",
        manage_views.round_time_up,
        name="round_time_up",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/scorers/",
        manage_views.round_scorers,
        name="round_scorers",
    ),
    path(
        "tournaments/<int:tournament_id>/deals.csv",
        manage_views.deals_csv,
        name="deals_csv",
    ),
    path(
        "tournaments/<int:tournament_id>/import/",
        manage_views.import_scoresheets,
        name="import_scoresheets",
    ),
    path(
        "tournaments/<int:tournament_id>/export.json",
        manage_views.export_json,
        name="export_json",
    ),
]

# Live pages, pairing and leaderboards (issue 4).
from tournaments.live import views as views_live

urlpatterns += [
    path("tournaments/<int:tournament_id>/", views_live.tournament_live, name="live_tournament"),
    path(
        "tournaments/<int:tournament_id>/standings/",
        views_live.standings_page,
        name="live_standings",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/",
        views_live.round_page,
        name="live_round",
    ),
    path("tournaments/<int:tournament_id>/screen/", views_live.bigscreen, name="live_bigscreen"),
    path("tournaments/<int:tournament_id>/pairing/", views_live.round_manage, name="live_manage"),
    path(
        "tournaments/<int:tournament_id>/pairing/pair/",
        views_live.round_pair_view,
        name="live_pair",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/swap/",
        views_live.round_swap_view,
        name="live_swap",
    ),
    path("players/<int:player_id>/", views_live.player_page, name="live_player"),
    path("leaderboard/", views_live.leaderboard_page, name="live_leaderboard"),
]

# Reports: order, follow, retry; restore an archive (issue 6).
from tournaments.reports import views as report_views

urlpatterns += [
    path(
        "tournaments/<int:tournament_id>/reports/",
        report_views.reports_page,
        name="reports",
    ),
    path(
        "tournaments/<int:tournament_id>/reports/archive/",
        report_views.archive_restore,
        name="report_archive_restore",
    ),
    path("reports/jobs/<uuid:job_id>/", report_views.job_row, name="report_job"),
    path("reports/jobs/<uuid:job_id>/retry/", report_views.job_retry, name="report_job_retry"),
]

# Sign-in lockouts an organiser may lift (django-axes; the rule: selectors.lockout_refusal).
from tournaments.clubs import views as lockout_views

urlpatterns += [
    path("accounts/lockouts/", lockout_views.lockouts_page, name="lockouts"),
    path("accounts/lockouts/lift/", lockout_views.lockout_lift, name="lockout_lift"),
]

# People at the table: staff, club members, invitations, table cards (issue 20).
from tournaments.clubs import views as staff_views

urlpatterns += [
    path("tournaments/<int:tournament_id>/staff/", staff_views.staff_page, name="staff"),
    path("tournaments/<int:tournament_id>/staff/add/", staff_views.staff_add, name="staff_add"),
    path(
        "tournaments/<int:tournament_id>/staff/<int:user_id>/remove/",
        staff_views.staff_remove,
        name="staff_remove",
    ),
    path("clubs/<int:club_id>/members/", staff_views.club_members, name="club_members"),
    path(
        "clubs/<int:club_id>/invitations/",
        staff_views.invitation_create,
        name="invitation_create",
    ),
    path(
        "clubs/<int:club_id>/invitations/<int:invitation_id>/revoke/",
        staff_views.invitation_revoke,
        name="invitation_revoke",
    ),
    path("invitations/<str:token>/", staff_views.invitation_page, name="invitation"),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/tables/",
        staff_views.round_tables,
        name="round_tables",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/tables/<int:table>/card/",
        staff_views.table_card_issue,
        name="table_card_issue",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/tables/<int:table>/card/revoke/",
        staff_views.table_card_revoke,
        name="table_card_revoke",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/cards.pdf",
        staff_views.round_cards_pdf,
        name="round_cards_pdf",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/cards/",
        staff_views.round_cards_issue,
        name="round_cards_issue",
    ),
    path("cards/<str:token>/", staff_views.table_card_page, name="table_card"),
    path("matches/<int:match_id>/queue/", staff_views.offline_queue_report, name="queue_report"),
]

# Club presets (issue 19, item 6).
from tournaments.events import views as preset_views

urlpatterns += [
    path("clubs/<int:club_id>/presets/", preset_views.club_presets, name="club_presets"),
    path(
        "clubs/<int:club_id>/presets/<int:preset_id>/rename/",
        preset_views.preset_rename,
        name="preset_rename",
    ),
    path(
        "clubs/<int:club_id>/presets/<int:preset_id>/delete/",
        preset_views.preset_delete,
        name="preset_delete",
    ),
]
