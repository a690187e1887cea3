"""Writes of the referee desk: the rulebook copied into the database, rulings recorded and
overturned (each a correction of the deal through `scoring.services.deal_correct`), and the
editors' list of rule searches that found nothing."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring import games
from scoring.errors import game_of, localise_errors
from scoring.models import Deal, Match
from scoring.services import DealNotFound, DealRejected, deal_correct, deal_preview

from .games import parts_of
from .games.kinds import ViolationKind
from .models import Article, Ruling, SearchMiss, article_lang
from .rulebook import articles as rulebook_articles
from .search import raw_words


def rulebook_sync(*, using: str = DEFAULT_DB_ALIAS) -> int:
    """Make the Article table equal to the rulebook in code: insert, update, delete. Returns
    the number of articles. Idempotent; runs after every migrate."""
    rows = []
    for order, rule in enumerate(rulebook_articles()):
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
        # The engine's refusal in the referee's language, worded by the match's game.
        raise RulingRejected(localise_errors(exc.errors, game_of(exc.game))) from exc
    except DealNotFound as exc:
        raise RulingRejected(
            [_problem("deal", "unknown_deal", _("No deal %(n)s.") % {"n": number})]
        ) from exc
    return json.loads(write.body)


@dataclass(frozen=True)
class _RulingParts:
    """A ruling's input checked: the violator's player row, the game's violation kind, the
    deal's new `violation` entry and the articles cited."""

    violator: Any
    violation: ViolationKind
    entry: dict[str, Any]
    cited: list[str]


def _ruling_parts(
    *,
    match: Match,
    kind: str,
    violator_name: str,
    articles: list[str],
    taken_by: str | None,
    count: int | None,
    combination: str | None,
) -> _RulingParts:
    """Check a ruling's input against the match (its seats, its game's violation kinds, the
    rulebook): RulingRejected with each problem at its field."""
    seats = {seat.player.display_name: seat.player for seat in match.seats.select_related("player")}
    violator = seats.get(violator_name)
    if violator is None:
        raise RulingRejected(
            [
                _problem(
                    "violator",
                    "unknown_player",
                    _("%(name)s is not seated at this match.") % {"name": violator_name},
                )
            ]
        )
    parts = parts_of(match.game)
    offered = {k.key: k for k in parts.violation_kinds} if parts is not None else {}
    violation = offered.get(kind)
    if parts is None or violation is None:
        raise RulingRejected(
            [
                _problem(
                    "kind",
                    "bad_violation",
                    _("“%(kind)s” is not a violation of this game; choose one of: %(kinds)s.")
                    % {"kind": kind, "kinds": ", ".join(str(k.label) for k in offered.values())},
                )
            ]
        )
    if count is not None and not violation.counted:
        raise RulingRejected(
            [
                _problem(
                    "count",
                    "bad_count",
                    _("%(kind)s is not counted: leave the count empty.")
                    % {"kind": violation.label},
                )
            ]
        )
    if count is not None and not 1 <= count <= 10:
        raise RulingRejected(
            [_problem("count", "bad_count", _("The count is a whole number from 1 to 10."))]
        )
    if combination and not violation.names_combination:
        raise RulingRejected(
            [
                _problem(
                    "combination",
                    "bad_violation",
                    _("%(kind)s names no combination: leave it empty.") % {"kind": violation.label},
                )
            ]
        )
    cited = list(dict.fromkeys(articles or violation.articles))
    known = set(Article.objects.filter(pk__in=cited).values_list("pk", flat=True))
    unknown = [a for a in cited if a not in known]
    if unknown:
        raise RulingRejected(
            [
                _problem("articles", "unknown_article", _("No rule article “%(id)s”.") % {"id": a})
                for a in unknown
            ]
        )
    entry = dict(
        parts.violation_entry(
            kind=violation,
            player=violator_name,
            count=(count or 1) if violation.counted else None,
            taken_by=taken_by or None,
        )
    )
    if combination and violation.names_combination:
        # The declared combination the ruling leaves out (Deberc's late_senior); the engine
        # checks that the violator declared it and that it outranks another of theirs.
        entry["combination"] = combination
    return _RulingParts(violator=violator, violation=violation, entry=entry, cited=cited)


