"""Deberc as a game of the service: the `Game` the registry (`scoring.games`) keeps for it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _

from scoring.games.base import Game, ScorerPage, Tally

from . import simulation
from .engine import cards, match
from .engine.conventions import CONVENTIONS, PRESETS, resolve_conventions
from .engine.errors import ScoresheetError
from .labels import CONVENTION_LABELS, RULESET_LABELS, VALUE_LABELS
from .page.errors import localise_error

__all__ = ["GAME", "Deberc"]


def _target(ruleset: Any, overrides: Any, players: int) -> int:
    return resolve_conventions(ruleset, overrides or {}, players).target


def _in_pairs(ruleset: Any, overrides: Any, players: int) -> bool:
    """Four players in two pairs, unless the table plays each for themselves (`pairs: no`,
    rules §2); settings the engine refuses count as the presets' pairs."""
    if players != 4:
        return False
    try:
        return resolve_conventions(ruleset, overrides or {}, players).pairs
    except ScoresheetError:
        return True


class Deberc(Game):
    key = "deberc"
    name = _("Deberc")
    record_format = match.FORMAT
    result_format = match.RESULT_FORMAT
    error_type = ScoresheetError
    table_sizes = (2, 3, 4)
    default_ruleset = "moscow"
    presets = PRESETS
    conventions = CONVENTIONS
    ruleset_labels = RULESET_LABELS
    convention_labels = CONVENTION_LABELS
    value_labels = VALUE_LABELS
    pairs_at = frozenset({4})
    match_scores = {
        "win": _("Win (1 point per match)"),
        "difference": _("Difference (target minus loser's total)"),
    }
    tiebreaks = (
        "game_points",
        "points_difference",
        "buchholz",
        "sonneborn_berger",
        "head_to_head",
        "wins",
        "fewer_bytes",
    )
    default_tiebreaks = ("game_points", "points_difference", "buchholz", "wins")
    score_path = ("match",)
    scorer_page_path = "scoring.games.deberc.page.views"
    referee_parts = "referee.games.deberc"
    tournament_parts = "tournaments.games.deberc"

    def plays_in_pairs(self, table_size: int, ruleset: Any = None, overrides: Any = None) -> bool:
        return table_size in self.pairs_at and _in_pairs(
            ruleset or self.default_ruleset, overrides, table_size
        )

    def score(self, record: dict[str, Any]) -> dict[str, Any]:
        return match.score_match(record)

    def check_conventions(self, ruleset: Any, overrides: Any, table_size: int) -> None:
        resolve_conventions(ruleset, overrides, table_size)

    def canonical_deal(self, deal: dict[str, Any]) -> dict[str, Any]:
        """The trump as its letter (`"h"`, `"♥"` → `"H"`)."""
        suit = cards.parse_suit(deal.get("trump"))
        if suit is None:
            return deal
        return {**deal, "trump": cards.SUIT_LETTERS[suit]}

    def match_points(self, result: dict[str, Any], match_score: str) -> Mapping[str, float]:
        conv = resolve_conventions(
            result.get("ruleset"),
            {**(result.get("conventions") or {}), "match_score": match_score},
            len(result["players"]),
        )
        return match.match_points(result, conv)

    def winner_points(self, *, loser_totals: list[int], target: int, match_score: str) -> float:
        """The winner rule [очки за победу] (rules §7: the winner scores 1, with `difference`
        also the target minus each beaten side's total)."""
        return match.winner_match_points(
            loser_totals=loser_totals, target=target, match_score=match_score
        )

    def tally(self, result: dict[str, Any], ruleset: Any, overrides: Any) -> Tally:
        """Match totals, the winner(s), bytes made as declarer (card bytes included), and the
        sides (pairs at four): the match points follow the winner rule (`winner_points`)."""
        names: list[str] = list(result["players"])
        index = {name: i for i, name in enumerate(names)}
        byte_counts = [0] * len(names)
        pairs = _in_pairs(ruleset, overrides, len(names))
        for deal in result.get("deals", []):
            outcome = deal.get("outcome")
            if outcome == "byte" and deal.get("declarer") in index:
                byte_counts[index[deal["declarer"]]] += 1
            elif outcome == "card_byte":
                # The violator records 0 while the others share the whole deal.
                recorded = deal.get("recorded", {})
                zeros = [n for n in names if recorded.get(n, 0) <= 0]
                if len(zeros) == 1 or (pairs and len(zeros) == 2):
                    for name in zeros[:1]:
                        byte_counts[index[name]] += 1
        return {
            "totals": [int(result.get("match", {}).get(name, 0)) for name in names],
            "winners": [name for name in self.winners(result) if name in index],
            "bytes": byte_counts,
            "sides": self.seat_sides(len(names), ruleset, overrides),
            "target": _target(ruleset, overrides, len(names)),
        }

    def bye_points(self, match_score: str, ruleset: Any, overrides: Any, table_size: int) -> float:
        # A bye scores a win: 1, or with `difference` half the target (of two players at pairs).
        target = _target(ruleset, overrides, 2 if table_size == 4 else max(table_size, 2))
        return target // 2 if match_score == "difference" else 1

    def winners(self, result: dict[str, Any]) -> list[str]:
        winner = result.get("winner")
        return list(winner) if isinstance(winner, list) else ([winner] if winner else [])

    def simulate(
        self, record: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        # Believable Deberc deals, dealt from a deck and played (`simulation`).
        deals, result = simulation.play_match(record, rng)
        return {**record, "deals": deals}, result

    def localise_error(self, problem: Mapping[str, Any], language: str) -> str:
        return localise_error(problem, language)


GAME = Deberc()

if TYPE_CHECKING:
    # mypy checks that the scorer page module gives what `ScorerPage` says.
    from .page import views as _page

    _SCORER_PAGE: ScorerPage = _page
