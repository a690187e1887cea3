"""Discipline [дисциплина] (issue 19, item 5): the referee's warnings and yellow cards, what a
second yellow card means, the loss limit per match and a positive result closed on time.

Readings (docs/tournaments.md, "Discipline"):

- **Cards.** A referee or an organiser of the tournament gives a player entered in it a
  warning [предупреждение] or a yellow card [жёлтая карточка] with a reason, citing a rule
  article where one applies (the referee app checks the article: this app never imports it).
  A card is never deleted: withdrawn on appeal it keeps its record (`withdrawn_at`, history).
- **Second yellow.** Counting the player's yellow cards not withdrawn (warnings never count):
  under `second_yellow = "penalty"` every yellow card after the first (the 2nd, the 3rd, …)
  takes `second_yellow_penalty` match points off; under `"disqualify"` the second disqualifies
  the player: ranked below everyone still in, and no longer paired (the entry is withdrawn;
  withdrawing the card enters them again).
- **Loss limit** (`loss_limit`, per match, before the conversion to match points): a result
  kept as a balance (a tally without a target: Preferans whists) below −limit counts −limit; a
  race to a target (Deberc) counts the player's side at most `limit` points behind the best
  opposing side (its total raised to that), which bounds the points difference and what the
  winner's `difference` scoring takes from the match. Every figure counted from the totals
  follows (game points, balance, points difference, the conversions); a game's own place
  points (Preferans `places`) keep the order of the table as played. A player beyond the limit
  gets one automatic yellow card for that match (given when the standings are refreshed, once:
  a refresh again, or the card withdrawn, gives no other).
- **Positive result closed on time** (`timeout_positive`, games whose match ends on time): a
  match closed on time counts each positive total as 0, before the conversion.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.discipline.reasons import card_reason, loss_reason
from tournaments.standings.ranking import MatchOutcome

REASON_MAX = 200
ARTICLE_MAX = 80
LOSS_LIMIT_MAX = 100_000
PENALTY_MAX = 100


class CardRejected(Exception):
    """A card refused: `errors` in the API's shape [{field, code, message}], each message in
    the user's language."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__(errors)
        self.errors = errors


def _problem(field: str | None, code: str, message: str) -> dict[str, Any]:
    return {"field": field, "code": code, "message": message}


# --- pure: the tally adjustments and the second yellow --------------------------------------


def outcome_limited(
    outcome: MatchOutcome,
    *,
    loss_limit: int | None,
    zero_positive: bool = False,
) -> tuple[MatchOutcome, list[tuple[Hashable, int]]]:
    """The outcome as the standings count it under the loss limit and, for a match closed on
    time under `timeout_positive`, with each positive total 0; and the players the limit
    capped, each with what the match would have cost (negative: a balance, or the points
    behind the best opposing side). A game's `balance` points follow the totals; its place
    points stay as played."""
    totals = list(outcome.totals)
    capped: list[tuple[Hashable, int]] = []
    if zero_positive:
        totals = [min(t, 0) for t in totals]
    if loss_limit is not None:
        if outcome.target == 0:  # a balance (Preferans whists)
            for seat, total in enumerate(totals):
                if total < -loss_limit:
                    totals[seat] = -loss_limit
                    capped.append((outcome.players[seat], total))
        else:  # a race to a target (Deberc points)
            side_best: dict[int, int] = {}
            for total, side in zip(totals, outcome.sides, strict=True):
                side_best[side] = max(side_best.get(side, total), total)
            for seat, side in enumerate(outcome.sides):
                others = [t for s, t in side_best.items() if s != side]
                if others and max(others) - totals[seat] > loss_limit:
                    capped.append((outcome.players[seat], totals[seat] - max(others)))
                    totals[seat] = max(others) - loss_limit
    if tuple(totals) == outcome.totals:
        return outcome, capped
    points = dict(outcome.points) if outcome.points is not None else None
    if points is not None and "balance" in points:
        points["balance"] = tuple(float(t) for t in totals)
    return replace(outcome, totals=tuple(totals), points=points), capped


