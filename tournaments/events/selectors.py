"""Reads for running a tournament's evening: tournaments visible and published, their rounds,
tables, matches and entries, the scorers one may appoint, the notes beside the standings, a
round's history, and what a stage is (made or not, and how many continued).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils.translation import gettext as _

from scoring import games
from scoring.models import Deal, DealDispute, Match, Seat
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import ClubMember
from tournaments.events.models import Round, RoundEvent, Table, Tournament
from tournaments.events.stages import FINAL, stage_label
from tournaments.people import selectors as people_selectors


def tournaments_visible(user: Any) -> QuerySet[Tournament]:
    return perms.visible_tournaments(user).select_related("club")


def tournaments_published() -> QuerySet[Tournament]:
    return Tournament.objects.filter(published=True).select_related("club")


def tournament_matches(
    tournament: Tournament, *, status: str | None = None, round_number: int | None = None
) -> QuerySet[Match]:
    """The tournament's matches with everything a list needs joined or prefetched, each
    knowing whether a deal of it waits for an opponent's confirmation (`has_pending`)."""
    pending = Deal.objects.filter(match=OuterRef("pk"), status=Deal.Status.PENDING)
    qs = (
        Match.objects.filter(tournament=tournament)
        .annotate(has_pending=Exists(pending))
        .select_related("round", "table", "table__scorer")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )
        .order_by("round__number", "table__number", "id")
    )
    if status:
        qs = qs.filter(status=status)
    if round_number is not None:
        qs = qs.filter(round__number=round_number)
    return qs


def match_row(match: Match, *, scorer_shown: bool = False) -> dict[str, Any]:
    """One line of a tournament's match list: `id`, round, table, players, scorer, status.
    The scorer's username only with `scorer_shown` (permissions.can_see_usernames): the
    public sees no username."""
    names = [seat.player.display_name for seat in match.seats.all()]
    result = match.result or {}
    round_ = match.round if match.round_id else None
    table = match.table if match.table_id else None
    scorer = table.scorer if scorer_shown and table is not None and table.scorer_id else None
    return {
        "id": match.pk,
        "round": round_.number if round_ is not None else None,
        "table": table.number if table is not None else None,
        "players": names,
        "scorer": scorer.get_username() if scorer is not None else None,
        "status": match.status,
        "version": match.version,
        # Each player's running figure as the game gives it (Deberc's match totals,
        # Preferans' whist balances), in seat order.
        "match": _by_seat(names, score_figures(games.game_get(match.game), result)),
        "deals": len(result.get("deals") or []),
        # A deal entered and not counted yet: it waits for an opponent's confirmation.
        "pending": bool(getattr(match, "has_pending", False)),
        "winner": result.get("winner"),
        "reason": result.get("reason"),
    }


def score_figures(game: games.Game, result: Mapping[str, Any] | None) -> dict[str, float]:
    """Each player's running figure on a table, by name: the game's score summary (Deberc's
    match totals, Preferans' whist balances). The organiser's tables page and the live round
    cards both ask this one function."""
    return {line["name"]: line["figure"] for line in game.score_summary(result)}


def score_result_part(game: games.Game, figures: Any) -> dict[str, Any]:
    """The part of a result a score summary reads, for a reader that fetched only the figures
    at the game's `score_path` (the live round cards read no whole result)."""
    part: Any = figures or {}
    for key in reversed(game.score_path):
        part = {key: part}
    return part


def _by_seat(names: list[str], figures: Mapping[str, float]) -> dict[str, float]:
    return {name: figures.get(name, 0) for name in names}


def tournament_rounds(tournament: Tournament) -> QuerySet[Round]:
    return tournament.round_set.prefetch_related(
        Prefetch(
            "tables",
            queryset=Table.objects.select_related("scorer", "match").order_by("number"),
        )
    ).order_by("number")


def open_round(tournament: Tournament) -> Round | None:
    return tournament.round_set.filter(status=Round.Status.OPEN).order_by("-number").first()


def tables_of_scorer(user: Any) -> QuerySet[Table]:
    """A signed-in scorer's tables in open rounds ("my tables")."""
    if not user.is_authenticated:
        return Table.objects.none()
    return (
        Table.objects.filter(scorer=user, round__status=Round.Status.OPEN)
        .select_related("round", "round__tournament", "match")
        .order_by("round__tournament__name", "round__number", "number")
    )


