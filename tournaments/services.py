"""Writes of the tournaments app that run the evening: tournaments set up and edited, players
entered, rounds opened and closed, scorers assigned to tables. (Pairing and standings live in
their own modules.)"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from config import lockouts
from config.datetimes import datetime_range_check
from config.lockouts import Lockout
from scoring import games
from scoring import services as scoring_services

from . import hooks, selectors
from . import permissions as perms
from .discipline import discipline_settings_check
from .match_scores import CONVERSIONS, NEEDS_BANDS, BandProblem, bands_check
from .models import Club, Entry, LockoutLift, Player, Round, RoundEvent, Table, Tournament
from .names import (
    NameRefused,
    lookalike_refusal,
    name_checked,
    name_clean,
    name_key,
    name_lookalike,
)
from .standings import standings_refresh_later

# Security events (a lockout lifted), at WARNING: the default LOG_LEVEL keeps them.
security_log = logging.getLogger("deberc.security")

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
    # Stages (issue 19, item 4; tournaments.stages): a cut or a final table after a round.
    "stage_kind",
    "stage_after_round",
    "stage_size",
    # Discipline (issue 19, item 5; tournaments.discipline): what a second yellow card means,
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
    from .match_scores import MAX_BANDS, MAX_UP_TO

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
    """Refuse stage settings that cannot be played (`tournaments.stages.stage_problems`:
    `bad_stage`, `bad_table_size`, each at its field), and a stage changed once the round
    after it was paired (`frozen`). No stage (`stage_kind` "") clears the stage's other
    fields not given with it."""
    from .stages import STAGE_FIELDS, stage_problems

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
            # discipline (tournaments.discipline)
            "second_yellow",
            "second_yellow_penalty",
            "loss_limit",
            "timeout_positive",
        }:
            # The standings count by these: recount them now, not at the next finished match.
            hooks.tournament_changed(tournament=tournament)
    return tournament


def _names_refused(error: NameRefused, name: Any) -> ValidationError:
    shown = str(name)[:40] if isinstance(name, str) else ""
    return ValidationError(
        {"players": ValidationError(f"{error.message} {shown!r}", code=error.code)}
    )


def club_players_by_key(club: Club) -> dict[str, Player]:
    """The club's players by their name's key (names.name_key): a name typed in another case,
    another width or with other spaces is the same player, in any alphabet. Compared in
    Python (the databases' lower() is ASCII-only on SQLite and under PostgreSQL's C locale);
    a club's roll is small. The oldest player of a key wins."""
    by_key: dict[str, Player] = {}
    for player in Player.objects.filter(club=club).order_by("pk"):
        by_key.setdefault(name_key(player.display_name), player)
    return by_key


def player_for_name(*, club: Club, name: str, by_key: dict[str, Player]) -> Player:
    """The club's player of this (clean) name whatever its case, created if new (and added
    to `by_key`)."""
    key = name_key(name)
    player = by_key.get(key)
    if player is None:
        # get_or_create: another list of the same club may be creating the name now.
        player, _created = Player.objects.get_or_create(club=club, display_name=name)
        by_key[key] = player
    return player


def players_ensure(*, tournament: Tournament, names: Sequence[str]) -> list[Player]:
    """The club's players of these display names (names.name_clean; the same name in another
    case is the same player), created if new, entered in the tournament. A name longer than a
    display name holds refuses them all (`name_too_long`), as does a name with a control or
    invisible character (`bad_name`) or an empty one (`required`)."""
    clean: list[str] = []
    for raw in names:
        try:
            name = name_clean(raw)
        except NameRefused as exc:
            raise _names_refused(exc, raw) from None
        too_long = name_too_long(name, Player, "display_name")
        if too_long is not None:
            raise ValidationError({"players": too_long})
        clean.append(name)
    players: list[Player] = []
    entered = False
    by_key = club_players_by_key(tournament.club)
    for name in clean:
        player = player_for_name(club=tournament.club, name=name, by_key=by_key)
        _entry, created = Entry.objects.get_or_create(tournament=tournament, player=player)
        entered = entered or created
        players.append(player)
    if entered:
        hooks.tournament_changed(tournament=tournament)  # a new player gets a standings line
    return players


