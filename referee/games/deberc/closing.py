"""The closing check [закрытие]: is a claim true or false, and what follows (rules §7).

The verdict is the engine's `closing_verdict`; this module reads the request and explains the
verdict in the asker's language with the rulebook articles it applied.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from referee.toolbase import ToolError, tool_lang
from scoring.games.deberc.engine import ScoresheetError
from scoring.games.deberc.engine.match import closing_verdict
from scoring.games.deberc.labels import names_together


def closing_check(
    *,
    players: Any,
    totals: Any,
    claimant: Any,
    points: Any,
    dealer: Any = None,
    ruleset: Any = "moscow",
    conventions: Any = None,
    lang: Any = None,
) -> dict[str, Any]:
    """`totals`: each player's match total before this deal; `points`: what the claimant has
    taken so far in this deal (cards in tricks, credited combinations, declared bella)."""
    if not isinstance(players, list):
        raise ToolError(
            [
                {
                    "field": "players",
                    "code": "bad_players",
                    "message": "players: 2 to 4 names, clockwise",
                }
            ]
        )
    if not isinstance(totals, dict):
        raise ToolError(
            [
                {
                    "field": "totals",
                    "code": "missing_field",
                    "message": "totals: each player's match total before this deal",
                }
            ]
        )
    try:
        verdict = closing_verdict(
            players=players,
            match_totals=totals,
            claimant=claimant,
            points=points,
            ruleset=ruleset or "moscow",
            conventions=conventions or {},
            dealer=dealer or None,
        )
    except ScoresheetError as exc:
        raise ToolError(
            [{"field": e["field"], "code": e["code"], "message": e["message"]} for e in exc.errors]
        ) from exc
    articles = ["match.closing"]
    if not verdict["true_closing"]:
        articles += ["match.false_closing", "conventions.false_closing"]
    with translation.override(tool_lang(lang)):
        verdict["explanation"] = _explain(verdict, claimant, totals.get(claimant, 0), points)
    verdict["articles"] = articles
    return verdict


def _explain(verdict: dict[str, Any], claimant: str, before: int, points: int) -> str:
    values = {
        "claimant": claimant,
        "before": before,
        "points": points,
        "total": verdict["claimant_total"],
        "target": verdict["target"],
        "winner": names_together(verdict["winner"]),
    }
    if verdict["true_closing"]:
        return (
            _(
                "A true closing: %(claimant)s had %(before)s and took %(points)s in this deal, "
                "%(total)s in all, at least the target of %(target)s. %(claimant)s wins the match; "
                "nobody else records anything for this deal."
            )
            % values
        )
    if verdict["false_closing"] == "double_to_opponents":
        doubled = {name: pts for name, pts in verdict["recorded"].items() if pts > 0}
        values["doubled"] = ", ".join(f"{name} +{pts}" for name, pts in doubled.items()) or "0"
        text = (
            _(
                "A false closing: %(claimant)s has %(total)s, below the target of %(target)s. "
                "Kharkov rule: %(claimant)s's match total of %(before)s drops to 0 and twice it "
                "goes to the opponents (%(doubled)s)."
            )
            % values
        )
        if verdict["finished"]:
            follows = _("%(winner)s thereby reaches the target and wins the match.")
            return text + " " + follows % values
        return text + " " + _("Play goes on.")
    return (
        _(
            "A false closing: %(claimant)s has %(total)s, below the target of %(target)s. Nothing "
            "is recorded for this deal and %(claimant)s loses the match: %(winner)s wins."
        )
        % values
    )
