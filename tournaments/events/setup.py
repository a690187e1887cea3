"""Writes of a tournament's settings [настройки турнира]: every setting checked (game, conventions,
entrants, table sizes, match scoring, stages, names, the club), the tournament created and
changed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from config.datetimes import datetime_range_check
from scoring import games
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Club, Player
from tournaments.clubs.names import (
    lookalike_refusal,
    name_checked,
    name_lookalike,
)
from tournaments.discipline.services import discipline_settings_check
from tournaments.events import signals
from tournaments.events.models import Tournament
from tournaments.standings.match_scores import (
    CONVERSIONS,
    NEEDS_BANDS,
    BandProblem,
    bands_check,
)

# The settings of play: how the deals are scored and the tournament paired and ranked (what
# an export writes and an archive's restore reads back).
PLAY_SETTINGS = (
    "game",
    "ruleset",
    "conventions",
    "table_size",
    "table_sizes",
    "system",
    "rounds",
    "match_score",
    "match_score_bands",
    "tiebreaks",
    "confirm_deals",
    "entrants",
    # Stages (issue 19, item 4; tournaments.events.stages): a cut or a final table after a round.
    "stage_kind",
    "stage_after_round",
    "stage_size",
    # Discipline (issue 19, item 5; tournaments.discipline.services): what a second yellow card
    # means,
    # the loss limit per match, a positive result closed on time.
    "second_yellow",
    "second_yellow_penalty",
    "loss_limit",
    "timeout_positive",
)
# Every setting of a tournament, in the order the API shows them: the one list every door
# (the API's serializers and schema, the organiser's form, the export) reads.
TOURNAMENT_FIELDS = (
    "name",
    *PLAY_SETTINGS,
    "published",
    "status",
    "starts_at",
    "round_minutes",
)
# Settings that decide how the deals are scored: frozen once a match has deals.
FROZEN_ONCE_PLAYED = ("game", "ruleset", "conventions", "table_size")
# Settings frozen once a round is paired: who the entrants are (players, pairs, teams).
FROZEN_ONCE_PAIRED = ("entrants",)


def field_max_length(model: type[models.Model], name: str) -> int:
    """A text field's bound as its model declares it (`max_length`): the one place it is
    written, so that a check made before saving and the database never disagree."""
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)
    return int(field.max_length or 0)


def name_too_long(value: Any, model: type[models.Model], name: str) -> ValidationError | None:
    """The refusal (`name_too_long`) of a name longer than its field holds, or None. A name
    that is not a string is left to the checks that know what it should be."""
    limit = field_max_length(model, name)
    if isinstance(value, str) and len(value) > limit:
        message = (
            _("A name is at most %(max)s characters.")
            if model is Player
            else _("The name is at most %(max)s characters.")
        )
        return ValidationError(message % {"max": limit}, code="name_too_long")
    return None


def conventions_check(
    *, ruleset: str, conventions: dict[str, Any], table_size: int, game: str | None = None
) -> None:
    """Refuse a ruleset/overrides combination the game's engine does not know
    (bad_convention)."""
    if not isinstance(conventions, dict):
        raise ValidationError({"conventions": _("Conventions are a mapping of name to value.")})
    try:
        played = games.game_get(game)
    except KeyError:
        raise _unknown_game(game) from None
    if not any(ruleset in game.presets for game in games.games_all()):
        # A preset of no game: the same refusal as a field of fixed choices (the API's
        # contract: invalid_choice), worded by the game, never by its engine. Another game's
        # preset is the engine's `bad_convention` below.
        raise ValidationError(
            {
                "ruleset": ValidationError(
                    _("%(game)s has no such ruleset: choose one from the list."),
                    code="invalid_choice",
                    params={"game": played.name},
                )
            }
        )
    try:
        played.check_conventions(ruleset, conventions, table_size)
    except played.error_type as exc:
        errors: dict[str, list[ValidationError]] = {}
        for err in played.errors_of(exc):
            # An unknown preset is the ruleset's error; every other one the conventions'.
            field = "ruleset" if err.get("field") == "ruleset" else "conventions"
            errors.setdefault(field, []).append(
                ValidationError(
                    err.get("message", "bad_convention"), code=err.get("code") or "bad_convention"
                )
            )
        raise ValidationError(errors) from exc


def _unknown_game(game: Any) -> ValidationError:
    return ValidationError(
        {
            "game": ValidationError(
                _("Unknown game: %(game)s.") % {"game": game}, code="unknown_game"
            )
        }
    )


def game_settings_check(
    *,
    game: str | None,
    table_size: int,
    match_score: str | None = None,
    tiebreaks: Sequence[str] | None = None,
    table_sizes: Any = None,
    entrants: Any = None,
    match_score_bands: Any = None,
) -> None:
    """Refuse a game the service does not know, and a table size, mixed table sizes, match
    scoring, tiebreak or entrants the game does not offer (each error on its field)."""
    try:
        played = games.game_get(game)
    except KeyError:
        raise _unknown_game(game) from None
    errors: dict[str, list[ValidationError]] = {}
    # Mixed sizes given: they say the sizes (the single one follows from them).
    if table_size not in played.table_sizes and not table_sizes:
        errors["table_size"] = [
            ValidationError(
                _("%(game)s is played at tables of %(sizes)s.")
                % {"game": played.name, "sizes": ", ".join(map(str, played.table_sizes))},
                code="bad_table_size",
            )
        ]
    sizes_problem = table_sizes_problem(played, table_sizes)
    if sizes_problem is not None:
        errors["table_sizes"] = [sizes_problem]
    if (
        match_score is not None
        and match_score not in played.match_scores
        and match_score not in CONVERSIONS
    ):
        errors["match_score"] = [
            ValidationError(
                _("%(game)s scores matches by %(choices)s.")
                % {
                    "game": played.name,
                    "choices": ", ".join(
                        str(label) for label in match_score_choices(played).values()
                    ),
                },
                code="bad_match_score",
            )
        ]
    if match_score_bands is not None and "match_score" not in errors:
        scoring = match_score if match_score is not None else next(iter(played.match_scores))
        bands_errors = match_score_bands_problems(scoring, match_score_bands)
        if bands_errors:
            errors["match_score_bands"] = bands_errors
    unknown = [t for t in tiebreaks or () if t not in played.tiebreaks]
    if unknown:
        errors["tiebreaks"] = [
            ValidationError(
                _("Not a tiebreak of %(game)s: %(names)s.")
                % {"game": played.name, "names": ", ".join(map(str, unknown))},
                code="bad_tiebreak",
            )
        ]
    if entrants is not None and "table_size" not in errors and "table_sizes" not in errors:
        entrants_error = entrants_problem(
            played, entrants, table_size=table_size, table_sizes=table_sizes
        )
        if entrants_error is not None:
            errors["entrants"] = [entrants_error]
    if errors:
        raise ValidationError(errors)


def entrants_problem(
    played: games.Game, entrants: Any, *, table_size: Any, table_sizes: Any = None
) -> ValidationError | None:
    """What is wrong with a tournament's entrants (`bad_entrants`; None: nothing). Teams suit
    any game; fixed pairs only a game that seats pairs (Deberc at four), and then every table
    is of that size."""
    if entrants not in Tournament.Entrants.values:
        return ValidationError(
            _("Entrants are players, fixed pairs or teams."), code="bad_entrants"
        )
    if entrants != Tournament.Entrants.PAIRS:
        return None
    if not played.pairs_at:
        return ValidationError(
            _("%(game)s is not played in pairs: enter players or teams.") % {"game": played.name},
            code="bad_entrants",
        )
    sizes = list(table_sizes) if table_sizes else [table_size]
    if any(size not in played.pairs_at for size in sizes):
        return ValidationError(
            _("%(game)s is played in pairs at tables of %(size)s: choose that table size.")
            % {"game": played.name, "size": min(played.pairs_at)},
            code="bad_entrants",
        )
    return None


def _band_problem_message(problem: BandProblem) -> str:
    """A problem of `match_score_bands` in the user's language, naming its band."""
    from tournaments.standings.match_scores import MAX_BANDS, MAX_UP_TO

    words = {
        "list": _("Give the bands as a list: each with up_to and factor, the last without up_to."),
        "too_many": _("Give at most %(max)s bands.") % {"max": MAX_BANDS},
        "keys": _("A band has only up_to and factor."),
        "factor": _("The factor is a number from 0 to 1."),
        "last_up_to": _("The last band has no up_to: it counts everything above."),
        "up_to": _("Every band but the last has a number up_to."),
        "up_to_bound": _("up_to is at most %(max)s.") % {"max": MAX_UP_TO},
        "ascending": _("up_to must be above 0 and above the previous band's."),
    }
    message = str(words.get(problem.kind, problem.reason))
    if problem.index is None:
        return message
    return _("Band %(number)s: %(problem)s") % {"number": problem.index + 1, "problem": message}


