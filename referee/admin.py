"""Django admin of the referee desk: the rulebook (read-only: its content is code), the
rule searches that found nothing (for the rulebook's editors), and the rulings with their
history. Rulings are recorded and overturned on the site or the API, so
that the deal correction and the re-scoring always happen with them."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import Article, Ruling, SearchMiss


@admin.register(Article)
class ArticleAdmin(admin.ModelAdmin):
    list_display = ["id", "section", "title_en", "title_ru", "project_default"]
    list_filter = ["section", "project_default"]
    search_fields = ["id", "title_ru", "title_uk", "title_en", "keywords_ru", "keywords_en"]
    exclude = ["search_vector"]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(SearchMiss)
class SearchMissAdmin(admin.ModelAdmin):
    """The words players searched the rulebook for and found nothing ("рыба"), most asked
    first: an editor adds them to an article's keywords or a game's search words, then
    deletes the row. Counted by the site, never typed here."""

    list_display = ["query", "lang", "game", "count", "first_asked", "last_asked"]
    list_filter = ["lang", "game"]
    search_fields = ["query"]
    ordering = ["-count", "-last_asked", "query"]
    readonly_fields = [f.name for f in SearchMiss._meta.concrete_fields]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(Ruling)
class RulingAdmin(SimpleHistoryAdmin):
    list_display = [
        "id",
        "match",
        "deal_number",
        "kind",
        "violator",
        "referee",
        "created_at",
        "overturned",
    ]
    list_filter = ["kind", "overturned"]
    search_fields = ["violator__display_name", "explanation"]
    readonly_fields = [f.name for f in Ruling._meta.concrete_fields]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False
