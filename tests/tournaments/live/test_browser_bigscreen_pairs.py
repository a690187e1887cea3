"""In a browser, on a phone (390 px) and on a projector (1920 px): the big screen of a pairs
event names each seat's pair, shows the pairs' standings and who sits out, and a long pair or
player name is cut with an ellipsis inside its tile, whole in its title, while every score
stays whole inside its card (issue 35, item 13)."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM_ARGS, phone_page
from tests.tournaments.live.bigscreen_events import LONG_PAIR, paired_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every score's box against its card's, every name's cut, and the page's width.
MEASURE = """LONG_PAIR => {
  const cards = [...document.querySelectorAll('#bigscreen article.live-table')];
  const scores = cards.flatMap(card => {
    const box = card.getBoundingClientRect();
    return [...card.querySelectorAll('.seats .total')].map(total => {
      const r = total.getBoundingClientRect();
      return {inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5,
              whole: total.scrollWidth <= total.clientWidth + 0.5 && r.width > 0};
    });
  });
  const long = [...document.querySelectorAll('#bigscreen .seats .team-name')]
    .filter(e => e.title === LONG_PAIR)
    .map(e => ({cut: e.scrollWidth > e.clientWidth, ellipsis: getComputedStyle(e).textOverflow}));
  // Each player's match points in sight inside the standings' box, unscrolled (on a phone
  // the later figures may scroll into sight; the points never need to).
  const points = [...document.querySelectorAll('#bigscreen tr[data-player]')].map(row => {
    const box = row.closest('.table-scroll');
    const r = row.querySelector('td.mp').getBoundingClientRect();
    return r.right <= box.getBoundingClientRect().right + 0.5;
  });
  const cutNames = [...document.querySelectorAll('#bigscreen tr[data-player] td.who')]
    .filter(td => td.scrollWidth > td.clientWidth).map(td => td.querySelector('a').title);
  return {width: document.documentElement.scrollWidth, cards: cards.length, scores, long,
          points, cutNames,
          teams: document.querySelectorAll('[data-testid=team-standings] tr[data-team]').length,
          byes: (document.querySelector('[data-testid=byes]') || {}).innerText || ''};
}"""


@pytest.mark.parametrize(("width", "locale"), [(390, "uk-UA"), (1920, "ru-RU")])
def test_the_big_screen_of_pairs_keeps_every_score_in_its_card(
    live_server, chromium_path, width, locale
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    tournament, _team_of = paired_event("pairs")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale=locale, width=width, height=1080)
            page.goto(f"{live_server.url}/tournaments/{tournament.pk}/screen/")
            page.locator("#bigscreen .live-tables").wait_for()
            seen = page.evaluate(MEASURE, LONG_PAIR)
        finally:
            browser.close()
    assert seen["width"] == width  # nothing scrolls sideways
    assert seen["cards"] == 2
    assert len(seen["scores"]) == 8
    assert all(s["inside"] and s["whole"] for s in seen["scores"]), seen["scores"]
    # The long pair's name on both its partners' seats: cut, with an ellipsis.
    assert seen["long"] == [{"cut": True, "ellipsis": "ellipsis"}] * 2
    assert seen["teams"] == 5
    # The players' standings: every match point in sight; the long names cut, whole in titles.
    assert seen["points"] == [True] * 10
    if width > 600:  # across the room: cut with an ellipsis
        assert len(seen["cutNames"]) == 2
        assert all(name.startswith("Олександра-Вікторія") for name in seen["cutNames"])
    else:  # on a phone: wrapped, nothing cut
        assert seen["cutNames"] == []
    assert {"uk-UA": "Пропускають цей тур", "ru-RU": "Пропускают этот тур"}[locale] in seen["byes"]
    assert "Сіверяни" in seen["byes"]