def rulings_standing_alike(
    *, match: Match, deal_number: int, kind: str, violator_name: str
) -> list[Ruling]:
    """The rulings in force on the same deal for the same violation by the same player: a
    new one like them is a duplicate (a second tap, a second referee) unless the referee
    says the violation happened again."""
    return list(
        Ruling.objects.filter(
            match_id=match.pk,
            deal_number=deal_number,
            kind=kind,
            violator__display_name=violator_name,
            overturned=False,
        )
        .select_related("referee")
        .order_by("created_at", "id")
    )


def _ruled_record(
    record: dict[str, Any], parts: _RulingParts, repeat: bool
) -> tuple[dict[str, Any], Any]:
    """The deal's record with the ruling's violation, and the violation it had before. A
    second occurrence of a counted violation (Preferans' renonce) adds its count to the one
    the deal carries: each renonce is its own penalty."""
    ruled = dict(record)
    previous = ruled.get("violation")
    entry = dict(parts.entry)
    if (
        repeat
        and parts.violation.counted
        and isinstance(previous, dict)
        and previous.get("player") == entry.get("player")
        and previous.get("kind") == entry.get("kind")
    ):
        entry["count"] = int(previous.get("count") or 1) + int(entry.get("count") or 1)
    ruled["violation"] = entry
    return ruled, previous


def _duplicate_refusal(alike: list[Ruling]) -> RulingRejected:
    first = alike[0]
    return RulingRejected(
        [
            _problem(
                "repeat",
                "duplicate_ruling",
                _(
                    "The same ruling is already in force (%(kind)s by %(player)s in deal "
                    "%(deal)s, recorded %(when)s). Record it again only if the violation "
                    "happened a second time: say so."
                )
                % {
                    "kind": first.kind_label,
                    "player": first.violator.display_name,
                    "deal": first.deal_number,
                    "when": date_format(
                        timezone.localtime(first.created_at), "SHORT_DATETIME_FORMAT"
                    ),
                },
            )
        ]
    )


@dataclass(frozen=True)
class RulingPreview:
    """What a ruling would change, nothing written: the deal in one line before and after,
    each player's running figure now and after (the game's own: Deberc's totals, Preferans'
    balances), whether the score changes at all, the rulings in force like it, and the
    match's version the preview was made from (a confirmation made on a changed match is
    shown again)."""

    deal_before: str
    deal_after: str
    lines: list[dict[str, Any]]
    changes: bool
    alike: list[Ruling]
    version: int
    # The deal waits for an opponent's confirmation: its penalty counts once it is confirmed.
    pending: bool


def _no_summary(record: Any, names: Any) -> str:
    return ""


