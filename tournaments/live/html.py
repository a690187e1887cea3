"""The live pages' most repeated HTML, made in Python: a table card, a standings row and a
leaderboard row.

A round's page shows up to 100 table cards and a standings page 100 rows, and between two
polls of a busy round most of them have changed, so each poll renders them again. Through
Django's template engine that was 60 % of a round poll's CPU and most of a standings page's
(bench/hotpath.py; a card 0.15 ms, a row 0.1 ms); here a card or a row is one string format,
about ten times cheaper. The markup is what the templates made, byte for byte; every value is
escaped and localized as `{{ value }}` does it. The pages around them stay templates.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.template.defaultfilters import floatformat
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


def text(value: Any) -> str:
    """A value as `{{ value }}` shows it: localized (a decimal comma in Russian and
    Ukrainian), then escaped."""
    if type(value) is int:  # the common case, and localizing it changes nothing
        return str(value)
    if not isinstance(value, str):
        value = localize(value)
    return str(conditional_escape(value))


def or_dash(value: Any) -> str:
    """`{{ value|default_if_none:"–" }}`."""
    return "–" if value is None else text(value)


def table_card_html(table: Mapping[str, Any]) -> SafeString:
    """A table of a round as the live pages show it: its number, how far it is (a deal waiting
    for an opponent's confirmation marked), its players clockwise with their running score,
    who deals next and the hanging pools. `table` is a row of `live.selectors.round_tables` with
    its links and labels (`live.views._with_links`); in a tournament of pairs or teams each
    seat's `team` names the player's.
    """
    finished = table["finished"]
    if finished:
        badge = f'<span class="badge ok">{text(_("finished"))}</span>'
    elif table["deals"]:
        badge = f'<span class="badge">{text(table["deals_label"])}</span>'
    else:
        badge = f'<span class="badge">{text(_("not started"))}</span>'
    if table.get("pending") and not finished:
        badge += (
            f' <span class="badge pending" data-testid="pending-deal">'
            f"{text(table['pending_label'])}</span>"
        )
    first_dealer = ""
    if not table["deals"]:
        first_dealer = (
            f' <span class="muted" title="{text(_("first dealer, drawn by lot"))}">🂠</span>'
        )
    # A long name (or pair or team name) is cut with an ellipsis inside its card, whole in
    # its title: it never pushes the score out of the card (static/css/live.css).
    seats = "".join(
        f'\n      <li class="{"winner" if seat["winner"] else ""}"><span class="who">'
        f'<span class="name"><a href="{text(seat["url"])}" title="{text(seat["name"])}">'
        f"{text(seat['name'])}</a>"
        f"{first_dealer if seat['first_dealer'] else ''}</span>"
        f"{_team_html(seat.get('team'))}</span>\n"
        f'        <span class="total num" data-player="{text(seat["id"])}">'
        f"{text(seat['total'])}</span></li>\n      "
        for seat in table["players"]
    )
    next_dealer = ""
    if not finished and table["next_dealer"]:
        hanging = ""
        if table["hanging"]:
            hanging = f' · <span class="badge hanging">{text(table["hanging_label"])}</span>'
        next_dealer = f'<p class="muted small">{text(table["next_label"])}{hanging}</p>'
    return mark_safe(
        f'  <article class="live-table{" done" if finished else ""}" '
        f'data-table="{text(table["number"])}">\n'
        f'    <header><a href="{text(table["url"])}"><strong>{text(table["label"])}</strong></a>\n'
        f"      {badge}\n"
        "    </header>\n"
        f'    <ol class="seats">\n      {seats}\n    </ol>\n'
        f"    {next_dealer}\n"
        "  </article>\n"
    )


def _team_html(team: Any) -> str:
    """A seat's pair or team under the player's name (a tournament of pairs or teams)."""
    if not team:
        return ""
    return f'<span class="team-name" title="{text(team)}">{text(team)}</span>'


def standings_rows_html(
    rows: Sequence[Mapping[str, Any]],
    *,
    tail: Sequence[Mapping[str, Any]],
    columns: Sequence[Mapping[str, Any]],
    stage: Mapping[str, Any] | None,
    final_column: bool = False,
) -> SafeString:
    """The standings table's body: a row per player (rank, name and team, match points, the
    tiebreaks, the `tail` figures, a finalist's points at the final table when
    `final_column`, the qualification rank once a stage is made), or a line saying there are
    no results yet."""
    if not rows:
        span = len(columns) + len(tail) + 3 + int(final_column)
        empty = text(_("No results yet."))
        return mark_safe(f'\n    <tr><td colspan="{span}" class="muted">{empty}</td></tr>\n  ')
    made = bool(stage and stage.get("made"))
    group = ""
    continuing = 0
    if made and stage is not None:
        kind = "final" if stage.get("final") else "cut"
        group = f' class="stage-group" data-stage="{kind}"'
        continuing = stage.get("continuing") or 0
    tail_names = [column["name"] for column in tail]
    out = []
    for row in rows:
        team = row.get("team")
        team_html = (
            f' <span class="muted team-name" title="{text(team)}">· {text(team)}</span>'
            if team
            else ""
        )
        cells = "".join(
            f'<td class="num">{or_dash(value)}</td>' for value in row["tiebreaks"].values()
        )
        figures = "".join(f'<td class="num">{text(row.get(name))}</td>' for name in tail_names)
        final = (
            f'<td class="num final-points">{or_dash(row.get("final_points"))}</td>'
            if final_column
            else ""
        )
        qualification = (
            f'<td class="num qualification">{or_dash(row.get("qualification_rank"))}</td>'
            if made
            else ""
        )
        out.append(
            f'\n    <tr data-player="{text(row["player_id"])}"'
            f"{group if made and row['rank'] <= continuing else ''}>"
            f'<td class="num rank{" shared" if row.get("shared") else ""}">'
            f"{text(row['rank_label'])}</td>\n"
            f'      <td class="who"><a href="{text(row["url"])}" title="{text(row["player"])}">'
            f"{text(row['player'])}</a>"
            f"{team_html}</td>\n"
            f'      <td class="num mp">{text(row["match_points"])}</td>\n'
            f"      {cells}\n"
            f"      {figures}\n"
            f"      {final}{qualification}</tr>\n  "
        )
    return mark_safe("".join(out))


def leaderboard_rows_html(rows: Sequence[Mapping[str, Any]], *, club: Any = None) -> SafeString:
    """The leaderboard's body: a row per player (rank, name with their club unless the page
    shows one club, rating to a tenth, matches), or a line saying there are none. `rows` are
    `live.leaderboard.leaderboard_rows` with their links (`live.views._with_links`); up to 200
    of them, each once a template loop with a tag, a filter and seven values."""
    if not rows:
        empty = text(_("No rated matches yet."))
        return mark_safe(f'<tr><td colspan="4" class="muted">{empty}</td></tr>')
    out = []
    for row in rows:
        club_html = "" if club else f'<span class="muted small sub">{text(row["club"])}</span>'
        out.append(
            f'\n      <tr data-player="{text(row["player_id"])}">'
            f'<td class="num">{text(row["rank"])}</td><td class="who">'
            f'<a href="{text(row["url"])}">{text(row["player"])}</a>'
            f'{club_html}</td><td class="num">{text(floatformat(row["rating"], 1))}</td>'
            f'<td class="num">{text(row["matches"])}</td></tr>\n    '
        )
    return mark_safe("".join(out))


class CardMemo:
    """Rendered table cards kept in this process, the least recently used dropped first.

    A card's key names its match's version and its tournament's roster counter, so a kept
    card is never stale: a change makes a new key. The cards were kept in Redis before, but a
    round page storing and reading 100 of them cost more CPU (a command each, packed and
    parsed) than rendering them here; in this process a card costs a dict lookup. Each web
    process renders a card once per version; the memory is bounded (about 600 bytes a card)."""

    def __init__(self, max_cards: int) -> None:
        self.max_cards = max_cards
        self._cards: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def get_many(self, keys: Iterable[str]) -> dict[str, str]:
        found = {}
        with self._lock:
            for key in keys:
                card = self._cards.get(key)
                if card is not None:
                    self._cards.move_to_end(key)
                    found[key] = card
        return found

    def set_many(self, cards: Mapping[str, str]) -> None:
        with self._lock:
            self._cards.update(cards)
            while len(self._cards) > self.max_cards:
                self._cards.popitem(last=False)

    def clear(self) -> None:
        """Forget every card (the tests' fresh start: a rolled-back test database gives its
        ids out again)."""
        with self._lock:
            self._cards.clear()

    def __len__(self) -> int:
        return len(self._cards)


# A 2,000-player round has 500 to 1,000 tables; three languages, a few versions each.
table_cards_kept = CardMemo(max_cards=20_000)
