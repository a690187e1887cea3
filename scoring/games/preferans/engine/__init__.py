"""The Preferans [преферанс] rules engine: pure Python, no Django (docs/preferans.md).

- `errors`: the problems of a record and `PreferansError`;
- `conventions`: table conventions and the presets sochi, leningrad, rostov, classic,
  skachki;
- `contracts`: reading contracts, prices [цена игры] and obligations;
- `deal`: scoring one deal into pool [пуля], mountain [гора] and whists [висты];
- `sheet`: the running sheet, the pool target with help [помощь], the settlement [расчёт];
- `reader`: reading and checking a deal of a record;
- `pulka`: the pulka, `score_pulka(record) -> result`, and `score_pulka_with_ledgers(record)`
  with each deal's ledger of writes (`Write`, reasons `R_*` in `deal`), and
  `carried_bomb(result)`, the bomb level the next deal is played at;
- `places`: match points by place at the table;
- `simulate`: random legal pulkas for tests, benchmarks and demos.
"""

from .conventions import CONVENTIONS, PRESETS, resolve_conventions
from .deal import Write
from .errors import PreferansError, Problem
from .places import match_points
from .pulka import (
    FORMAT,
    RESULT_FORMAT,
    TABLE_SIZES,
    carried_bomb,
    empty_result,
    score_pulka,
    score_pulka_with_ledgers,
)
from .sheet import PairWhists, Settlement, settlement_explained

__all__ = [
    "CONVENTIONS",
    "FORMAT",
    "PRESETS",
    "RESULT_FORMAT",
    "TABLE_SIZES",
    "PairWhists",
    "PreferansError",
    "Problem",
    "Settlement",
    "Write",
    "carried_bomb",
    "empty_result",
    "match_points",
    "resolve_conventions",
    "score_pulka",
    "score_pulka_with_ledgers",
    "settlement_explained",
]
