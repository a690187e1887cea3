"""Pages of the scoring app."""

from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns: list = [
    path("matches/sw.js", views.service_worker, name="service_worker"),
    path("matches/<int:match_id>/", views.match_page, name="match"),
    path("matches/<int:match_id>/deal/", views.deal_create, name="deal_create"),
    path("matches/<int:match_id>/deals/<int:number>/edit/", views.deal_edit, name="deal_edit"),
    path(
        "matches/<int:match_id>/deals/<int:number>/confirm/",
        views.deal_confirm,
        name="deal_confirm",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/dispute/",
        views.deal_dispute,
        name="deal_dispute",
    ),
    path("matches/<int:match_id>/withdraw/", views.deal_withdraw, name="deal_withdraw"),
    path("matches/<int:match_id>/close/", views.match_close, name="match_close"),
    path("matches/<int:match_id>/history/", views.match_history, name="history"),
    path(
        "matches/<int:match_id>/scoresheet.json",
        views.match_scoresheet_download,
        name="scoresheet",
    ),
]
