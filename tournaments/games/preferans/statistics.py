"""Preferans's player statistics [статистика игроков]: games declared [игры] by level and
outcome, misères [мизеры] made and caught, whists taken [висты], all-passes [распасы] (tricks
taken, all-passes without a trick), the whist balance [сальдо вистов] per pulka and round.

Every figure is read from the engine's result documents (`preferans-result/1`) and the
scoresheets' deals (the defenders' words, the tricks); nothing is scored here. The table, the
PDF lines and the player page are drawn by the shared code (`tournaments.reports.statistics`,
the player page's template) from what this module gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.games.base import Figure, FigureTable, PageFigures, shown_number
from tournaments.reports import charts
from tournaments.reports.data import MatchDeals

MADE = frozenset({"made", "not_played", "half_whist"})  # the declarer writes the price
NOT_WHISTED = frozenset({"not_played", "half_whist"})
LEVELS = ("6", "7", "8", "9", "10")
WHIST = "whist"


@dataclass
class PreferansStats:
    """One player's figures over the pulkas counted [статистика игрока]."""

    player: str
    club: str = ""
    pulkas: int = 0  # finished pulkas
    first_places: int = 0  # finished pulkas with the table's best balance (shared or not)
    balance: int = 0  # the sum of the finished pulkas' whist balances
    deals: int = 0  # deals at the table (every pulka, finished or not)
    games: int = 0  # games declared [игры]
    made: int = 0  # games the declarer wrote into the pool: made, or not whisted
    not_whisted: int = 0  # of those, not played: both passed, or a half-whist
    remises: int = 0  # games failed [ремиз]
    levels: dict[str, int] = field(default_factory=dict)  # games declared, by level
    made_levels: dict[str, int] = field(default_factory=dict)  # games made, by level
    misere_made: int = 0
    misere_failed: int = 0  # caught [пойман]
    whists: int = 0  # deals the player whisted as a defender [вистовал]
    whist_tricks: int = 0  # tricks taken in them
    allpass: int = 0  # all-passes played (not as a four-handed dealer)
    allpass_tricks: int = 0  # tricks taken in them
    allpass_zero: int = 0  # all-passes without a trick
    allpass_by_tricks: dict[int, int] = field(default_factory=dict)
    balance_by_round: dict[int, int] = field(default_factory=dict)  # finished pulkas

    @property
    def misere(self) -> int:
        return self.misere_made + self.misere_failed

    @property
    def balance_per_pulka(self) -> float:
        return self.balance / self.pulkas if self.pulkas else 0.0

    @property
    def allpass_tricks_per_deal(self) -> float:
        return self.allpass_tricks / self.allpass if self.allpass else 0.0


def _level(contract: Any) -> str:
    text = str(contract or "")
    return text[:-2] if text.endswith("NT") else text[:-1]


def _count(tricks: Mapping[str, Any], name: str) -> int:
    try:
        return int(tricks.get(name) or 0)
    except (TypeError, ValueError):
        return 0


