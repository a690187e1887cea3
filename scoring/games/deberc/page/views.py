"""Deberc's scorer page as the shared scorer views (`scoring.views`) call it through the
games registry (`Game.scorer_page`): its templates, its deal form, the page's context with the
scoresheet drawn from the engine's result, the engine's errors at the form's fields in the
user's language, a deal in one line for the history."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _

from scoring import access as perms
from scoring import selectors, services
from scoring.errors import active_language
from scoring.games.deberc.engine.conventions import Conventions, resolve_conventions
from scoring.games.deberc.engine.errors import ScoresheetError
from scoring.games.deberc.engine.match import hand_size
from scoring.games.deberc.labels import names_together
from scoring.models import Match
from scoring.table_links import deal_links_attach, table_links

from . import forms
from .errors import localise_error
from .forms import engine_error_key, parse_deal, values_from_record
from .sheet import sheet_rows

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

PAGE_TEMPLATE = "scoring/games/deberc/match.html"
SHEET_TEMPLATE = "scoring/games/deberc/_sheet.html"
EDIT_TEMPLATE = "scoring/games/deberc/deal_edit.html"


def _form_players(
    names: list[str], values: dict[str, Any], errors: dict[str, list[str]]
) -> list[dict[str, Any]]:
    out = []
    for i, name in enumerate(names):
        # An error about one declaration marks its row only, not the player's three rows.
        whole, rows = forms.declaration_errors(i, values, errors)
        out.append(
            {
                "index": i,
                "name": name,
                "points": values.get(f"points_{i}", ""),
                "tricks": values.get(f"tricks_{i}", ""),
                "bella": bool(values.get(f"bella_{i}")),
                "errors": errors.get(f"points_{i}", []) + errors.get(f"tricks_{i}", []),
                "decl_errors": whole,
                "slots": [
                    {
                        "slot": slot,
                        "kind": values.get(f"decl_{i}_{slot}_kind", ""),
                        "rank": values.get(f"decl_{i}_{slot}_rank", ""),
                        "suit": values.get(f"decl_{i}_{slot}_suit", ""),
                        "errors": rows.get(slot, []),
                    }
                    for slot in range(forms.DECLARATION_SLOTS)
                ],
            }
        )
    return out


def _base_context(
    request: HttpRequest,
    match: Match,
    *,
    values: dict[str, Any] | None = None,
    errors: dict[str, list[str]] | None = None,
    doc: dict[str, Any] | None = None,
    editing: int | None = None,
) -> dict[str, Any]:
    doc = doc or selectors.match_document(match)
    names = doc["players"]
    values = values or {}
    errors = errors or {}
    rows = sheet_rows(doc)
    # What the apps above offer at this table (the referee's rulings and cards), for whom.
    links = table_links(request.user, match)
    deal_links_attach(rows, links)
    pending = [r for r in doc["records"] if r["status"] == "pending"]
    can_enter = perms.can_enter_deal(request.user, match)
    return {
        "match": match,
        "doc": doc,
        "players": [
            {
                "name": name,
                "total": doc["match"].get(name, 0),
                "next_dealer": name == doc["next_dealer"] and not doc["finished"],
                "winner": name == doc["winner"]
                or (isinstance(doc["winner"], list) and name in doc["winner"]),
            }
            for name in names
        ],
        "rows": rows,
        "table_links": links,
        "last_number": rows[-1]["number"] if rows else None,
        "pending": pending_entries(request, match, doc, pending),
        "hanging": doc["hanging"],
        "reason_label": forms.END_REASONS.get(doc["reason"] or ""),
        # A pair that wins is named in words ("Anna and Vera"), not with "&".
        "winner_shown": names_together(doc["winner"]) if doc.get("winner") else "",
        "can_enter": can_enter and not doc["finished"] and not pending,
        "can_correct": perms.can_correct_deal(request.user, match),
        "can_confirm": perms.can_confirm_deal(request.user, match),
        "can_history": perms.can_view_history(request.user, match),
        "form_players": _form_players(names, values, errors),
        "values": values,
        "errors": errors,
        "general_errors": errors.get("__all__", []),
        "suits": forms.SUITS,
        "ranks": [(rank, forms.rank_label(rank)) for rank in forms.RANKS],
        "combinations": forms.COMBINATIONS,
        "violations": forms.VIOLATIONS,
        "asked_choices": forms.ASKED,
        "idempotency_key": uuid.uuid4().hex,
        "editing": editing,
        # For the offline queue's script (scoring/static/scoring/offline.js): the names that
        # a waiting deal's figures are shown against.
        "player_names_json": json.dumps(names, ensure_ascii=False),
    }


def pending_entries(
    request: HttpRequest, match: Match, doc: dict[str, Any], pending: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The deals waiting for an opponent's confirmation as the page shows them beside its
    buttons: the deal in one line, then its scoresheet line as it will count (each player's
    figure with its mark, the totals once confirmed, the hanging pool), and what `request`'s
    user may do (confirm, dispute: `selectors.pending_facts`). Nothing is written: the
    engine scores the counted deals plus this one."""
    if not pending:
        return []
    names = doc["players"]
    facts = selectors.pending_facts(match, request.user)
    counted = [r for r in doc["records"] if r["status"] == "counted"]
    out = []
    for entry in pending:
        number = entry["number"]
        item: dict[str, Any] = {
            **entry,
            **facts.get(number, {}),
            "summary": deal_summary(entry["record"], names),
            "heads": (_("This deal"), _("Total once confirmed")),
            "lines": [],
            "hanging": 0,
            "note": "",
        }
        try:
            result = services.deal_preview(match=match, number=number)
        except services.DealRejected:
            item["note"] = _("As it stands this deal is refused by the rules: correct it.")
            out.append(item)
            continue
        preview = {
            "players": names,
            "records": [*counted, {**entry, "status": "counted"}],
            "deals": result.get("deals") or [],
        }
        rows = sheet_rows(preview)
        if rows and rows[-1]["number"] == number:
            row = rows[-1]
            item["lines"] = [
                {"name": c["name"], "deal": c["recorded"], "mark": c["mark"], "after": c["total"]}
                for c in row["cells"]
            ]
            item["hanging"] = row["hanging"]
        if result.get("finished") and not doc["finished"]:
            item["note"] = _("Once confirmed, this deal ends the match.")
        out.append(item)
    return out


