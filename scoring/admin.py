"""Django admin for every model of the scoring app (history admin for deals)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from scoring import services

from .errors import game_of, localise_errors
from .models import ApiTokenUse, Deal, DealDispute, IdempotencyKey, Match, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["player"]


class DealInline(admin.TabularInline):
    model = Deal
    extra = 0
    fields = ["number", "status", "record", "entered_by", "confirmed_by", "updated_at"]
    readonly_fields = ["updated_at"]
    show_change_link = True


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "tournament", "round", "table", "status", "version", "reason"]
    list_filter = ["status", "tournament", "ruleset"]
    readonly_fields = ["result", "version", "winner_seats", "reason", "finished_at", "created_at"]
    inlines = [SeatInline, DealInline]
    actions = ["rescore"]

    @admin.action(description=_("Re-score the selected matches from their deals"))
    def rescore(self, request: Any, queryset: Any) -> None:
        for match in queryset:
            try:
                services.match_rescore(match=match)
            except services.DealRejected as exc:
                for err in localise_errors(exc.errors, game_of(match.game)):
                    self.message_user(request, f"#{match.pk}: {err['message']}", messages.ERROR)


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["match", "position", "player"]
    autocomplete_fields = ["player"]


@admin.register(DealDispute)
class DealDisputeAdmin(admin.ModelAdmin):
    list_display = ["match", "deal_number", "player_name", "status", "created_at"]
    list_filter = ["status", "match__tournament"]
    readonly_fields = ["raised_by", "settled_by", "created_at", "settled_at"]


@admin.register(Deal)
class DealAdmin(SimpleHistoryAdmin):
    list_display = ["match", "number", "status", "entered_by", "updated_at"]
    list_filter = ["status", "match__tournament"]
    history_list_display = ["status"]
    readonly_fields = ["entered_by", "confirmed_by"]

    def save_model(self, request: Any, obj: Deal, form: Any, change: bool) -> None:
        """A deal changed here goes through the engine like any correction (the match is
        re-scored, the old version kept); a refused change is reported, not saved."""
        if not change or "record" not in form.changed_data:
            super().save_model(request, obj, form, change)
            return
        try:
            services.deal_correct(
                match=obj.match,
                number=obj.number,
                record=obj.record,
                user=request.user,
                reason="admin",
            )
        except (services.DealRejected, PermissionDenied) as exc:
            errors = getattr(exc, "errors", [{"message": str(exc)}])
            for err in localise_errors(errors, game_of(obj.match.game)):
                self.message_user(request, err["message"], messages.ERROR)


@admin.register(IdempotencyKey)
class IdempotencyKeyAdmin(admin.ModelAdmin):
    list_display = ["key", "user", "match", "response_status", "created_at"]
    list_filter = ["response_status"]
    search_fields = ["key"]
    readonly_fields = ["request_hash", "response_status", "response_body", "created_at"]


@admin.register(ApiTokenUse)
class ApiTokenUseAdmin(admin.ModelAdmin):
    """When each API token was last used (its sliding expiry); delete one to revoke it."""

    list_display = ["id", "token_owner", "last_used_at"]
    search_fields = ["token__user__username"]
    readonly_fields = ["token", "last_used_at"]

    def has_add_permission(self, request: object) -> bool:
        return False

    @admin.display(description=_("user"))
    def token_owner(self, obj: ApiTokenUse) -> str:
        return obj.token.user.get_username()

    def delete_model(self, request: Any, obj: ApiTokenUse) -> None:
        obj.token.delete()  # the token itself, so that it stops working

    def delete_queryset(self, request: Any, queryset: Any) -> None:
        from rest_framework.authtoken.models import Token

        Token.objects.filter(use__in=queryset).delete()