def player_enter(*, tournament: Tournament, player: Player, seed: int | None = None) -> Entry:
    entry, created = Entry.objects.get_or_create(
        tournament=tournament, player=player, defaults={"seed": seed}
    )
    if created:
        hooks.tournament_changed(tournament=tournament)  # a new player gets a standings line
    return entry


def round_ensure(*, tournament: Tournament, number: int, status: str | None = None) -> Round:
    rnd, _created = Round.objects.get_or_create(
        tournament=tournament,
        number=number,
        defaults={"status": status or Round.Status.PAIRED},
    )
    return rnd


def table_for_import(
    *,
    tournament: Tournament,
    round_number: int | None,
    table_number: int | None,
    round_status: str | None = None,
) -> Table:
    """The table an imported match goes to: the given round (created if new, closed unless
    told otherwise: an imported sheet is history) and table number, or the next free ones."""
    if round_number is None:
        last = tournament.round_set.aggregate(n=Max("number"))["n"] or 0
        round_number = last + 1
    rnd = round_ensure(
        tournament=tournament,
        number=int(round_number),
        status=round_status or Round.Status.CLOSED,
    )
    if table_number is None:
        table_number = (rnd.tables.aggregate(n=Max("number"))["n"] or 0) + 1
    table, _created = Table.objects.get_or_create(round=rnd, number=int(table_number))
    if hasattr(table, "match"):
        raise ValidationError(
            {
                "table": _("Round %(round)s already has a match at table %(table)s.")
                % {"round": rnd.number, "table": table.number}
            }
        )
    return table


# Round and table numbers are small positive integers (PositiveSmallIntegerField).
PLACEMENT_MAX = 32767


def _placement_problems(records: Sequence[Any]) -> list[dict[str, Any]]:
    """What the engine does not check in an imported sheet but the database would refuse (a
    server error, found by fuzzing the import page): a `round` or `table` that is not a
    whole number from 1 to PLACEMENT_MAX, a player's name longer than a display name."""
    problems: list[dict[str, Any]] = []

    def problem(index: int, field: str, code: str, message: str) -> None:
        where = {"scoresheet": index, "deal": None, "field": field}
        problems.append({**where, "code": code, "message": message})

    for index, raw in enumerate(records):
        if not isinstance(raw, dict):
            continue  # the engine says so
        for key in ("round", "table"):
            value = raw.get(key)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int | str):
                number = None
            else:
                try:
                    number = int(value)
                except ValueError:
                    number = None
            if number is None or not 1 <= number <= PLACEMENT_MAX:
                problem(
                    index,
                    key,
                    "out_of_range",
                    _("%(field)s must be a whole number from 1 to %(max)s.")
                    % {"field": key, "max": PLACEMENT_MAX},
                )
        players = raw.get("players")
        keys: set[str] = set()
        for name in players if isinstance(players, list) else []:
            if not isinstance(name, str):
                continue  # the engine says so
            if len(name) > ENTRY_NAME_MAX:
                problem(
                    index,
                    "players",
                    "name_too_long",
                    _("A name is at most %(max)s characters.") % {"max": ENTRY_NAME_MAX},
                )
                continue
            # The names every door takes (names.name_clean): no invisible character, not
            # blank, and not one player twice under two spellings ("Sam" and "sam").
            try:
                key = name_key(name_clean(name))
            except NameRefused as exc:
                problem(index, "players", exc.code, exc.message)
                continue
            if key in keys:
                problem(
                    index,
                    "players",
                    "duplicate_name",
                    _("%(name)s is at the table twice (a name in another case is the same).")
                    % {"name": name},
                )
            keys.add(key)
    return problems


