"""High card's registration: a `Game` (scoring.games.base) naming its page and its parts in
the referee and tournament apps by dotted path, as the product's games do."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from scoring.games.base import Game, Tally

from . import engine

# The messages a scorer reads, by code, in each language of the service.
MESSAGES: dict[str, dict[str, str]] = {
    "bad_points": {
        "ru": "Очки: целое число от 0 до 13.",
        "uk": "Очки: ціле число від 0 до 13.",
        "en": "Points: a whole number from 0 to 13.",
    },
    "missing_field": {
        "ru": "Это поле обязательно.",
        "uk": "Це поле обов'язкове.",
        "en": "This field is required.",
    },
    "unknown_field": {
        "ru": "Такого поля нет.",
        "uk": "Такого поля немає.",
        "en": "No such field.",
    },
    "bad_convention": {
        "ru": "Нет такой договорённости.",
        "uk": "Немає такої домовленості.",
        "en": "No such convention.",
    },
    "bad_table_size": {
        "ru": "За столом от 2 до 4 игроков.",
        "uk": "За столом від 2 до 4 гравців.",
        "en": "A table seats 2 to 4 players.",
    },
}


class HighCard(Game):
    key = "highcard"
    name = "High card"
    record_format = engine.RECORD_FORMAT
    result_format = engine.RESULT_FORMAT
    error_type = engine.HighCardError
    table_sizes = (2, 3, 4)
    default_ruleset = "short"
    presets = engine.PRESETS
    conventions = engine.CONVENTIONS
    convention_labels = {"target": "Target"}
    match_scores = {"win": "Win"}
    tiebreaks = ("game_points", "buchholz")
    default_tiebreaks = ("game_points",)
    score_path = ("totals",)
    scorer_page_path = "tests.games.toy.page"
    referee_parts = "tests.games.toy.referee"
    tournament_parts = "tests.games.toy.tournament"

    def score(self, record: dict[str, Any]) -> dict[str, Any]:
        return engine.score(record)

    def check_conventions(self, ruleset: Any, overrides: Any, table_size: int) -> None:
        engine.check_conventions(ruleset, overrides, table_size)

    def match_points(self, result: dict[str, Any], match_score: str) -> Mapping[str, float]:
        winners = self.winners(result)
        return {name: float(name in winners) for name in result["players"]}

    def tally(self, result: dict[str, Any], ruleset: Any, overrides: Any) -> Tally:
        names = result["players"]
        return {
            "totals": [result["totals"][name] for name in names],
            "winners": self.winners(result),
            "bytes": [0] * len(names),
            "sides": list(range(len(names))),
            "target": int(result["target"]),
        }

    def bye_points(self, match_score: str, ruleset: Any, overrides: Any, table_size: int) -> float:
        return 1

    def winners(self, result: dict[str, Any]) -> list[str]:
        return list(result.get("winners") or [])

    def simulate(
        self, record: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        played = {**record, "deals": []}
        result = engine.score(played)
        while not result["finished"]:
            played["deals"].append(
                {"points": {name: rng.randint(0, 13) for name in record["players"]}}
            )
            result = engine.score(played)
        return played, result

    def localise_error(self, problem: Mapping[str, Any], language: str) -> str:
        words = MESSAGES.get(str(problem.get("code")))
        if not words or language not in ("ru", "uk"):
            return str(problem.get("message", ""))
        return words[language]


GAME = HighCard()