def collect(
    matches: Iterable[MatchDeals], clubs: Mapping[str, str] | None = None
) -> dict[str, PreferansStats]:
    """Every player's figures over the given pulkas."""
    clubs = clubs or {}
    stats: dict[str, PreferansStats] = {}

    def of(name: str) -> PreferansStats:
        if name not in stats:
            stats[name] = PreferansStats(player=name, club=clubs.get(name, ""))
        return stats[name]

    for match in matches:
        result = match.result or {}
        names = list(result.get("players") or match.players)
        for name in names:
            of(name)
        if result.get("finished"):
            balance = (result.get("settlement") or {}).get("balance") or {}
            best = max((int(balance.get(n, 0)) for n in names), default=0)
            for name in names:
                player = of(name)
                value = int(balance.get(name, 0))
                player.pulkas += 1
                player.first_places += value == best
                player.balance += value
                player.balance_by_round[match.round_number] = (
                    player.balance_by_round.get(match.round_number, 0) + value
                )
        for index, scored in enumerate(result.get("deals") or []):
            record = match.records[index] if index < len(match.records) else {}
            tricks = record.get("tricks") or {}
            for name in names:
                of(name).deals += 1
            outcome = scored.get("outcome")
            declarer = scored.get("declarer")
            if scored.get("kind") == "game" and declarer in names:
                player = of(declarer)
                player.games += 1
                level = _level(scored.get("contract"))
                player.levels[level] = player.levels.get(level, 0) + 1
                if outcome in MADE:
                    player.made += 1
                    player.made_levels[level] = player.made_levels.get(level, 0) + 1
                    player.not_whisted += outcome in NOT_WHISTED
                elif outcome == "remise":
                    player.remises += 1
                words = record.get("whist") or {}
                if isinstance(words, Mapping) and outcome not in NOT_WHISTED:
                    for name, word in words.items():
                        if word == WHIST and name in names and name != declarer:
                            defender = of(name)
                            defender.whists += 1
                            defender.whist_tricks += _count(tricks, name)
            elif outcome == "misere_made" and declarer in names:
                of(declarer).misere_made += 1
            elif outcome == "misere_failed" and declarer in names:
                of(declarer).misere_failed += 1
            elif outcome == "allpass":
                sitting_out = scored.get("dealer") if len(names) == 4 else None
                for name in names:
                    if name == sitting_out or name not in tricks:
                        continue
                    taken = _count(tricks, name)
                    player = of(name)
                    player.allpass += 1
                    player.allpass_tricks += taken
                    player.allpass_zero += taken == 0
                    player.allpass_by_tricks[taken] = player.allpass_by_tricks.get(taken, 0) + 1
    return stats


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _outcome_items(s: PreferansStats) -> list[tuple[str, float]]:
    return [
        (_("made"), float(s.made - s.not_whisted)),
        (_("not whisted"), float(s.not_whisted)),
        (_("remise"), float(s.remises)),
        (_("misère made"), float(s.misere_made)),
        (_("misère failed"), float(s.misere_failed)),
    ]


def _level_items(s: PreferansStats) -> list[tuple[str, float]]:
    return [(level, float(s.levels.get(level, 0))) for level in LEVELS] + [
        (_("misère"), float(s.misere))
    ]


def _allpass_items(s: PreferansStats) -> list[tuple[str, float]]:
    if not s.allpass_by_tricks:
        return []
    most = max(s.allpass_by_tricks)
    return [(str(k), float(s.allpass_by_tricks.get(k, 0))) for k in range(most + 1)]


def _rounds(stats: Iterable[PreferansStats]) -> list[int]:
    return sorted({r for s in stats for r in s.balance_by_round})


SUMMED = (
    "pulkas",
    "deals",
    "games",
    "made",
    "not_whisted",
    "remises",
    "misere_made",
    "misere_failed",
    "whists",
    "whist_tricks",
    "allpass",
    "allpass_tricks",
    "allpass_zero",
)


# --- what the shared table, report and player page ask (tournaments.games.base.Statistics)


def empty(player: str) -> PreferansStats:
    return PreferansStats(player=player)


def totals(players: list[PreferansStats]) -> PreferansStats:
    totals = PreferansStats(player="")
    for s in players:
        for name in SUMMED:
            setattr(totals, name, getattr(totals, name) + getattr(s, name))
        for level, count in s.levels.items():
            totals.levels[level] = totals.levels.get(level, 0) + count
        for level, count in s.made_levels.items():
            totals.made_levels[level] = totals.made_levels.get(level, 0) + count
        for taken, count in s.allpass_by_tricks.items():
            totals.allpass_by_tricks[taken] = totals.allpass_by_tricks.get(taken, 0) + count
    return totals


def order(figures: PreferansStats) -> tuple[object, ...]:
    return (-figures.balance, figures.player)


def headings() -> list[tuple[str, str]]:
    return [
        (_("P"), _("pulkas finished")),
        (_("1st"), _("first places")),
        (_("Bal"), _("whist balance")),
        (_("Bal/P"), _("whist balance per pulka")),
        (_("D"), _("deals")),
        (_("G"), _("games declared")),
        (_("Made"), _("games made (not whisted included)")),
        (_("NW"), _("games not whisted")),
        (_("Rem"), _("remises")),
        (_("M+"), _("misères made")),
        (_("M−"), _("misères failed")),
        (_("Wh"), _("whists taken")),
        (_("AP"), _("all-passes played")),
        (_("APt"), _("tricks taken in all-passes")),
        (_("AP0"), _("all-passes without a trick")),
    ]