def ruling_preview(
    *,
    match: Match,
    deal_number: int,
    kind: str,
    violator_name: str,
    articles: list[str],
    taken_by: str | None = None,
    count: int | None = None,
    combination: str | None = None,
    repeat: bool = False,
) -> RulingPreview:
    """The ruling checked as `ruling_record` checks it, and what recording it would do to
    the match: the referee confirms it before the match is re-scored (issue 35)."""
    parts = _ruling_parts(
        match=match,
        kind=kind,
        violator_name=violator_name,
        articles=articles,
        taken_by=taken_by,
        count=count,
        combination=combination,
    )
    deal = Deal.objects.filter(match_id=match.pk, number=deal_number).first()
    if deal is None:
        raise RulingRejected(
            [_problem("deal", "unknown_deal", _("No deal %(n)s.") % {"n": deal_number})]
        )
    ruled, _previous = _ruled_record(deal.record, parts, repeat)
    try:
        after = deal_preview(
            match=match,
            number=deal_number,
            record=ruled,
            counts=deal.status == Deal.Status.COUNTED,
        )
    except DealRejected as exc:
        raise RulingRejected(localise_errors(exc.errors, game_of(exc.game))) from exc
    game = games.game_get(match.game)
    now = {line["name"]: line["figure"] for line in game.score_summary(match.result or {})}
    then = {line["name"]: line["figure"] for line in game.score_summary(after)}
    names = list(then) or list(now)
    try:
        summary = game.scorer_page().deal_summary
    except LookupError:  # a game without a scorer's page: its deal is not put in words
        summary = _no_summary
    return RulingPreview(
        deal_before=summary(deal.record, names),
        deal_after=summary(ruled, names),
        lines=[
            {
                "name": name,
                "now": now.get(name, 0),
                "after": then.get(name, 0),
                "changed": now.get(name, 0) != then.get(name, 0),
            }
            for name in names
        ],
        changes=any(now.get(name, 0) != then.get(name, 0) for name in names),
        alike=rulings_standing_alike(
            match=match, deal_number=deal_number, kind=kind, violator_name=violator_name
        ),
        version=match.version,
        pending=deal.status == Deal.Status.PENDING,
    )


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
    count: int | None = None,
    combination: str | None = None,
    repeat: bool = False,
) -> tuple[Ruling, dict[str, Any]]:
    """Rule that `violator_name` committed `kind` (one of the match's game's violation kinds)
    in deal `deal_number` [решение судьи]: the deal gets the game's `violation` entry, the
    match is re-scored with the penalty by the game's engine, and the ruling is kept. `count`:
    how many times, for a kind the game counts (a Preferans renonce; one when not said).
    A ruling like one in force (same deal, violation and player) is refused
    (`duplicate_ruling`) unless `repeat`: the referee says it happened again (a counted
    violation then adds its count to the deal's). Returns the ruling and the match document
    after it."""
    parts = _ruling_parts(
        match=match,
        kind=kind,
        violator_name=violator_name,
        articles=articles,
        taken_by=taken_by,
        count=count,
        combination=combination,
    )
    with transaction.atomic():
        # The match row locked first: two referees recording the same ruling at once queue
        # up, and the second one finds the first (`duplicate_ruling`).
        Match.objects.select_for_update(of=("self",)).filter(pk=match.pk).first()
        deal = Deal.objects.filter(match_id=match.pk, number=deal_number).first()
        if deal is None:
            raise RulingRejected(
                [_problem("deal", "unknown_deal", _("No deal %(n)s.") % {"n": deal_number})]
            )
        alike = rulings_standing_alike(
            match=match, deal_number=deal_number, kind=kind, violator_name=violator_name
        )
        if alike and not repeat:
            raise _duplicate_refusal(alike)
        record, previous = _ruled_record(deal.record, parts, repeat)
        document = _correct(
            match=match,
            number=deal_number,
            record=record,
            user=user,
            # The deal's history shows this to whoever reads it: the violation by its name in
            # the referee's language, not the record's code (issue 35).
            reason=_("Ruling: %(kind)s, %(player)s")
            % {"kind": parts.violation.label, "player": violator_name},
        )
        ruling = Ruling.objects.create(
            match=match,
            deal_number=deal_number,
            kind=kind,
            # The ruling's own count (a second occurrence's, not the deal's total).
            count=parts.entry.get("count"),
            violator=parts.violator,
            explanation=explanation,
            articles=parts.cited,
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
            raise RulingRejected(
                [_problem(None, "already_overturned", _("The ruling is already overturned."))]
            )
        deal = Deal.objects.filter(match_id=ruling.match_id, number=ruling.deal_number).first()
        if deal is None:
            raise RulingRejected(
                [_problem("deal", "unknown_deal", _("The deal of this ruling is gone."))]
            )
        mine = {"player": ruling.violator.display_name, "kind": ruling.kind}
        current = deal.record.get("violation") or {}
        if not isinstance(current, dict):  # a list: two violators (Preferans' Kodex 33)
            current = {}
        # A renonce ruling under take_trick also names who took the trick: same ruling.
        if {"player": current.get("player"), "kind": current.get("kind")} != mine:
            raise RulingRejected(
                [
                    _problem(
                        None,
                        "ruling_superseded",
                        _(
                            "The deal no longer carries this ruling's violation: a later "
                            "ruling or correction replaced it."
                        ),
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
            reason=_("Ruling %(number)s overturned: %(reason)s")
            % {"number": ruling.pk, "reason": reason},
        )
        ruling.overturned = True
        ruling.overturned_by = user
        ruling.overturned_at = timezone.now()
        ruling.overturn_reason = reason
        ruling.save(
            update_fields=["overturned", "overturned_by", "overturned_at", "overturn_reason"]
        )
    return ruling, document


# --- cards (issue 19, item 5) -----------------------------------------------------------------


def card_give(
    *,
    tournament: Any,
    player: Any,
    kind: Any,
    reason: Any,
    user: Any,
    article: Any = None,
    match: Any = None,
) -> Any:
    """A warning or a yellow card (`tournaments.discipline.services.card_give`), citing an article
    of
    the tournament's game's rulebook when one is given (else `unknown_article`)."""
    from tournaments.discipline import services as discipline

    def known(slug: str) -> bool:
        return Article.objects.filter(pk=slug, game=tournament.game).exists()

    return discipline.card_give(
        tournament=tournament,
        player=player,
        kind=kind,
        reason=reason,
        user=user,
        article=article,
        match=match,
        article_known=known,
    )


# --- rule searches that found nothing (issue 35, item 22) ----------------------------------

# The editors' list keeps the most asked; a new search beyond this many rows pushes out the
# least asked, longest unasked one.
SEARCH_MISSES_MAX = 500
# A slang word or two is what the editors need; a longer search (a sentence, a name and a
# question) is not kept, and neither is one with a digit (a phone number, a table, a date)
# or an address: nothing personal is kept.
SEARCH_MISS_WORDS_MAX = 4
_NOT_KEPT = re.compile(r"[0-9@/]|https?:|www\.", re.IGNORECASE)


def search_miss_words(query: str) -> str:
    """The words of a search as the editors' list keeps them (lower-cased as typed, stop
    words out), or "" for a search not kept (see `_NOT_KEPT`, `SEARCH_MISS_WORDS_MAX`)."""
    if _NOT_KEPT.search(query):
        return ""
    kept = raw_words(query)
    if not kept or len(kept) > SEARCH_MISS_WORDS_MAX:
        return ""
    text = " ".join(kept)
    max_length = SearchMiss._meta.get_field("query").max_length or 0
    return text if len(text) <= max_length else ""


def search_miss_record(query: str, *, lang: str, game: str | None) -> SearchMiss | None:
    """Count a search that found nothing in the editors' list (None: not kept). The search
    box searches as the reader types, so the words typed on the way ("ры", "рыб") are dropped
    when the whole word arrives, if nobody else asked them."""
    words = search_miss_words(query)
    if not words:
        return None
    today = timezone.localdate()
    key = {"query": words, "lang": article_lang(lang), "game": game or ""}
    with transaction.atomic():
        counted = SearchMiss.objects.filter(**key).update(count=F("count") + 1, last_asked=today)
        if not counted:
            _search_misses_make_room()
            SearchMiss.objects.bulk_create(
                [SearchMiss(**key, first_asked=today, last_asked=today)],
                ignore_conflicts=True,  # a twin request made it meanwhile: counted once
            )
        typed_on_the_way = [words[:n] for n in range(2, len(words))]
        SearchMiss.objects.filter(
            query__in=typed_on_the_way, lang=key["lang"], game=key["game"], count=1
        ).delete()
    return SearchMiss.objects.filter(**key).first()


def _search_misses_make_room() -> None:
    """Below `SEARCH_MISSES_MAX` rows: the least asked, longest unasked ones go."""
    extra = SearchMiss.objects.count() - SEARCH_MISSES_MAX + 1
    if extra > 0:
        oldest = SearchMiss.objects.order_by("count", "last_asked", "id").values_list(
            "pk", flat=True
        )[:extra]
        SearchMiss.objects.filter(pk__in=list(oldest)).delete()
