"""The kinds of violation a game names for its rulings [виды нарушений]: plain data, below both
the shared referee forms and the typed door of `referee.games.base` (which re-exports them).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise

Label = str | Promise


@dataclass(frozen=True)
class ViolationKind:
    """One violation a referee may rule on a deal of this game [нарушение].

    `articles`: what a ruling cites when the referee names none (the rule and its penalty).
    `counted`: the ruling says how many times it happened (Preferans' renonces: each costs
    its own penalty). `takes_trick`: under some conventions the violation moves a trick to an
    opponent, whom the ruling names (Deberc's renonce under `renonce_penalty: take_trick`).
    """

    key: str
    label: Label
    articles: tuple[str, ...]
    counted: bool = False
    takes_trick: bool = False
    # The ruling names one of the violator's declared combinations (Deberc's `late_senior`,
    # a senior combination announced after a junior one: it is not counted).
    names_combination: bool = False
