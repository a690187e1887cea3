"""The Deberc rules engine: pure Python, no Django (rules: docs/deberc-rules.md).

- `cards`: cards, notation, points and trick order;
- `conventions`: table conventions and the four presets;
- `combinations`: combination notation, checks and seniority;
- `play`: trick play, legal cards, reading a deal card by card;
- `feasibility`: can the deck give these card points (`impossible_points`);
- `deal`: scoring one deal (made, byte, hanging byte, pools, card byte, penalties);
- `reader`: reading and checking one deal of a record (`DealReader`);
- `match`: the match, `score_match(record) -> result`.
"""

from .errors import Problem, ScoresheetError
from .match import score_match

__all__ = ["Problem", "ScoresheetError", "score_match"]