def scoresheet_import(
    *,
    tournament: Tournament,
    records: Sequence[dict[str, Any]],
    user: Any = None,
    round_status: str | None = None,
) -> list[Any]:
    """Import scoresheet records (of any game the registry knows, by their `format`) as
    matches of `tournament`.

    Each record may also say where it was played: `round` (number; default: a new round after
    the last) and `table` (number; default: the next free table of that round). Players are
    found by display name in the tournament's club (created and entered if new). All records
    are checked by their engine first; one invalid record refuses the whole import
    (`scoring.services.DealRejected`), with every error tagged by `scoresheet` (0-based).
    Archives are restored through this function.
    """
    problems = _placement_problems(records)
    try:
        results = scoring_services.scoresheets_check(records=records)
    except scoring_services.DealRejected as exc:
        raise scoring_services.DealRejected(problems + exc.errors) from None
    if problems:
        raise scoring_services.DealRejected(problems)
    matches = []
    with transaction.atomic():
        for raw, result in zip(records, results, strict=True):
            players = players_ensure(tournament=tournament, names=list(raw["players"]))
            table = table_for_import(
                tournament=tournament,
                round_number=raw.get("round"),
                table_number=raw.get("table"),
                round_status=round_status,
            )
            record = {
                k: v for k, v in raw.items() if k not in scoring_services.IMPORT_PLACEMENT_KEYS
            }
            matches.append(
                scoring_services.match_import(
                    table=table, players=players, record=record, result=result, user=user
                )
            )
    return matches


