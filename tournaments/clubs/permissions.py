"""Who may do what in a tournament: the roles of the API contract.

- **organiser** (of a tournament, or a superuser): everything in it;
- **referee** (of a tournament): reads everything, enters and corrects deals, rulings, closes
  and reopens tables on time; not in a closed round (its results are settled: the
  organiser's act, with a reason);
- **scorer**: enters and corrects deals at the tables assigned to them, while the round is
  open; closes a table once the round's time is up; reads their matches (also after the
  round closed);
- **player**: reads the matches they sit at (and their history), confirms deals when the
  tournament wants opponents to confirm;
- **public** (anyone, signed in or not): reads published tournaments;
- **table card** (issue 20): whoever scanned a table's card (a session of the card's own
  account, `TableCard.user`, with no password and no other role) enters and corrects deals at
  that table only, while its round is open and the card neither revoked nor expired; reads
  that match and what the public reads, nothing else.

Unpublished tournaments are invisible (404) to everyone without a role in them. The checks are
plain functions over already loaded objects so that the deal write path spends no query on a
scorer of their own table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import rules
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from tournaments.events.models import Entry, Round, Table, Tournament

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

    from scoring.models import Match

    AnyUser = AbstractBaseUser | AnonymousUser


def _signed_in(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated)


def _cached(user: Any, key: tuple, compute: Any) -> bool:
    """Memoise a role lookup on the user object for the life of the request."""
    cache: dict = user.__dict__.setdefault("_deberc_roles", {})
    if key not in cache:
        cache[key] = bool(compute())
    return cache[key]


def is_organiser(user: Any, tournament: Tournament) -> bool:
    if not _signed_in(user):
        return False
    if user.is_superuser:
        return True
    return _cached(
        user,
        ("organiser", tournament.pk),
        lambda: tournament.organisers.filter(pk=user.pk).exists(),
    )


def is_referee(user: Any, tournament: Tournament) -> bool:
    if not _signed_in(user):
        return False
    return _cached(
        user,
        ("referee", tournament.pk),
        lambda: tournament.referees.filter(pk=user.pk).exists(),
    )


def is_staff_of(user: Any, tournament: Tournament) -> bool:
    """Organiser or referee: the people who run the evening."""
    return is_organiser(user, tournament) or is_referee(user, tournament)


def is_scorer_in(user: Any, tournament: Tournament) -> bool:
    if not _signed_in(user):
        return False
    return _cached(
        user,
        ("scorer_in", tournament.pk),
        lambda: tournament.round_set.filter(tables__scorer=user).exists(),
    )


def is_player_in(user: Any, tournament: Tournament) -> bool:
    if not _signed_in(user):
        return False
    return _cached(
        user,
        ("player_in", tournament.pk),
        lambda: tournament.entries.filter(player__user=user).exists(),
    )


def can_view_tournament(user: Any, tournament: Tournament) -> bool:
    """Published tournaments are public; a draft is seen only by the people in it."""
    if tournament.published:
        return True
    return (
        is_staff_of(user, tournament)
        or is_scorer_in(user, tournament)
        or is_player_in(user, tournament)
    )


def club_role(user: Any, club_id: int | None) -> str | None:
    """The user's role in a club [роль в клубе] (`ClubMember.Role`), None when not a member.
    One query a club a request; a table card's session is never a member of anything."""
    if not _signed_in(user) or club_id is None:
        return None
    cache: dict = user.__dict__.setdefault("_deberc_club_roles", {})
    if club_id not in cache:
        from tournaments.clubs.models import ClubMember

        cache[club_id] = (
            ClubMember.objects.filter(club_id=club_id, user_id=user.pk)
            .values_list("role", flat=True)
            .first()
        )
    return cache[club_id]


# --- the club's rules, as `rules` predicates ------------------------------------------------
# A club's powers are named permissions of the `rules` library (checked by its
# ObjectPermissionBackend, so `user.has_perm("tournaments.manage_club", club)` asks the same
# question): predicates composed with & | ~, each one fact about the person, no `if` chains.


@rules.predicate
def is_site_staff(user: Any) -> bool:
    """The site's own staff (Django's `is_staff`, superusers): every club's organisers."""
    return _signed_in(user) and bool(user.is_staff or user.is_superuser)


@rules.predicate
def is_card_session(user: Any) -> bool:
    """A table card's session: scores its table, and is nobody in any club."""
    return table_card_of(user) is not None


