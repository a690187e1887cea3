"""Writes of a tournament's pairs [пары] and teams [команды] (issue 19, item 2): a named pair
or team entered with its members, renamed, its members changed before the first round is
paired, withdrawn. A member is an entry of the tournament (`Entry.team`): a player has one
entry per tournament, so plays for one team at most.

Every refusal names its field (`name`, `members`, `members[i]`, `entrants`) with a stable
code and a message in the user's language; nothing is half-saved (the members' entries are
made in the same transaction as the team).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from config.ids import is_id
from tournaments.clubs.models import Player
from tournaments.clubs.names import (
    NameRefused,
    lookalike_message,
    name_clean,
    name_key,
    name_lookalike,
)
from tournaments.events import signals
from tournaments.events.entries import club_players_by_key, player_for_name
from tournaments.events.models import PAIR_SIZE, TEAM_MAX, TEAM_MIN, Entry, Team, Tournament
from tournaments.events.setup import field_max_length
from tournaments.people.selectors import club_players

# What an API body may list at most (the service's own bound is TEAM_MAX): more is refused
# as `team_too_large`, not by the parser.
MEMBERS_MAX_LISTED = 100
TEAM_NAME_MAX = field_max_length(Team, "name")


def team_bounds(tournament: Tournament) -> tuple[int, int]:
    """How many members an entrant of this tournament has: (fewest, most)."""
    if tournament.entrants == Tournament.Entrants.PAIRS:
        return PAIR_SIZE, PAIR_SIZE
    return TEAM_MIN, TEAM_MAX


def _refused(field: str, message: str, code: str) -> ValidationError:
    return ValidationError({field: ValidationError(message, code=code)})


def _entrants_check(tournament: Tournament) -> None:
    if tournament.entrants == Tournament.Entrants.PLAYERS:
        raise _refused(
            "entrants",
            _("This tournament's entrants are single players: it has no pairs or teams."),
            "bad_entrants",
        )


def _name_checked(tournament: Tournament, raw: Any, *, team: Team | None = None) -> str:
    """The team's name as stored (names.name_clean), refused if blank (`required`), with an
    invisible character (`bad_name`), too long (`name_too_long`) or another team's of the
    tournament whatever its case (`name_taken`)."""
    try:
        name = name_clean(raw)
    except NameRefused as exc:
        raise _refused("name", exc.message, exc.code) from None
    if len(name) > TEAM_NAME_MAX:
        raise _refused(
            "name",
            _("The name is at most %(max)s characters.") % {"max": TEAM_NAME_MAX},
            "name_too_long",
        )
    others = Team.objects.filter(tournament=tournament)
    if team is not None:
        others = others.exclude(pk=team.pk)
    taken = name_lookalike(name, others.values_list("name", flat=True))
    if taken is not None and taken.casefold() == name.casefold():
        raise _refused(
            "name",
            _("Another pair or team of this tournament has this name: choose another."),
            "name_taken",
        )
    if taken is not None:  # only like it ("Тузы" and "Tузы" with a Latin T)
        raise _refused("name", lookalike_message(taken), "name_lookalike")
    return name


def _members_resolved(
    tournament: Tournament, members: Any, *, team: Team | None = None
) -> list[Player]:
    """The members' players: an integer is a player of the club by id, a string a name (the
    club's player of that name whatever its case, created if new). Every problem at once,
    each at its place (`members[i]`) or at `members` (how many)."""
    if not isinstance(members, list | tuple):
        raise _refused("members", _("List the members."), "invalid")
    low, high = team_bounds(tournament)
    errors: dict[str, list[ValidationError]] = {}
    if len(members) > MEMBERS_MAX_LISTED:
        raise _too_large(tournament, high)
    by_key = club_players_by_key(tournament.club)
    by_id = {
        p.pk: p
        for p in club_players(tournament.club).filter(
            pk__in=[m for m in members if is_id(m)],
        )
    }
    players: list[Player | None] = []
    for index, raw in enumerate(members):
        field = f"members[{index}]"
        player: Player | None = None
        if isinstance(raw, int) and not isinstance(raw, bool):
            player = by_id.get(raw)
            if player is None:
                errors[field] = [
                    ValidationError(
                        _("No player of the club has this id: %(id)s.") % {"id": raw},
                        code="unknown_player",
                    )
                ]
        else:
            try:
                name = name_clean(raw)
            except NameRefused as exc:
                errors[field] = [ValidationError(exc.message, code=exc.code)]
                players.append(None)
                continue
            if len(name) > field_max_length(Player, "display_name"):
                errors[field] = [
                    ValidationError(
                        _("A name is at most %(max)s characters.")
                        % {"max": field_max_length(Player, "display_name")},
                        code="name_too_long",
                    )
                ]
            else:
                player = by_key.get(name_key(name))
                if player is None:
                    # Made below, in the team's transaction (and never if anything is wrong).
                    player = Player(club=tournament.club, display_name=name)
        players.append(player)
    seen: set[Any] = set()
    for index, player in enumerate(players):
        if player is None:
            continue
        identity = player.pk if player.pk is not None else name_key(player.display_name)
        if identity in seen:
            errors.setdefault(f"members[{index}]", []).append(
                ValidationError(
                    _("%(name)s is listed twice.") % {"name": player.display_name},
                    code="duplicate_member",
                )
            )
        seen.add(identity)
    known = [p.pk for p in players if p is not None and p.pk is not None]
    taken = dict(
        Entry.objects.filter(tournament=tournament, player_id__in=known, team__isnull=False)
        .exclude(team=team)
        .values_list("player_id", "team__name")
    )
    for index, player in enumerate(players):
        if player is not None and player.pk in taken:
            errors.setdefault(f"members[{index}]", []).append(
                ValidationError(
                    _("%(name)s already plays for %(team)s.")
                    % {"name": player.display_name, "team": taken[player.pk]},
                    code="already_in_team",
                )
            )
    if len(members) < low:
        errors["members"] = [_too_small(tournament, low)]
    elif len(members) > high:
        errors["members"] = [_too_large(tournament, high).error_dict["members"][0]]
    if errors:
        raise ValidationError(errors)
    return [p for p in players if p is not None]


def _too_small(tournament: Tournament, low: int) -> ValidationError:
    if tournament.entrants == Tournament.Entrants.PAIRS:
        message = _("A pair has two players.")
    else:
        message = _("A team has at least %(min)s players.") % {"min": low}
    return ValidationError(message, code="team_too_small")


def _too_large(tournament: Tournament, high: int) -> ValidationError:
    if tournament.entrants == Tournament.Entrants.PAIRS:
        message = _("A pair has two players.")
    else:
        message = _("A team has at most %(max)s players.") % {"max": high}
    return ValidationError({"members": ValidationError(message, code="team_too_large")})


def _entries_join(tournament: Tournament, team: Team, players: Sequence[Player]) -> None:
    """The players enter the tournament (if not yet) and play for `team`."""
    entries = {
        e.player_id: e
        for e in Entry.objects.filter(
            tournament=tournament, player__in=[p for p in players if p.pk is not None]
        )
    }
    seed = Entry.objects.filter(tournament=tournament).aggregate(n=Max("seed"))["n"] or 0
    by_key: dict[str, Player] = {}
    for player in players:
        if player.pk is None:
            player = player_for_name(club=tournament.club, name=player.display_name, by_key=by_key)
        entry = entries.get(player.pk)
        if entry is None:
            seed += 1
            Entry.objects.create(tournament=tournament, player=player, seed=seed, team=team)
        elif entry.team_id != team.pk:
            entry.team = team
            entry.save(update_fields=["team"])


def _paired(tournament: Tournament) -> bool:
    return tournament.round_set.exists()


def team_create(*, tournament: Tournament, name: Any, members: Any, user: Any = None) -> Team:
    """Enter a named pair or team with its members (players of the club by id, or names:
    a name new to the club becomes a player). A pair has two players, a team 2–6; a player
    listed twice (`duplicate_member`) or playing for another team (`already_in_team`) is
    refused, as is a team in a tournament of single players (`bad_entrants`). A team entered
    after the first round was paired plays from the next round."""
    _entrants_check(tournament)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        errors: dict[str, list[ValidationError]] = {}
        clean_name = ""
        try:
            clean_name = _name_checked(tournament, name)
        except ValidationError as exc:
            errors.update(exc.error_dict)
        players: list[Player] = []
        try:
            players = _members_resolved(tournament, members)
        except ValidationError as exc:
            errors.update(exc.error_dict)
        if errors:
            raise ValidationError(errors)
        seed = Team.objects.filter(tournament=tournament).aggregate(n=Max("seed"))["n"] or 0
        team = Team.objects.create(tournament=tournament, name=clean_name, seed=seed + 1)
        _entries_join(tournament, team, players)
        signals.tournament_changed.send(
            sender=Tournament, tournament=tournament
        )  # new players get standings lines
    return team


def team_update(*, team: Team, name: Any = None, members: Any = None, user: Any = None) -> Team:
    """Rename a pair or team (any time) or change its members (before the first round is
    paired: `frozen` after). A member left out stays entered, in no team."""
    tournament = team.tournament
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        errors: dict[str, list[ValidationError]] = {}
        clean_name = None
        if name is not None:
            try:
                clean_name = _name_checked(tournament, name, team=team)
            except ValidationError as exc:
                errors.update(exc.error_dict)
        players: list[Player] | None = None
        if members is not None:
            if _paired(tournament):
                errors["members"] = [
                    ValidationError(
                        _("Cannot change the members once a round has been paired."),
                        code="frozen",
                    )
                ]
            else:
                try:
                    players = _members_resolved(tournament, members, team=team)
                except ValidationError as exc:
                    errors.update(exc.error_dict)
        if errors:
            raise ValidationError(errors)
        if clean_name is not None and clean_name != team.name:
            team.name = clean_name
            team.save(update_fields=["name"])
        if players is not None:
            kept = {p.pk for p in players if p.pk is not None}
            Entry.objects.filter(team=team).exclude(player_id__in=kept).update(team=None)
            _entries_join(tournament, team, players)
        signals.tournament_changed.send(sender=Tournament, tournament=tournament)
    return team


def team_withdraw(*, team: Team, withdrawn: bool = True, user: Any = None) -> Team:
    """Withdraw a pair or team (its members are no longer paired; their results stay in
    the standings) or bring it back."""
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=team.tournament_id).first()
        team.withdrawn = withdrawn
        team.save(update_fields=["withdrawn"])
        Entry.objects.filter(team=team).update(withdrawn=withdrawn)
        signals.tournament_changed.send(sender=Tournament, tournament=team.tournament)
    return team


def teams_from_document(*, tournament: Tournament, players: Any, user: Any = None) -> list[Team]:
    """The pairs and teams of an exported tournament (its `players` list, each with the name
    of its `team`, as `tournaments.reports.exports` and the archive's manifest write them), entered
    as
    `team_create` enters them, so an import or a restore keeps who plays for whom and refuses
    what the API refuses (each error under `players.team.<name>.`). A team that is already
    there (a restore into the same tournament) is left as it is."""
    members: dict[str, list[Any]] = {}
    for index, player in enumerate(players if isinstance(players, list) else []):
        if not isinstance(player, dict) or player.get("team") is None:
            continue
        if not isinstance(player["team"], str):  # a team is named, never guessed from a value
            raise _refused(f"players.{index}.team", _("A team's name is text."), "bad_format")
        members.setdefault(player["team"], []).append(player.get("name"))
    made: list[Team] = []
    for name, names in members.items():
        if Team.objects.filter(tournament=tournament, name=name).exists():
            continue
        try:
            made.append(team_create(tournament=tournament, name=name, members=names, user=user))
        except ValidationError as exc:
            raise ValidationError(
                {
                    f"players.team.{name[:TEAM_NAME_MAX]}.{field}": errors
                    for field, errors in exc.error_dict.items()
                }
            ) from exc
    return made
