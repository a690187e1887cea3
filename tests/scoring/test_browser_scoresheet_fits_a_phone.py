"""The scorer's page of a Deberc and of a Preferans table, three and four at the table with
long names, on a 390 px phone in Russian and in Ukrainian (issue 35, item 18): the page never
scrolls sideways and neither does its scoresheet (Deberc's hanging column was off the
screen); a name breaks only between its words ("Алекс / ей" and "Дми… / р" were seen), a
word too long for its box being cut whole with an ellipsis; every select of the deal form
shows its longest word ("старшая" was cut). Seen by the tournament's referee, whose page is
the widest: the deal form, the links to rule on each deal and to give a card."""

from __future__ import annotations

import os
import random

import pytest

from scoring import games
from scoring import services as scoring_services
from scoring.models import Match
from scoring.selectors import scoresheet_for, seat_names
from tests.browser import CHROMIUM_ARGS, phone_page
from tests.factories import (
    PlayerFactory,
    RoundFactory,
    TableFactory,
    TournamentFactory,
    UserFactory,
    make_match,
)
from tournaments.events.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 390
NAMES = [
    "Алексей Константинопольский",
    "Дмитрий Преображенский",
    "Владислава Вишневецкая",
    "Святослав Ярошевич",
]
WORDS = sorted({word for name in NAMES for word in name.split()})

# Each word of a name on the page whose rendered boxes sit on more than one line.
SPLIT_WORDS = """(words) => {
  const split = []; let seen = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!el || el.closest("option, select, script, .visually-hidden")) continue;
    for (const m of node.data.matchAll(/[^\\s,.:;()«»]+/g)) {
      if (!words.includes(m[0])) continue;
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                                                       .map((r) => Math.round(r.bottom)));
      if (lines.size) seen += 1;
      if (lines.size > 1) split.push(`${m[0]} in ${el.tagName}.${el.className}`);
    }
  }
  return {seen, split};
}"""

# The selects of the sheet cut on the screen, or narrower than their longest option though
# the box they sit in had the room (a select as wide as its box may cut a long sentence).
CUT_SELECTS = """(width) => [...document.querySelectorAll("#sheet select")].filter((s) => {
  const box = s.getBoundingClientRect();
  if (!box.width) return false;  // not shown
  const style = s.style.cssText;
  s.style.width = "max-content"; s.style.minWidth = "max-content";
  const needed = s.getBoundingClientRect().width;
  s.style.cssText = style;
  const around = getComputedStyle(s.parentElement);
  const room = s.parentElement.clientWidth - parseFloat(around.paddingLeft)
    - parseFloat(around.paddingRight);
  return box.left < 0 || box.right > width || box.width + 0.5 < Math.min(needed, room);
}).map((s) => `${s.name}: ${Math.round(s.getBoundingClientRect().width)}px`)"""

OPEN_DETAILS = "document.querySelectorAll('#sheet details').forEach((d) => { d.open = true; })"

# The scrolling boxes of the sheet whose content is wider than they are.
SCROLLING = """() => [...document.querySelectorAll("#sheet .table-scroll")]
  .filter((b) => b.scrollWidth > b.clientWidth + 1)
  .map((b) => `${b.querySelector("table").className}: ${b.scrollWidth} > ${b.clientWidth}`)"""


def _table(game: str, ruleset: str, size: int, referee, deals: int) -> Match:
    """A table of `size` long-named players with `deals` believable deals entered."""
    tournament = TournamentFactory(game=game, ruleset=ruleset, table_size=size)
    tournament.referees.add(referee)
    rnd = RoundFactory(tournament=tournament, number=1, status=Round.Status.OPEN)
    scorer = UserFactory()
    table = TableFactory(round=rnd, number=1, scorer=scorer)
    players = [PlayerFactory(club=tournament.club, display_name=n) for n in NAMES[:size]]
    match = make_match(players=players, table=table, conventions={})
    Match.objects.filter(pk=match.pk).update(game=game, ruleset=ruleset)
    match.refresh_from_db()
    played, _result = games.game_get(game).simulate(
        scoresheet_for(match, seat_names(match), []), random.Random(3)
    )
    for record in played["deals"][:deals]:
        scoring_services.deal_submit(
            match=Match.objects.get(pk=match.pk),
            record=record,
            user=scorer,
            idempotency_key=None,
            version=None,
        )
    return match


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_the_scorer_pages_fit_a_phone(live_server, chromium_path, locale):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    referee = UserFactory()
    tables = {
        f"{game} {size}": _table(game, ruleset, size, referee, deals)
        for game, ruleset, size, deals in (
            ("deberc", "moscow", 3, 3),
            ("deberc", "moscow", 4, 3),
            ("preferans", "sochi", 3, 5),
            ("preferans", "sochi", 4, 5),
        )
    }
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = phone_page(browser, locale=locale, width=WIDTH, signed_in=(referee, live_server))
            found = {}
            for name, match in tables.items():
                page.goto(f"{live_server.url}/matches/{match.pk}/")
                expect(page.get_by_test_id("save-deal")).to_be_visible()
                expect(page.get_by_test_id("rule-1")).to_be_visible()
                # Every part of the form shown, the declarations' selects too.
                page.evaluate(OPEN_DETAILS)
                words = page.evaluate(SPLIT_WORDS, WORDS)
                found[name] = {
                    "page width": page.evaluate("document.scrollingElement.scrollWidth"),
                    "scrolling boxes": page.evaluate(SCROLLING),
                    "names split": words["split"],
                    "selects cut": page.evaluate(CUT_SELECTS, WIDTH),
                }
                # The names were there to be split: on the scoreboard, the sheet and the form.
                assert words["seen"] >= 3 * len(match.seats.all()), (name, words)
            fits = {
                "page width": WIDTH,
                "scrolling boxes": [],
                "names split": [],
                "selects cut": [],
            }
            assert found == dict.fromkeys(tables, fits)
        finally:
            browser.close()
