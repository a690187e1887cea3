"""Pages of the referee app."""

from django.urls import path

from . import views

app_name = "referee"

urlpatterns: list = [
    path("rules/", views.rulebook, name="rulebook"),
    path("rules/<str:article_id>/", views.article, name="article"),
    path("referee/", views.tools_index, name="tools"),
    path("referee/legal-cards/", views.legal_cards_page, name="legal_cards"),
    path("referee/combinations/", views.combinations_page, name="combinations"),
    path("referee/check-deal/", views.check_deal_page, name="check_deal"),
    path("referee/check-closing/", views.check_closing_page, name="check_closing"),
    path(
        "referee/preferans/score-deal/",
        views.preferans_score_deal_page,
        name="preferans_score_deal",
    ),
    path("referee/preferans/settle/", views.preferans_settle_page, name="preferans_settle"),
    path(
        "referee/preferans/conventions/",
        views.preferans_conventions_page,
        name="preferans_conventions",
    ),
    path("referee/matches/<int:match_id>/rule/", views.ruling_new, name="ruling_new"),
    path(
        "referee/tournaments/<int:tournament_id>/rulings/",
        views.tournament_rulings,
        name="tournament_rulings",
    ),
    path(
        "referee/rulings/<int:ruling_id>/overturn/",
        views.ruling_overturn,
        name="ruling_overturn",
    ),
]
