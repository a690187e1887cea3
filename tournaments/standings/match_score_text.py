"""How a tournament's match points are counted, in words (issue 19, item 3): the one text the
standings page and the reports (PDF, XLSX, CSV) show, in the user's language, for every match
scoring (`Tournament.MatchScore`), the compressed balance with the organiser's own bands.
The rules themselves are `tournaments.standings.match_scores` and the games' scorings.
"""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournaments.standings.match_scores import (
    NEEDS_BANDS,
    Band,
    compressed_balance,
    params_of,
)


def _number(value: float) -> str:
    """A band's figure as people write it: 200, 0.1 (the language's decimal sign)."""
    if float(value).is_integer():
        return str(int(value))
    return str(number_format(round(value, 4), use_l10n=True)).rstrip("0")


def bands_words(bands: tuple[Band, ...]) -> str:
    """The bands in words: "up to 200 × 1; from 200 to 650 × 0.1; above 650 × 0"."""
    out: list[str] = []
    lower = 0.0
    for band in bands:
        factor = _number(band.factor)
        if band.up_to is None:
            if lower:
                out.append(
                    _("above %(from)s × %(factor)s") % {"from": _number(lower), "factor": factor}
                )
            else:
                out.append(_("all of it × %(factor)s") % {"factor": factor})
            break
        if lower:
            out.append(
                _("from %(from)s to %(to)s × %(factor)s")
                % {"from": _number(lower), "to": _number(band.up_to), "factor": factor}
            )
        else:
            out.append(
                _("up to %(to)s × %(factor)s") % {"to": _number(band.up_to), "factor": factor}
            )
        lower = band.up_to
    return "; ".join(out)


def _compressed_lines(tournament: Any) -> list[str]:
    bands = params_of(tournament.match_score_bands).bands
    if not bands:
        return [_("Match points: the table's balance compressed by bands (none given yet).")]
    example = (bands[0].up_to or 100) * 1.5
    return [
        _(
            "Match points: each table's balance compressed by the organiser's bands, a loss "
            "as a win (the sign kept): %(bands)s. E.g. +%(x)s counts %(y)s, −%(x)s counts "
            "−%(y)s."
        )
        % {
            "bands": bands_words(bands),
            "x": _number(example),
            "y": _number(round(compressed_balance(example, bands), 2)),
        },
        _("A bye scores a zero balance."),
    ]


def points_counted(tournament: Any) -> list[str]:
    """The sentences saying how the tournament's match points are counted, and a bye."""
    scoring = tournament.match_score
    if scoring in NEEDS_BANDS:
        return _compressed_lines(tournament)
    middle = _("A bye scores the middle place (the table's average).")
    if scoring == "places_per_size":
        return [
            _(
                "Match points by place, the same at any table size: place p at a table of n "
                "players scores (n − p) / (n − 1), so 1st 1 and last 0 (at three 1, ½, 0; at "
                "four 1, ⅔, ⅓, 0); tied players share the places' points."
            ),
            middle,
        ]
    if scoring == "places_by_sign":
        return [
            _(
                "Match points by place and sign (league): 1st 3, or 4 when the only player in "
                "plus; 2nd 2 in plus, else 1; last 0. At four: 1st 4 or 5, 2nd 3 or 2, 3rd 2 "
                "or 1, 4th 0."
            ),
            _(
                "The reading at four: the first n points (n + 1 when the only player in plus), "
                "a middle place p n − p + 1 in plus, else n − p, the last 0."
            ),
            middle,
        ]
    if scoring == "places":
        return [
            _(
                "Match points by place at the table from the pulka's whist balances: 2, 1, 0 "
                "at three, 3, 2, 1, 0 at four; tied players share the places' points."
            ),
            middle,
        ]
    if scoring == "balance":
        return [
            _("Match points: the whist balance of each pulka."),
            _("A bye scores a zero balance."),
        ]
    if scoring == "difference":
        return [
            _(
                "Match points: the winner scores the target minus each beaten opponent's "
                "total (nothing for an opponent at or above the target)."
            ),
            _("A bye scores a win's match points."),
        ]
    return [_("Match points: 1 for each match won."), _("A bye scores a win's match points.")]


def points_counted_text(tournament: Any) -> str:
    """`points_counted` as one line (a report's row)."""
    return " ".join(points_counted(tournament))
