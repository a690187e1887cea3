"""Django admin of the referee desk: the rulebook (read-only: its content is code) and the
rulings with their history. Rulings are recorded and overturned on the site or the API, so
that the deal correction and the re-scoring always happen with them."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import Article, Ruling


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