def yellow_consequences(
    yellows: Iterable[Hashable], *, second_yellow: str, penalty: float
) -> tuple[dict[Hashable, float], set[Hashable]]:
    """(match points off by player, players disqualified) from the yellow cards in force
    (one item per card, its player)."""
    counts = Counter(yellows)
    if second_yellow == "disqualify":
        return {}, {p for p, n in counts.items() if n >= 2}
    return {p: (n - 1) * penalty for p, n in counts.items() if n >= 2 and penalty}, set()


# --- reads ------------------------------------------------------------------------------


def yellows_in_force(tournament: Any) -> list[Any]:
    """The player of each yellow card not withdrawn (one query)."""
    from tournaments.discipline.models import Card

    return list(
        Card.objects.filter(
            tournament=tournament, kind=Card.Kind.YELLOW, withdrawn_at__isnull=True
        ).values_list("player_id", flat=True)
    )


def tournament_discipline(tournament: Any) -> tuple[dict[Hashable, float], set[Hashable]]:
    """The tournament's penalties and disqualified players from its cards."""
    return yellow_consequences(
        yellows_in_force(tournament),
        second_yellow=tournament.second_yellow,
        penalty=float(tournament.second_yellow_penalty or 0),
    )


def closed_matches(tournament: Any) -> set[int]:
    """The ids of the tournament's matches closed on time (for `timeout_positive`)."""
    from scoring.models import Match

    return set(
        Match.objects.filter(tournament=tournament, closed=True).values_list("pk", flat=True)
    )


def outcomes_limited(
    tournament: Any, outcomes: Sequence[MatchOutcome]
) -> tuple[list[MatchOutcome], dict[Hashable, list[tuple[Hashable, int]]]]:
    """Every outcome under the tournament's loss limit and `timeout_positive`; and the
    players capped (with their figure) by match id."""
    limit = tournament.loss_limit
    closed = closed_matches(tournament) if tournament.timeout_positive else set()
    if limit is None and not closed:
        return list(outcomes), {}
    out: list[MatchOutcome] = []
    capped: dict[Hashable, list[tuple[Hashable, int]]] = {}
    for outcome in outcomes:
        counted, players = outcome_limited(
            outcome, loss_limit=limit, zero_positive=outcome.match_id in closed
        )
        out.append(counted)
        if players:
            capped[outcome.match_id] = players
    return out, capped


def cards_of(tournament: Any, *, player: Any = None) -> list[Any]:
    """The tournament's cards (withdrawn ones included), oldest first."""
    from tournaments.discipline.models import Card

    cards = Card.objects.filter(tournament=tournament).select_related("player", "round", "given_by")
    if player is not None:
        cards = cards.filter(player=player)
    return list(cards.order_by("created_at", "id"))


def card_payload(card: Any, *, users_shown: bool) -> dict[str, Any]:
    """A card as the API shows it; the giver's username null without `users_shown` (the
    public never sees who gave it)."""
    giver = card.given_by if users_shown else None
    return {
        "id": card.pk,
        "player": card.player.display_name,
        "player_id": card.player_id,
        "kind": card.kind,
        "kind_label": str(card.get_kind_display()),
        "reason": card_reason(card),
        "article": card.article or None,
        "round": card.round.number if card.round_id else None,
        "match": card.match_id,
        "automatic": card.automatic,
        "given_by": giver.get_username() if giver else None,
        "created_at": card.created_at.isoformat(),
        "withdrawn": card.withdrawn_at is not None,
        "withdrawn_at": card.withdrawn_at.isoformat() if card.withdrawn_at else None,
    }


# --- writes -----------------------------------------------------------------------------


def may_give_cards(user: Any, tournament: Any) -> bool:
    """The tournament's referees and organisers."""
    from tournaments.clubs import permissions as perms

    return perms.is_staff_of(user, tournament)


def _reason_clean(reason: Any) -> str:
    return " ".join(str(reason or "").replace("\x00", "").split())


def _after_card(tournament: Any) -> None:
    """The standings (penalties, disqualification) and the live pages follow the cards."""
    from tournaments.live.cache import live_version_bump
    from tournaments.standings.tallies import standings_refresh_later

    live_version_bump(tournament_id=tournament.pk)
    standings_refresh_later(tournament_id=tournament.pk)


