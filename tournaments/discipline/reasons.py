"""A card's reason as the reader reads it [причина карточки] (issue 35): an automatic card of
the loss limit keeps its facts (the limit, the figure, where) and is worded from them in the
active language; a referee's card as the referee wrote it. Pure wording, no query of its own,
so that the model (`Card.reason_text`), the discipline rules, the reports and the migration
that read old cards share it without importing each other.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

_LOSS_LIMIT = re.compile(r"(?P<limit>-?\d+)[^(]*(?:\((?P<total>[-−]?\d+)\))?")


def loss_facts_parsed(card: Any) -> dict[str, Any]:
    """The facts of an automatic card stored before they were (its reason in whatever
    language the refresh ran in: "Loss limit 100 passed (-119) in round 1, table 1."): the
    first number is the limit, the one in brackets the figure; where from the card's round
    and match. {} when the reason cannot be read."""
    found = _LOSS_LIMIT.search(card.reason or "")
    if found is None:
        return {}
    total = found.group("total")
    facts: dict[str, Any] = {
        "limit": int(found.group("limit")),
        "total": int(total.replace("−", "-")) if total else None,
    }
    match = card.match if card.match_id else None
    if card.round_id and match is not None and match.table_id:
        facts.update(round=card.round.number, table=match.table.number)
    elif card.match_id:
        facts["match"] = card.match_id
    return facts


def loss_reason(facts: Mapping[str, Any]) -> str:
    """An automatic card's reason in the active language."""
    where = ""
    if facts.get("round") is not None and facts.get("table") is not None:
        where = _("round %(round)d, table %(table)d") % {
            "round": facts["round"],
            "table": facts["table"],
        }
    elif facts.get("match") is not None:
        where = _("match %(id)d") % {"id": facts["match"]}
    if facts.get("total") is not None:
        return _("Loss limit %(limit)s passed (%(figure)s) in %(where)s.") % {
            "limit": facts.get("limit"),
            "figure": facts["total"],
            "where": where,
        }
    return _("Loss limit %(limit)s passed in %(where)s.") % {
        "limit": facts.get("limit"),
        "where": where,
    }


def card_reason(card: Any) -> str:
    """A card's reason as the reader reads it: an automatic card's worded in the active
    language from its facts (issue 35: it was stored in English and shown so on ru/uk pages
    and in the final PDF); a referee's card as the referee wrote it."""
    if not card.automatic:
        return str(card.reason)
    facts = card.facts or loss_facts_parsed(card)
    return loss_reason(facts) if facts.get("limit") is not None else str(card.reason)
