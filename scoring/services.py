"""Writes of the scoring app: deals [сдачи] entered, corrected, confirmed; matches re-scored;
scoresheets imported.

Every write follows one path so that a match's score is always the engine's verdict over its
deals, whatever the network or the scorers do:

1. read the match (ruleset, conventions, players clockwise, first dealer) and all its deals;
2. let the match's game (`scoring.games`: its engine) judge the counted deals plus the new or
   corrected one: any error refuses the write with every problem (the deal number says which
   deal); nothing is saved;
3. save the deal, store the engine's result in `Match.result` with the status, winner and
   reason it gives, bump `Match.version`, announce the change (`scoring.signals`: the
   tournament side listens).

Corrections, confirmations and withdrawals lock the match row first (`SELECT ... FOR
UPDATE`), so writes to one match queue up while writes to different matches run side by side.
A new deal, the write a busy evening is made of, takes no lock: it is written only if the
match still has the version it read (scoring.fastsql explains the statements), else read and
judged again.

A deal submission carries an `Idempotency-Key`: the first successful response is stored (as
the bytes sent) under (user, match, key) with the deal, in the same transaction, and a retry
gets those bytes back without a second deal. A retry racing its original loses the version
check, reads again and finds the key; the unique constraint is the backstop.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from scoring import access as perms
from scoring import fastsql, games

from .models import Deal, DealDispute, IdempotencyKey, Match, Seat
from .selectors import (
    dumps,
    match_document_for,
    player_names,
    scoresheet_for,
    seated_name,
    visible,
    visible_match_snapshot,
)
from .signals import (
    match_amended_send,
    match_change_is_quiet,
    match_changed_send,
    match_written_send,
)

# The reason a confirmation is kept with in the deal's history (the history page words it).
CONFIRMED = "confirmed"

# Keys of a submitted deal that are the client's bookkeeping, not the scoresheet's.
_NOT_IN_RECORD = ("version", "number")


class DealRejected(Exception):
    """The engine (or the match's state) refuses the write; `errors` lists every problem in
    the `{"deal", "field", "code", "message"}` shape of the scoresheet format. `status` is
    the API's answer: 400 for what the request got wrong, 409 for what the match's state
    (its round, its clock) does not allow yet. `game` is the key of the game whose engine
    refused (its codes are worded by that game, `Game.localise_error`); None for the
    service's own refusals."""

    def __init__(self, errors: list[dict[str, Any]], status: int = 400, *, game: str | None = None):
        super().__init__(errors)
        self.errors = errors
        self.status = status
        self.game = game


class StaleVersion(Exception):
    """The scorer saw an older version of the match: someone else wrote in between."""

    def __init__(self, match: Match, body: bytes):
        super().__init__(match.version)
        self.match = match
        self.body = body


class IdempotencyMismatch(Exception):
    """The Idempotency-Key was already used for a different request body."""


class DealNotFound(Exception):
    pass


class MatchNotVisible(Exception):
    """No such match, or the user may not see it (the API answers 404)."""


@dataclass(frozen=True)
class DealWrite:
    """What a write answered: the match document as the bytes sent to the client."""

    status: int
    body: bytes
    replayed: bool = False
    match: Match | None = None
    deal: Deal | None = None


# --- the shared write path -----------------------------------------------------------------


def _lock(match_id: int, user: Any = None) -> Match:
    """The match row, locked until the transaction ends, with its round, table and tournament
    (one query). MatchNotVisible when it does not exist or, given a user, that user may not
    see it."""
    match = fastsql.locked_match(match_id)
    if match is None or (user is not None and not perms.can_view_match(user, match)):
        raise MatchNotVisible(match_id)
    if perms.is_table_scorer(user, match) and (table := match.table):
        table.scorer = user  # the answer names the scorer: no query for it
    return match


def _names(match: Match) -> list[str]:
    return player_names(match)


def _user_id(user: Any) -> int | None:
    return user.pk if user is not None and user.is_authenticated else None


def _deal_rows(match: Match) -> list[fastsql.DealRow]:
    return fastsql.deal_rows(match.pk)


def _clean(record: Any, game: str) -> dict[str, Any]:
    """The deal as stored: without the client's bookkeeping keys nor `dealer` (the engine
    derives the dealer; a stored dealer would turn a later correction of an earlier deal into
    a "dealer out of turn" on every deal after it), in the canonical notation of its `game`
    (`"6nt"` is stored as `"6NT"`, whichever door it came through)."""
    if not isinstance(record, dict):
        raise DealRejected(
            [{"deal": None, "field": None, "code": "bad_format", "message": "a deal is an object"}]
        )
    kept = {k: v for k, v in record.items() if k not in (*_NOT_IN_RECORD, "dealer")}
    return games.game_get(game).canonical_deal(kept)


def _for_engine(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in _NOT_IN_RECORD}


def _score(match: Match, names: Sequence[str], records: Sequence[dict[str, Any]]) -> dict:
    """The engine's result for the match with exactly these deals, or DealRejected."""
    game = games.game_get(match.game)
    try:
        return game.score(scoresheet_for(match, names, records))
    except game.error_type as exc:
        raise DealRejected(
            [dict[str, Any](problem) for problem in game.errors_of(exc)], game=game.key
        ) from exc


def _set_result(match: Match, result: dict[str, Any], names: Sequence[str]) -> None:
    """Put the engine's verdict on the match (never a hand-typed score) and bump its version;
    nothing is written yet."""
    match.result = result
    finished = bool(result.get("finished"))
    winners = games.game_get(match.game).winners(result)
    match.winner_seats = [names.index(name) for name in winners if name in names]
    match.reason = result.get("reason") or ""
    if finished:
        match.status = Match.Status.FINISHED
        match.finished_at = match.finished_at or timezone.now()
    else:
        match.status = Match.Status.OPEN
        match.finished_at = None
    match.version += 1


def _apply_result(match: Match, result: dict[str, Any], names: Sequence[str]) -> None:
    """Store the engine's verdict on the (locked) match, then tell the tournament side
    (standings, ratings) whether the match was finished before this write."""
    was_finished = match.status == Match.Status.FINISHED
    _set_result(match, result, names)
    fastsql.save_match_result(match)
    match_written_send(match=match)
    match_changed_send(match=match, was_finished=was_finished)


def _document(match: Match, names: Sequence[str], rows: Sequence[tuple], *, user: Any) -> bytes:
    """A write's answer: the match as its GET shows it to `user`. The scorer's username only
    for whoever may see usernames (a table card's session may not: the name is what a
    stranger needs to lock that scorer out)."""
    shown = perms.can_see_usernames(user, match)
    return dumps(match_document_for(match, names, rows, scorer_shown=shown))


def _request_hash(record: Any, version: Any) -> str:
    canonical = json.dumps(
        {"record": record, "version": version}, sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _replay(stored: tuple[str, int, bytes], request_hash: str) -> DealWrite:
    stored_hash, status, body = stored
    if stored_hash != request_hash:
        raise IdempotencyMismatch()
    return DealWrite(status=status, body=body, replayed=True)


def _save_deal(deal: Deal, user: Any, reason: str = "") -> None:
    # simple-history takes the user and reason from these attributes (the API has no
    # session-bound request user for its middleware to read).
    deal._history_user = user if user is not None and user.is_authenticated else None
    if reason:
        deal._change_reason = reason
    deal.save()


def _insert_deals(deals: list[Deal], user: Any, reason: str | None = None) -> None:
    """New deals and their first history rows in two INSERTs (a whole imported sheet at
    once)."""
    bulk_create_with_history(
        deals,
        Deal,
        default_user=user if user is not None and user.is_authenticated else None,
        default_change_reason=reason,
    )


def _counted_records(rows: Sequence[tuple]) -> list[dict[str, Any]]:
    return [record for _, record, status in rows if status == Deal.Status.COUNTED]


# Reasons kept in a deal's history and the round's (the history column's length).
REASON_MAX = 100


def _refusal(
    code: str, message: str, *, field: str | None = None, deal: int | None = None
) -> dict[str, Any]:
    return {"deal": deal, "field": field, "code": code, "message": message}


def reason_clean(reason: Any) -> str:
    """A typed reason as kept: one line, spaces collapsed, at most REASON_MAX characters."""
    return " ".join(str(reason or "").replace("\x00", "").split())[:REASON_MAX]


def _reason_require(reason: str, deal: int | None) -> None:
    if not reason:
        raise DealRejected(
            [
                _refusal(
                    "reason_required",
                    "Say why: the change is kept with its reason.",
                    field="reason",
                    deal=deal,
                )
            ]
        )


def _amendment_check(match: Match, user: Any, reason: str, deal: int | None) -> bool:
    """A match of a closed round changes only by its organiser's act, with a reason
    (PermissionDenied, `reason_required`). Whether the change is such an amendment (to be
    announced: `signals.match_amended`)."""
    if not perms.match_is_settled(match):
        return False
    if not perms.can_amend(user, match):
        raise PermissionDenied(_("The round is closed: only its organiser changes its matches."))
    _reason_require(reason, deal)
    return True


# --- deals -------------------------------------------------------------------------------


def deal_submit(
    *,
    match: Match,
    record: dict[str, Any],
    user: Any,
    idempotency_key: str | None,
    version: int | None,
    read: fastsql.Snapshot | None = None,
) -> DealWrite:
    """Enter the next deal of `match` (201 with the match document as bytes).

    `read`: the match as the caller has just read it for `user` (`fastsql.
    token_match_snapshot`, with `idempotency_key`'s answer), for the first judgement; it is
    checked for `user` as the service's own read is. A write that overtook it is read again.

    A retry with the same `idempotency_key` returns the first answer byte for byte (and
    writes nothing); the same key with another body raises IdempotencyMismatch; a stale
    `version` raises StaleVersion with the current match. Only successful writes are kept
    under their key, so a refused request may be fixed and sent again with its key.

    The match is read without a lock and written only if its version is still the one read
    (see scoring.fastsql): a write that another one overtook is read and judged again, which
    then answers 409 for a stale version, or replays the first answer of a retry.
    """
    request_hash = _request_hash(record, version)
    try:
        for _attempt in range(_SUBMIT_ATTEMPTS):
            written = _deal_submit_once(
                match, record, user, idempotency_key, version, request_hash, read
            )
            read = None  # overtaken: the next attempt reads anew
            if written is not None:
                return written
    except IntegrityError:
        # Two requests with one key both wrote (the version check makes it impossible, but
        # the unique constraint has the last word): answer as the winner did.
        if not idempotency_key:
            raise
        stored = fastsql.stored_answer(_user_id(user), match.pk, idempotency_key)
        if stored is None:
            raise
        return _replay(stored, request_hash)
    # Only without a `version` (the server's own callers) can writes keep overtaking this one.
    snapshot = _lock_free_read(match.pk, user, None)
    current = snapshot.match
    raise StaleVersion(current, _document(current, _names(current), snapshot.rows, user=user))


# How often a deal submission is judged again after other writes to its match overtook it.
_SUBMIT_ATTEMPTS = 20


def _lock_free_read(match_id: int, user: Any, key: str | None) -> fastsql.Snapshot:
    snapshot = visible_match_snapshot(match_id, user, key)
    if snapshot is None:
        raise MatchNotVisible(match_id)
    return snapshot


def _deal_submit_once(
    match: Match,
    record: dict[str, Any],
    user: Any,
    idempotency_key: str | None,
    version: int | None,
    request_hash: str,
    read: fastsql.Snapshot | None = None,
) -> DealWrite | None:
    """One read (or the caller's `read`), judgement and conditional write; None when another
    write to the match got in between (nothing was written)."""
    if read is None:
        snapshot = _lock_free_read(match.pk, user, idempotency_key)
    else:
        checked = visible(read, user)
        if checked is None or checked.match.pk != match.pk:
            raise MatchNotVisible(match.pk)
        snapshot = checked
    if snapshot.stored is not None:
        return _replay(snapshot.stored, request_hash)
    current = snapshot.match
    if not perms.can_enter_deal(user, current):
        raise PermissionDenied(_("You may not enter deals at this table."))
    names = _names(current)
    rows = snapshot.rows
    if version is not None and version != current.version:
        raise StaleVersion(current, _document(current, names, rows, user=user))
    if perms.match_is_settled(current):
        # Its round is closed: a deal forgotten there goes in after the organiser opens the
        # round again (with a reason, kept in the round's history).
        raise DealRejected(
            [
                _refusal(
                    "round_closed",
                    "The round is closed: its organiser opens it again to add a deal.",
                    deal=len(rows) + 1,
                )
            ],
            status=409,
        )
    if any(status == Deal.Status.PENDING for _, _, status in rows):
        raise DealRejected(
            [
                {
                    "deal": len(rows),
                    "field": None,
                    "code": "awaiting_confirmation",
                    "message": "the previous deal awaits an opponent's confirmation",
                }
            ]
        )
    if current.closed:
        # Closed on time (`match_close`): its last deal was the last one started in time.
        raise DealRejected(
            [
                {
                    "deal": len(rows) + 1,
                    "field": None,
                    "code": "match_finished",
                    "message": "the match was closed on time",
                }
            ]
        )
    clean = _clean(record, current.game)
    number = len(rows) + 1
    counted = _counted_records(rows)
    result = _score(current, names, [*counted, _for_engine(record)])
    pending = bool(current.tournament is not None and current.tournament.confirm_deals)
    if pending:
        # The deal is checked but does not count yet: the score is that of the counted
        # deals (rewritten all the same, so that a match never scored before has one).
        result = _score(current, names, counted)
    deal = Deal(
        match=current,
        number=number,
        record=clean,
        status=Deal.Status.PENDING if pending else Deal.Status.COUNTED,
        entered_by=user if user is not None and user.is_authenticated else None,
        # A table card's scorer: the name they gave (tournaments.clubs.table_cards).
        scorer_name=str(getattr(user, "scorer_name", "") or "")[:40],
    )
    read_version = current.version
    was_finished = current.status == Match.Status.FINISHED
    _set_result(current, result, names)
    body = _document(current, names, [*rows, (number, clean, deal.status)], user=user)
    answer = fastsql.Answer(idempotency_key, request_hash, 201, body) if idempotency_key else None
    if not _write_submission(current, deal, user, read_version, was_finished, answer):
        return None
    return DealWrite(status=201, body=body, match=current, deal=deal)


def _write_submission(
    match: Match,
    deal: Deal,
    user: Any,
    read_version: int,
    was_finished: bool,
    answer: fastsql.Answer | None,
) -> bool:
    """Write the judged deal, the match's new result and the kept answer if the match still
    has `read_version`; False (nothing written) when another write got in first."""
    user_id = _user_id(user)
    if fastsql.writes_at_once():

        def write_at_once() -> bool:
            return fastsql.submission_write_at_once(
                match, deal, expected_version=read_version, user_id=user_id, answer=answer
            )

        quiet = match_change_is_quiet(match=match, was_finished=was_finished)
        if quiet and not connection.in_atomic_block:
            # The common case, a deal of a match in play: one statement, atomic by itself.
            if not write_at_once():
                return False
            match_written_send(match=match)
            return True
        # A deal that finishes (or reopens) the match: the tournament's tally joins the same
        # transaction. Inside a caller's transaction this is a savepoint, which keeps a unique
        # violation from spoiling the caller's work.
        with transaction.atomic():
            if not write_at_once():
                return False
            match_written_send(match=match)
            if not quiet:
                match_changed_send(match=match, was_finished=was_finished)
        return True
    with transaction.atomic():
        # The conditional UPDATE also locks the row until the commit.
        if not fastsql.save_match_result(match, expected_version=read_version):
            return False
        fastsql.insert_new_deal(deal, user_id)
        if answer is not None:
            fastsql.store_answer(user_id, match.pk, answer)
        match_written_send(match=match)
        match_changed_send(match=match, was_finished=was_finished)
    return True


def deal_check(
    *, match: Match, record: dict[str, Any], number: int | None = None
) -> list[dict[str, Any]]:
    """What the engine would say of `record` as the match's next deal, or as the new version
    of deal `number` (nothing is written): the pages use it to show every problem at once,
    also beside a half-filled form. Only the problems of that deal are returned."""
    names = _names(match)
    rows = _deal_rows(match)
    if number is None:
        number = len(rows) + 1
        records = [*_counted_records(rows), _for_engine(record)]
    else:
        records = [
            _for_engine(record) if n == number else rec
            for n, rec, status in rows
            if status == Deal.Status.COUNTED or n == number
        ]
    try:
        _score(match, names, records)
    except DealRejected as exc:
        return [err for err in exc.errors if err.get("deal") == number]
    return []


def deal_preview(
    *,
    match: Match,
    number: int,
    record: dict[str, Any] | None = None,
    counts: bool = True,
) -> dict[str, Any]:
    """The engine's result for the match were deal `number` as `record` (its stored record
    when None), nothing written: what a pending deal adds once confirmed (the player sees it
    beside the button), what a ruling would change (the referee sees it before recording).
    `counts` False: a pending deal stays out, as its correction leaves the score alone until
    it is confirmed. DealRejected when the engine refuses, as a write would be."""
    names = _names(match)
    records: list[dict[str, Any]] = []
    for n, stored, status in _deal_rows(match):
        if n == number:
            if status == Deal.Status.COUNTED or counts:
                records.append(_for_engine(record if record is not None else stored))
        elif status == Deal.Status.COUNTED:
            records.append(stored)
    return _score(match, names, records)


def deal_correct(
    *,
    match: Match,
    number: int,
    record: dict[str, Any],
    user: Any,
    reason: str = "",
    version: int | None = None,
) -> DealWrite:
    """Replace deal `number` of `match` with `record` and re-score the match from all its
    deals. The earlier version stays in the deal's history, with `user` and `reason`. Used by
    scorers' corrections and by referees' rulings (a `violation` added or removed).

    A correction is a whole deal, judged by the engine as a new one is: an empty record is
    refused (`missing_field`), never read as a void deal. In a closed round only the
    organiser corrects, with a reason, announced for the round's history."""
    reason = reason_clean(reason)
    with transaction.atomic():
        locked = _lock(match.pk, user)
        if not perms.can_correct_deal(user, locked):
            raise PermissionDenied(_("You may not correct deals at this table."))
        names = _names(locked)
        rows = _deal_rows(locked)
        if version is not None and version != locked.version:
            raise StaleVersion(locked, _document(locked, names, rows, user=user))
        deal = Deal.objects.filter(match_id=locked.pk, number=number).first()
        if deal is None:
            raise DealNotFound(number)
        amended = _amendment_check(locked, user, reason, number)
        if isinstance(record, dict) and set(record) <= {*_NOT_IN_RECORD, "dealer"}:
            # `{}` once replaced a deal by a void one (and reopened a finished match).
            raise DealRejected(
                [
                    _refusal(
                        "missing_field",
                        "A correction is a whole deal: this one is empty.",
                        deal=number,
                    )
                ]
            )
        clean = _clean(record, locked.game)
        counted = [
            _for_engine(record) if n == number else rec
            for n, rec, status in rows
            if status == Deal.Status.COUNTED or n == number
        ]
        result = _score(locked, names, counted)
        deal.record = clean
        _save_deal(deal, user, reason or "correction")
        if deal.status == Deal.Status.COUNTED:
            counted_result = result
        else:
            # A pending deal was corrected before anyone confirmed it: the score is unchanged.
            counted_result = _score(locked, names, _counted_records(rows))
        _apply_result(locked, counted_result, names)
        if amended:
            match_amended_send(
                match=locked, user=user, kind="deal_corrected", deal=number, reason=reason
            )
        new_rows = [(n, clean if n == number else rec, st) for n, rec, st in rows]
        return DealWrite(
            status=200, body=_document(locked, names, new_rows, user=user), match=locked, deal=deal
        )


def deal_confirm(*, match: Match, number: int, user: Any) -> DealWrite:
    """An opponent (a player seated at the match, signed in on their own phone) or the
    referee/organiser confirms a pending deal: from now on it counts. The person who entered
    a deal cannot confirm it."""
    with transaction.atomic():
        locked = _lock(match.pk)
        deal = Deal.objects.filter(match_id=locked.pk, number=number).first()
        if deal is None:
            raise DealNotFound(number)
        if not perms.can_confirm_deal(user, locked) or deal.entered_by_id == user.pk:
            raise PermissionDenied(_("You may not confirm this deal."))
        if deal.status != Deal.Status.PENDING:
            raise DealRejected(
                [
                    {
                        "deal": number,
                        "field": None,
                        "code": "not_pending",
                        "message": "this deal does not await confirmation",
                    }
                ]
            )
        names = _names(locked)
        rows = _deal_rows(locked)
        result = _score(locked, names, [*_counted_records(rows), deal.record])
        deal.status = Deal.Status.COUNTED
        deal.confirmed_by = user
        _save_deal(deal, user, CONFIRMED)
        _apply_result(locked, result, names)
        _disputes_settle(locked, number, user, DealDispute.Status.CONFIRMED)
        new_rows = [(n, rec, Deal.Status.COUNTED if n == number else st) for n, rec, st in rows]
        return DealWrite(
            status=200, body=_document(locked, names, new_rows, user=user), match=locked, deal=deal
        )


def deal_dispute(*, match: Match, number: int, user: Any, reason: str = "") -> DealDispute:
    """A player seated at the match disputes a deal waiting for confirmation: the deal still
    does not count, and the tournament's referees are called (they see the open disputes on
    the referee desk and their home page, and settle it at the table: a correction, a
    ruling, then the confirmation; or the deal withdrawn). The one who entered the deal does
    not dispute it. A second dispute of the same deal finds the open one."""
    reason = reason_clean(reason)
    with transaction.atomic():
        locked = _lock(match.pk)
        deal = Deal.objects.filter(match_id=locked.pk, number=number).first()
        if deal is None:
            raise DealNotFound(number)
        if not perms.can_dispute_deal(user, locked) or deal.entered_by_id == user.pk:
            raise PermissionDenied(_("You may not dispute this deal."))
        if deal.status != Deal.Status.PENDING:
            raise DealRejected(
                [_refusal("not_pending", "this deal does not await confirmation", deal=number)]
            )
        open_one = DealDispute.objects.filter(
            match_id=locked.pk, deal_number=number, status=DealDispute.Status.OPEN
        ).first()
        if open_one is not None:
            return open_one
        return DealDispute.objects.create(
            match=locked,
            deal_number=number,
            raised_by=user,
            player_name=seated_name(locked, user) or "",
            reason=reason,
        )


def _disputes_settle(match: Match, number: int, user: Any, status: str) -> None:
    """The open dispute of deal `number` is settled (the deal confirmed or withdrawn)."""
    DealDispute.objects.filter(
        match_id=match.pk, deal_number=number, status=DealDispute.Status.OPEN
    ).update(
        status=status,
        settled_at=timezone.now(),
        settled_by=user if user is not None and user.is_authenticated else None,
    )


def deal_withdraw(*, match: Match, user: Any, reason: str = "") -> DealWrite:
    """Take back the match's last deal (entered twice, or at the wrong table). Its versions
    stay in the history as a deletion. In a closed round: the organiser, with a reason."""
    reason = reason_clean(reason)
    with transaction.atomic():
        locked = _lock(match.pk)
        if not perms.can_correct_deal(user, locked):
            raise PermissionDenied(_("You may not change deals at this table."))
        names = _names(locked)
        rows = _deal_rows(locked)
        if not rows:
            raise DealNotFound(0)
        number = rows[-1][0]
        amended = _amendment_check(locked, user, reason, number)
        deal = Deal.objects.get(match_id=locked.pk, number=number)
        deal._history_user = user if user is not None and user.is_authenticated else None
        deal._change_reason = reason or "withdrawn"
        deal.delete()
        _disputes_settle(locked, number, user, DealDispute.Status.WITHDRAWN)
        remaining = rows[:-1]
        result = _score(locked, names, _counted_records(remaining))
        _apply_result(locked, result, names)
        if amended:
            match_amended_send(
                match=locked, user=user, kind="deal_withdrawn", deal=number, reason=reason
            )
        return DealWrite(
            status=200, body=_document(locked, names, remaining, user=user), match=locked
        )


def match_rescore(*, match: Match) -> Match:
    """Score the match afresh from all its counted deals (after a ruleset change, a repair,
    an import) and store the result."""
    with transaction.atomic():
        locked = _lock(match.pk)
        names = _names(locked)
        result = _score(locked, names, _counted_records(_deal_rows(locked)))
        _apply_result(locked, result, names)
        return locked


def match_close(*, match: Match, user: Any, closed: bool = True, reason: str = "") -> DealWrite:
    """Close the match on time (the round clock ran out and the deal in play was finished):
    its record says `"closed": true` and the engine ends it after its last deal. Only a game
    whose match ends on time can be closed (`not_closable`).

    Who: the referee and the organiser at any time; the table's scorer once the round's time
    is up (`round_time_not_up`, 409). `closed` False opens a closed table again: the
    referee's or the organiser's act, with a reason (`reason_required`) kept in the round's
    history. In a closed round either is the organiser's act, with a reason."""
    reason = reason_clean(reason)
    with transaction.atomic():
        locked = _lock(match.pk, user)
        if not (perms.can_enter_deal(user, locked) or perms.can_correct_deal(user, locked)):
            raise PermissionDenied(_("You may not close this match."))
        game = games.game_get(locked.game)
        if not game.closes_on_time(locked.ruleset, locked.conventions):
            raise DealRejected(
                [
                    {
                        "deal": None,
                        "field": "closed",
                        "code": "not_closable",
                        "message": "this match does not end on time (its end convention)",
                    }
                ]
            )
        amended = _amendment_check(locked, user, reason, None)
        if not amended and closed:
            if not (perms.can_close_any_time(user, locked) or perms.round_time_is_up(locked)):
                raise DealRejected(
                    [
                        _refusal(
                            "round_time_not_up",
                            "The round's time is not up: the table plays on.",
                            field="closed",
                        )
                    ],
                    status=409,
                )
        elif not amended:
            if not perms.can_reopen(user, locked):
                raise PermissionDenied(
                    _("Only the referee or the organiser opens a closed table again.")
                )
            _reason_require(reason, None)
        names = _names(locked)
        rows = _deal_rows(locked)
        if any(status == Deal.Status.PENDING for _, _, status in rows):
            raise DealRejected(
                [
                    {
                        "deal": len(rows),
                        "field": None,
                        "code": "awaiting_confirmation",
                        "message": "the last deal awaits an opponent's confirmation",
                    }
                ]
            )
        locked.closed = closed
        Match.objects.filter(pk=locked.pk).update(closed=closed)
        result = _score(locked, names, _counted_records(rows))
        _apply_result(locked, result, names)
        if amended or not closed:
            match_amended_send(
                match=locked,
                user=user,
                kind="match_closed" if closed else "match_reopened",
                reason=reason,
            )
        return DealWrite(status=200, body=_document(locked, names, rows, user=user), match=locked)


def idempotency_keys_purge(*, older_than_days: int = 14) -> int:
    """Forget the answers kept for retries once no phone can still be retrying them."""
    cutoff = timezone.now() - timedelta(days=older_than_days)
    deleted, _by_model = IdempotencyKey.objects.filter(created_at__lt=cutoff).delete()
    return deleted


# --- import --------------------------------------------------------------------------------

# Keys an imported scoresheet may carry besides the spec's: where the match goes.
IMPORT_PLACEMENT_KEYS = ("round", "table", "scorer")


def scoresheets_check(*, records: Sequence[Any]) -> list[dict[str, Any]]:
    """Score every record of an import by its game (the record's `format`): the results in
    order, or DealRejected with every error of every record, tagged by `scoresheet`
    (0-based). Placement keys (`round`, `table`, `scorer`) are not part of the record."""
    errors: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    refused_by: set[str | None] = set()  # the games whose engines refused a record
    for index, raw in enumerate(records):
        if not isinstance(raw, dict):
            errors.append(
                {
                    "scoresheet": index,
                    "deal": None,
                    "field": None,
                    "code": "bad_format",
                    "message": "a scoresheet is an object",
                }
            )
            results.append({})
            continue
        sheet = {k: v for k, v in raw.items() if k not in IMPORT_PLACEMENT_KEYS}
        try:
            results.append(games.record_score(sheet))
        except games.SCORING_ERRORS as exc:
            errors.extend({"scoresheet": index, **err} for err in exc.errors)
            refused = games.game_for_record(sheet)
            refused_by.add(refused.key if refused is not None else None)
            results.append({})
    if errors:
        # Worded by the game that refused when one game did (`Game.localise_error`).
        game = next(iter(refused_by)) if len(refused_by) == 1 else None
        raise DealRejected(errors, game=game)
    return results


def match_import(
    *,
    table: Any,
    players: Sequence[Any],
    record: dict[str, Any],
    result: dict[str, Any],
    user: Any = None,
) -> Match:
    """A checked scoresheet record (`result` is its engine result) as the match at `table`,
    `players` seated clockwise in the record's order, its deals counted, each with a first
    history row ("imported"). Archives are restored through this function."""
    names = list(record["players"])
    tournament = table.round.tournament
    game = games.game_for_record(record) or games.game_get(tournament.game)
    with transaction.atomic():
        match = Match.objects.create(
            tournament=tournament,
            round=table.round,
            table=table,
            game=game.key,
            ruleset=record.get("ruleset", tournament.ruleset),
            conventions=dict(record.get("conventions") or {}),
            first_dealer_seat=names.index(record["first_dealer"]),
            # A match closed on time stays closed (its game reads `closed` from the record).
            closed=record.get("closed") is True,
        )
        Seat.objects.bulk_create(
            Seat(match=match, position=pos, player=player) for pos, player in enumerate(players)
        )
        _insert_deals(
            [
                Deal(
                    match=match,
                    number=number,
                    record=_clean(deal_record, game.key),
                    status=Deal.Status.COUNTED,
                    entered_by=user if user is not None and user.is_authenticated else None,
                )
                for number, deal_record in enumerate(record.get("deals") or [], start=1)
            ],
            user,
            "imported",
        )
        _apply_result(match, result, names)
    return match


def match_create(
    *,
    table: Any,
    players: Sequence[Any],
    first_dealer_seat: int | None = None,
) -> Match:
    """A match at `table` with `players` seated clockwise; the first dealer is drawn by lot
    (stored) unless given. Its result starts as the engine's empty sheet."""
    import secrets

    tournament = table.round.tournament
    seat = first_dealer_seat if first_dealer_seat is not None else secrets.randbelow(len(players))
    with transaction.atomic():
        match = Match.objects.create(
            tournament=tournament,
            round=table.round,
            table=table,
            game=tournament.game,
            ruleset=tournament.ruleset,
            conventions=dict(tournament.conventions or {}),
            first_dealer_seat=seat,
        )
        Seat.objects.bulk_create(
            Seat(match=match, position=pos, player=player) for pos, player in enumerate(players)
        )
        names = [player.display_name for player in players]
        _apply_result(match, _score(match, names, []), names)
    return match


# --- issue 17: deals stored before unknown keys were refused -------------------------------

UNKNOWN_FIELDS_REASON = "unknown fields dropped (issue 17)"


def _without_field(record: Any, path: str) -> bool:
    """Drop the key at `path` ("junk", "violation.note", "violation[2].x") from `record`;
    whether it was there."""
    parts = [part for part in re.split(r"\.|(?=\[)", path) if part]
    holder: Any = record
    for part in parts[:-1]:
        index = re.fullmatch(r"\[(\d+)\]", part)
        if index and isinstance(holder, list) and 0 < int(index[1]) <= len(holder):
            holder = holder[int(index[1]) - 1]
        elif isinstance(holder, dict) and part in holder:
            holder = holder[part]
        else:
            return False
    if isinstance(holder, dict) and parts and parts[-1] in holder:
        del holder[parts[-1]]
        return True
    return False


def deals_unknown_fields_drop(*, apply: bool = False) -> list[tuple[int, int, str]]:
    """(match, deal number, field) of every key a stored deal holds that its game's format
    does not know: deals written before such keys were refused (`unknown_field`), which the
    engine would now refuse when it re-scores their match (a match no deal could be added
    to). With `apply` they are dropped, each changed deal saved with a history row
    (UNKNOWN_FIELDS_REASON): the scores do not change, unknown keys never counted."""
    found: list[tuple[int, int, str]] = []
    for match in Match.objects.select_related("tournament").iterator():
        rows = _deal_rows(match)
        try:
            _score(match, _names(match), [_for_engine(rec) for _, rec, _ in rows])
            continue
        except DealRejected as exc:
            errors = [e for e in exc.errors if e.get("code") == "unknown_field"]
        by_number: dict[int | None, Any] = {number: record for number, record, _ in rows}
        changed: set[int] = set()
        for err in errors:
            record = by_number.get(err.get("deal"))
            if record is not None and _without_field(record, str(err.get("field") or "")):
                found.append((match.pk, err["deal"], err["field"]))
                changed.add(err["deal"])
        if apply and changed:
            with transaction.atomic():
                # Ordered by number alone: the model's default order joins the round and
                # table, and PostgreSQL locks no row on the nullable side of an outer join.
                for deal in (
                    Deal.objects.select_for_update()
                    .filter(match=match, number__in=changed)
                    .order_by("number")
                ):
                    deal.record = by_number[deal.number]
                    _save_deal(deal, None, UNKNOWN_FIELDS_REASON)
    return found
