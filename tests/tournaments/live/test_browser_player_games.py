"""In chromium on a phone (360 px), in Russian and Ukrainian: a Preferans player's page and a
Deberc player's page each show their game's own statistics under the game's name, the rating
chart is drawn (grid, line, a point per rated match) with no console error under a decimal
comma, no column is cut; the leaderboard switches game with its select."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.browser import CHROMIUM_ARGS
from tournaments.standings.models import Rating

from .two_games import both, club, player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

__all__ = ["both", "club"]  # the fixtures

PHONE = {"width": 360, "height": 740}
WORDS = {
    "ru": {
        "preferans": ("Преферанс", "Игры по уровню", "мизеров поймано", "вистов взято"),
        "deberc": ("Деберц", "очков за сдачу", "Объявленные комбинации"),
        "deberc_not": "Игры по уровню",
        "preferans_not": "очков за сдачу",
    },
    "uk": {
        "preferans": ("Преферанс", "Ігри за рівнем", "мізерів спіймано", "вістів узято"),
        "deberc": ("Деберц", "очок за здачу", "Оголошені комбінації"),
        "deberc_not": "Ігри за рівнем",
        "preferans_not": "очок за здачу",
    },
}


def _no_overflow(page: Any, selector: str) -> None:
    """Everything of the table is on the screen: no column runs past the phone's width."""
    widths = page.eval_on_selector(
        selector,
        "t => [t.closest('.table-scroll').scrollWidth, t.closest('.table-scroll').clientWidth,"
        " Math.max(...[...t.querySelectorAll('th, td')].map(c => c.getBoundingClientRect().right)),"
        " document.documentElement.clientWidth]",
    )
    scroll, client, right, screen = widths
    assert scroll <= client + 1, widths
    assert right <= screen + 1, widths


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_each_players_page_shows_its_games_figures_and_chart_on_a_phone(
    live_server, chromium_path, both, club, language
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    words = WORDS[language]
    cases = [
        (player("Анна Вист", club), "preferans", "deberc"),
        (player("Тарас Коваль", club), "deberc", "preferans"),
    ]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        context = browser.new_context(locale=language, viewport=PHONE)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        for someone, game, other in cases:
            page.goto(f"{live_server.url}/players/{someone.pk}/")
            section = page.locator(f'[data-testid="game-{game}"]')
            expect(section).to_be_visible()
            expect(page.locator(f'[data-testid="game-{other}"]')).to_have_count(0)
            for text in words[game]:
                expect(section).to_contain_text(text)
            expect(page.locator("body")).not_to_contain_text(words[f"{game}_not"])
            # The chart: two grid lines, the line, a point per rated match, all inside it.
            chart = page.locator(f'[data-testid="rating-chart-{game}"]')
            expect(chart).to_be_visible()
            rated = Rating.objects.get(player=someone, game=game).matches
            expect(chart.locator("circle.dot")).to_have_count(rated)
            expect(chart.locator("line.grid")).to_have_count(2)
            box = chart.bounding_box()
            assert box and box["width"] > 300 and box["height"] > 50
            for dot in chart.locator("circle.dot").all():
                inside = dot.bounding_box()
                assert inside and box["x"] <= inside["x"] <= box["x"] + box["width"], inside
                assert box["y"] <= inside["y"] <= box["y"] + box["height"], inside
            line = chart.locator("polyline.line").bounding_box()
            assert line and line["width"] > 100
            # The result column is on the screen.
            _no_overflow(page, "table.player-matches")
            for cell in page.locator('[data-testid="match-score"]').all():
                cell_box = cell.bounding_box()
                assert cell_box and cell_box["x"] + cell_box["width"] <= PHONE["width"] + 1
        assert errors == []
        browser.close()


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_leaderboard_switches_game_and_fits_a_phone(
    live_server, chromium_path, both, club, language
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        context = browser.new_context(locale=language, viewport=PHONE)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{live_server.url}/leaderboard/")
        board = page.locator('[data-testid="leaderboard"]')
        expect(page.locator('[data-testid="leaderboard-game"]')).to_have_text("Деберц")
        expect(board).to_contain_text("Тарас Коваль")
        expect(board).not_to_contain_text("Анна Вист")
        _no_overflow(page, "table.leaderboard")
        # Choosing does not leave the page (WCAG 3.2.2: an arrow key on the select would);
        # the button shows Preferans' board, its players only.
        page.select_option('[data-testid="leaderboard-game-select"]', "preferans")
        page.focus('[data-testid="leaderboard-club-select"]')
        page.keyboard.press("ArrowDown")
        expect(page.locator('[data-testid="leaderboard-game"]')).to_have_text("Деберц")
        page.select_option('[data-testid="leaderboard-club-select"]', "")
        page.click('[data-testid="leaderboard-show"]')
        page.wait_for_url("**game=preferans**")
        expect(page.locator('[data-testid="leaderboard-game"]')).to_have_text("Преферанс")
        expect(board.locator("tbody tr")).to_have_count(3)
        expect(board).to_contain_text("Анна Вист")
        expect(board).not_to_contain_text("Тарас Коваль")
        _no_overflow(page, "table.leaderboard")
        # The club filter keeps the game.
        page.select_option('[data-testid="leaderboard-club-select"]', str(club.pk))
        page.click('[data-testid="leaderboard-show"]')
        page.wait_for_url(f"**club={club.pk}**")
        assert "game=preferans" in page.url
        expect(page.locator('[data-testid="leaderboard-game"]')).to_have_text("Преферанс")
        expect(board.locator("tbody tr")).to_have_count(3)
        assert errors == []
        browser.close()