def matches_of_player(user: Any) -> list[dict[str, Any]]:
    """A signed-in player's matches in rounds not yet closed ("my matches" on their home
    page), each with its opponents and what waits at the table: a deal for their
    confirmation (entered by someone else), their own deal waiting for an opponent's, a deal
    disputed (the referee is called). Four queries whatever the number of matches."""
    if user is None or not user.is_authenticated:
        return []
    seats = list(
        Seat.objects.filter(
            player__user=user,
            match__tournament__isnull=False,
            match__round__status__in=[Round.Status.OPEN, Round.Status.PAIRED],
        )
        .select_related("match", "match__tournament", "match__round", "match__table")
        .order_by("match__tournament__name", "match__round__number", "match__table__number")
    )
    ids = [seat.match_id for seat in seats]
    if not ids:
        return []
    others: dict[int, list[str]] = {}
    for match_id, name, player_user in Seat.objects.filter(match_id__in=ids).values_list(
        "match_id", "player__display_name", "player__user_id"
    ):
        if player_user != user.pk:
            others.setdefault(match_id, []).append(name)
    pending: dict[int, list[tuple[int, bool]]] = {}
    for match_id, number, entered_by in (
        Deal.objects.filter(match_id__in=ids, status=Deal.Status.PENDING)
        .order_by("number")
        .values_list("match_id", "number", "entered_by_id")
    ):
        pending.setdefault(match_id, []).append((number, entered_by == user.pk))
    disputed = set(
        DealDispute.objects.filter(match_id__in=ids, status=DealDispute.Status.OPEN).values_list(
            "match_id", "deal_number"
        )
    )
    out = []
    for seat in seats:
        match = seat.match
        waits = []
        for number, mine in pending.get(match.pk, []):
            if (match.pk, number) in disputed:
                text = _("Deal %(n)s is disputed: the referee is called.")
            elif mine:
                text = _("Deal %(n)s, entered by you, waits for an opponent's confirmation.")
            else:
                text = _("Deal %(n)s waits for your confirmation.")
            waits.append(
                {
                    "text": text % {"n": number},
                    "yours": not mine and (match.pk, number) not in disputed,
                }
            )
        out.append(
            {
                "match": match,
                "opponents": others.get(match.pk, []),
                "waits": waits,
                # Something for this player to do: the line is marked.
                "to_do": any(w["yours"] for w in waits),
            }
        )
    return out


def disputes_for_staff(user: Any) -> list[DealDispute]:
    """The open disputes (calls to the referee) of the tournaments `user` referees or
    organises, oldest first: their home page lists them."""
    if user is None or not user.is_authenticated:
        return []
    found = DealDispute.objects.filter(status=DealDispute.Status.OPEN)
    if not user.is_superuser:
        found = found.filter(
            Q(match__tournament__referees=user) | Q(match__tournament__organisers=user)
        )
    return list(
        found.select_related("match", "match__tournament", "match__round", "match__table")
        .distinct()
        .order_by("created_at", "id")[:50]
    )