def _entries_follow(tournament: Any, before: set[Any], after: set[Any]) -> None:
    """A player disqualified is no longer paired (the entry withdrawn); a player no longer
    disqualified (the card withdrawn) is entered again."""
    from tournaments.events.models import Entry

    if after - before:
        Entry.objects.filter(tournament=tournament, player_id__in=after - before).update(
            withdrawn=True
        )
    if before - after:
        Entry.objects.filter(tournament=tournament, player_id__in=before - after).update(
            withdrawn=False
        )


def card_give(
    *,
    tournament: Any,
    player: Any,
    kind: Any,
    reason: Any,
    user: Any,
    article: Any = None,
    match: Any = None,
    article_known: Callable[[str], bool] | None = None,
) -> Any:
    """Give a player a warning or a yellow card. `article_known` checks a cited article's
    slug (the referee app passes its rulebook's); refused with every problem at once
    (`CardRejected`), or PermissionDenied for a user who is no referee or organiser."""
    from django.core.exceptions import PermissionDenied

    from tournaments.discipline.models import Card
    from tournaments.events.models import Entry, Round

    if not may_give_cards(user, tournament):
        raise PermissionDenied(_("Only a referee or organiser of the tournament gives cards."))
    problems: list[dict[str, Any]] = []
    if kind not in Card.Kind.values:
        problems.append(_problem("kind", "bad_kind", _("A card is a warning or a yellow card.")))
    text = _reason_clean(reason)
    if not text:
        problems.append(
            _problem("reason", "reason_required", _("Say why: a card is kept with its reason."))
        )
    elif len(text) > REASON_MAX:
        problems.append(
            _problem(
                "reason",
                "too_long",
                _("The reason is at most %(max)d characters.") % {"max": REASON_MAX},
            )
        )
    slug = str(article or "").strip()
    if slug and (
        len(slug) > ARTICLE_MAX or (article_known is not None and not article_known(slug))
    ):
        problems.append(
            _problem(
                "article",
                "unknown_article",
                _("No rule article “%(id)s”.") % {"id": slug[:ARTICLE_MAX]},
            )
        )
    player_id = getattr(player, "pk", player)
    if (
        player is None
        or not Entry.objects.filter(tournament=tournament, player_id=player_id).exists()
    ):
        problems.append(
            _problem("player", "not_entered", _("This player is not entered in the tournament."))
        )
    if match is not None and match.tournament_id != tournament.pk:
        problems.append(
            _problem("match", "not_found", _("This table is not one of the tournament's."))
        )
    elif (
        match is not None
        and not any(p["field"] == "player" for p in problems)
        and not match.seats.filter(player_id=player_id).exists()
    ):
        problems.append(
            _problem(
                "player",
                "not_at_table",
                _(
                    "This player does not sit at this table: a card given at a table goes to "
                    "one of its players."
                ),
            )
        )
    if problems:
        raise CardRejected(problems)
    with transaction.atomic():
        type(tournament).objects.select_for_update().filter(pk=tournament.pk).first()
        before = tournament_discipline(tournament)[1]
        round_ = (
            match.round
            if match is not None and match.round_id
            else Round.objects.filter(tournament=tournament).order_by("-number").first()
        )
        card = Card(
            tournament=tournament,
            player_id=player_id,
            kind=kind,
            reason=text,
            article=slug,
            round=round_,
            match=match,
            given_by=user if getattr(user, "is_authenticated", False) else None,
        )
        card._history_user = user if getattr(user, "is_authenticated", False) else None  # type: ignore[attr-defined]
        card.save()
        _entries_follow(tournament, before, tournament_discipline(tournament)[1])
        _after_card(tournament)
    return card


def card_withdraw(*, card: Any, reason: Any, user: Any) -> Any:
    """Withdraw a card on appeal: it stays on record (`withdrawn_at`, its history keeps who
    and why)."""
    from django.core.exceptions import PermissionDenied

    from tournaments.discipline.models import Card

    tournament = card.tournament
    if not may_give_cards(user, tournament):
        raise PermissionDenied(_("Only a referee or organiser of the tournament gives cards."))
    text = _reason_clean(reason)
    if not text:
        raise CardRejected(
            [_problem("reason", "reason_required", _("Say why: a card is kept with its reason."))]
        )
    if len(text) > 100:  # simple-history's change reason
        raise CardRejected(
            [
                _problem(
                    "reason",
                    "too_long",
                    _("The reason is at most %(max)d characters.") % {"max": 100},
                )
            ]
        )
    with transaction.atomic():
        type(tournament).objects.select_for_update().filter(pk=tournament.pk).first()
        card = Card.objects.select_for_update().get(pk=card.pk)
        if card.withdrawn_at is not None:
            raise CardRejected(
                [_problem(None, "already_withdrawn", _("This card was withdrawn already."))]
            )
        before = tournament_discipline(tournament)[1]
        card.withdrawn_at = timezone.now()
        card._history_user = user
        card._change_reason = text
        card.save()
        _entries_follow(tournament, before, tournament_discipline(tournament)[1])
        _after_card(tournament)
    return card


