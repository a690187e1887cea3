"""Django admin for every model of the tournaments app (history admin for tournaments)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from simple_history.admin import SimpleHistoryAdmin

from tournaments.clubs.models import (
    Club,
    ClubMember,
    Invitation,
    LockoutLift,
    Player,
    Profile,
    TableCard,
)
from tournaments.discipline.models import Card
from tournaments.events import setup
from tournaments.events.models import ClubPreset, Entry, Round, RoundEvent, Table, Team, Tournament
from tournaments.federations.models import Federation, FederationClub, FederationOrganiser
from tournaments.live.models import LiveVersion
from tournaments.people.models import ClubPlayer, PlayerMerge, RosterRequest
from tournaments.reports.models import ReportJob
from tournaments.standings.models import MatchTally, Rating, RatingEvent, StandingRow


class ClubAdminForm(forms.ModelForm):
    """The club's name by the one name policy (tournaments.clubs.names), as the import's."""

    class Meta:
        model = Club
        fields = ["name", "city"]

    def clean_name(self) -> str:
        try:
            return setup.club_name_checked(self.cleaned_data.get("name"), club=self.instance)
        except ValidationError as exc:
            raise ValidationError(exc.error_dict["name"]) from None


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    form = ClubAdminForm
    list_display = ["name", "city", "created_at"]
    search_fields = ["name", "city"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "club", "user"]
    list_filter = ["club"]
    search_fields = ["display_name", "user__username"]
    autocomplete_fields = ["user"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(SimpleHistoryAdmin):
    list_display = ["name", "club", "ruleset", "table_size", "system", "status", "published"]
    list_filter = ["status", "published", "ruleset", "table_size", "system", "club"]
    search_fields = ["name", "club__name"]
    filter_horizontal = ["organisers", "referees"]
    inlines = [EntryInline]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["tournament", "player", "seed", "withdrawn"]
    list_filter = ["tournament", "withdrawn"]
    autocomplete_fields = ["player"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    autocomplete_fields = ["scorer"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "opened_at", "closed_at"]
    list_filter = ["status", "tournament"]
    inlines = [TableInline]
    filter_horizontal = ["byes"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "scorer"]
    list_filter = ["round__tournament", "round__status"]
    autocomplete_fields = ["scorer"]


@admin.register(StandingRow)
class StandingRowAdmin(admin.ModelAdmin):
    list_display = ["tournament", "rank", "player", "match_points", "played", "won"]
    list_filter = ["tournament"]


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["player", "game", "ordinal", "mu", "sigma", "matches", "updated_at"]
    list_filter = ["game"]
    search_fields = ["player__display_name"]


@admin.register(RatingEvent)
class RatingEventAdmin(admin.ModelAdmin):
    list_display = ["player", "match", "game", "ordinal", "rated_at"]
    list_filter = ["game", "player__club"]


@admin.register(ReportJob)
class ReportJobAdmin(admin.ModelAdmin):
    list_display = ["id", "tournament", "kind", "state", "progress", "created_at", "finished_at"]
    list_filter = ["state", "kind"]
    readonly_fields = ["created_at", "finished_at"]


@admin.register(MatchTally)
class MatchTallyAdmin(admin.ModelAdmin):
    """A finished match's part in the standings (kept by the standings hook: read only)."""

    list_display = ["match", "tournament", "round_number"]
    list_filter = ["tournament"]
    readonly_fields = ["match", "tournament", "round_number", "data"]


@admin.register(RoundEvent)
class RoundEventAdmin(admin.ModelAdmin):
    """The rounds' history: read only (a change of it would rewrite what happened)."""

    list_display = ["round", "kind", "table_number", "deal_number", "user", "reason", "created_at"]
    list_filter = ["kind", "round__tournament"]
    search_fields = ["reason", "user__username"]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False


@admin.register(LockoutLift)
class LockoutLiftAdmin(admin.ModelAdmin):
    """The lockouts organisers lifted (their daily cap counts these): read only."""

    list_display = ["lifted_at", "lifted_by", "kind", "value"]
    list_filter = ["kind"]
    search_fields = ["value", "lifted_by__username"]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False  # a deleted lift would no longer count against the day's cap


@admin.register(LiveVersion)
class LiveVersionAdmin(admin.ModelAdmin):
    """The live pages' change counters (tournaments.live.cache): read only; a counter set
    back by hand would let the cache serve pages older than what they show."""

    list_display = ["tournament", "version"]
    readonly_fields = ["tournament", "version"]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False


@admin.register(ClubMember)
class ClubMemberAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["role", "club"]
    search_fields = ["user__username", "club__name"]
    raw_id_fields = ["user"]


