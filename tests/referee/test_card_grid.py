"""Cards are tapped, not typed: the referee's Deberc tools show card grids (suits in rows,
ranks in columns) of plain checkboxes that a small static script turns into tappable cards;
no inline script, style or handler (the Content-Security-Policy forbids them), and no JSON
field on any page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "referee" / "templates" / "referee"
PAGES = [
    "/referee/legal-cards/",
    "/referee/combinations/",
    "/referee/check-deal/",
    "/referee/check-closing/",
    "/referee/preferans/score-deal/",
    "/referee/preferans/settle/",
]


def test_the_legal_cards_page_shows_the_hand_as_a_grid_of_32_checkboxes(client):
    page = client.get("/referee/legal-cards/").content.decode()
    grid = page[page.index('data-testid="grid-hand"') :]
    grid = grid[: grid.index("</fieldset>")]
    boxes = re.findall(r'<input type="checkbox" name="hand" value="([^"]+)"', grid)
    assert len(boxes) == 32 and boxes[:8] == ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    assert grid.count("<tr") == 5  # the ranks' header and one row per suit
    assert re.findall(r'<input type="radio" name="led" value="[^"]+"', page)
    assert "referee/card-grid.js" in page


@pytest.mark.parametrize("path", PAGES)
def test_no_page_asks_for_json_and_none_has_inline_code(client, path):
    page = client.get(path).content.decode()
    assert "JSON" not in page and 'name="conventions"' not in page
    for script in re.findall(r"<script[^>]*>", page):
        assert "src=" in script, script
    assert not re.search(r"\son[a-z]+=", page)
    assert "<style" not in page and ' style="' not in page


def test_the_templates_and_the_script_stay_free_of_inline_code():
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text()
        assert "<script>" not in text and not re.search(r"\son[a-z]+=", text), template
    script = (TEMPLATES.parents[1] / "static" / "referee" / "card-grid.js").read_text()
    assert "card-grid--js" in script and "is-chosen" in script


def test_tapped_cards_post_as_checkboxes_and_the_tool_answers(client):
    response = client.post(
        "/referee/legal-cards/",
        {"ruleset": "moscow", "trump": "H", "led": "8H", "hand": ["7H", "JH", "KH", "AS"]},
    )
    answer = response.context["answer"]
    assert answer["legal"] == ["JH", "KH"]
    assert answer["reasons"]["7H"]["code"] == "must_overtrump"
    page = response.content.decode()
    # The chosen cards stay marked on the grid after the answer.
    assert re.search(r'class="card-cell is-chosen" for="id_hand_JH"', page)
    assert 'value="JH" id="id_hand_JH" checked' in page


def test_the_led_card_and_the_others_on_the_trick_make_the_trick(client):
    # Spade led, trumped with the nine; Odessa's rule makes the jack the only legal card.
    response = client.post(
        "/referee/legal-cards/",
        {
            "ruleset": "odessa",
            "trump": "H",
            "led": "AS",
            "trick": ["9H"],
            "hand": ["7H", "JH", "KD"],
        },
    )
    assert response.context["answer"]["legal"] == ["JH"]


def test_two_cards_on_the_trick_without_the_led_one_is_asked_again(client):
    response = client.post(
        "/referee/legal-cards/",
        {"ruleset": "moscow", "trump": "H", "trick": ["AS", "9H"], "hand": ["7H"]},
    )
    assert response.context["answer"] is None
    assert "led" in response.context["form"].errors


def test_runs_are_read_off_the_tapped_cards(client):
    from referee.games.deberc.forms import runs_of

    assert runs_of(["KH", "QH", "JH", "AS", "KS", "QS", "JS", "10S"]) == (
        ["hundred:AS", "terz:KH"],
        [],
    )
    assert runs_of(["AD", "QD"]) == ([], ["AD", "QD"])
    response = client.post(
        "/referee/combinations/",
        {"ruleset": "moscow", "trump": "H", "players": "Anna, Boris", "runs_0": ["AD", "QD"]},
    )
    assert "runs_0" in response.context["form"].errors


def test_the_tricks_order_follows_from_the_hands(client):
    from referee.games.deberc.tools import order_tricks

    hands = {
        "Ivan": ["JC", "9C", "AC", "KS", "QS", "JS", "10H", "7D", "8D"],
        "Petro": ["10C", "7C", "AS", "10S", "AH", "KH", "AD", "QD", "9H"],
    }
    tricks = [["10H", "AH"], ["JC", "10C"], ["AS", "KS"]]
    # Moscow: the eldest (Petro, left of the dealer Ivan) leads; the winner leads next.
    assert order_tricks(
        players=["Ivan", "Petro"],
        dealer="Ivan",
        declarer="Ivan",
        trump="C",
        hands=hands,
        tricks=tricks,
    ) == [["AH", "10H"], ["10C", "JC"], ["KS", "AS"]]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_in_a_browser_cards_are_tapped_and_marked(live_server, chromium_path):
    import os

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    from tests.browser import CHROMIUM_ARGS

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, locale="en-US")
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{live_server.url}/referee/legal-cards/")
        grid = page.get_by_test_id("grid-hand")
        expect(grid.locator(".card-grid")).to_have_class(re.compile("card-grid--js"))
        # The checkbox is hidden by the script: the card itself is tapped.
        expect(grid.locator("#id_hand_JH")).to_have_css("opacity", "0")
        page.select_option("select[name=trump]", "H")
        page.locator('label[for="id_led_8H"]').click()
        for card in ("7H", "JH", "KH", "AS"):
            page.locator(f'label[for="id_hand_{card}"]').click()
        expect(page.locator('label[for="id_hand_JH"]')).to_have_class(re.compile("is-chosen"))
        page.locator('label[for="id_hand_AS"]').click()  # untapped again
        expect(page.locator('label[for="id_hand_AS"]')).not_to_have_class(re.compile("is-chosen"))
        page.get_by_test_id("ask").click()
        expect(page.get_by_test_id("legal")).to_contain_text("JH")
        expect(page.get_by_test_id("legal")).to_contain_text("KH")
        assert not [e for e in errors if "Content Security Policy" in e], errors
        browser.close()