def match_score_bands_problems(match_score: str, bands: Any) -> list[ValidationError]:
    """What is wrong with `match_score_bands` under `match_score` (`bad_match_score`, each
    naming its band; empty: nothing). `compressed_balance` needs its bands
    (`match_scores.bands_check`); any other scoring takes none (bands that count nothing
    are refused rather than kept unseen)."""
    if match_score not in NEEDS_BANDS:
        if bands in (None, []):
            return []
        return [
            ValidationError(
                _("Bands are only for the compressed balance: choose it, or give no bands."),
                code="bad_match_score",
            )
        ]
    if bands in (None, []):
        return [
            ValidationError(
                _("The compressed balance needs its bands, e.g. 200:1, 650:0.1, :0."),
                code="bad_match_score",
            )
        ]
    _bands, problems = bands_check(bands)
    return [
        ValidationError(_band_problem_message(problem), code=problem.code) for problem in problems
    ]


def bands_kept(*, data: dict[str, Any], tournament: Tournament | None) -> Any:
    """The bands a create or change leaves: those given, else the tournament's while its
    scoring is still one that reads them (another scoring, or another game, drops them)."""
    if "match_score_bands" in data:
        return data["match_score_bands"]
    if tournament is None:
        return []
    game_changed = "game" in data and data["game"] != tournament.game
    scoring = data.get("match_score", None if game_changed else tournament.match_score)
    return tournament.match_score_bands if scoring in NEEDS_BANDS else []


