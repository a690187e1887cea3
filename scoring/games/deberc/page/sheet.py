"""Deberc's scoresheet as the scorer's page draws it: the deals so far as lines of figures,
each with its marks (Б for a byte, В for a hanging byte), from the engine's result."""

from __future__ import annotations

from typing import Any

from .forms import suit_name, suit_symbol


def _mark(outcome: str, name: str, declarer: str | None, record: dict[str, Any]) -> str:
    """What the scoresheet writes beside a figure: Б for a byte (the declarer's, or the
    violator's card byte), В for a hanging byte (висячий)."""
    if outcome == "byte" and name == declarer:
        return "Б"
    if outcome == "card_byte" and (record.get("violation") or {}).get("player") == name:
        return "Б"
    if outcome == "hanging" and name == declarer:
        return "В"
    return ""


def sheet_rows(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The deals so far as scoresheet lines, from the engine's result and the entered deals."""
    names = doc["players"]
    counted = [r for r in doc["records"] if r["status"] == "counted"]
    rows = []
    for entry, scored in zip(counted, doc["deals"], strict=False):
        record = entry["record"]
        outcome = scored.get("outcome") or ""
        declarer = scored.get("declarer")
        rows.append(
            {
                "number": entry["number"],
                "dealer": scored.get("dealer"),
                "trump": suit_symbol(record.get("trump") or ""),
                "trump_name": suit_name(record.get("trump") or ""),
                "declarer": declarer,
                "outcome": outcome,
                "hanging": sum(pool.get("points", 0) for pool in scored.get("hanging") or []),
                "cells": [
                    {
                        "name": name,
                        "recorded": (scored.get("recorded") or {}).get(name, 0),
                        "total": (scored.get("match") or {}).get(name, 0),
                        "mark": _mark(outcome, name, declarer, record),
                    }
                    for name in names
                ],
            }
        )
    return rows
