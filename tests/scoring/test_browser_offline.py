"""The scorer's page offline, in a real browser (Debian's chromium through Playwright, phone
sized): deals typed while the club's Wi-Fi is down wait on the phone (IndexedDB) and survive a
reload (the service worker keeps the page), and are stored once, in order, when the connection
is back; a deal that the table overtook meanwhile is shown beside the table's current state
to be sent or dropped; a deal whose answer was lost is sent again with its key and stored
once."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs

import pytest

from scoring import services
from scoring.models import Deal, IdempotencyKey, Match
from tests.browser import CHROMIUM_ARGS
from tests.factories import DEAL_HANGING, make_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT_MS = 20_000


def enter_deal(
    page: Any, *, trump: str, declarer: int, points: tuple[int, int], last_trick: int
) -> None:
    page.get_by_test_id(f"trump-{trump}").check()
    page.get_by_test_id(f"declarer-{declarer}").check()
    for seat, figure in enumerate(points):
        page.get_by_test_id(f"points-{seat}").fill(str(figure))
    page.get_by_test_id(f"last-trick-{last_trick}").check()
    page.get_by_test_id("save-deal").click()


@pytest.fixture
def evening(settings: Any) -> Any:
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return make_evening()


@pytest.fixture
def phone(live_server: Any, chromium_path: str, evening: Any) -> Iterator[tuple[Any, Any]]:
    """A phone-sized page, signed in as the table's scorer, on the table's page with the
    service worker ready (the page is kept for offline use); and its browser context."""
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.on("dialog", lambda dialog: dialog.accept())
        # The page runs under the site's Content-Security-Policy: nothing of it may be refused.
        refused: list[str] = []
        page.on(
            "console",
            lambda message: (
                refused.append(message.text) if "Content Security Policy" in message.text else None
            ),
        )
        try:
            page.goto(f"{live_server.url}/accounts/login/")
            page.get_by_label("Username").fill(evening.scorer.username)
            page.get_by_label("Password").fill("demo")
            page.get_by_role("button", name="Sign in").click()
            expect(page.get_by_role("link", name="Deberc Desk")).to_be_visible()
            page.goto(f"{live_server.url}/matches/{evening.match.pk}/")
            expect(page.locator("html[data-offline-ready]")).to_have_count(1)
            yield page, context
        finally:
            browser.close()
        assert refused == []


def deal_posts(page: Any) -> list[str]:
    """The Idempotency-Key of every deal POST the page makes (htmx's and the queue's)."""
    keys: list[str] = []

    def seen(request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/deal/"):
            form = parse_qs(request.post_data or "")
            keys.append(request.headers.get("idempotency-key") or form["idempotency_key"][0])

    page.on("request", seen)
    return keys


def test_two_deals_typed_offline_are_stored_once_in_order(phone: Any, evening: Any) -> None:
    from playwright.sync_api import expect

    page, context = phone
    match = evening.match
    version = Match.objects.get(pk=match.pk).version
    posted = deal_posts(page)

    context.set_offline(True)
    expect(page.get_by_test_id("offline-status")).to_be_visible()
    # 1. Boris plays spades and makes it; 2. Anna plays hearts and makes it.
    enter_deal(page, trump="S", declarer=1, points=(40, 90), last_trick=1)
    expect(page.get_by_test_id("waiting-deal")).to_have_count(1)
    enter_deal(page, trump="H", declarer=0, points=(90, 40), last_trick=0)
    waiting = page.get_by_test_id("waiting-deal")
    expect(waiting).to_have_count(2)
    expect(waiting.nth(0)).to_contain_text("Deal 1")
    expect(waiting.nth(0).get_by_test_id("waiting-points-1")).to_have_text("90")
    expect(waiting.nth(1)).to_contain_text("Deal 2")
    expect(waiting.nth(1).get_by_test_id("waiting-points-0")).to_have_text("90")
    expect(page.get_by_test_id("provisional")).to_be_visible()
    expect(page.locator(".scoreboard.provisional")).to_have_count(1)
    expect(page.get_by_test_id("form-heading")).to_have_text("Deal 3")
    expect(page.get_by_test_id("points-0")).to_have_value("")  # the form is ready for the next
    assert Deal.objects.filter(match=match).count() == 0

    # The phone reloads the page while still offline: the service worker serves its copy,
    # and the deals are still waiting on the phone.
    page.reload()
    expect(page.get_by_test_id("offline-status")).to_be_visible()
    expect(page.get_by_test_id("waiting-deal")).to_have_count(2)
    expect(page.get_by_test_id("total-1")).to_have_text("0")
    assert posted == []

    # The Wi-Fi is back: the waiting deals go, in order, and the sheet shows them.
    context.set_offline(False)
    expect(page.get_by_test_id("waiting-deal")).to_have_count(0, timeout=WAIT_MS)
    expect(page.get_by_test_id("offline-panel")).to_be_hidden()
    expect(page.get_by_test_id("total-0")).to_have_text("140")
    expect(page.get_by_test_id("total-1")).to_have_text("140")
    expect(page.locator(".scoreboard.provisional")).to_have_count(0)
    expect(page.get_by_test_id("form-heading")).to_have_text("Deal 3")
    expect(page.get_by_test_id("offline-status")).to_be_hidden()

    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert [(d.number, d.record["trump"], d.record["declarer"]) for d in deals] == [
        (1, "S", "Boris"),
        (2, "H", "Anna"),
    ]
    assert Match.objects.get(pk=match.pk).version == version + 2
    keys = set(IdempotencyKey.objects.filter(match=match).values_list("key", flat=True))
    assert len(keys) == 2
    assert posted and set(posted) == keys  # each deal went under its own key

    # Online again, a deal goes through htmx as before.
    enter_deal(page, trump="S", declarer=1, points=(40, 90), last_trick=1)
    expect(page.get_by_test_id("total-1")).to_have_text("240")
    assert Deal.objects.filter(match=match).count() == 3


def test_a_deal_the_table_overtook_is_shown_beside_it_and_sent_on_request(
    phone: Any, evening: Any
) -> None:
    from playwright.sync_api import expect

    page, context = phone
    match = evening.match
    context.set_offline(True)
    enter_deal(page, trump="S", declarer=1, points=(40, 90), last_trick=1)
    expect(page.get_by_test_id("waiting-deal")).to_have_count(1)
    # Meanwhile the referee enters the first deal at this table on another phone.
    services.deal_submit(
        match=match, record=DEAL_HANGING, user=evening.referee, idempotency_key=None, version=None
    )

    context.set_offline(False)
    conflict = page.get_by_test_id("offline-conflict")
    expect(conflict).to_be_visible(timeout=WAIT_MS)
    # Side by side: the table as it is now (Boris 76 in the referee's deal) and the waiting deal.
    expect(conflict.get_by_test_id("table-now")).to_contain_text("76")
    expect(conflict.get_by_test_id("your-deal").get_by_test_id("waiting-points-1")).to_have_text(
        "90"
    )
    expect(page.get_by_test_id("total-1")).to_have_text("76")
    assert Deal.objects.filter(match=match).count() == 1

    conflict.get_by_test_id("waiting-resend").click()
    expect(page.get_by_test_id("waiting-deal")).to_have_count(0, timeout=WAIT_MS)
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert [(d.number, d.entered_by_id) for d in deals] == [
        (1, evening.referee.pk),
        (2, evening.scorer.pk),
    ]
    assert deals[1].record["trump"] == "S"


def test_a_dropped_conflict_is_not_sent(phone: Any, evening: Any) -> None:
    from playwright.sync_api import expect

    page, context = phone
    match = evening.match
    context.set_offline(True)
    enter_deal(page, trump="H", declarer=0, points=(66, 76), last_trick=0)
    services.deal_submit(
        match=match, record=DEAL_HANGING, user=evening.referee, idempotency_key=None, version=None
    )
    context.set_offline(False)
    conflict = page.get_by_test_id("offline-conflict")
    expect(conflict).to_be_visible(timeout=WAIT_MS)
    conflict.get_by_test_id("waiting-drop").click()  # the dialog is accepted
    expect(page.get_by_test_id("waiting-deal")).to_have_count(0)
    page.reload()
    expect(page.get_by_test_id("waiting-deal")).to_have_count(0)
    assert Deal.objects.filter(match=match).count() == 1


def test_a_deal_whose_answer_was_lost_is_stored_once(phone: Any, evening: Any) -> None:
    """The server stores the deal but the answer never reaches the phone: the deal waits and
    goes again with the same key, and the server answers as the first time."""
    from playwright.sync_api import expect

    page, _context = phone
    match = evening.match
    posted = deal_posts(page)
    lost: list[bool] = []

    def lose_the_first_answer(route: Any) -> None:
        if not lost:
            lost.append(True)
            route.fetch()  # the server gets it and stores the deal...
            route.abort("connectionreset")  # ...but the phone sees the connection drop
        else:
            route.continue_()

    page.route("**/deal/", lose_the_first_answer)
    enter_deal(page, trump="S", declarer=1, points=(40, 90), last_trick=1)
    expect(page.get_by_test_id("total-1")).to_have_text("100", timeout=WAIT_MS)
    expect(page.get_by_test_id("waiting-deal")).to_have_count(0)
    assert lost == [True]
    assert len(posted) == 2 and posted[0] == posted[1]  # the same key both times
    assert Deal.objects.filter(match=match).count() == 1
    assert IdempotencyKey.objects.filter(match=match).count() == 1


def test_figures_refused_on_return_are_corrected_in_place_and_keep_the_order(
    phone: Any, evening: Any
) -> None:
    """Offline nothing checks the figures: the engine refuses the first waiting deal when it
    arrives, the second waits behind it (never overtakes it); the scorer corrects the first in
    the form, and both are stored in order, the first under its original key."""
    from playwright.sync_api import expect

    page, context = phone
    match = evening.match
    posted = deal_posts(page)
    context.set_offline(True)
    enter_deal(page, trump="S", declarer=1, points=(140, 90), last_trick=1)  # 230 > 152
    enter_deal(page, trump="H", declarer=0, points=(90, 40), last_trick=0)
    expect(page.get_by_test_id("waiting-deal")).to_have_count(2)

    context.set_offline(False)
    first = page.get_by_test_id("waiting-deal").nth(0)
    expect(first.get_by_test_id("waiting-errors")).to_contain_text("152", timeout=WAIT_MS)
    expect(page.get_by_test_id("waiting-deal").nth(1)).to_have_attribute("data-state", "waiting")
    assert Deal.objects.filter(match=match).count() == 0
    assert len(posted) == 1

    first.get_by_test_id("waiting-correct").click()
    expect(page.get_by_test_id("correcting-note")).to_be_visible()
    expect(page.get_by_test_id("form-heading")).to_have_text("Deal 1")
    expect(page.get_by_test_id("points-0")).to_have_value("140")
    page.get_by_test_id("points-0").fill("40")
    page.get_by_test_id("save-deal").click()

    expect(page.get_by_test_id("waiting-deal")).to_have_count(0, timeout=WAIT_MS)
    expect(page.get_by_test_id("total-0")).to_have_text("140")
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert [(d.number, d.record["trump"], d.record["points"]) for d in deals] == [
        (1, "S", {"Anna": 40, "Boris": 90}),
        (2, "H", {"Anna": 90, "Boris": 40}),
    ]
    keys = list(IdempotencyKey.objects.filter(match=match).values_list("key", flat=True))
    assert posted[0] == posted[1] and posted[0] in keys and len(set(posted)) == 2


def test_a_throttled_deal_keeps_waiting_and_goes_after_retry_after(
    phone: Any, evening: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deal throttle refuses the queue's post (429, Retry-After: 3): the deal is not
    dropped nor refused; it waits in its place with a note and goes by itself after the three
    seconds (not at the next 15 s retry), under the same key, and is stored once."""
    import time

    from playwright.sync_api import expect

    from scoring import views

    page, context = phone
    match = evening.match
    posted = deal_posts(page)
    sent_at: list[float] = []
    page.on(
        "request",
        lambda r: (
            sent_at.append(time.monotonic())
            if r.method == "POST" and r.url.endswith("/deal/")
            else None
        ),
    )
    waits = iter([3])
    monkeypatch.setattr(views, "deal_write_wait", lambda request: next(waits, None))

    context.set_offline(True)
    enter_deal(page, trump="S", declarer=1, points=(40, 90), last_trick=1)
    expect(page.get_by_test_id("waiting-deal")).to_have_count(1)
    context.set_offline(False)
    waiting = page.get_by_test_id("waiting-deal")
    expect(waiting.get_by_test_id("waiting-note")).to_contain_text(
        "too many deals", timeout=WAIT_MS
    )
    expect(waiting).to_have_attribute("data-state", "waiting")
    assert Deal.objects.filter(match=match).count() == 0

    expect(page.get_by_test_id("waiting-deal")).to_have_count(0, timeout=WAIT_MS)
    expect(page.get_by_test_id("total-1")).to_have_text("100")
    assert Deal.objects.filter(match=match).count() == 1
    assert len(posted) == 2 and posted[0] == posted[1]
    assert 2.5 <= sent_at[1] - sent_at[0] < 12