def row(figures: PreferansStats) -> list[str]:
    s = figures
    return [
        str(s.pulkas),
        str(s.first_places),
        _signed(s.balance),
        f"{s.balance_per_pulka:+.1f}" if s.pulkas else "—",
        str(s.deals),
        str(s.games),
        str(s.made),
        str(s.not_whisted),
        str(s.remises),
        str(s.misere_made),
        str(s.misere_failed),
        str(s.whists),
        str(s.allpass),
        str(s.allpass_tricks),
        str(s.allpass_zero),
    ]


def kpis(figures: PreferansStats) -> list[Figure]:
    s = figures
    return [
        Figure(_("whist balance"), _signed(s.balance)),
        Figure(_("first places"), f"{s.first_places} / {s.pulkas}"),
        Figure(_("games made"), f"{s.made} / {s.games}"),
        Figure(_("misères made"), f"{s.misere_made} / {s.misere}"),
        Figure(_("all-passes without a trick"), f"{s.allpass_zero} / {s.allpass}"),
    ]


def note() -> str:
    return _(
        "Balances and first places count the finished pulkas; games, misères and "
        "all-passes every deal scored. A game not whisted is written into the declarer's "
        "pool as made. With four at the table the dealer's all-passes are not counted."
    )


def player_charts(
    me: PreferansStats, stats: Mapping[str, PreferansStats], totals: PreferansStats
) -> list[str]:
    rounds = _rounds(stats.values())
    return [
        charts.signed_column_chart(
            [(str(r), float(me.balance_by_round.get(r, 0))) for r in rounds],
            title=_("Whist balance, by round"),
            empty=_("No pulka finished yet"),
        ),
        charts.column_chart(
            _outcome_items(me) if me.games or me.misere else [],
            title=_("Games and misères declared, by outcome"),
            empty=_("No game declared"),
            label_chars=18,
        ),
        charts.column_chart(
            _allpass_items(me),
            title=_("All-passes, by tricks taken"),
            empty=_("No all-pass played"),
        ),
    ]


def tournament_charts(
    players: list[PreferansStats],
    stats: Mapping[str, PreferansStats],
    totals: PreferansStats,
) -> list[str]:
    return [
        charts.signed_bar_chart(
            [(s.player, float(s.balance)) for s in players[:20] if s.pulkas],
            title=_("Whist balance: the top 20"),
            empty=_("No pulka finished yet"),
        ),
        charts.column_chart(
            _outcome_items(totals) if totals.games or totals.misere else [],
            title=_("Games and misères declared, by outcome"),
            empty=_("No game declared"),
            label_chars=18,
        ),
        charts.column_chart(
            _level_items(totals) if totals.games or totals.misere else [],
            title=_("Games declared, by level"),
            empty=_("No game declared"),
        ),
        charts.column_chart(
            _allpass_items(totals),
            title=_("All-passes, by tricks a player took"),
            empty=_("No all-pass played"),
        ),
    ]


def page(figures: PreferansStats) -> PageFigures:
    s = figures
    return PageFigures(
        figures=[
            Figure(
                _("average whist balance per pulka"),
                shown_number(s.balance_per_pulka, signed=True) if s.pulkas else "–",
            ),
            Figure(_("misères made"), str(s.misere_made)),
            Figure(_("misères caught"), str(s.misere_failed)),
            Figure(_("whists taken"), str(s.whists)),
            Figure(
                _("all-pass tricks (%(n)s all-passes)") % {"n": s.allpass},
                str(s.allpass_tricks),
            ),
        ],
        tables=[
            FigureTable(
                title=_("Contracts by level"),
                headings=[
                    _("level"),
                    pgettext("contracts", "declared"),
                    pgettext("contracts", "made"),
                ],
                rows=[
                    [level, str(s.levels.get(level, 0)), str(s.made_levels.get(level, 0))]
                    for level in LEVELS
                ],
            )
        ],
        note=_("A game not whisted counts as made."),
    )