@rules.predicate
def has_organiser_role(user: Any, club: Any) -> bool:
    """A member of this club with the organiser role."""
    club_id = club if isinstance(club, int) else getattr(club, "pk", None)
    return club_role(user, club_id) == "organiser"


@rules.predicate
def organises_some_club(user: Any) -> bool:
    """An organiser of at least one club."""
    return _signed_in(user) and _cached(
        user, ("organises_a_club",), lambda: clubs_organised(user).exists()
    )


club_organiser = ~is_card_session & (is_site_staff | has_organiser_role)
some_club_organiser = ~is_card_session & (is_site_staff | organises_some_club)

# Roles belong to a club (issue 31): a club's organisers keep its members, invitations,
# presets and lockouts, and create (or move in) its tournaments. Organising one of the
# club's tournaments (a tournament's staff role) gives none of these.
rules.add_perm("tournaments.manage_club", club_organiser)
rules.add_perm("tournaments.create_tournament_in", club_organiser)
rules.add_perm("tournaments.create_tournament", some_club_organiser)
rules.add_perm("tournaments.manage_lockouts", some_club_organiser)


def is_club_organiser(user: Any, club: Any) -> bool:
    """An organiser of this club [организатор клуба]: its members with that role, and the
    site's staff."""
    return _signed_in(user) and bool(club_organiser.test(user, club))


def clubs_organised(user: Any) -> QuerySet[Any]:
    """The clubs whose tournaments, presets, members and invitations `user` manages."""
    from tournaments.clubs.models import Club

    if not _signed_in(user) or is_card_session(user):
        return Club.objects.none()
    if is_site_staff(user):
        return Club.objects.all()
    return Club.objects.filter(members__user=user, members__role="organiser")


def can_create_tournament(user: Any) -> bool:
    """Create a tournament in some club: an organiser of at least one club (the site's staff
    in any). Which club is `can_create_tournament_in`'s question."""
    return _signed_in(user) and bool(some_club_organiser.test(user))


def can_create_tournament_in(user: Any, club: Any) -> bool:
    """A tournament belongs to its club: only that club's organisers create one in it or move
    one into it (the takeover of issue 31: an organiser of club 3 created a tournament in
    club 1 and so became one of club 1's managers)."""
    return is_club_organiser(user, club)


def can_change_tournament(user: Any, tournament: Tournament) -> bool:
    return is_organiser(user, tournament)


def can_import(user: Any, tournament: Tournament) -> bool:
    return is_organiser(user, tournament)


def can_manage_rounds(user: Any, tournament: Tournament) -> bool:
    """Open and close rounds, assign scorers: the organiser, and the referee on the floor."""
    return is_staff_of(user, tournament)


# --- matches -------------------------------------------------------------------------------


def _tournament_of(match: Match) -> Tournament:
    """The tournament of a match whose `tournament_id` the caller has checked (that costs no
    query; this reads the tournament)."""
    tournament = match.tournament
    assert tournament is not None
    return tournament


def is_table_scorer(user: Any, match: Match) -> bool:
    """The scorer assigned to this match's table (whatever the round's state)."""
    if not _signed_in(user) or match.table_id is None:
        return False
    table = match.table
    return table is not None and table.scorer_id == user.pk


def table_card_of(user: Any) -> Any:
    """The table card whose session `user` is (tournaments.clubs.table_cards), else None. No query
    for a person: every account of a person has a password, a card's account never has."""
    if not _signed_in(user):
        return None
    if "_table_card" not in user.__dict__:
        card = None
        if not user.has_usable_password():
            from tournaments.clubs.models import TableCard

            card = TableCard.objects.select_related("table__round").filter(user_id=user.pk).first()
        user.__dict__["_table_card"] = card
    return user.__dict__["_table_card"]


def table_card_alive(card: Any, rnd: Round) -> bool:
    """A card opens its table while the round is open, until revoked or expired; a round
    closed after the card was made killed it (opening the round again does not revive it)."""
    if card.revoked_at is not None or card.expires_at <= timezone.now():
        return False
    if rnd.status != Round.Status.OPEN:
        return False
    return rnd.closed_at is None or rnd.closed_at < card.created_at


