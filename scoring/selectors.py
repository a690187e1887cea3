"""Reads of the scoring app: a match as the API shows it, and as a scoresheet record.

The match score shown everywhere is `Match.result`, the rules engine's result document that
`scoring.services` rewrites on every deal write; nothing here recomputes a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import orjson
from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast

from scoring import access as perms
from scoring import fastsql, games

from .models import Deal, DealDispute, Match, Seat


def seat_names(match: Match) -> list[str]:
    """The players' display names, clockwise: the engine's player names."""
    return list(match.seats.order_by("position").values_list("player__display_name", flat=True))


def seated_names_by_user(match: Match) -> dict[int, str]:
    """{user id: display name} of the match's seated players who have an account: how the
    pages name a player who confirmed or disputed a deal (a player's name is public, their
    username is not)."""
    return {
        user_id: name
        for user_id, name in match.seats.values_list("player__user_id", "player__display_name")
        if user_id is not None
    }


def seated_name(match: Match, user: Any) -> str | None:
    """The display name of `user`'s seat at the match; None when they are not seated."""
    if user is None or not user.is_authenticated:
        return None
    return seated_names_by_user(match).get(user.pk)


def pending_facts(match: Match, user: Any) -> dict[int, dict[str, Any]]:
    """Per deal of the match waiting for confirmation, what `user`'s page offers beside it:
    whether they entered it (then they neither confirm nor dispute it), whether they may
    confirm or dispute it, and its disputes (the open one first)."""
    pending = list(
        match.deals.filter(status=Deal.Status.PENDING).values_list("number", "entered_by_id")
    )
    if not pending:
        return {}
    user_id = user.pk if user is not None and user.is_authenticated else None
    confirm = perms.can_confirm_deal(user, match)
    dispute = perms.can_dispute_deal(user, match)
    disputes: dict[int, list[DealDispute]] = {}
    for found in DealDispute.objects.filter(
        match_id=match.pk, deal_number__in=[number for number, _entered in pending]
    ).order_by("-created_at", "-id"):
        disputes.setdefault(found.deal_number, []).append(found)
    out: dict[int, dict[str, Any]] = {}
    for number, entered_by in pending:
        mine = user_id is not None and entered_by == user_id
        open_ones = [d for d in disputes.get(number, []) if d.status == DealDispute.Status.OPEN]
        out[number] = {
            "entered_by_you": mine,
            "may_confirm": confirm and not mine,
            "may_dispute": dispute and not mine and not open_ones,
            "dispute": open_ones[0] if open_ones else None,
        }
    return out


def match_disputes(match: Match) -> list[DealDispute]:
    """Every dispute of the match, oldest first (its history page shows them)."""
    return list(DealDispute.objects.filter(match_id=match.pk).order_by("created_at", "id"))


def first_dealer_name(match: Match, names: Sequence[str]) -> str:
    return names[match.first_dealer_seat % len(names)] if names else ""


def scoresheet_for(
    match: Match, names: Sequence[str], deal_records: Iterable[dict[str, Any]]
) -> dict[str, Any]:
    """A scoresheet record of `match` in its game's format, with the given deals; a match
    closed on time says `"closed": true` when its game ends a match so."""
    game = games.game_get(match.game)
    record: dict[str, Any] = {
        "format": game.record_format,
        "ruleset": match.ruleset,
        "conventions": dict(match.conventions or {}),
        "players": list(names),
        "first_dealer": first_dealer_name(match, names),
        "deals": [dict(record) for record in deal_records],
    }
    if match.closed and game.closes_on_time(match.ruleset, match.conventions):
        record["closed"] = True
    return record


def counted_deals(match: Match) -> QuerySet[Deal]:
    return match.deals.filter(status=Deal.Status.COUNTED).order_by("number")


def match_scoresheet(match: Match) -> dict[str, Any]:
    """The match as a scoresheet record of the spec's format, its counted deals in order, each
    with the dealer the engine settled (so that the sheet reads like the paper one). Archives
    and the export endpoint use it; importing it back gives the same match."""
    names = seat_names(match)
    dealt = (match.result or {}).get("deals") or []
    return _scoresheet_of(match, names, [deal.record for deal in counted_deals(match)], dealt)


