"""Club presets (issue 19, item 6): a club's named set of tournament settings that a new
tournament starts from. The presets of the rules (a game's own rulesets, e.g. Moscow, Sochi)
are read-only and are not these; a club preset names one of them as its `ruleset`.

Every write is checked per game through the registry (`Game.check_conventions`, the game's
table sizes, match scorings and tiebreaks) and refused with coded errors at their fields;
nothing is saved half.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from config.collation import sorted_by_name
from scoring import games
from tournaments.clubs.models import Club
from tournaments.clubs.names import lookalike_refusal, name_checked, name_lookalike
from tournaments.discipline.services import discipline_settings_check
from tournaments.events import setup
from tournaments.events.models import ClubPreset, Tournament

# What a preset holds: the settings of play and the round clock (not a tournament's name,
# status, publication or start).
PRESET_SETTINGS = (*setup.PLAY_SETTINGS, "round_minutes")


def _name_clean(*, club: Club, name: Any, exclude: int | None = None) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValidationError(
            {"name": ValidationError(_("Give the preset a name."), code="required")}
        )
    name = name_checked(name)  # the one name policy (tournaments.clubs.names): no hidden characters
    too_long = setup.name_too_long(name, ClubPreset, "name")
    if too_long is not None:
        raise ValidationError({"name": too_long})
    # Compared case-folded here: SQLite's iexact folds only ASCII ("Вечір" and "вечір").
    others = ClubPreset.objects.filter(club=club)
    if exclude is not None:
        others = others.exclude(pk=exclude)
    if any(n.casefold() == name.casefold() for n in others.values_list("name", flat=True)):
        raise ValidationError(
            {
                "name": ValidationError(
                    _("The club already has a preset of that name."), code="duplicate_name"
                )
            }
        )
    other = name_lookalike(name, others.values_list("name", flat=True))
    if other is not None:  # "Вечір" in Latin letters where "Вечір" is
        raise lookalike_refusal("name", other)
    return name


def preset_settings_check(settings: Any) -> dict[str, Any]:
    """The settings of a preset, complete and checked for their game: unknown keys refused
    (`unknown_field`), each value of its type and choices, the ruleset, conventions, table
    size, match scoring and tiebreaks the game's (the codes of the create API)."""
    if not isinstance(settings, dict):
        raise ValidationError(
            {
                "settings": ValidationError(
                    _("Settings are a mapping of name to value."), code="invalid"
                )
            }
        )
    unknown = [key for key in settings if key not in PRESET_SETTINGS]
    if unknown:
        raise ValidationError(
            {
                str(key): ValidationError(
                    _("Unknown field: check its spelling."), code="unknown_field"
                )
                for key in unknown
            }
        )
    try:
        played = games.game_get(settings.get("game"))
    except (KeyError, TypeError):
        raise ValidationError(
            {
                "game": ValidationError(
                    _("Unknown game: %(game)s.") % {"game": settings.get("game")},
                    code="unknown_game",
                )
            }
        ) from None
    data = {
        "game": played.key,
        "ruleset": played.default_ruleset,
        "conventions": {},
        "table_size": played.table_sizes[0],
        "system": Tournament.System.SWISS.value,
        "rounds": 5,
        "match_score": next(iter(played.match_scores)),
        "tiebreaks": list(played.default_tiebreaks),
        "confirm_deals": False,
        "round_minutes": None,
        **{k: v for k, v in settings.items() if k != "game"},
    }
    tiebreaks = data["tiebreaks"]
    if not isinstance(tiebreaks, list) or not all(isinstance(t, str) for t in tiebreaks):
        raise ValidationError(
            {"tiebreaks": ValidationError(_("Tiebreaks are a list of names."), code="bad_tiebreak")}
        )
    # Types and choices as the tournament's own fields check them.
    probe = Tournament(name="preset", **data)
    probe.clean_fields(
        exclude=[f.name for f in Tournament._meta.fields if f.name not in PRESET_SETTINGS]
    )
    for name in ("table_size", "rounds", "round_minutes"):
        data[name] = getattr(probe, name)
    if not isinstance(data["confirm_deals"], bool):
        data["confirm_deals"] = bool(probe.confirm_deals)
    checks: dict[str, Any] = {}
    if data.get("table_sizes"):  # mixed sizes in one round (issue 19, item 1)
        checks["table_sizes"] = data["table_sizes"]
    if data.get("entrants"):  # players, pairs or teams (issue 19, item 2)
        checks["entrants"] = data["entrants"]
    # The compressed balance's bands (issue 19, item 3): needed by it, refused elsewhere.
    checks["match_score_bands"] = data.setdefault("match_score_bands", [])
    setup.game_settings_check(
        game=played.key,
        table_size=data["table_size"],
        match_score=data["match_score"],
        tiebreaks=data["tiebreaks"],
        **checks,
    )
    setup.conventions_check(
        ruleset=data["ruleset"],
        conventions=data["conventions"],
        table_size=data["table_size"],
        game=played.key,
    )
    # Discipline (issue 19, item 5): bounded; timeout_positive only where a match closes on time.
    discipline_settings_check(
        game=played.key,
        ruleset=data["ruleset"],
        conventions=data["conventions"],
        timeout_positive=data.get("timeout_positive"),
        second_yellow_penalty=data.get("second_yellow_penalty"),
        loss_limit=data.get("loss_limit"),
    )
    # Stages (issue 19, item 4): a cut or a final table the rounds and sizes can play.
    for name in ("stage_after_round", "stage_size"):
        if name in data:
            data[name] = getattr(probe, name)
    setup.stage_check(data=data, tournament=None)
    return data


