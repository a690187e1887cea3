"""Writes of one person across clubs [один человек, много клубов]: a club asks to add a person
of another club to its roll and the person (or, without an account, their home club's
organisers) answers; two records of one person are merged when the organisers of both home
clubs agree, with a preview first and what moved kept.

A club never takes a person alone: no request adds anyone until answered by someone who
speaks for that person, and an account is never moved onto a record that has one."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Deal, Match
from tournaments.clubs import permissions as perms
from tournaments.clubs.models import Club, Player
from tournaments.clubs.names import name_key
from tournaments.events import signals
from tournaments.events.models import Tournament
from tournaments.people import selectors
from tournaments.people.models import ClubPlayer, PlayerMerge, RosterRequest
from tournaments.standings.models import MatchTally, Rating


def _refuse(field: str, code: str, message: str) -> ValidationError:
    return ValidationError({field: ValidationError(message, code=code)})


def _club_managed(club: Club, by: Any) -> None:
    if not perms.can_manage_club(by, club):
        raise PermissionDenied(_("Only the club's organisers manage its players."))


def _name_taken(club: Club, player: Player) -> Player | None:
    """A player of `club` (not `player`) whose name is `player`'s: two people of one name
    on one roll cannot be told apart by a scorer typing names."""
    other = selectors.club_players_by_key(club).get(name_key(player.display_name))
    return other if other is not None and other.pk != player.pk else None


def _name_taken_refusal(other: Player) -> ValidationError:
    return _refuse(
        "player",
        "name_taken_in_club",
        _(
            "The club has a player named %(name)s already. If they are the same person, "
            "merge the two records instead."
        )
        % {"name": other.display_name},
    )


# --- a club asks for a person of another club -------------------------------------------------


def roster_request_create(*, club: Club, player: Any, by: Any) -> RosterRequest:
    """`club` asks to add `player` (a Player or its id) to its roll. Answered at once when
    `by` also speaks for the person (an organiser of their home club, for a person without an
    account); otherwise it waits for the person or their home club."""
    _club_managed(club, by)
    if isinstance(player, int) and not isinstance(player, bool):
        player = selectors.people_findable(by).filter(pk=player).select_related("club").first()
    if not isinstance(player, Player):
        raise _refuse("player", "not_found", _("No such person."))
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()  # one roll change at a time
        if selectors.club_players(club).filter(pk=player.pk).exists():
            raise _refuse("player", "already_in_club", _("This person already plays for the club."))
        other = _name_taken(club, player)
        if other is not None:
            raise _name_taken_refusal(other)
        if RosterRequest.objects.filter(
            club=club, player=player, state=RosterRequest.State.OPEN
        ).exists():
            raise _refuse(
                "player", "already_asked", _("The club has asked for this person already.")
            )
        request = RosterRequest.objects.create(club=club, player=player, asked_by=by)
        if player.user_id is None and perms.can_manage_club(by, player.club):
            _answer(request, by=by, accept=True)
    return request


def roster_request_may_answer(request: RosterRequest, by: Any) -> bool:
    """The person (their account), or, without an account, their home club's organisers."""
    player = request.player
    if player.user_id is not None:
        return bool(by is not None and by.is_authenticated and by.pk == player.user_id)
    return perms.can_manage_club(by, player.club)


def roster_request_answer(*, request: RosterRequest, by: Any, accept: bool) -> RosterRequest:
    """The person (or their home club's organiser) agrees or refuses; an agreement adds them
    to the club's roll."""
    if not roster_request_may_answer(request, by):
        raise PermissionDenied(
            _("Only the person (or, without an account, their club's organisers) answers this.")
        )
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=request.club_id).first()
        request = RosterRequest.objects.select_for_update().get(pk=request.pk)
        if request.state != RosterRequest.State.OPEN:
            raise _refuse("request", "already_answered", _("This request is answered already."))
        _answer(request, by=by, accept=accept)
    return request


def _answer(request: RosterRequest, *, by: Any, accept: bool) -> None:
    if accept:
        other = _name_taken(request.club, request.player)
        if other is not None:
            raise _name_taken_refusal(other)
        ClubPlayer.objects.get_or_create(
            club=request.club,
            player=request.player,
            defaults={"via": ClubPlayer.Via.CONSENT, "added_by": by},
        )
    request.state = RosterRequest.State.ACCEPTED if accept else RosterRequest.State.DECLINED
    request.answered_by = by
    request.answered_at = timezone.now()
    request.save(update_fields=["state", "answered_by", "answered_at"])


