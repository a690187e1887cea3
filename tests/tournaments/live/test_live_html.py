"""The live pages' cards and standings rows made in Python (tournaments.live.html): what a
spectator reads, in their language, with every name escaped."""

from __future__ import annotations

from typing import Any

from django.utils import translation

from tournaments.live.html import CardMemo, standings_rows_html, table_card_html


def table(**changes: Any) -> dict[str, Any]:
    seats = [
        {
            "id": 11,
            "name": "Оксана <b>",
            "url": "/p/11/",
            "total": "120",
            "winner": False,
            "first_dealer": True,
        },
        {
            "id": 12,
            "name": "Ігор",
            "url": "/p/12/",
            "total": 7.5,
            "winner": False,
            "first_dealer": False,
        },
    ]
    return {
        "number": 3,
        "url": "/m/5/",
        "label": "Стіл 3",
        "finished": False,
        "deals": 4,
        "deals_label": "4 роздачі",
        "next_dealer": "Ігор",
        "next_label": "Ігор роздає наступним",
        "hanging": 0,
        "hanging_label": "",
        "players": seats,
        **changes,
    }


def test_a_card_escapes_names_and_shows_a_decimal_comma_in_ukrainian() -> None:
    with translation.override("uk"):
        html = table_card_html(table())
    assert "Оксана &lt;b&gt;" in html and "<b>" not in html
    assert '<span class="total num" data-player="12">7,5</span>' in html
    assert '<span class="badge">4 роздачі</span>' in html
    assert "Ігор роздає наступним" in html
    # The first dealer is marked only before the first deal.
    assert "🂠" not in html


def test_a_card_before_the_first_deal_marks_the_first_dealer() -> None:
    with translation.override("ru"):
        html = table_card_html(table(deals=0, next_dealer=None))
    assert html.count("🂠") == 1
    assert '<span class="badge">не начата</span>' in html
    assert "muted small" not in html


def test_a_finished_card_says_so_and_names_no_next_dealer() -> None:
    html = table_card_html(table(finished=True))
    assert 'class="live-table done"' in html
    assert "badge ok" in html
    assert "deals next" not in html and "роздає" not in html


def test_a_card_shows_the_hanging_pools() -> None:
    html = table_card_html(table(hanging=40, hanging_label="висить 40"))
    assert '<span class="badge hanging">висить 40</span>' in html


def row(rank: int, player_id: int, **changes: Any) -> dict[str, Any]:
    return {
        "rank": rank,
        "rank_label": str(rank),
        "shared": False,
        "player": f"Гравець {player_id}",
        "player_id": player_id,
        "url": f"/p/{player_id}/",
        "team": None,
        "match_points": 2.5,
        "tiebreaks": {"buchholz": 4.0, "wins": None},
        "played": 3,
        "won": 1,
        "qualification_rank": 2,
        **changes,
    }


PLAYED = [{"name": "played"}]
COLUMNS = [{"name": "buchholz"}, {"name": "wins"}]


def test_rows_show_the_figures_localized_with_a_dash_for_none() -> None:
    with translation.override("ru"):
        html = standings_rows_html(
            [row(1, 7, team="Сокіл & Ко")], tail=PLAYED, columns=COLUMNS, stage=None
        )
    assert '<tr data-player="7">' in html
    assert '<td class="num mp">2,5</td>' in html
    assert '<td class="num">4,0</td><td class="num">–</td>' in html
    assert '<td class="num">3</td>' in html
    assert "· Сокіл &amp; Ко" in html
    assert "qualification" not in html


def test_a_made_stage_marks_its_group_and_shows_the_qualification_rank() -> None:
    stage = {"made": True, "final": True, "continuing": 1}
    html = standings_rows_html(
        [row(1, 7), row(2, 8, shared=True)], tail=PLAYED, columns=COLUMNS, stage=stage
    )
    first, second = html.split("</tr>")[:2]
    assert 'class="stage-group" data-stage="final"' in first
    assert "stage-group" not in second
    assert 'class="num rank shared"' in second
    assert '<td class="num qualification">2</td>' in first


def test_no_rows_say_there_are_no_results_across_every_column() -> None:
    with translation.override("en"):
        html = standings_rows_html([], tail=PLAYED, columns=COLUMNS, stage=None)
    assert 'colspan="6"' in html and "No results yet." in html


def test_the_memo_keeps_the_most_recently_used_cards_within_its_bound() -> None:
    memo = CardMemo(max_cards=2)
    memo.set_many({"a": "A", "b": "B"})
    assert memo.get_many(["a"]) == {"a": "A"}  # "a" is now the most recent
    memo.set_many({"c": "C"})
    assert memo.get_many(["a", "b", "c"]) == {"a": "A", "c": "C"}
    assert len(memo) == 2
