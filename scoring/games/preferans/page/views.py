"""The Preferans scorer's page as the shared scorer views (scoring.views) call it through the
games registry (`Game.scorer_page`): templates, the deal form, the page's context with the
pulka sheet drawn from the engine's result, the engine's errors at the form's fields in the
user's language, a deal in one line for the history.

Nothing is scored here: every figure comes from `Match.result` (preferans-result/1).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import access as perms
from scoring import selectors, services
from scoring.errors import active_language
from scoring.games.preferans import engine
from scoring.models import Match
from scoring.table_links import deal_links_attach, table_links

from . import forms
from .errors import localise_error
from .forms import engine_error_key, parse_deal, values_from_record
from .sheet import draw

__all__ = [
    "EDIT_TEMPLATE",
    "PAGE_TEMPLATE",
    "SHEET_TEMPLATE",
    "deal_summary",
    "engine_error_key",
    "error_message",
    "parse_deal",
    "sheet_context",
    "values_from_record",
]

PAGE_TEMPLATE = "scoring/games/preferans/match.html"
SHEET_TEMPLATE = "scoring/games/preferans/_sheet.html"
EDIT_TEMPLATE = "scoring/games/preferans/deal_edit.html"

OUTCOMES: dict[str, Any] = {
    "made": gettext_lazy("made"),
    "remise": gettext_lazy("remise"),
    "not_played": gettext_lazy("passed, not played"),
    "half_whist": gettext_lazy("half-whist"),
    "misere_made": gettext_lazy("misère made"),
    "misere_failed": gettext_lazy("misère failed"),
    "allpass": gettext_lazy("all-pass"),
}


def error_message(err: Mapping[str, Any]) -> str:
    """One engine error in the active language, with its figures where the scorer needs them."""
    return localise_error(err, active_language())


def pulka_result(match: Match, names: Sequence[str]) -> dict[str, Any]:
    """The engine's result kept on the match; a pulka with no deal yet when none is kept."""
    result = match.result or {}
    if result.get("format") == engine.RESULT_FORMAT:
        return result
    return engine.empty_result(
        list(names),
        match.ruleset or "sochi",
        dict(match.conventions or {}),
        selectors.first_dealer_name(match, names),
    )


def contract_text(record: Mapping[str, Any], scored: Mapping[str, Any] | None = None) -> str:
    kind = (scored or {}).get("kind") or record.get("kind")
    if kind == forms.ALLPASS:
        return _("all-pass")
    if kind == forms.MISERE:
        return _("misère")
    return forms.contract_label((scored or {}).get("contract") or record.get("contract"))


def contract_spoken(record: Mapping[str, Any], scored: Mapping[str, Any] | None = None) -> str:
    """The contract as `contract_text` writes it, with the suit named instead of its symbol."""
    kind = (scored or {}).get("kind") or record.get("kind")
    if kind in (forms.ALLPASS, forms.MISERE):
        return contract_text(record, scored)
    return forms.contract_spoken((scored or {}).get("contract") or record.get("contract"))


def _undertricks(record: Mapping[str, Any], scored: Mapping[str, Any]) -> int:
    text = str(scored.get("contract") or "")
    level = int(text[:-2] if text.endswith("NT") else text[:-1] or 0) if text else 0
    taken = (record.get("tricks") or {}).get(scored.get("declarer"), 0)
    return max(0, level - int(taken or 0))


def deal_rows(result: Mapping[str, Any], records: Sequence[Mapping[str, Any]]) -> list[dict]:
    rows = []
    for scored, entry in zip(result.get("deals") or [], records, strict=False):
        record = entry["record"]
        outcome = scored.get("outcome") or ""
        note = str(OUTCOMES.get(outcome, outcome))
        if outcome == "remise":
            note = _("remise, %(count)s down") % {"count": _undertricks(record, scored)}
        elif outcome == "allpass" and (scored.get("allpass_multiplier") or 1) > 1:
            note = f"{note} ×{scored['allpass_multiplier']}"
        elif outcome == "misere_failed":
            taken = (record.get("tricks") or {}).get(scored.get("declarer"), 0)
            note = _("misère failed, %(count)s tricks") % {"count": taken}
        rows.append(
            {
                "number": entry["number"],
                "dealer": scored.get("dealer"),
                "kind": scored.get("kind"),
                "contract": contract_text(record, scored),
                # "6 пики" for a screen reader: the sheet shows "6♠".
                "contract_name": contract_spoken(record, scored),
                "red": str(scored.get("contract") or "")[-1:] in ("H", "D"),
                "declarer": scored.get("declarer"),
                "outcome": outcome,
                "note": note,
                "violation": bool(record.get("violation")),
            }
        )
    return rows