def roster_request_withdraw(*, request: RosterRequest, by: Any) -> None:
    _club_managed(request.club, by)
    updated = RosterRequest.objects.filter(pk=request.pk, state=RosterRequest.State.OPEN).update(
        state=RosterRequest.State.WITHDRAWN, answered_by=by, answered_at=timezone.now()
    )
    if not updated:
        raise _refuse("request", "already_answered", _("This request is answered already."))


# --- two records of one person ------------------------------------------------------------


def player_merge_propose(*, club: Club, source: Any, target: Any, by: Any) -> PlayerMerge:
    """Propose that `source` (a player entered by `club`) and `target` (a person `by` may
    find) are one person. Done at once when `by` organises both home clubs; otherwise the
    target's home club's organisers answer (`player_merge_answer`)."""
    _club_managed(club, by)
    if isinstance(source, int) and not isinstance(source, bool):
        source = Player.objects.filter(pk=source, club=club).select_related("club").first()
    if not isinstance(source, Player) or source.club_id != club.pk:
        raise _refuse("source", "not_found", _("No such player entered by the club."))
    if isinstance(target, int) and not isinstance(target, bool):
        target = selectors.people_findable(by).filter(pk=target).select_related("club").first()
    if not isinstance(target, Player):
        raise _refuse("target", "not_found", _("No such person."))
    conflicts = selectors.merge_conflicts(source, target)
    if conflicts:
        raise ValidationError(
            {name: ValidationError(message, code=code) for name, code, message in conflicts[:1]}
        )
    with transaction.atomic():
        if PlayerMerge.objects.filter(source=source, state=PlayerMerge.State.PROPOSED).exists():
            raise _refuse(
                "source", "already_proposed", _("A merge of this player waits for an answer.")
            )
        merge = PlayerMerge.objects.create(
            source=source,
            source_id_kept=source.pk,
            source_name=source.display_name,
            source_club=source.club,
            target=target,
            target_name=target.display_name,
            proposed_by=by,
        )
        if perms.can_manage_club(by, target.club):
            _merge_do(merge, by=by)
    return merge


def player_merge_may_answer(merge: PlayerMerge, by: Any) -> bool:
    """The organisers of the target's home club (the club of the person kept)."""
    return merge.target is not None and perms.can_manage_club(by, merge.target.club)


def player_merge_answer(*, merge: PlayerMerge, by: Any, accept: bool) -> PlayerMerge:
    """The target's home club's organiser agrees (the records become one) or refuses."""
    if not player_merge_may_answer(merge, by):
        raise PermissionDenied(_("Only the organisers of the person's club answer this."))
    with transaction.atomic():
        merge = PlayerMerge.objects.select_for_update().get(pk=merge.pk)
        if merge.state != PlayerMerge.State.PROPOSED or merge.source is None:
            raise _refuse("merge", "already_answered", _("This merge is answered already."))
        if accept:
            _merge_do(merge, by=by)
        else:
            merge.state = PlayerMerge.State.DECLINED
            merge.answered_by = by
            merge.answered_at = timezone.now()
            merge.save(update_fields=["state", "answered_by", "answered_at"])
    return merge


# What a merge handles itself rather than by moving the rows: the roll (joined), the merges
# (kept), the ratings (replayed) and the historical records (history is not rewritten).
_NOT_MOVED = (ClubPlayer, PlayerMerge, Rating)


