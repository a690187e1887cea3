"""Writes of the referee desk: the rulebook copied into the database, rulings recorded and
overturned (each a correction of the deal through `scoring.services.deal_correct`)."""

from __future__ import annotations

import json
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.utils import timezone

from scoring.models import Deal, Match
from scoring.services import DealNotFound, DealRejected, deal_correct

from .models import Article, Ruling
from .rulebook import ARTICLES


def rulebook_sync(*, using: str = DEFAULT_DB_ALIAS) -> int:
    """Make the Article table equal to the rulebook in code: insert, update, delete. Returns
    the number of articles. Idempotent; runs after every migrate."""
    rows = []
    for order, rule in enumerate(ARTICLES):
        rows.append(
            Article(
                id=rule.id,
                section=rule.section,
                game=rule.game,
                order=order,
                title_ru=rule.title["ru"],
                title_uk=rule.title["uk"],
                title_en=rule.title["en"],
                text_ru=rule.text["ru"],
                text_uk=rule.text["uk"],
                text_en=rule.text["en"],
                keywords_ru=rule.keywords["ru"],
                keywords_uk=rule.keywords["uk"],
                keywords_en=rule.keywords["en"],
                conventions=list(rule.conventions),
                presets=list(rule.presets),
                source=rule.source,
                project_default=rule.project_default,
            )
        )
    update_fields = [
        f.name
        for f in Article._meta.concrete_fields
        if not f.primary_key and f.name != "search_vector"
    ]
    with transaction.atomic(using=using):
        Article.objects.using(using).exclude(id__in=[r.id for r in rows]).delete()
        Article.objects.using(using).bulk_create(
            rows, update_conflicts=True, unique_fields=["id"], update_fields=update_fields
        )
        if connections[using].vendor == "postgresql":
            from .selectors import search_vector_expression

            Article.objects.using(using).update(search_vector=search_vector_expression())
    return len(rows)


# --- rulings ---------------------------------------------------------------------------------

# The articles a ruling cites when the referee names none: the violation and its penalty.
DEFAULT_ARTICLES = {
    Ruling.Kind.RENONCE: ["play.renonce", "violations.card_byte"],
    Ruling.Kind.FALSE_DECLARATION: ["violations.false_declaration", "violations.card_byte"],
    Ruling.Kind.ILLEGAL_QUESTION: [
        "violations.illegal_question",
        "combinations.how_high",
        "violations.card_byte",
    ],
    Ruling.Kind.ILLEGAL_SWAP: [
        "violations.illegal_swap",
        "conventions.seven_swap",
        "violations.card_byte",
    ],
    Ruling.Kind.WRONG_CARD_COUNT: ["violations.wrong_card_count", "violations.card_byte"],
    Ruling.Kind.SENIOR_AFTER_QUESTION: ["combinations.how_high", "violations.illegal_question"],
}


class RulingRejected(Exception):
    """The ruling cannot be recorded (or overturned); `errors` in the API's error shape."""

    def __init__(self, errors: list[dict[str, Any]]):
        super().__init__(errors)
        self.errors = errors


def _problem(field: str | None, code: str, message: str) -> dict[str, Any]:
    return {"field": field, "code": code, "message": message}


# The length of a deal history row's change reason (simple-history's column).
HISTORY_REASON_LENGTH = Deal.history.model._meta.get_field("history_change_reason").max_length


def _correct(*, match: Match, number: int, record: dict[str, Any], user: Any, reason: str) -> dict:
    """Correct the deal through the scoring service (it re-scores the match and keeps the
    deal's history); the engine's refusal becomes a RulingRejected. The history keeps at most
    100 characters of `reason` (its column's length: a longer overturn reason, or a ruling on
    a player with a long name, was a server error on PostgreSQL, found by fuzzing); the
    ruling keeps the whole text."""
    reason = reason[:HISTORY_REASON_LENGTH]
    try:
        write = deal_correct(match=match, number=number, record=record, user=user, reason=reason)
    except DealRejected as exc:
        raise RulingRejected(list(exc.errors)) from exc
    except DealNotFound as exc:
        raise RulingRejected([_problem("deal", "unknown_deal", f"no deal {number}")]) from exc
    return json.loads(write.body)


