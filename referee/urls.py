"""Pages of the referee app: the rulebook, the rulings, and each game's tools at the table
and conventions overview (routed from the games' `RefereeParts`)."""

from django.urls import path

from . import views
from .games import parts_all

app_name = "referee"

urlpatterns: list = [
    path("rules/", views.rulebook, name="rulebook"),
    path("rules/<str:article_id>/", views.article, name="article"),
    path("referee/", views.tools_index, name="tools"),
    *[
        path(f"referee/{tool.path}", views.tool_page, {"tool": tool.name}, name=tool.name)
        for parts in parts_all()
        for tool in parts.tool_pages
    ],
    *[
        path(
            f"referee/{parts.game}/conventions/",
            views.conventions_page,
            {"game": parts.game},
            name=f"{parts.game}_conventions",
        )
        for parts in parts_all()
    ],
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
    path(
        "referee/tournaments/<int:tournament_id>/cards/",
        views.tournament_cards,
        name="tournament_cards",
    ),
    path("referee/cards/<int:card_id>/withdraw/", views.card_withdraw, name="card_withdraw"),
]