def auto_cards_ensure(
    tournament: Any, capped: Mapping[Hashable, Collection[tuple[Hashable, int]]]
) -> int:
    """One automatic yellow card per player and match beyond the loss limit (never again for
    a match that has one, withdrawn or not). Returns the cards given. The caller holds the
    tournament's lock (the standings refresh)."""
    from scoring.models import Match
    from tournaments.discipline.models import Card

    if not capped:
        return 0
    have = set(
        Card.objects.filter(
            tournament=tournament, automatic=True, match_id__in=list(capped)
        ).values_list("match_id", "player_id")
    )
    wanted = [
        (m, p, figure)
        for m, players in capped.items()
        for p, figure in players
        if (m, p) not in have
    ]
    if not wanted:
        return 0
    matches = {
        m.pk: m
        for m in Match.objects.filter(pk__in={m for m, _p, _f in wanted}).select_related(
            "round", "table"
        )
    }
    before = tournament_discipline(tournament)[1]
    cards = []
    for match_id, player_id, figure in wanted:
        match = matches.get(match_id)  # type: ignore[call-overload]
        facts = loss_facts(match, figure, tournament.loss_limit)
        with translation.override("en"):  # the stored text; pages word it from the facts
            reason = loss_reason(facts)[:REASON_MAX]
        cards.append(
            Card(
                tournament=tournament,
                player_id=int(player_id),  # type: ignore[call-overload]
                kind=Card.Kind.YELLOW,
                reason=reason,
                facts=facts,
                round=match.round if match is not None else None,
                match=match,
                automatic=True,
            )
        )
    for card in cards:
        card.save()
    _entries_follow(tournament, before, tournament_discipline(tournament)[1])
    return len(cards)


def loss_facts(match: Any, figure: Any, limit: Any) -> dict[str, Any]:
    """What an automatic card of the loss limit states: the limit, the player's figure (the
    total or the points behind), where (round and table, else the match)."""
    facts: dict[str, Any] = {"limit": limit, "total": figure}
    if match is not None and match.round_id and match.table_id:
        facts.update(round=match.round.number, table=match.table.number)
    elif match is not None:
        facts["match"] = match.pk
    return facts


def auto_cards_refresh(
    tournament: Any, *, tallies: Sequence[tuple[int, int, dict[str, Any]]] | None = None
) -> int:
    """The loss limit's automatic cards for every finished match beyond it (the standings
    refresh calls it under the tournament's lock, with the tallies it has read for the
    standings; nothing without a loss limit)."""
    if tournament.loss_limit is None:
        return 0
    if tallies is None:
        from tournaments.standings.tallies import load_tallies

        tallies = load_tallies(tournament)
    outcomes = [
        MatchOutcome.from_tally(match_id, round_number, data)
        for match_id, round_number, data in tallies
    ]
    _counted, capped = outcomes_limited(tournament, outcomes)
    return auto_cards_ensure(tournament, capped)


# --- settings ---------------------------------------------------------------------------


