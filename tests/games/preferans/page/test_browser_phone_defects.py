"""The Preferans scorer's page on a phone (chromium, 360×740) in Russian and Ukrainian, for
what a new scorer ran into (issue 18):

- a game passed by both defenders, or an unanswered half-whist [полвиста], is not played: the
  tricks are not asked, and the deal is saved without them;
- a correction starts from the deal's tricks and the last hand follows a changed figure; a
  refused correction comes back with every field as it was sent and its error on the screen,
  its field focused;
- the sheet cuts a long name with an ellipsis;
- the suit names and the all-pass say трефы / трефи and распасы / розпаси."""

from __future__ import annotations

import os

import pytest
from django.conf import settings as django_settings
from django.test import Client

from scoring import services as scoring_services
from tests.browser import CHROMIUM_ARGS
from tests.factories import PREF_SIX_SPADES

from .conftest import make_pulka

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}

WORDS = {
    "ru-RU": {
        "not_played": "пас, не игралась",
        "clubs": "трефы",
        "allpass": "распасы",
    },
    "uk-UA": {
        "not_played": "пас, не гралася",
        "clubs": "трефи",
        "allpass": "розпаси",
    },
}


def _phone(p, chromium_path, live_server, user, locale):
    """A signed-in phone in `locale`; returns (browser, page, console errors)."""
    client = Client()
    client.force_login(user)
    browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
    context = browser.new_context(viewport=PHONE, is_mobile=True, locale=locale)
    context.add_cookies(
        [
            {
                "name": django_settings.SESSION_COOKIE_NAME,
                "value": client.cookies[django_settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return browser, page, errors


def _in_view(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_no_tricks_are_asked_when_the_game_is_not_played(live_server, chromium_path, locale):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    t = make_pulka(3)  # Sochi: half-whist on a six or a seven
    words = WORDS[locale]
    with sync_playwright() as p:
        browser, page, _errors = _phone(p, chromium_path, live_server, t.scorer, locale)
        try:
            page.goto(f"{live_server.url}/matches/{t.match.pk}/")
            # The words of the picker: the clubs are a suit, the all-pass its own word.
            expect(page.get_by_test_id("contract-6C").locator("xpath=..")).to_have_attribute(
                "title", f"6 {words['clubs']}"
            )
            expect(page.locator("label:has([data-testid=contract-allpass])")).to_have_text(
                words["allpass"]
            )
            tricks = page.get_by_test_id("tricks-0")
            page.get_by_test_id("contract-7S").check()
            page.get_by_test_id("declarer-1").check()
            expect(tricks).to_be_visible()
            page.get_by_test_id("whist-0-pass").check()
            expect(tricks).to_be_visible()  # the other defender has not said yet
            page.get_by_test_id("whist-2-pass").check()
            expect(tricks).to_be_hidden()
            page.get_by_test_id("whist-2-whist").check()
            expect(tricks).to_be_visible()
            # A half-whist is not played, unless the passer answers "играем".
            page.get_by_test_id("whist-2-half").check()
            expect(tricks).to_be_hidden()
            page.get_by_test_id("half-answered").check()
            expect(tricks).to_be_visible()
            page.get_by_test_id("half-answered").uncheck()
            expect(tricks).to_be_hidden()
            # Figures typed before both passed are not sent with the passed game.
            page.get_by_test_id("whist-2-whist").check()
            page.get_by_test_id("tricks-1").fill("7")
            page.get_by_test_id("tricks-2").fill("2")
            page.get_by_test_id("whist-2-pass").check()
            expect(tricks).to_be_hidden()
            page.get_by_test_id("save-deal").click()
            expect(page.get_by_test_id("deal-row-1")).to_contain_text(words["not_played"])
            expect(page.get_by_test_id("errors")).to_have_count(0)
            # The next deal asks for tricks again.
            page.get_by_test_id("contract-6S").check()
            expect(page.get_by_test_id("tricks-0")).to_be_visible()
        finally:
            browser.close()
    record = t.match.deals.get(number=1).record
    assert "tricks" not in record
    assert record["whist"] == {"Anna": "pass", "Vera": "pass"}


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_a_correction_refills_the_last_hand_and_shows_its_error(live_server, chromium_path, locale):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    t = make_pulka(3)
    scoring_services.deal_submit(
        match=t.match, record=PREF_SIX_SPADES, user=t.scorer, idempotency_key=None, version=None
    )
    with sync_playwright() as p:
        browser, page, errors = _phone(p, chromium_path, live_server, t.scorer, locale)
        try:
            page.goto(f"{live_server.url}/matches/{t.match.pk}/deals/1/edit/")
            expect(page.get_by_test_id("tricks-1")).to_have_value("6")
            # Boris took 5, not 6: the last hand (Vera) follows, Anna's figure stays.
            page.get_by_test_id("tricks-1").fill("5")
            expect(page.get_by_test_id("tricks-2")).to_have_value("4")
            expect(page.get_by_test_id("tricks-0")).to_have_value("1")
            # Then a figure that cannot be: 5 + 4 + 3 is not ten. Refused, the page comes
            # back with every field as sent and the error on the screen, its field focused.
            page.get_by_test_id("tricks-0").fill("3")
            expect(page.get_by_test_id("tricks-2")).to_have_value("2")
            page.get_by_test_id("tricks-2").fill("4")
            page.get_by_test_id("reason").fill("miscounted")
            page.get_by_test_id("save-correction").click()
            error = page.locator(".field-errors").first
            expect(error).to_be_visible()
            assert _in_view(page, error), error.bounding_box()
            expect(page.get_by_test_id("contract-6S")).to_be_checked()
            expect(page.get_by_test_id("declarer-1")).to_be_checked()
            expect(page.get_by_test_id("whist-2-whist")).to_be_checked()
            expect(page.get_by_test_id("whist-0-pass")).to_be_checked()
            expect(page.get_by_test_id("reason")).to_have_value("miscounted")
            for seat, figure in enumerate(("3", "5", "4")):
                expect(page.get_by_test_id(f"tricks-{seat}")).to_have_value(figure)
            focused = page.evaluate("document.activeElement && document.activeElement.name")
            assert focused and focused.startswith("tricks_"), focused
            # The scorer puts Anna back to 1; the last hand not typed in (Vera's) follows.
            page.get_by_test_id("tricks-0").fill("1")
            expect(page.get_by_test_id("tricks-2")).to_have_value("4")
            page.get_by_test_id("save-correction").click()
            expect(page.get_by_test_id("deal-row-1")).to_be_visible()
        finally:
            browser.close()
    assert not [e for e in errors if "Content Security Policy" in e], errors
    assert t.match.deals.get(number=1).record["tricks"] == {"Anna": 1, "Boris": 5, "Vera": 4}


LONG = ["Дарья Мельниченко", "Олександра Ковальчук-Петренко", "Вера"]


@pytest.mark.parametrize("locale", ["ru-RU", "uk-UA"])
def test_the_sheet_cuts_long_names_with_an_ellipsis(live_server, chromium_path, locale):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    t = make_pulka(3)
    for seat in t.match.seats.select_related("player").order_by("position"):
        seat.player.display_name = LONG[seat.position]
        seat.player.save(update_fields=["display_name"])
    with sync_playwright() as p:
        browser, page, _errors = _phone(p, chromium_path, live_server, t.scorer, locale)
        try:
            page.goto(f"{live_server.url}/matches/{t.match.pk}/")
            sheet = page.get_by_test_id("pulka-sheet")
            expect(sheet).to_be_visible()
            # Vera's whists on the others: "→Дарья Мельн…", its full name in the title.
            texts = page.evaluate(
                """() => Array.from(document.querySelectorAll(
                    "[data-testid=pulka-sheet] :is(text.pf-label, text.pf-name)"
                  )).filter(t => !t.closest(".pf-allpass")).map(t => {
                    const b = t.getBBox();
                    const g = t.parentNode;
                    const title = g.tagName === "g" && g.querySelector("title");
                    return {text: t.textContent, title: title ? title.textContent : "",
                            x: b.x, y: b.y, w: b.width, name: t.classList.contains("pf-name")};
                  })"""
            )
            width = float(sheet.get_attribute("viewBox").split()[2])
            cut = [t for t in texts if t["text"].endswith("…")]
            assert cut, texts
            for t in cut:
                full = t["title"]
                assert full in LONG, t
                assert t["text"].lstrip("→")[:-1] in full
            for t in texts:
                assert not t["text"].endswith(tuple(" -")), t  # cut at a letter, not a gap
                if not t["text"].endswith("…"):
                    assert t["text"].lstrip("→") in LONG, t
                assert t["x"] >= 0 and t["x"] + t["w"] <= width, t
            # Two labels on one line (a bottom sector's two opponents) do not run into each other.
            for a in texts:
                for b in texts:
                    if a is not b and abs(a["y"] - b["y"]) < 1 and a["x"] < b["x"]:
                        assert a["x"] + a["w"] <= b["x"], (a, b)
            # Short names stay whole.
            expect(page.get_by_test_id("sector-2")).to_have_text("Вера")
        finally:
            browser.close()