# The secrets' hashes are never shown nor editable: a link or card is made, revoked or left to
# expire on the organiser's pages (tournaments.clubs.services, tournaments.clubs.table_cards), never
# forged here.
@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["club", "role", "player", "created_at", "expires_at", "used_at", "revoked_at"]
    list_filter = ["role", "club"]
    exclude = ["token_hash"]
    readonly_fields = ["created_by", "created_at", "used_at", "user"]
    raw_id_fields = ["player"]

    def has_add_permission(self, request: object) -> bool:
        return False


@admin.register(TableCard)
class TableCardAdmin(admin.ModelAdmin):
    list_display = ["table", "created_at", "expires_at", "revoked_at", "last_used_at"]
    exclude = ["token_hash"]
    readonly_fields = ["table", "user", "issued_by", "created_at", "last_used_at"]

    def has_add_permission(self, request: object) -> bool:
        return False


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "language"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]


@admin.register(ClubPreset)
class ClubPresetAdmin(admin.ModelAdmin):
    """A club's presets (issue 19, item 6): written through the organiser's pages and the API,
    which check them per game; here read and deleted only."""

    list_display = ["name", "club", "game", "updated_at"]
    list_filter = ["game"]
    search_fields = ["name", "club__name"]
    readonly_fields = ["club", "name", "game", "settings", "created_at", "updated_at"]

    def has_add_permission(self, request: object) -> bool:
        return False


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    """A tournament's pairs and teams (issue 19, item 2): entered on the Players page and the
    entries API, which check their members; here read only."""

    list_display = ["name", "tournament", "seed", "withdrawn"]
    search_fields = ["name", "tournament__name"]
    readonly_fields = ["tournament", "name", "seed", "withdrawn", "created_at"]

    def has_add_permission(self, request: object) -> bool:
        return False


@admin.register(Card)
class CardAdmin(SimpleHistoryAdmin):
    """Warnings and yellow cards (issue 19, item 5): given by referees on their pages and the
    API, or by the loss limit; never deleted (a card withdrawn keeps its record)."""

    list_display = ["player", "kind", "reason", "tournament", "automatic", "withdrawn_at"]
    list_filter = ["kind", "automatic"]
    search_fields = ["player__display_name", "tournament__name", "reason"]
    readonly_fields = [
        "tournament",
        "player",
        "kind",
        "reason",
        "article",
        "round",
        "match",
        "automatic",
        "given_by",
        "created_at",
        "withdrawn_at",
    ]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False


# --- one person across clubs, federations (issue 33) -----------------------------------------


class FederationClubInline(admin.TabularInline):
    model = FederationClub
    extra = 0
    autocomplete_fields = ["club"]
    readonly_fields = ["invited_by", "invited_at"]


class FederationOrganiserInline(admin.TabularInline):
    model = FederationOrganiser
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Federation)
class FederationAdmin(admin.ModelAdmin):
    list_display = ["name", "city", "created_at"]
    search_fields = ["name", "city"]
    inlines = [FederationClubInline, FederationOrganiserInline]


@admin.register(FederationClub)
class FederationClubAdmin(admin.ModelAdmin):
    list_display = ["federation", "club", "invited_at", "joined_at"]
    list_filter = ["federation"]


@admin.register(FederationOrganiser)
class FederationOrganiserAdmin(admin.ModelAdmin):
    list_display = ["federation", "user", "created_at"]


@admin.register(ClubPlayer)
class ClubPlayerAdmin(admin.ModelAdmin):
    """A player on another club's roll: made by consent or a merge, never here."""

    list_display = ["player", "club", "via", "added_at"]
    list_filter = ["via"]
    search_fields = ["player__display_name", "club__name"]
    readonly_fields = ["club", "player", "via", "added_by", "added_at"]

    def has_add_permission(self, request: object) -> bool:
        return False


@admin.register(RosterRequest)
class RosterRequestAdmin(admin.ModelAdmin):
    list_display = ["club", "player", "state", "asked_at", "answered_at"]
    list_filter = ["state"]
    readonly_fields = [
        "club",
        "player",
        "state",
        "asked_by",
        "asked_at",
        "answered_by",
        "answered_at",
    ]

    def has_add_permission(self, request: object) -> bool:
        return False


@admin.register(PlayerMerge)
class PlayerMergeAdmin(admin.ModelAdmin):
    """The merges, kept: what each moved, who proposed and who agreed."""

    list_display = ["source_name", "source_club", "target_name", "state", "answered_at"]
    list_filter = ["state"]
    search_fields = ["source_name", "target_name"]
    readonly_fields = [f.name for f in PlayerMerge._meta.fields]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        return False