def match_score_choices(played: games.Game) -> dict[str, Any]:
    """The game's own match scorings, then the conversions any game may use."""
    labels = dict(Tournament.MatchScore.choices)
    return {**played.match_scores, **{key: labels[key] for key in CONVERSIONS}}


def table_sizes_problem(played: games.Game, table_sizes: Any) -> ValidationError | None:
    """What is wrong with a round's mixed table sizes (None: nothing, or not given).

    A list of distinct sizes the game is played at; a size where the game seats pairs
    (Deberc at four) is not mixed with others (its tables are two sides, not players).
    """
    if table_sizes is None or table_sizes == []:
        return None
    sizes = ", ".join(map(str, played.table_sizes))
    if (
        not isinstance(table_sizes, list)
        or any(isinstance(s, bool) or not isinstance(s, int) for s in table_sizes)
        or any(s not in played.table_sizes for s in table_sizes)
        or len(set(table_sizes)) != len(table_sizes)
    ):
        return ValidationError(
            _("%(game)s is played at tables of %(sizes)s: give distinct sizes from these.")
            % {"game": played.name, "sizes": sizes},
            code="bad_table_size",
        )
    if len(table_sizes) > 1 and set(table_sizes) & set(played.pairs_at):
        return ValidationError(
            _("%(game)s at %(size)s is played in pairs: that size cannot be mixed with others.")
            % {"game": played.name, "size": min(set(table_sizes) & set(played.pairs_at))},
            code="bad_table_size",
        )
    return None