def ruling_record(
    *,
    match: Match,
    deal_number: int,
    kind: str,
    violator_name: str,
    explanation: str,
    articles: list[str],
    user: Any,
    taken_by: str | None = None,
) -> tuple[Ruling, dict[str, Any]]:
    """Rule that `violator_name` committed `kind` in deal `deal_number` [решение судьи]: the
    deal gets `"violation": {"player", "kind"}`, the match is re-scored with the penalty
    (card byte, or the table's renonce_penalty), and the ruling is kept. Returns the ruling
    and the match document after it."""
    seats = {seat.player.display_name: seat.player for seat in match.seats.select_related("player")}
    violator = seats.get(violator_name)
    if violator is None:
        raise RulingRejected(
            [
                _problem(
                    "violator", "unknown_player", f"{violator_name!r} is not seated at this match"
                )
            ]
        )
    if kind not in Ruling.Kind.values:
        raise RulingRejected([_problem("kind", "bad_violation", f"unknown violation {kind!r}")])
    cited = list(dict.fromkeys(articles or DEFAULT_ARTICLES[Ruling.Kind(kind)]))
    known = set(Article.objects.filter(pk__in=cited).values_list("pk", flat=True))
    unknown = [a for a in cited if a not in known]
    if unknown:
        raise RulingRejected(
            [_problem("articles", "unknown_article", f"no rule article {a!r}") for a in unknown]
        )
    with transaction.atomic():
        deal = Deal.objects.filter(match_id=match.pk, number=deal_number).first()
        if deal is None:
            raise RulingRejected([_problem("deal", "unknown_deal", f"no deal {deal_number}")])
        record = dict(deal.record)
        previous = record.get("violation")
        record["violation"] = {"player": violator_name, "kind": kind}
        if taken_by:
            # A renonce where it costs a trick (renonce_penalty take_trick, rules §6): the
            # opponent who took it; the deal's figures are those after the move.
            record["violation"]["taken_by"] = taken_by
        document = _correct(
            match=match,
            number=deal_number,
            record=record,
            user=user,
            reason=f"ruling: {kind} by {violator_name}",
        )
        ruling = Ruling.objects.create(
            match=match,
            deal_number=deal_number,
            kind=kind,
            violator=violator,
            explanation=explanation,
            articles=cited,
            referee=user,
            previous_violation=previous,
        )
    return ruling, document


def ruling_overturn(*, ruling: Ruling, user: Any, reason: str) -> tuple[Ruling, dict[str, Any]]:
    """The organiser overturns a ruling: the deal's violation goes back to what it was before
    the ruling (usually none) by another correction. The deal's history keeps the original,
    the ruling's correction and this one; the ruling keeps who overturned it, when and why."""
    with transaction.atomic():
        ruling = (
            Ruling.objects.select_for_update().select_related("match", "violator").get(pk=ruling.pk)
        )
        if ruling.overturned:
            raise RulingRejected([_problem(None, "already_overturned", "already overturned")])
        deal = Deal.objects.filter(match_id=ruling.match_id, number=ruling.deal_number).first()
        if deal is None:
            raise RulingRejected([_problem("deal", "unknown_deal", "the deal is gone")])
        mine = {"player": ruling.violator.display_name, "kind": ruling.kind}
        current = deal.record.get("violation") or {}
        # A renonce ruling under take_trick also names who took the trick: same ruling.
        if {"player": current.get("player"), "kind": current.get("kind")} != mine:
            raise RulingRejected(
                [
                    _problem(
                        None,
                        "ruling_superseded",
                        "the deal no longer carries this ruling's violation (a later ruling "
                        "or correction replaced it)",
                    )
                ]
            )
        record = dict(deal.record)
        if ruling.previous_violation:
            record["violation"] = ruling.previous_violation
        else:
            record.pop("violation", None)
        document = _correct(
            match=ruling.match,
            number=ruling.deal_number,
            record=record,
            user=user,
            reason=f"ruling #{ruling.pk} overturned: {reason}",
        )
        ruling.overturned = True
        ruling.overturned_by = user
        ruling.overturned_at = timezone.now()
        ruling.overturn_reason = reason
        ruling.save(
            update_fields=["overturned", "overturned_by", "overturned_at", "overturn_reason"]
        )
    return ruling, document
