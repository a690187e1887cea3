"""A tournament's settings as the API reads them: the create/change API's serializer, and the
same checks for a tournament's JSON import and an archive's manifest (issue 17, items 3 and 18:
every setting typed and bounded, an unknown key refused, each problem at its field).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from config.datetimes import MODEL_FIELD_MAPPING
from config.strict import unknown_fields
from scoring import games
from tournaments.clubs.models import Club
from tournaments.discipline.services import LOSS_LIMIT_MAX, PENALTY_MAX
from tournaments.events import setup
from tournaments.events.models import Tournament
from tournaments.events.stages import MAX_STAGE_SIZE
from tournaments.standings.match_scores import MAX_BANDS, MAX_UP_TO

# A round robin of a thousand players; a round of a whole day.
MAX_ROUNDS = 999
MAX_ROUND_MINUTES = 24 * 60


# `match_score_bands` as the schema shows it (the services check the rest: ascending, the
# last band without up_to, bands only for compressed_balance).
BANDS_SCHEMA: dict[str, Any] = {
    "type": "array",
    "maxItems": MAX_BANDS,
    "items": {
        "type": "object",
        "properties": {
            "up_to": {"type": "number", "minimum": 0, "maximum": MAX_UP_TO},
            "factor": {"type": "number", "minimum": 0, "maximum": 1},
        },
        "required": ["factor"],
        "additionalProperties": False,
    },
    "description": (
        "The bands of the compressed balance (match_score compressed_balance needs them; [] "
        "for any other scoring): each band counts the part of a table's balance up to its "
        "up_to times its factor (0..1), up_to ascending, the last band without up_to; "
        'symmetric in the sign. E.g. [{"up_to": 200, "factor": 1}, {"up_to": 650, '
        '"factor": 0.1}, {"factor": 0}]: +300 counts 210, -300 counts -210. Refused with '
        "bad_match_score, each message naming its band."
    ),
}


@extend_schema_field(BANDS_SCHEMA)
class BandsField(serializers.JSONField):
    """`match_score_bands`: any JSON here; `setup.match_score_bands_problems` reads it."""


class TournamentSerializer(serializers.ModelSerializer):
    serializer_field_mapping = MODEL_FIELD_MAPPING  # RFC 3339, 2000..2100 (config.datetimes)
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all())
    club_name = serializers.CharField(source="club.name", read_only=True)
    tiebreaks = serializers.ListField(child=serializers.CharField(), required=False)
    conventions = serializers.DictField(required=False)
    match_score_bands = BandsField(required=False)

    class Meta:
        model = Tournament
        # The settings are the services' list (one list for every door), behind the ids.
        fields = [
            "id",
            "name",
            "club",
            "club_name",
            *setup.TOURNAMENT_FIELDS[1:],
            "created_at",
        ]
        read_only_fields = ["id", "club_name", "created_at"]
        # Bounds of their own: the database's (SQLite has none) would let 10**6 rounds in.
        extra_kwargs = {
            "rounds": {"min_value": 1, "max_value": MAX_ROUNDS},
            "round_minutes": {"min_value": 1, "max_value": MAX_ROUND_MINUTES},
            # Discipline (tournaments.discipline.services).
            "second_yellow_penalty": {"min_value": 0, "max_value": PENALTY_MAX},
            "loss_limit": {"min_value": 1, "max_value": LOSS_LIMIT_MAX},
            # Stages (tournaments.events.stages): whether they fit the rounds and sizes, the
            # services.
            "stage_after_round": {"min_value": 1, "max_value": MAX_ROUNDS},
            "stage_size": {"min_value": 1, "max_value": MAX_STAGE_SIZE},
        }

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        unknown = {**unknown_fields(data, self.fields), **self._mistyped(data)}
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as exc:
            if not unknown or not isinstance(exc.detail, dict):
                raise
            raise serializers.ValidationError({**exc.detail, **unknown}) from exc
        if unknown:
            raise serializers.ValidationError(unknown)
        return value

    def _mistyped(self, data: Any) -> dict[str, list[ErrorDetail]]:
        """A value of the wrong JSON type (`"rounds": "5"`, `"published": "yes"`), which DRF's
        form-friendly fields would coerce: the schema says each setting's type (and an export
        writes each in it), so anything else is refused at its field, never guessed."""
        if not isinstance(data, Mapping):
            return {}
        out = {}
        for key, value in data.items():
            field = self.fields.get(key)
            if field is None or (value is None and field.allow_null):
                continue
            expected = _json_types(field)
            if isinstance(value, float) and value.is_integer() and int in expected:
                continue  # 5.0 is the JSON number 5 (an integer to JSON Schema too)
            if expected and (not isinstance(value, expected) or _is_bool_as(value, expected)):
                # The field's own words where they name the type ("A valid integer is
                # required."), translated by DRF.
                own = str(field.error_messages.get("invalid", ""))
                message = (
                    own if own and "{" not in own else _("Wrong type of value for this field.")
                )
                out[str(key)] = [ErrorDetail(message, code="invalid")]
        return out

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The ruleset, table size, match scoring, tiebreaks and conventions must be the
        game's (a new game's defaults fill what is not sent); each refusal with its code
        (`bad_convention`, `bad_table_size`, `bad_match_score`, `bad_tiebreak`)."""
        instance = self.instance
        game_key = attrs.get("game", getattr(instance, "game", None))
        game = next((g for g in games.games_all() if g.key == game_key), games.game_default())
        new_game = instance is None or game.key != instance.game
        kept = None if new_game else instance  # the tournament whose settings stay
        default_ruleset = game.default_ruleset if kept is None else kept.ruleset
        ruleset = attrs.get("ruleset", default_ruleset)
        conventions = attrs.get(
            "conventions", {} if new_game else (getattr(instance, "conventions", {}) or {})
        )
        table_size = attrs.get("table_size", getattr(instance, "table_size", 2))
        sizes = attrs.get("table_sizes")
        if "table_sizes" in attrs and sizes is None:
            # No mix is an empty list; null is not a value of this setting (never guessed).
            raise serializers.ValidationError(
                {
                    "table_sizes": [
                        serializers.ErrorDetail(
                            _("Give the table sizes as a list: [] for a single size."),
                            code="bad_table_size",
                        )
                    ]
                }
            )
        if isinstance(sizes, list) and sizes and all(type(s) is int for s in sizes):
            table_size = min(sizes)  # mixed sizes: the single one is their smallest
        try:
            setup.game_settings_check(
                game=game.key,
                table_size=table_size,
                match_score=attrs.get("match_score", None if kept is None else kept.match_score),
                tiebreaks=attrs.get("tiebreaks", None if kept is None else kept.tiebreaks),
                table_sizes=attrs.get("table_sizes"),
                entrants=attrs.get("entrants", None if instance is None else instance.entrants),
                match_score_bands=setup.bands_kept(data=attrs, tournament=instance),
            )
            setup.conventions_check(
                ruleset=ruleset, conventions=conventions, table_size=table_size, game=game.key
            )
        except DjangoValidationError as exc:
            raise serializers.ValidationError(_coded(exc)) from exc
        return attrs