def discipline_settings_check(
    *,
    game: Any,
    ruleset: Any,
    conventions: Any,
    timeout_positive: Any,
    second_yellow_penalty: Any = None,
    loss_limit: Any = None,
) -> None:
    """Refuse `timeout_positive` for a game (under its ruleset and conventions) whose match
    is not closed on time (`bad_timeout_positive` at its field), and a penalty or loss limit
    out of bounds (`out_of_range`)."""
    from django.core.exceptions import ValidationError

    from scoring import games

    bounds = (
        ("second_yellow_penalty", second_yellow_penalty, 0, PENALTY_MAX),
        ("loss_limit", loss_limit, 1, LOSS_LIMIT_MAX),
    )
    for name, value, low, high in bounds:
        if value is None:
            continue
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not low <= value <= high
            or (name == "loss_limit" and not float(value).is_integer())
        ):
            raise ValidationError(
                {
                    name: ValidationError(
                        _("A number from %(low)s to %(high)s.") % {"low": low, "high": high},
                        code="out_of_range",
                    )
                }
            )
    if not timeout_positive:
        return
    try:
        played = games.game_get(game)
    except KeyError:
        return  # the game's own check names it
    if not played.closes_on_time(ruleset, conventions or {}):
        raise ValidationError(
            {
                "timeout_positive": ValidationError(
                    _(
                        "%(game)s under these rules does not close a match on time: a "
                        "positive result closed on time cannot count zero."
                    )
                    % {"game": played.name},
                    code="bad_timeout_positive",
                )
            }
        )


# --- shown: the standings' notes, the player's page, the reports ----------------------------


def card_meaning(tournament: Any, cards: Sequence[Any]) -> dict[int, str]:
    """What each yellow card in force after a player's first means (card id → text in the
    user's language): the penalty it takes off, or the disqualification."""
    seen: Counter[Any] = Counter()
    meaning: dict[int, str] = {}
    for card in cards:
        if card.kind != "yellow" or card.withdrawn_at is not None:
            continue
        seen[card.player_id] += 1
        if seen[card.player_id] < 2:
            continue
        if tournament.second_yellow == "disqualify":
            if seen[card.player_id] == 2:
                meaning[card.pk] = _("disqualified")
        elif tournament.second_yellow_penalty:
            penalty = tournament.second_yellow_penalty
            # A whole number takes its own plural form; a fraction reads as "1,5 очка".
            count = int(penalty) if float(penalty).is_integer() else 2
            meaning[card.pk] = ngettext(
                "%(points)s match point off", "%(points)s match points off", count
            ) % {"points": f"{penalty:g}"}
    return meaning


def card_notes(tournament: Any, *, users_shown: bool = False) -> list[dict[str, Any]]:
    """Every card as a standings note (`selectors.standings_notes`' shape), oldest first:
    what (the card, the player, its consequence; withdrawn), its reason and article."""
    from scoring.models import Match
    from tournaments.discipline.citations import article_titles

    cards = cards_of(tournament)
    meaning = card_meaning(tournament, cards)
    titles = article_titles(card.article for card in cards)
    tables = dict(
        Match.objects.filter(pk__in={c.match_id for c in cards if c.match_id}).values_list(
            "pk", "table__number"
        )
    )
    notes = []
    for card in cards:
        what = f"{card.get_kind_display()}: {card.player.display_name}"
        if card.pk in meaning:
            what += f" ({meaning[card.pk]})"
        if card.withdrawn_at is not None:
            what += " — " + _("withdrawn")
        cited = titles.get(card.article, card.article)
        reason = card_reason(card) + (f" [{cited}]" if cited else "")
        note = {
            "round": card.round.number if card.round_id else None,
            "table": tables.get(card.match_id) if card.match_id else None,
            "deal": None,
            "kind": f"card_{card.kind}",
            "what": what,
            "reason": reason,
            "at": card.created_at.isoformat(),
        }
        if users_shown:
            note["by"] = card.given_by.get_username() if card.given_by else None
        notes.append(note)
    return notes


def player_cards(player: Any, *, user: Any = None) -> list[tuple[Any, str]]:
    """A player's cards in the tournaments `user` may see (the public: published ones), the
    newest first, each with its cited article's title in the visitor's language ("" when it
    cites none, or one the rulebook no longer has: the page shows its id); never who gave
    them (the page does not show it)."""
    from tournaments.clubs import permissions as perms
    from tournaments.discipline.citations import article_titles
    from tournaments.discipline.models import Card

    cards = list(
        Card.objects.filter(
            player=player,
            tournament__in=perms.visible_tournaments(user).values("pk"),
        )
        .select_related("tournament", "round")
        .order_by("-created_at", "-id")
    )
    titles = article_titles(card.article for card in cards)
    return [(card, titles.get(card.article, "")) for card in cards]