def _merge_do(merge: PlayerMerge, *, by: Any) -> None:
    """Make the two records one: every row of the source moves to the target (entries,
    seats, standings lines, cards, rulings, rating events, byes, invitations), the target
    joins the source's clubs, takes its account if it has none, and the source is deleted.
    The ratings are replayed after the commit (the person's matches are now one history)."""
    if merge.source_id is None or merge.target_id is None:
        raise _refuse("merge", "not_found", _("One of the two records is gone."))
    players = {
        p.pk: p
        for p in Player.objects.select_for_update().filter(
            pk__in=[merge.source_id, merge.target_id]
        )
    }
    source, target = players.get(merge.source_id), players.get(merge.target_id)
    if source is None or target is None:
        raise _refuse("merge", "not_found", _("One of the two records is gone."))
    conflicts = selectors.merge_conflicts(source, target)
    if conflicts:
        name, code, message = conflicts[0]
        raise _refuse(name, code, message)
    # The source's open requests end (the target's own stand); its entries' tournaments
    # recount their standings with the target's name.
    RosterRequest.objects.filter(player=source, state=RosterRequest.State.OPEN).update(
        state=RosterRequest.State.WITHDRAWN, answered_by=by, answered_at=timezone.now()
    )
    touched = list(Tournament.objects.filter(entries__player=source).distinct())
    moved: dict[str, int] = {}
    for relation in Player._meta.related_objects:
        model = relation.related_model
        if (
            not isinstance(model, type)
            or model in _NOT_MOVED
            or model.__name__.startswith("Historical")
        ):
            continue
        if isinstance(relation, models.ManyToManyRel):
            through = relation.through
            if through is None or isinstance(through, str) or not through._meta.auto_created:
                continue  # through a model of its own (Tournament.players: Entry), moved as one
            column = next(f.name for f in through._meta.fields if f.related_model is Player)
            count = through._default_manager.filter(**{column: source}).update(**{column: target})
        else:
            column = relation.field.name
            count = model._default_manager.filter(**{column: source}).update(**{column: target})
        if count:
            name = model._meta.model_name or model.__name__.lower()
            moved[name] = moved.get(name, 0) + count
    _tallies_renumber(source.pk, target.pk)
    if source.display_name != target.display_name:
        renamed = _records_renamed(target.pk, source.display_name, target.display_name)
        if renamed:
            moved["deals_renamed"] = renamed
    RosterRequest.objects.filter(player=target, state=RosterRequest.State.OPEN).filter(
        club__in=[source.club_id]
    ).update(state=RosterRequest.State.WITHDRAWN, answered_by=by, answered_at=timezone.now())
    clubs = {
        source.club_id,
        *ClubPlayer.objects.filter(player=source).values_list("club_id", flat=True),
    }
    clubs -= {target.club_id}
    clubs -= set(ClubPlayer.objects.filter(player=target).values_list("club_id", flat=True))
    ClubPlayer.objects.bulk_create(
        [ClubPlayer(club_id=c, player=target, via=ClubPlayer.Via.MERGE, added_by=by) for c in clubs]
    )
    PlayerMerge.objects.filter(target=source).update(target=target)
    PlayerMerge.objects.filter(source=source, state=PlayerMerge.State.PROPOSED).exclude(
        pk=merge.pk
    ).update(state=PlayerMerge.State.DECLINED, answered_by=by, answered_at=timezone.now())
    if source.user_id is not None and target.user_id is None:
        user_id = source.user_id
        Player.objects.filter(pk=source.pk).update(user=None)
        Player.objects.filter(pk=target.pk).update(user_id=user_id)
        moved["account"] = 1
    Rating.objects.filter(player=source).delete()
    merge.state = PlayerMerge.State.DONE
    merge.answered_by = by
    merge.answered_at = timezone.now()
    merge.moved = moved
    merge.save(update_fields=["state", "answered_by", "answered_at", "moved"])
    Player.objects.filter(pk=source.pk).delete()
    for tournament in touched:
        signals.tournament_changed.send(sender=Tournament, tournament=tournament)
    transaction.on_commit(_ratings_replay)


def name_replaced(value: Any, old: str, new: str) -> Any:
    """`value` (a deal record or a match result: JSON) with the string `old` replaced by
    `new` wherever it is a whole value or a key: the records name the players at the table by
    their display names (scoresheet-format.md)."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [name_replaced(item, old, new) for item in value]
    if isinstance(value, dict):
        return {
            (new if key == old else key): name_replaced(item, old, new)
            for key, item in value.items()
        }
    return value


def _records_renamed(target_id: int, old: str, new: str) -> int:
    """The matches the merged record played name the person by the record's name in their
    deals and results: renamed to the person's, so that the table's names are its seats'
    again (a correction rescoring the match, the statistics of the person's page). The
    deals' history keeps the name as it was. Returns the deals renamed."""
    matches = Match.objects.filter(seats__player_id=target_id).distinct()
    changed_matches = []
    for match in matches.filter(result__isnull=False):
        result = name_replaced(match.result, old, new)
        if result != match.result:
            match.result = result
            changed_matches.append(match)
    Match.objects.bulk_update(changed_matches, ["result"])
    deals = []
    for deal in Deal.objects.filter(match__in=matches):
        record = name_replaced(deal.record, old, new)
        if record != deal.record:
            deal.record = record
            deals.append(deal)
    Deal.objects.bulk_update(deals, ["record"])
    return len(deals)


def _tallies_renumber(source_id: int, target_id: int) -> None:
    """A finished match's tally names its players by id (their seats, the winners): the
    source's id becomes the target's."""
    changed = []
    for tally in MatchTally.objects.filter(match__seats__player_id=target_id).distinct():
        data = dict(tally.data)
        renamed = False
        for key in ("players", "winners"):
            values = data.get(key)
            if isinstance(values, list) and source_id in values:
                data[key] = [target_id if v == source_id else v for v in values]
                renamed = True
        if renamed:
            tally.data = data
            changed.append(tally)
    MatchTally.objects.bulk_update(changed, ["data"])


def _ratings_replay() -> None:
    from tournaments.reports.watchdog import ratings_replay_request

    ratings_replay_request()
