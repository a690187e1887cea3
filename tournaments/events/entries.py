"""Writes of a tournament's entrants [участники]: players found or made by name, entries added,
changed and withdrawn, and a scoresheet's import into a round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from scoring import services as scoring_services
from tournaments.clubs.models import Club, Player
from tournaments.clubs.names import (
    NameRefused,
    name_clean,
    name_key,
)
from tournaments.events import signals
from tournaments.events.models import Entry, Round, Table, Tournament
from tournaments.events.setup import field_max_length, name_too_long
from tournaments.people import selectors as people_selectors

# Round and table numbers are small positive integers (PositiveSmallIntegerField).
PLACEMENT_MAX = 32767

ENTRY_NAME_MAX = field_max_length(Player, "display_name")


def _names_refused(error: NameRefused, name: Any) -> ValidationError:
    shown = str(name)[:40] if isinstance(name, str) else ""
    return ValidationError(
        {"players": ValidationError(f"{error.message} {shown!r}", code=error.code)}
    )


def club_players_by_key(club: Club) -> dict[str, Player]:
    """The club's players by their name's key (names.name_key): a name typed in another case,
    another width or with other spaces is the same player, in any alphabet, and a person of
    another club on its roll is found by name as its own are (people.selectors). Compared in
    Python (the databases' lower() is ASCII-only on SQLite and under PostgreSQL's C locale);
    a club's roll is small."""
    return people_selectors.club_players_by_key(club)


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
        signals.tournament_changed.send(
            sender=Tournament, tournament=tournament
        )  # a new player gets a standings line
    return players


def player_enter(*, tournament: Tournament, player: Player, seed: int | None = None) -> Entry:
    entry, created = Entry.objects.get_or_create(
        tournament=tournament, player=player, defaults={"seed": seed}
    )
    if created:
        signals.tournament_changed.send(
            sender=Tournament, tournament=tournament
        )  # a new player gets a standings line
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
            signals.tournament_changed.send(
                sender=Tournament, tournament=tournament
            )  # new players get standings lines
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
            signals.tournament_changed.send(sender=Tournament, tournament=entry.tournament)
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
            from tournaments.events.models import TEAM_MIN

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
        signals.tournament_changed.send(sender=Tournament, tournament=tournament)