def _allpass_marks(result: Mapping[str, Any]) -> dict[str, Any]:
    deals = result.get("deals") or []
    run = 0
    for deal in reversed(deals):
        if deal.get("kind") != "allpass":
            break
        run += 1
    exits = result["conventions"].get("allpass_exit") or [6]
    least = exits[min(run, len(exits)) - 1] if run else None
    return {"run": run, "least": least}


def pending_entries(
    request: HttpRequest,
    match: Match,
    names: list[str],
    result: Mapping[str, Any],
    counted: list[dict[str, Any]],
    pending: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """The deals waiting for an opponent's confirmation as the page shows them beside its
    buttons: the deal in one line, its outcome as it will count, each player's balance now
    and once confirmed, and what `request`'s user may do (confirm, dispute:
    `selectors.pending_facts`). Nothing is written: the engine scores the counted deals plus
    this one."""
    if not pending:
        return []
    facts = selectors.pending_facts(match, request.user)
    now = (result.get("settlement") or {}).get("balance") or {}
    out = []
    for entry in pending:
        number = entry["number"]
        item: dict[str, Any] = {
            **entry,
            **facts.get(number, {}),
            "summary": deal_summary(entry["record"], names),
            "heads": (_("Balance before this deal"), _("Balance once confirmed")),
            "lines": [],
            "hanging": 0,
            "note": "",
        }
        try:
            after = services.deal_preview(match=match, number=number)
        except services.DealRejected:
            item["note"] = _("As it stands this deal is refused by the rules: correct it.")
            out.append(item)
            continue
        rows = deal_rows(after, [*counted, entry])
        if rows and rows[-1]["number"] == number:
            item["note"] = rows[-1]["note"]
        balance = (after.get("settlement") or {}).get("balance") or {}
        item["lines"] = [
            {
                "name": name,
                "deal": _signed(int(now.get(name, 0))),
                "mark": "",
                "after": _signed(int(balance.get(name, 0))),
            }
            for name in names
        ]
        if after.get("finished") and not result.get("finished"):
            ending = _("once confirmed, the pulka is over")
            item["note"] = " · ".join(part for part in (str(item["note"]), ending) if part)
        out.append(item)
    return out


def _signed(figure: int) -> str:
    """A balance as the scoreboard writes it: +12, −7, 0."""
    return f"+{figure}" if figure > 0 else str(figure)


def sheet_context(
    request: HttpRequest,
    match: Match,
    *,
    values: dict[str, Any] | None = None,
    errors: dict[str, list[str]] | None = None,
    doc: dict[str, Any] | None = None,
    editing: int | None = None,
) -> dict[str, Any]:
    doc = doc or selectors.match_document(match)
    names: list[str] = list(doc["players"])
    n = len(names)
    values = dict(values or {})
    errors = errors or {}
    result = pulka_result(match, names)
    conventions = result["conventions"]
    counted = [r for r in doc["records"] if r["status"] == "counted"]
    pending = [r for r in doc["records"] if r["status"] == "pending"]
    rows = deal_rows(result, counted)
    # What the apps above offer at this table (the referee's rulings and cards), for whom.
    links = table_links(request.user, match)
    deal_links_attach(rows, links)
    deals = result.get("deals") or []
    finished = bool(result.get("finished"))
    next_dealer = deals[-1].get("next_dealer") if deals else result.get("first_dealer")
    if next_dealer is None and not deals:
        next_dealer = selectors.first_dealer_name(match, names)
    # The dealer of the deal on the form: the next one, or the corrected deal's own.
    dealer_name = next_dealer
    if editing is not None and 0 < editing <= len(deals):
        dealer_name = deals[editing - 1].get("dealer")
    dealer = names.index(dealer_name) if dealer_name in names else None
    sits_out = dealer if n == 4 else None
    values.setdefault("dealer", "" if dealer is None else str(dealer))
    last = deals[-1]["sheet"] if deals else None
    balance = (result.get("settlement") or {}).get("balance") or {}
    players = []
    for seat, name in enumerate(names):
        players.append(
            {
                "index": seat,
                "name": name,
                "balance": int(balance.get(name, 0)),
                "pool": int(last["pool"][name]) if last else 0,
                "mountain": int(last["mountain"][name]) if last else 0,
                "next_dealer": name == next_dealer and not finished,
                "sits_out": seat == sits_out,
                "whist": values.get(f"whist_{seat}") or "",
                "tricks": values.get(f"tricks_{seat}") or "",
                "whist_errors": errors.get(f"whist_{seat}", []),
                "tricks_errors": errors.get(f"tricks_{seat}", []),
            }
        )
    choices = [
        (code, label)
        for code, label in forms.CHOICES
        if (code != "half" or conventions.get("half_whist"))
        and (code != "check" or conventions.get("ten_checked") or conventions.get("check_9_10"))
    ]
    can_enter = perms.can_enter_deal(request.user, match)
    contract_grid = [
        {
            "level": level,
            "cells": [
                {
                    "code": f"{level}{code}",
                    "symbol": symbol,
                    "label": label,
                    "red": code in ("H", "D"),
                    "nt": code == "NT",
                }
                for code, symbol, label in forms.SUITS
            ],
        }
        for level in forms.LEVELS
    ]
    return {
        "match": match,
        "doc": doc,
        "result": result,
        "conventions": conventions,
        "players": players,
        "four": n == 4,
        "dealer_index": dealer,
        "dealer_name": dealer_name,
        "next_dealer": next_dealer,
        "finished": finished,
        "reason": result.get("reason"),
        "reason_label": forms.END_REASONS.get(result.get("reason") or ""),
        "rows": rows,
        "table_links": links,
        "last_number": rows[-1]["number"] if rows else None,
        "pending": pending_entries(request, match, names, result, counted, pending),
        "can_enter": can_enter and not finished and not pending,
        "can_correct": perms.can_correct_deal(request.user, match),
        "can_confirm": perms.can_confirm_deal(request.user, match),
        "can_history": perms.can_view_history(request.user, match),
        "values": values,
        "errors": errors,
        "general_errors": errors.get("__all__", []),
        "contract_grid": contract_grid,
        "choices": choices,
        "half_allowed": bool(conventions.get("half_whist")),
        "bomb_levels": [{"level": level, "factor": 2**level} for level in forms.BOMB_LEVELS],
        "carried_bomb": engine.carried_bomb(result),
        "sheet": draw(result),
        "allpass": _allpass_marks(result),
        "idempotency_key": uuid.uuid4().hex,
        "editing": editing,
        "player_names_json": json.dumps(names, ensure_ascii=False),
    }


def deal_summary(record: Mapping[str, Any] | None, names: Sequence[str]) -> str:
    """A deal in one line, as a referee reads it: "7♥ Boris · Vera: whist, Anna: pass ·
    tricks 7/2/1"."""
    if not record:
        return ""
    choices = dict(forms.CHOICES)
    parts = [contract_text(record)]
    if record.get("declarer") and record.get("kind") != forms.ALLPASS:
        parts[0] += f" {record['declarer']}"
    whist = record.get("whist") or {}
    if whist and record.get("kind") == "game":
        parts.append(
            ", ".join(f"{name}: {choices.get(choice, choice)}" for name, choice in whist.items())
        )
    tricks = record.get("tricks") or {}
    if tricks:
        parts.append(
            _("tricks %(figures)s")
            % {"figures": "/".join(str(tricks.get(name, "–")) for name in names)}
        )
    violation = record.get("violation") or {}
    for renonce in violation if isinstance(violation, list) else [violation]:
        if isinstance(renonce, Mapping) and renonce:
            parts.append(
                _("renonce: %(name)s ×%(count)s")
                % {"name": renonce.get("player"), "count": renonce.get("count", 1)}
            )
    if isinstance(record.get("bomb"), int) and record["bomb"]:
        parts.append(_("bomb %(level)s") % {"level": record["bomb"]})
    if record.get("blind") is True:
        parts.append(_("blind"))
    if record.get("halves_with"):
        parts.append(_("in halves with %(name)s") % {"name": record["halves_with"]})
    return " · ".join(parts)