def _coded(exc: DjangoValidationError) -> dict[str, list[ErrorDetail]]:
    """Django's field errors as DRF's, each keeping its code."""
    return {
        field: [
            ErrorDetail(message, code=error.code or "invalid")
            for error in errors
            for message in error.messages
        ]
        for field, errors in exc.error_dict.items()
    }


class TournamentImportSerializer(TournamentSerializer):
    """The `tournament` object of a JSON import (`deberc-tournament/1`): the create API's
    checks, the club by its name (found or created), no key of its own."""

    # The club by its name here, where the parent takes its id.
    club = serializers.CharField(  # type: ignore[assignment]
        max_length=Club._meta.get_field("name").max_length
    )

    class Meta(TournamentSerializer.Meta):
        fields = ["name", "club", *setup.TOURNAMENT_FIELDS]
        read_only_fields: list[str] = []


def _json_types(field: serializers.Field) -> tuple[type, ...]:
    """The JSON types a setting's field takes in an export (empty: whatever the field takes)."""
    if isinstance(field, serializers.BooleanField):
        return (bool,)
    if isinstance(field, serializers.IntegerField):
        return (int,)
    if isinstance(field, serializers.ChoiceField):
        return tuple({type(choice) for choice in field.choices})
    if isinstance(field, serializers.CharField | serializers.DateTimeField):
        return (str,)
    return ()


def _is_bool_as(value: Any, expected: tuple[type, ...]) -> bool:
    """`true` is not the integer 1 (bool is a subclass of int in Python)."""
    return isinstance(value, bool) and bool not in expected


def settings_errors(
    tournament: Tournament,
    settings: Mapping[str, Any],
    *,
    allowed: tuple[str, ...],
    ignored: tuple[str, ...],
) -> dict[str, Any]:
    """The errors of `settings` applied to `tournament` (the change API's checks, keys
    outside `allowed` and `ignored` refused): empty when they may be saved. The archive's
    restore reads its manifest's settings through this."""
    unknown = unknown_fields(settings, (*allowed, *ignored))
    serializer = TournamentSerializer(
        tournament, data={k: v for k, v in settings.items() if k in allowed}, partial=True
    )
    if serializer.is_valid():
        return unknown
    return {**serializer.errors, **unknown}