def _sizes_settled(data: dict[str, Any]) -> None:
    """Mixed sizes stored ascending; the single `table_size` is then their smallest (called
    once `table_sizes_problem` found nothing wrong with them)."""
    if data.get("table_sizes"):
        data["table_sizes"] = sorted(data["table_sizes"])
        data["table_size"] = data["table_sizes"][0]


def _conventions_check_sizes(
    *, ruleset: str, conventions: dict[str, Any], sizes: Sequence[int], game: str
) -> None:
    for size in sizes:
        conventions_check(ruleset=ruleset, conventions=conventions, table_size=size, game=game)


def stage_check(*, data: dict[str, Any], tournament: Tournament | None) -> None:
    """Refuse stage settings that cannot be played (`tournaments.events.stages.stage_problems`:
    `bad_stage`, `bad_table_size`, each at its field), and a stage changed once the round
    after it was paired (`frozen`). No stage (`stage_kind` "") clears the stage's other
    fields not given with it."""
    from tournaments.events.stages import STAGE_FIELDS, stage_problems

    if "stage_kind" in data and not data["stage_kind"]:
        data.setdefault("stage_after_round", None)
        data.setdefault("stage_size", None)

    def now(name: str) -> Any:
        if name in data:
            return data[name]
        if tournament is not None:
            return getattr(tournament, name)
        field = Tournament._meta.get_field(name)
        assert isinstance(field, models.Field)
        return field.get_default()

    sizes = now("table_sizes") or [now("table_size")]
    if now("stage_kind") and now("entrants") == Tournament.Entrants.PAIRS:
        # A cut or a final seats the best players; fixed pairs are paired as pairs.
        raise ValidationError(
            {
                "stage_kind": ValidationError(
                    _("A tournament of fixed pairs has no cut or final table."),
                    code="bad_stage",
                )
            }
        )
    problems = stage_problems(
        kind=now("stage_kind"),
        after=now("stage_after_round"),
        size=now("stage_size"),
        rounds=now("rounds"),
        round_sizes=sorted(sizes),
        entrants=tournament.entries.filter(withdrawn=False).count() if tournament else 0,
    )
    if tournament is not None and not problems:
        changed = [n for n in STAGE_FIELDS if n in data and data[n] != getattr(tournament, n)]
        stages = [
            after
            for kind, after in (
                (tournament.stage_kind, tournament.stage_after_round),
                (now("stage_kind"), now("stage_after_round")),
            )
            if kind and after
        ]
        paired = tournament.round_set.aggregate(last=Max("number"))["last"] or 0
        if changed and stages and paired > min(stages):
            problems = {
                name: ValidationError(
                    _("Cannot change once the round after the stage has been paired."),
                    code="frozen",
                )
                for name in changed
            }
    if problems:
        raise ValidationError(problems)


def _club_check(*, club: Club, user: Any) -> None:
    """A tournament is made in, or moved to, only a club the user organises (issue 31): a
    refusal at `club`, the same for a club that is not theirs whatever it holds. `user`
    None is the service's own act (a command, a task), not a person's."""
    if user is None or perms.can_create_tournament_in(user, club):
        return
    raise ValidationError(
        {
            "club": ValidationError(
                _("You can create tournaments only in a club you organise."),
                code="not_club_organiser",
            )
        }
    )


