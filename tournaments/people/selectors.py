"""Reads of one person across clubs: a club's players (its own and those of other clubs on
its roll), the people an organiser may ask to add, the requests and merges waiting for
someone, and a merge's preview."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext as _

from config.collation import sorted_by_name
from scoring.models import Seat
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Club, Player
from tournaments.clubs.names import name_key
from tournaments.events.models import Entry, Tournament
from tournaments.people.models import ClubPlayer, PlayerMerge, RosterRequest
from tournaments.standings.models import Rating

SEARCH_LIMIT = 20


def on_club_roll(club_id: int, player_field: str = "") -> Q:
    """A player on a club's roll: entered by the club (their home club) or added to it
    (`ClubPlayer`). `player_field` is the path to the player from the queried model ("" on
    Player itself, "player" on an entry or a seat)."""
    if not player_field:
        return Q(club_id=club_id) | Q(
            Exists(ClubPlayer.objects.filter(club_id=club_id, player_id=OuterRef("pk")))
        )
    return Q(**{f"{player_field}__club_id": club_id}) | Q(
        Exists(ClubPlayer.objects.filter(club_id=club_id, player_id=OuterRef(f"{player_field}_id")))
    )


def club_players(club: Club | int) -> QuerySet[Player]:
    """The players of a club: its own and those of other clubs on its roll."""
    return Player.objects.filter(on_club_roll(club.pk if isinstance(club, Club) else club))


def club_players_by_key(club: Club | int) -> dict[str, Player]:
    """A club's players by their name's key (clubs.names.name_key): a name typed in another
    case, another width or with other spaces is the same player. The club's own player of a
    key wins over a guest's, the oldest over a newer."""
    club_id = club.pk if isinstance(club, Club) else club
    by_key: dict[str, Player] = {}
    players = club_players(club_id).order_by("pk")
    for player in sorted(players, key=lambda p: (p.club_id != club_id, p.pk)):
        by_key.setdefault(name_key(player.display_name), player)
    return by_key


def people_findable(user: Any) -> QuerySet[Player]:
    """The people an organiser may find to ask for: those the public can see (who played in a
    published tournament) and the players of the clubs `user` organises."""
    public = Tournament.objects.filter(published=True).values("pk")
    found = Q(Exists(Entry.objects.filter(player=OuterRef("pk"), tournament__in=public))) | Q(
        Exists(Seat.objects.filter(player=OuterRef("pk"), match__tournament__in=public))
    )
    organised = list(perms.clubs_organised(user).values_list("pk", flat=True))
    if organised:
        found |= Q(club_id__in=organised)
    return Player.objects.filter(found)


def people_search(*, club: Club, user: Any, query: str) -> list[Player]:
    """People of other clubs `user` may ask to add to `club`: their name contains `query`
    (its first SEARCH_LIMIT + 1, by name; one more than shown says there are more)."""
    query = " ".join(str(query or "").split())[:80]
    if not query:
        return []
    found = (
        people_findable(user)
        .filter(display_name__icontains=query)
        .exclude(on_club_roll(club.pk))
        .select_related("club")
        .order_by("display_name", "pk")[: SEARCH_LIMIT + 1]
    )
    return sorted_by_name(list(found), lambda p: p.display_name)


def roster_rows(club: Club) -> list[dict[str, Any]]:
    """A club's players for its organisers: each with their home club, whether they have an
    account, and the people of other clubs with the same name (perhaps the same person: the
    merge tool's candidates), by name in the reader's language."""
    players = list(club_players(club).select_related("club"))
    names = {p.display_name for p in players}
    keys = {name_key(p.display_name) for p in players}
    # Same name elsewhere: read by exact name (cheap), then compared by key.
    twins: dict[str, list[Player]] = {}
    ids = {p.pk for p in players}
    for other in (
        Player.objects.filter(display_name__in=names).exclude(pk__in=ids).select_related("club")
    ):
        key = name_key(other.display_name)
        if key in keys:
            twins.setdefault(key, []).append(other)
    rows = [
        {
            "player": p,
            "home": p.club,
            "guest": p.club_id != club.pk,
            "account": p.user_id is not None,
            "twins": twins.get(name_key(p.display_name), []) if p.club_id == club.pk else [],
        }
        for p in players
    ]
    return sorted_by_name(rows, lambda r: r["player"].display_name)


def roster_requests_to_answer(user: Any) -> QuerySet[RosterRequest]:
    """Open requests `user` answers: for themselves (their account's player), and for the
    players without an account of the clubs they organise."""
    if not (user is not None and user.is_authenticated):
        return RosterRequest.objects.none()
    organised = perms.clubs_organised(user).values("pk")
    return (
        RosterRequest.objects.filter(state=RosterRequest.State.OPEN)
        .filter(Q(player__user=user) | Q(player__user__isnull=True, player__club__in=organised))
        .select_related("club", "player", "player__club")
    )


def roster_requests_of(club: Club) -> QuerySet[RosterRequest]:
    """A club's requests still open (its organisers may withdraw them)."""
    return RosterRequest.objects.filter(club=club, state=RosterRequest.State.OPEN).select_related(
        "player", "player__club"
    )


