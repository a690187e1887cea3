"""Preferans as a game of the service: the `Game` the registry (`scoring.games`) keeps for it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _

from scoring.games.base import Game, ScorerPage, Tally

from . import engine
from .engine import contracts
from .engine import simulate as simulator
from .labels import CONVENTION_LABELS, RULESET_LABELS, VALUE_LABELS
from .page.errors import localise_error

__all__ = ["GAME", "Preferans"]


class Preferans(Game):
    key = "preferans"
    name = _("Preferans")
    record_format = engine.FORMAT
    result_format = engine.RESULT_FORMAT
    error_type = engine.PreferansError
    table_sizes = tuple(engine.TABLE_SIZES)
    default_ruleset = "sochi"
    presets = engine.PRESETS
    conventions = engine.CONVENTIONS
    ruleset_labels = RULESET_LABELS
    convention_labels = CONVENTION_LABELS
    value_labels = VALUE_LABELS
    pairs_at = frozenset()
    match_scores = {
        "places": _("Places at the table (2/1/0, with four 3/2/1/0)"),
        "balance": _("Whist balance"),
    }
    tiebreaks = ("balance", "places", "buchholz", "wins", "head_to_head", "sonneborn_berger")
    default_tiebreaks = ("balance", "buchholz", "wins", "head_to_head")
    score_path = ("settlement", "balance")
    scorer_page_path = "scoring.games.preferans.page.views"
    referee_parts = "referee.games.preferans"
    tournament_parts = "tournaments.games.preferans"

    def score(self, record: dict[str, Any]) -> dict[str, Any]:
        return engine.score_pulka(record)

    def check_conventions(self, ruleset: Any, overrides: Any, table_size: int) -> None:
        engine.resolve_conventions(ruleset, overrides)

    def canonical_deal(self, deal: dict[str, Any]) -> dict[str, Any]:
        """The contract as the engine names it (`"6nt"`, `"7♥"` → `"6NT"`, `"7H"`)."""
        contract = contracts.parse_contract(deal.get("contract"))
        if contract is None:
            return deal
        return {**deal, "contract": contract.name}

    def match_points(self, result: dict[str, Any], match_score: str) -> Mapping[str, float]:
        """`places`: points by place at the table (2/1/0, 3/2/1/0, ties sharing); `balance`:
        the pulka's whist balance [сальдо вистов] itself."""
        if match_score == "balance":
            balance = result["settlement"]["balance"]
            return {name: int(balance[name]) for name in result["players"]}
        return engine.match_points(result)

    def winner_points(self, *, loser_totals: list[int], target: int, match_score: str) -> float:
        """A tally always carries its points (`tally`): a win alone scores 1."""
        return 1

    def tally(self, result: dict[str, Any], ruleset: Any, overrides: Any) -> Tally:
        """Whist balances as the totals, the first place(s) as the winners, the match points of
        both scorings by seat."""
        names: list[str] = list(result["players"])
        balance = result["settlement"]["balance"]
        totals = [int(balance[name]) for name in names]
        best = max(totals)
        places = engine.match_points(result)
        return {
            "totals": totals,
            "winners": [name for name, total in zip(names, totals, strict=True) if total == best],
            "bytes": [0] * len(names),
            "sides": list(range(len(names))),
            "target": 0,
            "points": {"places": [places[name] for name in names], "balance": list(totals)},
        }

    def bye_points(self, match_score: str, ruleset: Any, overrides: Any, table_size: int) -> float:
        # A bye scores the average of the table: the middle place, or a zero balance.
        if match_score == "balance":
            return 0
        average = (table_size - 1) / 2
        return int(average) if average == int(average) else average

    def closes_on_time(self, ruleset: Any, overrides: Any) -> bool:
        try:
            return bool(engine.resolve_conventions(ruleset, overrides or {})["end"] == "closed")
        except engine.PreferansError:
            return False

    def winners(self, result: dict[str, Any]) -> list[str]:
        if not result.get("finished"):
            return []
        balance = (result.get("settlement") or {}).get("balance") or {}
        best = max(balance.values(), default=None)
        return [name for name in result.get("players", []) if balance.get(name) == best]

    def simulate(
        self, record: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A random legal pulka (the engine's simulator draws its own first dealer); a match
        that ends on time is closed after 12 to 30 deals."""
        closes = self.closes_on_time(record.get("ruleset"), record.get("conventions"))
        players = list(record["players"])
        # The engine's simulator draws the first dealer first: seat the table so that its
        # draw falls on the first dealer the table drew (fairly), then put the seats back; the
        # deals do not depend on which seat is "first", only on the clockwise order and the
        # dealer.
        probe = random.Random()
        probe.setstate(rng.getstate())
        drawn = probe.randrange(len(players))
        first = record.get("first_dealer")
        wanted = players.index(first) if first in players else 0
        shift = (wanted - drawn) % len(players)
        played = simulator.random_pulka(
            rng,
            players[shift:] + players[:shift],
            ruleset=record.get("ruleset") or "sochi",
            conventions=dict(record.get("conventions") or {}),
            max_deals=30 if closes else 200,
        )
        played["players"] = players
        if closes:
            played["deals"] = played["deals"][: rng.randint(12, 30)]
            played["closed"] = True
        return played, engine.score_pulka(played)

    def localise_error(self, problem: Mapping[str, Any], language: str) -> str:
        return localise_error(problem, language)


GAME = Preferans()

if TYPE_CHECKING:
    # mypy checks that the scorer page module gives what `ScorerPage` says.
    from .page import views as _page

    _SCORER_PAGE: ScorerPage = _page