def _scoresheet_of(
    match: Match,
    names: Sequence[str],
    counted: Sequence[dict[str, Any]],
    dealt: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    """`match_scoresheet` from loaded parts: its seats' names, its counted deals' records in
    order and the deals of its result (`dealt`: each with the dealer the engine settled)."""
    records: list[dict[str, Any]] = []
    for index, stored in enumerate(counted):
        record = {k: v for k, v in stored.items() if k != "dealer"}
        dealer = dealt[index].get("dealer") if index < len(dealt) else None
        # "dealer" first in each deal, as a scorer writes it.
        records.append({"dealer": dealer, **record} if dealer else record)
    return scoresheet_for(match, names, records)


# What a scoresheet reads of a match (`scoresheet_for`), besides its result.
_SCORESHEET_FIELDS = (
    "id",
    "table_id",
    "game",
    "ruleset",
    "conventions",
    "first_dealer_seat",
    "closed",
)


def match_scoresheets(matches: QuerySet[Match]) -> list[tuple[Match, dict[str, Any]]]:
    """Each match of `matches` with its `match_scoresheet`, in three queries whatever their
    number (the matches, their seats, their counted deals): a tournament's export reads
    thousands of matches, and a query or two per match made it take a minute.

    The JSON columns come as text and are read by orjson: Django's JSONField reads each
    with the standard library's json, which took most of the time (a 3,000-player
    tournament: 15,000 results and 80,000 deals)."""
    loaded = list(
        matches.only(*_SCORESHEET_FIELDS).annotate(result_text=Cast("result", TextField()))
    )
    chosen = matches.values("pk")  # a subquery: no list of thousands of ids in the SQL
    names: dict[int, list[str]] = {match.pk: [] for match in loaded}
    seats = (
        Seat.objects.filter(match__in=chosen)
        .order_by("match_id", "position")
        .values_list("match_id", "player__display_name")
    )
    for match_id, name in seats:
        names.setdefault(match_id, []).append(name)
    counted: dict[int, list[dict[str, Any]]] = {match.pk: [] for match in loaded}
    deals = (
        Deal.objects.filter(match__in=chosen, status=Deal.Status.COUNTED)
        .order_by("match_id", "number")
        .values_list("match_id", Cast("record", TextField()))
    )
    for match_id, record in deals:
        counted.setdefault(match_id, []).append(orjson.loads(record))
    out: list[tuple[Match, dict[str, Any]]] = []
    for match in loaded:
        result = orjson.loads(match.result_text) if match.result_text else None
        dealt = (result or {}).get("deals") or []
        out.append((match, _scoresheet_of(match, names[match.pk], counted[match.pk], dealt)))
    return out


# What the match document says already (or the scoresheet's record, not its running state).
_NOT_RUNNING = frozenset({"format", "ruleset", "conventions", "players"})


def _current(result: dict[str, Any], names: Sequence[str], first_dealer: str) -> dict[str, Any]:
    """The running state the scorer needs, as the match's game's engine gives it: its deals
    and running figures (Deberc's `match` totals and `winner`, Preferans' `settlement` with
    the balances), whether it is over and why; then who deals next and, where the game has
    them, the hanging pools after the last deal."""
    deals = result.get("deals") or []
    last = deals[-1] if deals else None
    doc = {k: v for k, v in result.items() if k not in _NOT_RUNNING}
    doc.update(
        {
            "deals": deals,
            "hanging": (last or {}).get("hanging", []),
            "next_dealer": last.get("next_dealer") if last else first_dealer,
            "finished": bool(result.get("finished", False)),
            "winner": result.get("winner"),
            "reason": result.get("reason"),
        }
    )
    if "match" not in doc and "settlement" not in doc:  # no result yet (a match just made)
        doc["match"] = {name: 0 for name in names}
    return doc


def _iso(moment: Any) -> str | None:
    return moment.isoformat() if moment is not None else None


def match_document_for(
    match: Match,
    names: Sequence[str],
    deal_rows: Sequence[tuple[int, dict[str, Any], str]],
    *,
    scorer_shown: bool = True,
) -> dict[str, Any]:
    """The match as GET /api/v1/matches/{id}/ shows it, from already loaded parts (the deal
    write path has them in hand and spends no query here). `deal_rows` are
    (number, record, status) in number order. `scorer_shown` False: the scorer's username
    is null (what a reader who may not see usernames gets; a deal write answers only the
    people at the table and the tournament's staff)."""
    first = first_dealer_name(match, names)
    table = match.table if match.table_id else None
    scorer = table.scorer if scorer_shown and table is not None and table.scorer_id else None
    doc: dict[str, Any] = {
        "id": match.pk,
        "game": match.game,
        "tournament": match.tournament_id,
        "round": match.round.number if match.round is not None else None,
        "table": table.number if table is not None else None,
        "scorer": scorer.get_username() if scorer is not None else None,
        "status": match.status,
        "version": match.version,
        "ruleset": match.ruleset,
        "conventions": dict(match.conventions or {}),
        "players": list(names),
        "first_dealer": first,
        "closed": match.closed,
        # The round clock (ISO 8601; null without a time limit): every table's page shows it.
        "round_ends_at": _iso(match.round.ends_at) if match.round is not None else None,
    }
    doc.update(_current(match.result or {}, names, first))
    doc["records"] = [
        {"number": number, "status": status, "record": record}
        for number, record, status in deal_rows
    ]
    return doc


def player_names(match: Match) -> list[str]:
    """The players clockwise. The engine's last result names them already (every match gets
    one when it is created), which spares a query; else read the seats."""
    names = (match.result or {}).get("players")
    if isinstance(names, list) and names:
        return list(names)
    return seat_names(match)


def visible_match_snapshot(
    match_id: int, user: Any, key: str | None = None
) -> fastsql.Snapshot | None:
    """The match (with its round, table and tournament), its deals in number order and the
    answer kept under (user, match, `key`), read by one statement; None when there is no such
    match or `user` may not see it. What the scorer's phone asks for most, and what a deal
    submission starts from."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    return visible(fastsql.match_snapshot(match_id, user_id, key), user)


def visible(snapshot: fastsql.Snapshot | None, user: Any) -> fastsql.Snapshot | None:
    """The snapshot read for `user`, None when there is none or they may not see its match."""
    if snapshot is None or not perms.can_view_match(user, snapshot.match):
        return None
    if perms.is_table_scorer(user, snapshot.match) and (table := snapshot.match.table):
        table.scorer = user  # the document names the scorer: no query for it
    return snapshot


def match_for_read(match_id: int) -> Match:
    return Match.objects.select_related("tournament", "round", "table", "table__scorer").get(
        pk=match_id
    )


def match_document(match: Match) -> dict[str, Any]:
    names = seat_names(match)
    rows = list(match.deals.order_by("number").values_list("number", "record", "status"))
    return match_document_for(match, names, rows)


def dumps(document: Any) -> bytes:
    """The one JSON encoding of API documents (compact, UTF-8, orjson): what a retried deal
    submission gets back byte for byte."""
    return orjson.dumps(document, option=orjson.OPT_NON_STR_KEYS)


def deal_history(match: Match, *, users_shown: bool = True) -> list[dict[str, Any]]:
    """Every version of every deal of the match, oldest first: who changed what, when, why
    (`users_shown` False: `user` is null, for a reader who may not see usernames; `player`
    names the author when they sit at the match)."""
    rows = (
        Deal.history.filter(match_id=match.pk)
        .select_related("history_user")
        .order_by("number", "history_date", "history_id")
    )
    seated = seated_names_by_user(match)
    scorer_id = match.table.scorer_id if match.table_id and match.table else None
    out: list[dict[str, Any]] = []
    previous: dict[int, dict[str, Any]] = {}
    versions: dict[int, int] = {}
    for row in rows:
        before = previous.get(row.number)
        versions[row.number] = versions.get(row.number, 0) + 1
        out.append(
            {
                "number": row.number,
                "version": versions[row.number],
                "action": {"+": "created", "~": "changed", "-": "deleted"}[row.history_type],
                "status": row.status,
                "record": row.record,
                "previous": before,
                "user": row.history_user.get_username()
                if users_shown and row.history_user
                else None,
                # The author's seat at the match, when a player made the change (a player
                # confirms a deal on their own phone): their name is public, their
                # username is not.
                "player": seated.get(row.history_user_id) if row.history_user_id else None,
                # Who they were at the match, for a reader not shown their username.
                "role": _author_role(row.history_user_id, seated, scorer_id),
                # A table card's scorer (issue 20): the name they gave, not an account.
                "scorer_name": row.scorer_name
                if row.history_user is not None and not row.history_user.has_usable_password()
                else "",
                "at": row.history_date.isoformat(),
                "reason": row.history_change_reason or "",
            }
        )
        previous[row.number] = row.record
    return out


def _author_role(user_id: int | None, seated: dict[int, str], scorer_id: int | None) -> str | None:
    """ "player" (seated at the match), "scorer" (the table's), "staff" (anyone else who may
    write a match's deals: its referee or organiser), None without an author."""
    if user_id is None:
        return None
    if user_id in seated:
        return "player"
    return "scorer" if user_id == scorer_id else "staff"


def deal_rows_for_csv(matches: Iterable[Match]) -> list[dict[str, Any]]:
    """One row per counted deal: the scoresheet line as a spreadsheet wants it."""
    rows: list[dict[str, Any]] = []
    for match in matches:
        result = match.result or {}
        names = result.get("players") or seat_names(match)
        for scored in result.get("deals") or []:
            rows.append(
                {
                    "match": match.pk,
                    "round": match.round.number if match.round is not None else "",
                    "table": match.table.number if match.table is not None else "",
                    "deal": scored.get("number"),
                    "dealer": scored.get("dealer") or "",
                    "declarer": scored.get("declarer") or "",
                    "outcome": scored.get("outcome") or "",
                    "players": names,
                    "totals": scored.get("totals") or {},
                    "recorded": scored.get("recorded") or {},
                    "match_totals": scored.get("match") or {},
                    "hanging": sum(p.get("points", 0) for p in scored.get("hanging") or []),
                }
            )
    return rows