def merges_to_answer(user: Any) -> QuerySet[PlayerMerge]:
    """Merges proposed to a club `user` organises (the target's home club)."""
    if not (user is not None and user.is_authenticated):
        return PlayerMerge.objects.none()
    return PlayerMerge.objects.filter(
        state=PlayerMerge.State.PROPOSED, target__club__in=perms.clubs_organised(user).values("pk")
    ).select_related("source", "source_club", "target", "target__club")


def merge_moved_to(player_id: int) -> int | None:
    """The player a deleted (merged) record's id now leads to, following merges in turn."""
    seen: set[int] = set()
    current: int | None = player_id
    target: int | None = None
    while current is not None and current not in seen:
        seen.add(current)
        merge = (
            PlayerMerge.objects.filter(source_id_kept=current, state=PlayerMerge.State.DONE)
            .values_list("target_id", flat=True)
            .first()
        )
        if merge is None:
            break
        target = current = merge
    return target


# --- a merge's preview ---------------------------------------------------------------------


@dataclass
class PersonRecord:
    """One record of a person as the merge tool shows it."""

    player: Player
    club: str
    account: bool
    tournaments: list[str]
    matches: int
    ratings: dict[str, float]


@dataclass
class MergePreview:
    """What merging `source` into `target` would do, and why it cannot be done if so
    (`conflicts`: (field, code, message))."""

    source: PersonRecord
    target: PersonRecord
    clubs_after: list[str]
    conflicts: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def possible(self) -> bool:
        return not self.conflicts


def _record(player: Player) -> PersonRecord:
    tournaments = list(
        Tournament.objects.filter(
            Q(Exists(Entry.objects.filter(tournament=OuterRef("pk"), player=player)))
            | Q(Exists(Seat.objects.filter(match__tournament=OuterRef("pk"), player=player)))
        )
        .order_by("-created_at")
        .values_list("name", flat=True)
    )
    return PersonRecord(
        player=player,
        club=player.club.name,
        account=player.user_id is not None,
        tournaments=tournaments,
        matches=Seat.objects.filter(player=player).count(),
        ratings={
            game: round(value, 2)
            for game, value in Rating.objects.filter(player=player).values_list("game", "ordinal")
        },
    )


def merge_conflicts(source: Player, target: Player) -> list[tuple[str, str, str]]:
    """Why `source` cannot be merged into `target` (empty: it can)."""
    if source.pk == target.pk:
        return [("target", "same_player", _("Choose another player: this is the same record."))]
    conflicts = []
    if source.user_id is not None and target.user_id is not None:
        conflicts.append(
            (
                "target",
                "two_accounts",
                _(
                    "Both records have an account: two people sign in with them. Ask the "
                    "person which account they keep; an account is never merged."
                ),
            )
        )
    both = (
        Tournament.objects.filter(
            Q(Exists(Entry.objects.filter(tournament=OuterRef("pk"), player=source)))
            | Q(Exists(Seat.objects.filter(match__tournament=OuterRef("pk"), player=source)))
        )
        .filter(
            Q(Exists(Entry.objects.filter(tournament=OuterRef("pk"), player=target)))
            | Q(Exists(Seat.objects.filter(match__tournament=OuterRef("pk"), player=target)))
        )
        .values_list("name", flat=True)
        .first()
    )
    if (
        both is None
        and Seat.objects.filter(
            player=source, match__in=Seat.objects.filter(player=target).values("match")
        ).exists()
    ):
        both = _("one match")
    if both is None:
        # The source's tables would have two players of the target's name once merged.
        clash = (
            Seat.objects.filter(
                match__in=Seat.objects.filter(player=source).values("match"),
                player__display_name=target.display_name,
            )
            .exclude(player=source)
            .exists()
        )
        if clash and source.display_name != target.display_name:
            conflicts.append(
                (
                    "target",
                    "name_clash",
                    _(
                        "%(name)s sat at a table with another player named %(other)s: "
                        "merged, that table could not tell them apart."
                    )
                    % {"name": source.display_name, "other": target.display_name},
                )
            )
    if both is not None:
        conflicts.append(
            (
                "target",
                "same_tournament",
                _("Both records played in %(tournament)s: they are two people, not one.")
                % {"tournament": both},
            )
        )
    return conflicts


def merge_preview(*, source: Player, target: Player) -> MergePreview:
    clubs = {source.club.name, target.club.name}
    clubs.update(
        ClubPlayer.objects.filter(player__in=[source, target]).values_list("club__name", flat=True)
    )
    return MergePreview(
        source=_record(source),
        target=_record(target),
        clubs_after=sorted_by_name(list(clubs), str),
        conflicts=merge_conflicts(source, target),
    )


def guest_users(club_id: int) -> Q:
    """On a query of users: the accounts of the players of other clubs on this club's roll
    (they may score its tables and be found by its organisers, as its own players)."""
    return Q(Exists(ClubPlayer.objects.filter(club_id=club_id, player__user_id=OuterRef("pk"))))