def entry_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The tournament's entries in seed order, each with how many matches the player has sat
    at and whether they have played (sat at a table or had a bye: withdrawn, never removed)."""
    entries = (
        tournament.entries.select_related("player", "team")
        .annotate(
            matches=Count(
                "player__seats",
                filter=Q(player__seats__match__tournament=tournament),
                distinct=True,
            ),
            byes=Count(
                "player__bye_rounds",
                filter=Q(player__bye_rounds__tournament=tournament),
                distinct=True,
            ),
        )
        .order_by("seed", "id")
    )
    return [
        {
            "id": e.pk,
            "player": e.player_id,
            "name": e.player.display_name,
            "seed": e.seed,
            "withdrawn": e.withdrawn,
            "matches": e.matches,
            "played": bool(e.matches or e.byes),
            "team": e.team.name if e.team is not None else None,
        }
        for e in entries
    ]


# --- sign-in lockouts: which an organiser may lift --------------------------------------------


def scorer_candidates(tournament: Tournament) -> QuerySet[Any]:
    """Who may be put on the tournament's tables as scorer: the club's members (the users of
    its players, the people added to it: ClubMember), the tournament's organisers and
    referees, and those already scoring one of its tables. Never any account of the site: an
    organiser who could seat anyone (staff included) could then lift that account's sign-in
    lockout."""
    # An EXISTS per relation, no join under DISTINCT (issue 31): the club's thousands of
    # players made the joins' rows multiply.
    return (
        get_user_model()
        .objects.filter(is_active=True)
        .filter(
            Q(player__club_id=tournament.club_id)
            | people_selectors.guest_users(tournament.club_id)
            | Q(
                Exists(
                    ClubMember.objects.filter(user_id=OuterRef("pk"), club_id=tournament.club_id)
                )
            )
            | perms.role_in_tournament(OuterRef("pk"), tournament, roles=perms.STAFF_ROLES)
        )
        .order_by("username")
    )


def scorer_candidate_names(tournament: Tournament) -> list[tuple[int, str, str | None]]:
    """Every scorer candidate (`scorer_candidates`) as (user id, sign-in name, the display
    name of their player or None), by sign-in name: one query, for the tables page's shared
    list of names and for finding the one a name means. The rows as the database gives them
    (thousands of them: no copy made)."""
    return list(scorer_candidates(tournament).values_list("pk", "username", "player__display_name"))


# The roles of the club's people who come to score, referee or organise: the likely scorers.
SCORING_CLUB_ROLES = (
    ClubMember.Role.SCORER,
    ClubMember.Role.REFEREE,
    ClubMember.Role.ORGANISER,
)


def scorer_likely(
    tournament: Tournament, *, round: Round | None = None
) -> tuple[set[int], dict[int, set[int]]]:
    """Who most likely scores a table of the tournament (of `round` only, if given): (the
    staff: the club's members with a scorer, referee or organiser role, the tournament's
    organisers and referees and whoever scores one of its tables, the next round's scorers
    being mostly the last one's; {table id: the accounts of the players seated at it}). Three
    queries whatever the tables. Not all of them need be candidates: the caller keeps those
    who are (`scorer_candidates`)."""
    staff = set(
        ClubMember.objects.filter(
            club_id=tournament.club_id, role__in=SCORING_CLUB_ROLES
        ).values_list("user_id", flat=True)
    )
    staff.update(
        tournament.organisers.order_by()
        .values_list("pk", flat=True)
        .union(
            tournament.referees.order_by().values_list("pk", flat=True),
            Table.objects.filter(round__tournament=tournament, scorer__isnull=False)
            .order_by()
            .values_list("scorer_id", flat=True),
        )
    )
    seats = Seat.objects.filter(
        match__tournament=tournament, match__table__isnull=False, player__user__isnull=False
    )
    if round is not None:
        seats = seats.filter(match__table__round=round)
    seated: dict[int, set[int]] = {}
    for table_id, user_id in seats.values_list("match__table_id", "player__user_id"):
        seated.setdefault(table_id, set()).add(user_id)
    return staff, seated


# --- the rounds' history: the standings' notes -----------------------------------------------

# The most notes a standings page or answer carries (the newest).
NOTES_MAX = 200


def standings_notes(tournament: Tournament, *, users_shown: bool = False) -> list[dict[str, Any]]:
    """What was changed with a reason in the tournament's rounds (`RoundEvent`), oldest first:
    `{round, table, deal, kind, what, reason, at}`, plus `by` (the username) when
    `users_shown` (the people who run the evening; the public sees no usernames)."""
    events = list(
        RoundEvent.objects.filter(round__tournament=tournament)
        .select_related("round", "user")
        .order_by("-created_at", "-id")[:NOTES_MAX]
    )
    notes = []
    for event in reversed(events):
        note = {
            "round": event.round.number,
            "table": event.table_number,
            "deal": event.deal_number,
            "kind": event.kind,
            "what": str(event.get_kind_display()),
            "reason": event.reason,
            "at": event.created_at.isoformat(),
        }
        if users_shown:
            note["by"] = event.user.get_username() if event.user else None
        notes.append(note)
    # Discipline: every card and what it costs (tournaments.discipline.services), in time order.
    from tournaments.discipline.services import card_notes

    cards = card_notes(tournament, users_shown=users_shown)
    if cards:
        notes = sorted([*notes, *cards], key=lambda n: n["at"])[-NOTES_MAX:]
    return notes


def round_history(round: Round) -> list[RoundEvent]:
    """One round's history, oldest first, for the people who run the evening."""
    return list(round.events.select_related("user").order_by("created_at", "id"))


def rounds_history(tournament: Tournament) -> dict[int, list[RoundEvent]]:
    """Every round's history by round id, each oldest first (`round_history`), in one query."""
    history: dict[int, list[RoundEvent]] = {}
    for event in (
        RoundEvent.objects.filter(round__tournament=tournament)
        .select_related("user")
        .order_by("created_at", "id")
    ):
        history.setdefault(event.round_id, []).append(event)
    return history


def stage_summary(tournament: Tournament) -> dict[str, Any] | None:
    """The stage as the standings page shows it (None: the tournament has none): its label
    ("Final table: top 4"), the round it follows, whether it is made and how many continued
    (they head the standings)."""
    if not tournament.stage_kind or not tournament.stage_after_round:
        return None
    after = tournament.stage_after_round
    stage_round = tournament.round_set.filter(number=after + 1).first()
    continuing = 0
    if stage_round is not None:
        continuing = (
            Seat.objects.filter(match__round=stage_round).count() + stage_round.byes.count()
        )
    return {
        "label": stage_label(tournament.stage_kind, tournament.stage_size, tournament.round_sizes),
        "after": after,
        "final": tournament.stage_kind == FINAL,
        "made": stage_round is not None,
        "continuing": continuing,
    }


def next_round_stage(tournament: Tournament, number: int) -> str:
    """What round `number` is when it is the stage's round ("Cut: top 8 continue"), else ""."""
    if tournament.stage_kind and number == (tournament.stage_after_round or 0) + 1:
        return stage_label(tournament.stage_kind, tournament.stage_size, tournament.round_sizes)
    return ""