def tournament_name_checked(*, club: Club, name: Any, tournament: Tournament | None = None) -> str:
    """The tournament's name as stored (names.name_clean: `bad_name`, `required`), refused
    (`name_lookalike`) when it looks like another tournament's of the club without being the
    very same name (a weekly "Club night" keeps its name; "Сlub night" with a Cyrillic С is
    refused)."""
    clean = name_checked(name, field="name")
    others = Tournament.objects.filter(club=club)
    if tournament is not None and tournament.pk is not None:
        others = others.exclude(pk=tournament.pk)
    other = name_lookalike(clean, others.values_list("name", flat=True), same_allowed=True)
    if other is not None:
        raise lookalike_refusal("name", other)
    return clean


def club_name_checked(name: Any, *, field: str = "name", club: Club | None = None) -> str:
    """A club's name as stored (names.name_clean), refused (`name_lookalike`) when it looks
    like another club's without being the very same name (the same name is that club; `club`:
    the club renamed)."""
    clean = name_checked(name, field=field)
    others = Club.objects.exclude(name=clean)
    if club is not None and club.pk is not None:
        others = others.exclude(pk=club.pk)
    other = name_lookalike(clean, others.values_list("name", flat=True))
    if other is not None:
        raise lookalike_refusal(field, other)
    return clean


def tournament_create(*, club: Club, user: Any, **fields: Any) -> Tournament:
    """A new tournament of its game (Deberc unless told) with that game's defaults for the
    ruleset, match scoring and tiebreaks; its creator becomes its organiser."""
    data = {k: v for k, v in fields.items() if k in TOURNAMENT_FIELDS}
    _club_check(club=club, user=user)
    too_long = name_too_long(data.get("name"), Tournament, "name")
    if too_long is not None:  # the database would refuse it (a 500 on PostgreSQL)
        raise ValidationError({"name": too_long})
    data["name"] = tournament_name_checked(club=club, name=data.get("name"))
    datetime_range_check(data.get("starts_at"), field="starts_at")
    game_settings_check(
        game=data.get("game"),
        table_size=data.get("table_size", 2),
        match_score=data.get("match_score"),
        tiebreaks=data.get("tiebreaks"),
        table_sizes=data.get("table_sizes"),
        entrants=data.get("entrants"),
        match_score_bands=bands_kept(data=data, tournament=None),
    )
    _sizes_settled(data)
    data["match_score_bands"] = bands_kept(data=data, tournament=None)
    played = games.game_get(data.get("game"))
    data["game"] = played.key
    data.setdefault("ruleset", played.default_ruleset)
    data.setdefault("match_score", next(iter(played.match_scores)))
    _conventions_check_sizes(
        ruleset=data["ruleset"],
        conventions=data.get("conventions") or {},
        sizes=data.get("table_sizes") or [data.get("table_size", 2)],
        game=played.key,
    )
    discipline_settings_check(
        game=played.key,
        ruleset=data["ruleset"],
        conventions=data.get("conventions"),
        timeout_positive=data.get("timeout_positive"),
        second_yellow_penalty=data.get("second_yellow_penalty"),
        loss_limit=data.get("loss_limit"),
    )
    stage_check(data=data, tournament=None)
    with transaction.atomic():
        tournament = Tournament(club=club, **data)
        if not tournament.tiebreaks:
            tournament.tiebreaks = list(played.default_tiebreaks)
        tournament._history_user = user
        tournament.save()
        if user is not None and user.is_authenticated:
            tournament.organisers.add(user)
    return tournament