def sheet_context(
    request: HttpRequest,
    match: Match,
    *,
    values: dict[str, Any] | None = None,
    errors: dict[str, list[str]] | None = None,
    doc: dict[str, Any] | None = None,
    editing: int | None = None,
) -> dict[str, Any]:
    """The sheet, and what this table's conventions add to the deal form: the renonce's
    `taken_by` under `take_trick`, the few-points redeal under `redeal_below` (with its own
    button), the void deal only where one may pass (not under `obligatory_order`), the tricks
    of a deal (10 at Kharkov's deal), four players each for himself, and the forced
    deal of a висяк (rules §5), whose declarer is filled in and whose terz and fifty pickers
    are hidden (only bella may be declared)."""
    context = _base_context(request, match, values=values, errors=errors, doc=doc, editing=editing)
    doc = context["doc"]
    conv = _conventions(match, len(doc["players"]))
    context["take_trick"] = conv is not None and conv.renonce_penalty == "take_trick"
    context["redeal_below"] = conv.redeal_below if conv is not None else 0
    # Tricks in a deal (rules §2): 9, 10 at Kharkov's deal, 8 with four players; and whether
    # four players play each for himself (`pairs: no`).
    n = len(doc["players"])
    context["hand_size"] = hand_size(n, conv) if conv is not None else (8 if n == 4 else 9)
    context["individuals"] = n == 4 and conv is not None and not conv.pairs
    # A void deal (all passed) only where the table allows one: under `obligatory_order`
    # (Odessa, Kharkov) the dealer must name a trump, and the engine refuses a void deal.
    context["void_allowed"] = conv is None or not conv.obligatory_order
    forced = forced_declarer(doc)
    context["forced_declarer"] = forced if editing is None else None
    if context["forced_declarer"] is not None and not values:
        context["values"] = {**context["values"], "declarer": str(doc["players"].index(forced))}
    return context


def forced_declarer(doc: dict[str, Any]) -> str | None:
    """Who must play the next deal after a висяк (`hanging_replay: forced`), as the engine's
    result says it (the last entry of `hanging` naming `forced`); None otherwise."""
    hanging = doc.get("hanging") or []
    if doc.get("finished") or not hanging or not isinstance(hanging[-1], dict):
        return None
    name = hanging[-1].get("forced")
    return name if name in doc["players"] else None


def _conventions(match: Match, n_players: int) -> Conventions | None:
    try:
        return resolve_conventions(match.ruleset, match.conventions or {}, n_players)
    except ScoresheetError:
        return None  # a match is created with valid conventions; nothing to add then


def error_message(err: Mapping[str, Any]) -> str:
    """One engine error in the active language, with its figures where the scorer needs them."""
    return localise_error(err, active_language())


def deal_summary(record: Mapping[str, Any] | None, names: Sequence[str]) -> str:
    """A deal in one line, as a referee reads it: "♥ Anna: 44/88, last trick Boris"."""
    if not record:
        return ""
    if record.get("low_points"):
        return _("redeal: %(name)s held too few points") % {"name": record["low_points"]}
    if record.get("declarer") is None and not record.get("trump"):
        return _("void deal (all passed)")
    parts = [f"{forms.suit_symbol(record.get('trump') or '')} {record.get('declarer') or ''}"]
    points = record.get("points") or {}
    if points:
        parts.append("/".join(str(points.get(name, "")) for name in names))
    if record.get("last_trick"):
        parts.append(_("last trick: %(name)s") % {"name": record["last_trick"]})
    for name, declared in (record.get("declarations") or {}).items():
        parts.append(f"{name}: {', '.join(forms.declaration_shown(d) for d in declared)}")
    if record.get("closing"):
        parts.append(
            _("closing: %(name)s %(points)s")
            % {"name": record["closing"].get("player"), "points": record["closing"].get("points")}
        )
    if record.get("violation"):
        parts.append(
            _("violation: %(name)s (%(kind)s)")
            % {
                "name": record["violation"].get("player"),
                "kind": forms.VIOLATION_NAMES.get(
                    str(record["violation"].get("kind")), record["violation"].get("kind")
                ),
            }
        )
        if record["violation"].get("taken_by"):
            parts.append(_("trick taken by %(name)s") % {"name": record["violation"]["taken_by"]})
        if record["violation"].get("combination"):
            parts.append(str(record["violation"]["combination"]))
    return " · ".join(parts)