def holds_table_card(user: Any, match: Match) -> bool:
    """`user` is the session of a live card of this match's table."""
    if match.table_id is None or match.round_id is None:
        return False
    card = table_card_of(user)
    if card is None or card.table_id != match.table_id:
        return False
    round_ = match.round
    return round_ is not None and table_card_alive(card, round_)


def is_seated(user: Any, match: Match) -> bool:
    if not _signed_in(user):
        return False
    return _cached(
        user, ("seated", match.pk), lambda: match.seats.filter(player__user=user).exists()
    )


def round_is_open(match: Match) -> bool:
    round_ = match.round if match.round_id is not None else None
    return round_ is None or round_.status == Round.Status.OPEN


def round_is_closed(match: Match) -> bool:
    """The match's round is closed: its results are settled, a change is the organiser's act
    with a reason (`can_amend`)."""
    round_ = match.round if match.round_id is not None else None
    return round_ is not None and round_.status == Round.Status.CLOSED


def round_time_is_up(match: Match) -> bool:
    """The round's clock has run out (never, for a round without a clock)."""
    round_ = match.round if match.round_id is not None else None
    ends_at = round_.ends_at if round_ is not None else None
    return ends_at is not None and timezone.now() >= ends_at


def can_view_match(user: Any, match: Match) -> bool:
    if match.tournament_id is None:
        # A stand-alone match (imported or a friendly game) belongs to staff only.
        return _signed_in(user) and user.is_staff
    # The table's scorer first: it costs no query, and it is who writes most.
    return (
        is_table_scorer(user, match)
        or can_view_tournament(user, _tournament_of(match))
        or holds_table_card(user, match)
    )


def can_enter_deal(user: Any, match: Match) -> bool:
    """Submit a new deal: the table's scorer while the round is open; the organiser and the
    referee of the tournament at any time (they take over a table whose scorer's phone died)."""
    if not _signed_in(user):
        return False
    if match.tournament_id is None:
        return user.is_staff
    if is_table_scorer(user, match) and round_is_open(match):
        return True
    if table_card_of(user) is not None:
        # A card's session scores its own table of an open round, and nothing else.
        return holds_table_card(user, match)
    if round_is_closed(match):
        # A closed round's results are settled: only its organiser changes them.
        return can_amend(user, match)
    return is_staff_of(user, _tournament_of(match))


def can_correct_deal(user: Any, match: Match) -> bool:
    """Correct a deal: the table's scorer while the round is open, the referee, the organiser;
    once the round is closed, the organiser only (with a reason: scoring.services)."""
    return can_enter_deal(user, match)


def can_amend(user: Any, match: Match) -> bool:
    """Change a match of a closed round: the tournament's organiser."""
    return match.tournament_id is not None and is_organiser(user, _tournament_of(match))


def can_close_any_time(user: Any, match: Match) -> bool:
    """Close a table on time before the clock says so: the referee and the organiser (they
    call time); the table's scorer closes only once the round's time is up."""
    return match.tournament_id is not None and is_staff_of(user, _tournament_of(match))


def can_reopen(user: Any, match: Match) -> bool:
    """Open again a table closed on time: the referee and the organiser, never the scorer."""
    return match.tournament_id is not None and is_staff_of(user, _tournament_of(match))


def can_confirm_deal(user: Any, match: Match) -> bool:
    """Confirm a pending deal (tournaments with `confirm_deals`): a player seated at the match,
    or the referee/organiser. Never the scorer who typed it in: a confirmation is a second
    pair of eyes."""
    if not _signed_in(user) or match.tournament_id is None:
        return False
    return is_seated(user, match) or is_staff_of(user, _tournament_of(match))


def can_dispute_deal(user: Any, match: Match) -> bool:
    """Dispute a pending deal and so call the referee: a player seated at the match, signed
    in on their own phone. The referee and the organiser settle disputes; they raise none."""
    if not _signed_in(user) or match.tournament_id is None:
        return False
    return is_seated(user, match)


def can_view_history(user: Any, match: Match) -> bool:
    """Who changed what: the people with a role at this match, not the public (it names the
    users)."""
    if not _signed_in(user):
        return False
    if match.tournament_id is None:
        return user.is_staff
    return (
        is_staff_of(user, _tournament_of(match))
        or is_table_scorer(user, match)
        or is_seated(user, match)
        or holds_table_card(user, match)
    )