def preset_create(*, club: Club, name: Any, settings: Any, user: Any = None) -> ClubPreset:
    """A new preset of the club from the settings given (the game's defaults fill the rest)."""
    errors: dict[str, list[ValidationError]] = {}
    clean_name = ""
    checked: dict[str, Any] = {}
    for step in ("name", "settings"):
        try:
            if step == "name":
                clean_name = _name_clean(club=club, name=name)
            else:
                checked = preset_settings_check(settings)
        except ValidationError as exc:
            for field, field_errors in exc.error_dict.items():
                errors.setdefault(field, []).extend(field_errors)
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            return ClubPreset.objects.create(
                club=club, name=clean_name, game=checked["game"], settings=checked
            )
    except IntegrityError:  # the same name saved at the same moment
        raise ValidationError(
            {
                "name": ValidationError(
                    _("The club already has a preset of that name."), code="duplicate_name"
                )
            }
        ) from None


def preset_from_tournament(*, tournament: Tournament, name: Any, user: Any = None) -> ClubPreset:
    """Save a tournament's settings of play as a preset of its club."""
    settings = {key: getattr(tournament, key) for key in PRESET_SETTINGS}
    return preset_create(club=tournament.club, name=name, settings=settings, user=user)


def preset_rename(*, preset: ClubPreset, name: Any) -> ClubPreset:
    preset.name = _name_clean(club=preset.club, name=name, exclude=preset.pk)
    preset.save(update_fields=["name", "updated_at"])
    return preset


def preset_delete(*, preset: ClubPreset) -> None:
    """Delete a preset; the tournaments started from it keep their settings."""
    preset.delete()


def preset_apply(*, preset: ClubPreset, fields: dict[str, Any]) -> dict[str, Any]:
    """A new tournament's fields: the preset's settings, overridden by those given."""
    return {**preset.settings, **fields}


def presets_of(club: Club) -> list[ClubPreset]:
    return sorted_by_name(ClubPreset.objects.filter(club=club), lambda p: p.name)


def presets_for_user(user: Any) -> list[ClubPreset]:
    """The presets a user may start a tournament from: those of the clubs they manage (as
    `permissions.can_manage_club` says: staff every club's)."""
    if not getattr(user, "is_authenticated", False):
        return []
    qs = ClubPreset.objects.select_related("club").order_by("club__name", "name")
    if user.is_staff or user.is_superuser:
        return list(qs)
    return list(qs.filter(club__members__user=user, club__members__role="organiser"))


def preset_body(user: Any, body: Any) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A create body with `preset`: the preset's settings and club first, the body's own
    fields over them. Returns (body, None), or (body, the refusal at `preset`) for a preset
    that is not a number, unknown, or of a club the user does not manage (`unknown_preset`:
    the same answer, so that another club's presets are not revealed)."""
    from config.api_errors import error

    given = {k: v for k, v in body.items() if k != "preset"}
    asked = body.get("preset")
    if asked is None:
        return given, None
    found = None
    if isinstance(asked, int) and not isinstance(asked, bool):
        found = next((p for p in presets_for_user(user) if p.pk == asked), None)
    elif isinstance(asked, str) and asked.isdigit():
        found = next((p for p in presets_for_user(user) if str(p.pk) == asked), None)
    if found is None:
        return given, error(
            "preset", "unknown_preset", _("No such preset among your clubs' presets.")
        )
    return {**found.settings, "club": found.club.pk, **given}, None