class RoundRefused(Exception):
    """A round's change refused: `code` (stable), `message` (in the user's language)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def round_event_record(
    *,
    round: Round,
    kind: str,
    user: Any,
    reason: str,
    match: Any = None,
    deal: int | None = None,
) -> RoundEvent:
    """Keep in the round's history what was changed with a reason (the standings' notes)."""
    return RoundEvent.objects.create(
        round=round,
        kind=kind,
        match=match,
        table_number=match.table.number if match is not None and match.table_id else None,
        deal_number=deal,
        user=user if user is not None and user.is_authenticated else None,
        reason=scoring_services.reason_clean(reason),
    )


def round_open(*, round: Round, user: Any = None, reason: str = "") -> Round:
    """Open a round: its scorers may now enter deals. The tournament starts running.

    Opening a closed round again unsettles its results: the organiser's act only (not the
    referee's: `organiser_only`), with a reason (`reason_required`), kept in the round's
    history."""
    from . import permissions

    reason = scoring_services.reason_clean(reason)
    reopening = round.status == Round.Status.CLOSED
    if reopening and not permissions.is_organiser(user, round.tournament):
        raise RoundRefused("organiser_only", _("Only the organiser opens a closed round again."))
    if reopening and not reason:
        raise RoundRefused("reason_required", _("Say why the closed round is opened again."))
    with transaction.atomic():
        if reopening:
            round_event_record(
                round=round, kind=RoundEvent.Kind.ROUND_REOPENED, user=user, reason=reason
            )
        round.status = Round.Status.OPEN
        round.opened_at = round.opened_at or timezone.now()
        tournament = round.tournament
        if round.ends_at is None and tournament.round_minutes:
            round.ends_at = round.opened_at + timedelta(minutes=tournament.round_minutes)
        round.save(update_fields=["status", "opened_at", "ends_at"])
        if tournament.status != Tournament.Status.RUNNING:
            # A draft starts; a finished tournament whose round is opened again runs again.
            _status_set(tournament, Tournament.Status.RUNNING, user)
        if round.byes.exists():
            # A bye scores once its round is played (docs/tournaments.md, "Byes").
            standings_refresh_later(tournament_id=tournament.pk)
    return round


def round_close(*, round: Round, user: Any = None) -> Round:
    """Close a round: scorers can no longer enter or correct (the referee and organiser still
    can). The last planned round closed (the final's too: it is the last round) finishes the
    tournament (`tournament_finish_if_played`)."""
    round.status = Round.Status.CLOSED
    round.closed_at = timezone.now()
    round.save(update_fields=["status", "closed_at"])
    if round.byes.exists():
        # A round closed without being opened: its byes count from now on.
        standings_refresh_later(tournament_id=round.tournament_id)
    tournament_finish_if_played(tournament=round.tournament, user=user)
    return round


def tournament_all_played(tournament: Tournament) -> bool:
    """Every planned round (1 … `rounds`, the final included) is closed."""
    closed = set(
        tournament.round_set.filter(status=Round.Status.CLOSED).values_list("number", flat=True)
    )
    return tournament.rounds > 0 and closed >= set(range(1, tournament.rounds + 1))


def _status_set(tournament: Tournament, status: str, user: Any) -> Tournament:
    tournament.status = status
    tournament._history_user = user
    tournament.save(update_fields=["status"])
    return tournament


def tournament_finish_if_played(*, tournament: Tournament, user: Any = None) -> bool:
    """Finish [турнир окончен] a running tournament once its last planned round is closed.
    Whether it did."""
    if tournament.status != Tournament.Status.RUNNING or not tournament_all_played(tournament):
        return False
    _status_set(tournament, Tournament.Status.FINISHED, user)
    return True


def tournament_finish(*, tournament: Tournament, user: Any) -> Tournament:
    """The organiser finishes the tournament (an evening that ends before its planned
    rounds; a tournament finished by hand after an import)."""
    if not perms.is_organiser(user, tournament):
        raise RoundRefused("organiser_only", _("Only the organiser finishes the tournament."))
    if tournament.status == Tournament.Status.FINISHED:
        raise RoundRefused("already_finished", _("The tournament is already finished."))
    if tournament.round_set.filter(status=Round.Status.OPEN).exists():
        raise RoundRefused(
            "round_open", _("A round is still open: close it before finishing the tournament.")
        )
    return _status_set(tournament, Tournament.Status.FINISHED, user)


def tournament_reopen(*, tournament: Tournament, user: Any) -> Tournament:
    """The organiser takes a finished tournament up again (a round to add, a result to
    amend): it is running again until its last round is closed again or they finish it."""
    if not perms.is_organiser(user, tournament):
        raise RoundRefused("organiser_only", _("Only the organiser reopens the tournament."))
    if tournament.status != Tournament.Status.FINISHED:
        raise RoundRefused("not_finished", _("The tournament is not finished."))
    return _status_set(tournament, Tournament.Status.RUNNING, user)


def round_clock_set(*, round: Round, minutes: int | None, user: Any = None) -> Round:
    """Set (or with None clear) the round clock: time is up `minutes` from now."""
    round.ends_at = timezone.now() + timedelta(minutes=minutes) if minutes else None
    round.save(update_fields=["ends_at"])
    return round


def round_matches_close(*, round: Round, user: Any) -> list[Any]:
    """Time is up and every table has played out the deal it had started: close each match
    of the round still in play whose game ends on time (`scoring.services.match_close`).
    Returns the matches closed. A closed round's tables stay as they are (closing one is
    then the organiser's act at that table, with a reason)."""
    from scoring.models import Match

    if round.status == Round.Status.CLOSED:
        return []
    closed = []
    for match in Match.objects.filter(round=round, status=Match.Status.OPEN, closed=False):
        if games.game_get(match.game).closes_on_time(match.ruleset, match.conventions):
            closed.append(scoring_services.match_close(match=match, user=user).match)
    return closed


def table_assign_scorer(*, table: Table, scorer: Any, candidates: set[int] | None = None) -> Table:
    """Give the table to a scorer (or take it away with None): one of `candidates` (user
    ids; by default selectors.scorer_candidates: a club member, the tournament's staff, or a
    scorer of it already), else ValidationError `not_club_member`."""
    if scorer is not None and scorer.pk != table.scorer_id:
        if candidates is None:
            tournament = Tournament.objects.get(pk=table.round.tournament_id)
            candidates = set(selectors.scorer_candidates(tournament).values_list("pk", flat=True))
        if scorer.pk not in candidates:
            raise ValidationError(
                {
                    "scorer": ValidationError(
                        _("Only a member of the club can score its tables."),
                        code="not_club_member",
                    )
                }
            )
    table.scorer = scorer
    table.scorer_assigned_at = timezone.now() if scorer is not None else None
    table.save(update_fields=["scorer", "scorer_assigned_at"])
    return table


def tables_assign_scorers(*, tables: Iterable[Table], scorers: dict[int, Any]) -> None:
    """Assign many tables at once: {table id: user or None}. Who may score is read once,
    before any change: two scorers swapping tables are both scorers of the tournament."""
    tables = list(tables)
    if not tables:
        return
    tournament = Tournament.objects.get(pk=tables[0].round.tournament_id)
    candidates = set(selectors.scorer_candidates(tournament).values_list("pk", flat=True))
    with transaction.atomic():
        for table in tables:
            if table.pk in scorers and table.scorer_id != getattr(scorers[table.pk], "pk", None):
                table_assign_scorer(table=table, scorer=scorers[table.pk], candidates=candidates)


# --- entries [регистрация игроков] ----------------------------------------------------------

ENTRY_NAME_MAX = field_max_length(Player, "display_name")


def entries_add(
    *, tournament: Tournament, names: Sequence[str], user: Any = None
) -> tuple[list[Entry], list[str]]:
    """Enter players by display name, as an organiser types the evening's list: the club's
    player of that name (new to the club: created), seeded after the last entry. Returns the
    new entries and the names that were entered already (never entered twice). Blank lines
    and repeats are dropped; an over-long name refuses the whole list (`name_too_long`), an
    empty one `no_players`. A late entry (rounds already paired) plays from the next round."""
    wanted: list[str] = []
    seen: set[str] = set()
    for raw in names:
        try:
            name = name_clean(str(raw))
        except NameRefused as exc:
            if exc.code == "required":
                continue  # a blank line of the typed list
            raise _names_refused(exc, raw) from None
        if name_key(name) not in seen:
            seen.add(name_key(name))
            wanted.append(name)
    if not wanted:
        raise ValidationError(
            {"players": ValidationError(_("Name at least one player."), code="no_players")}
        )
    too_long = [n for n in wanted if len(n) > ENTRY_NAME_MAX]
    if too_long:
        raise ValidationError(
            {
                "players": ValidationError(
                    _("A name is at most %(max)s characters: %(name)s")
                    % {"max": ENTRY_NAME_MAX, "name": too_long[0][:40] + "…"},
                    code="name_too_long",
                )
            }
        )
    added: list[Entry] = []
    already: list[str] = []
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        # The club's players by name whatever the case ("олена коваль" is the club's Олена
        # Коваль, not a second player).
        by_key = club_players_by_key(tournament.club)
        entered = set(
            Entry.objects.filter(tournament=tournament).values_list("player_id", flat=True)
        )
        seed = Entry.objects.filter(tournament=tournament).aggregate(n=Max("seed"))["n"] or 0
        for name in wanted:
            player = player_for_name(club=tournament.club, name=name, by_key=by_key)
            if player.pk in entered:
                already.append(player.display_name)
                continue
            seed += 1
            added.append(Entry.objects.create(tournament=tournament, player=player, seed=seed))
            entered.add(player.pk)
        if added:
            hooks.tournament_changed(tournament=tournament)  # new players get standings lines
    return added, already


def entry_update(
    *, entry: Entry, user: Any = None, withdrawn: bool | None = None, seed: int | None = None
) -> Entry:
    """Withdraw a player [снялся с турнира] (no longer paired; their results stay in the
    standings) or bring them back, and/or change their seed (the order of the first round's
    draw and of the standings' last tiebreak)."""
    fields = []
    if withdrawn is not None and withdrawn != entry.withdrawn:
        entry.withdrawn = withdrawn
        fields.append("withdrawn")
    if seed is not None and seed != entry.seed:
        if seed < 1:
            raise ValidationError(
                {"seed": ValidationError(_("A seed is a number from 1."), code="bad_seed")}
            )
        entry.seed = seed
        fields.append("seed")
    if fields:
        with transaction.atomic():
            entry.save(update_fields=fields)
            hooks.tournament_changed(tournament=entry.tournament)
    return entry


def entry_remove(*, entry: Entry, user: Any = None) -> None:
    """Take back an entry made by mistake. A player who has sat at a table or had a bye in
    this tournament is withdrawn instead, never removed (`entry_has_played`): their matches
    and their opponents' tiebreaks depend on them."""
    from scoring.models import Seat

    tournament = entry.tournament
    with transaction.atomic():
        # The tournament's row lock, as pairing takes it: a round cannot seat the player
        # between the check and the delete.
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        played = (
            Seat.objects.filter(match__tournament=tournament, player_id=entry.player_id).exists()
            or tournament.round_set.filter(byes=entry.player_id).exists()
        )
        if played:
            raise ValidationError(
                {
                    "player": ValidationError(
                        _("%(name)s has played in this tournament: withdraw them instead.")
                        % {"name": entry.player.display_name},
                        code="entry_has_played",
                    )
                }
            )
        if entry.team_id is not None and entry.team is not None:
            from .teams import TEAM_MIN

            # A pair or team never drops below its size: change its members instead.
            if Entry.objects.filter(team_id=entry.team_id).count() <= TEAM_MIN:
                raise ValidationError(
                    {
                        "player": ValidationError(
                            _(
                                "%(name)s plays for %(team)s, which would be left too small: "
                                "change its members instead."
                            )
                            % {"name": entry.player.display_name, "team": entry.team.name},
                            code="team_too_small",
                        )
                    }
                )
        entry.delete()
        hooks.tournament_changed(tournament=tournament)


# --- sign-in lockouts ----------------------------------------------------------------------


class LockoutRefused(PermissionDenied):
    """The user may not lift this lockout (selectors.lockout_refusal says why)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class LockoutNotFound(Exception):
    """No lockout of that account or address is in force (lifted, or its cool-off passed)."""


def _lockout_lift_count(*, user: Any) -> None:
    """Refuse (`too_many_lifts`) a lift past LOCKOUT_LIFTS_PER_DAY in the last 24 hours. The
    organiser's user row is locked first (in the caller's transaction, until the lift is
    recorded): two lifts at once take turns, so the check and the count are one step and
    cannot both pass at the last lift allowed."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk").first()
    since = timezone.now() - timedelta(hours=24)
    if (
        LockoutLift.objects.filter(lifted_by=user, lifted_at__gte=since).count()
        >= settings.LOCKOUT_LIFTS_PER_DAY
    ):
        raise LockoutRefused(
            "too_many_lifts",
            _(
                "You have lifted %(n)s lockouts in the last 24 hours, the most an organiser "
                "may: ask the site's staff."
            )
            % {"n": settings.LOCKOUT_LIFTS_PER_DAY},
        )