def can_see_usernames(user: Any, tournament: Tournament | None) -> bool:
    """Whose accounts score and rule (usernames): the tournament's organisers and referees,
    and site staff; never the public, who could lock an account out with ten wrong
    passwords once its name is known."""
    if not _signed_in(user):
        return False
    if user.is_staff or user.is_superuser:
        return True
    return tournament is not None and is_staff_of(user, tournament)


def can_see_match_usernames(user: Any, match: Match) -> bool:
    """The usernames at a match: as `can_see_usernames`; the table's scorer sees their own.
    Never a table card's session (issue 31): its phone passes from hand to hand, and a
    scorer's username is what a stranger needs to lock that scorer out."""
    if is_table_scorer(user, match):
        return True
    if table_card_of(user) is not None:
        return False
    return can_see_usernames(user, match.tournament if match.tournament_id else None)


_MATCH_ACTIONS = {
    "view": can_view_match,
    "enter": can_enter_deal,
    "correct": can_correct_deal,
    "confirm": can_confirm_deal,
    "dispute": can_dispute_deal,
    "history": can_view_history,
    "table_scorer": is_table_scorer,
    "usernames": can_see_match_usernames,
    "close_any_time": can_close_any_time,
    "reopen": can_reopen,
    "amend": can_amend,
    # Facts of the match (the user is ignored).
    "settled": lambda _user, match: round_is_closed(match),
    "time_up": lambda _user, match: round_time_is_up(match),
}


def match_access(user: Any, action: str, match: Match) -> bool:
    """The policy the scoring app asks (`scoring.access`): whether `user` may do `action`."""
    return _MATCH_ACTIONS[action](user, match)


# A person's roles in a tournament, as `role_in_tournament` looks them up.
TOURNAMENT_ROLES = ("organiser", "referee", "scorer", "player")
STAFF_ROLES = ("organiser", "referee", "scorer")


def role_in_tournament(user: Any, tournament: Any = None, *, roles: Any = TOURNAMENT_ROLES) -> Q:
    """The person has one of `roles` in the tournament: organiser, referee, scorer of one of
    its tables, entered as a player. `user` and `tournament` are each an object, an id or an
    expression such as `OuterRef("pk")` (`tournament` by default: the tournament row being
    filtered). One `EXISTS` per role, each an index lookup (the through tables' (tournament,
    user) unique indexes, Table's (scorer, round) index, Player's unique user and Entry's
    (tournament, player) unique index): no join that multiplies the rows, so no DISTINCT
    (issue 31: the ORs of four joins under DISTINCT took seconds with one 1,000-player
    tournament)."""
    who = getattr(user, "pk", user)
    of = OuterRef("pk") if tournament is None else getattr(tournament, "pk", tournament)
    lookups = {
        "organiser": Tournament.organisers.through.objects.filter(tournament_id=of, user_id=who),
        "referee": Tournament.referees.through.objects.filter(tournament_id=of, user_id=who),
        "scorer": Table.objects.filter(scorer_id=who, round__tournament_id=of),
        "player": Entry.objects.filter(tournament_id=of, player__user_id=who),
    }
    first, *others = (Q(Exists(lookups[role])) for role in roles)
    for other in others:
        first |= other
    return first


def visible_tournaments(user: Any) -> QuerySet[Tournament]:
    """Published tournaments plus the drafts the user has a role in: one query over the
    tournaments, `published OR EXISTS(role)` (`role_in_tournament`), whatever their size."""
    qs = Tournament.objects.all()
    if _signed_in(user) and user.is_superuser:
        return qs
    if not _signed_in(user):
        return qs.filter(published=True)
    return qs.filter(Q(published=True) | role_in_tournament(user))


def can_manage_club(user: Any, club: Any) -> bool:
    """Add people to a club and invite them, keep its presets (issue 20): the club's
    organisers and the site's staff. A tournament's organiser is not one of them: a
    tournament's role gives powers over that tournament only (issue 31)."""
    return is_club_organiser(user, club)


def can_manage_staff(user: Any, tournament: Tournament) -> bool:
    """Appoint and remove a tournament's referees, co-organisers and scorers: its organiser."""
    return is_organiser(user, tournament)


def can_manage_lockouts(user: Any) -> bool:
    """See the sign-in lockouts page and lift some (which: tournaments.events.selectors.
    lockout_refusal): staff, and the organisers of a club (their own club's people)."""
    return can_create_tournament(user)