def tournament_update(*, tournament: Tournament, user: Any, **fields: Any) -> Tournament:
    """Change a tournament's settings. The game, ruleset, conventions and table size are
    frozen once a match has deals (changing them would re-score the evening under other
    rules). A new game without a ruleset, match scoring or tiebreaks of its own takes the
    game's defaults."""
    data = {k: v for k, v in fields.items() if k in TOURNAMENT_FIELDS or k == "club"}
    changed = {k for k, v in data.items() if v != getattr(tournament, k)}
    if "club" in changed:  # moved to another club: that club's organisers' act alone
        _club_check(club=data["club"], user=user)
    if "name" in data or "club" in changed:
        data["name"] = tournament_name_checked(
            club=data.get("club", tournament.club),
            name=data.get("name", tournament.name),
            tournament=tournament,
        )
        changed = {k for k, v in data.items() if v != getattr(tournament, k)}
    if "starts_at" in changed:
        datetime_range_check(data["starts_at"], field="starts_at")
    frozen = set(FROZEN_ONCE_PLAYED) & changed
    if frozen and tournament.matches.filter(deals__isnull=False).exists():
        raise ValidationError(
            {
                name: ValidationError(
                    _("Cannot change once deals have been entered."), code="frozen"
                )
                for name in sorted(frozen)
            }
        )
    if set(FROZEN_ONCE_PAIRED) & changed and tournament.round_set.exists():
        raise ValidationError(
            {
                name: ValidationError(
                    _("Cannot change once a round has been paired."), code="frozen"
                )
                for name in sorted(set(FROZEN_ONCE_PAIRED) & changed)
            }
        )
    game = data.get("game", tournament.game)
    if "table_sizes" not in data and ({"table_size", "game"} & changed) and tournament.table_sizes:
        data["table_sizes"] = []  # one size chosen (or another game): no longer mixed
    game_settings_check(
        game=game,
        table_size=data.get("table_size", tournament.table_size),
        match_score=data.get("match_score", tournament.match_score)
        if "game" not in changed or "match_score" in data
        else None,
        tiebreaks=data.get("tiebreaks", tournament.tiebreaks)
        if "game" not in changed or "tiebreaks" in data
        else None,
        table_sizes=data.get("table_sizes", tournament.table_sizes),
        entrants=data.get("entrants", tournament.entrants),
        match_score_bands=bands_kept(data=data, tournament=tournament),
    )
    _sizes_settled(data)
    data["match_score_bands"] = bands_kept(data=data, tournament=tournament)
    if data["match_score_bands"] != tournament.match_score_bands:
        changed.add("match_score_bands")
    if "game" in changed:
        played = games.game_get(game)
        data.setdefault("ruleset", played.default_ruleset)
        data.setdefault("match_score", next(iter(played.match_scores)))
        data.setdefault("tiebreaks", list(played.default_tiebreaks))
        if "conventions" not in data:
            data["conventions"] = {}
        changed |= {"ruleset", "conventions", "match_score", "tiebreaks"}
        frozen |= {"ruleset", "conventions"}
    _conventions_check_sizes(
        ruleset=data.get("ruleset", tournament.ruleset),
        conventions=data.get("conventions", tournament.conventions) or {},
        sizes=data.get("table_sizes", tournament.table_sizes)
        or [data.get("table_size", tournament.table_size)],
        game=game,
    )
    discipline_settings_check(
        game=game,
        ruleset=data.get("ruleset", tournament.ruleset),
        conventions=data.get("conventions", tournament.conventions),
        timeout_positive=data.get("timeout_positive", tournament.timeout_positive),
        second_yellow_penalty=data.get("second_yellow_penalty"),
        loss_limit=data.get("loss_limit"),
    )
    stage_check(data=data, tournament=tournament)
    with transaction.atomic():
        for key, value in data.items():
            setattr(tournament, key, value)
        tournament._history_user = user
        tournament.save()
        if frozen:
            # Matches not yet started follow the tournament's new rules.
            tournament.matches.filter(deals__isnull=True).update(
                game=tournament.game,
                ruleset=tournament.ruleset,
                conventions=tournament.conventions,
            )
        if changed & {
            "match_score",
            "match_score_bands",
            "tiebreaks",
            "conventions",
            "ruleset",
            # discipline (tournaments.discipline.services)
            "second_yellow",
            "second_yellow_penalty",
            "loss_limit",
            "timeout_positive",
        }:
            # The standings count by these: recount them now, not at the next finished match.
            signals.tournament_changed.send(sender=Tournament, tournament=tournament)
    return tournament