def lockout_lift(*, user: Any, kind: str, value: str, address: str | None) -> Lockout:
    """Lift the sign-in lockout of one account or one address, as `user` asking from
    `address`: the failures counted against it are forgotten (and only against it:
    config.lockouts.lockout_forget), so its owner signs in at once. Who may lift what:
    selectors.lockout_refusal (LockoutRefused); nothing locked: LockoutNotFound. Returns the
    lockout as it was. Logged (`deberc.security`): who lifted what, from where."""
    if kind not in lockouts.KINDS:
        raise LockoutNotFound(kind)
    # Who may comes first: a refusal says nothing of what is locked.
    refusal = selectors.lockout_refusal(user=user, kind=kind, value=value, address=address)
    if refusal is not None:
        raise LockoutRefused(refusal.code, refusal.message)
    staff = user.is_staff or user.is_superuser
    if kind == lockouts.ADDRESS:
        # Not an address: nothing to look up (PostgreSQL's inet column would refuse it).
        try:
            value = str(ipaddress.ip_address(value))
        except ValueError:
            raise LockoutNotFound(value) from None
    with transaction.atomic():
        if not staff:
            _lockout_lift_count(user=user)
        found = lockouts.current_lockouts(kind, value)
        if not found:
            raise LockoutNotFound(value)
        lockouts.lockout_forget(kind=kind, value=found[0].value)
        if not staff:
            LockoutLift.objects.create(lifted_by=user, kind=kind, value=found[0].value)
    security_log.warning(
        "Sign-in lockout lifted",
        extra={
            "lockout_kind": kind,
            "lockout_value": found[0].value,
            "failures": found[0].failures,
            "lifted_by": user.get_username(),
            "lifted_from": address,
        },
    )
    return found[0]
