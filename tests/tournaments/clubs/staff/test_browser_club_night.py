"""Issue 20, "Done when", in a real browser and in Ukrainian: an organiser creates a
tournament, invites a referee and a scorer (each link opened in a browser of its own), prints
the round's table cards (the PDF looked at: its QR codes, decoded with zxing-cpp from the
card images in the PDF, carry the tables' links), a phone with no account opens table 1's
link and scores a deal; once the round is closed, the same card is refused."""

from __future__ import annotations

import io
import os
import time
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.test import Client

from scoring.models import Deal
from tests.browser import CHROMIUM_ARGS
from tests.factories import ClubFactory, UserFactory, make_club_organiser
from tournaments.clubs import table_cards
from tournaments.clubs.models import TableCard
from tournaments.events import services
from tournaments.events.models import Round, Tournament
from tournaments.pairing.manager import round_pair

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT_MS = 20_000
PASSWORD = "довгий пароль 2026"


def decoded_qr_codes(pdf: bytes) -> list[str]:
    """The links of the QR codes of the PDF's pages, one a page (zxing-cpp on the images)."""
    import zxingcpp
    from PIL import Image
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    # WeasyPrint shares the images' resources between the pages: every image of the file.
    links = {
        code.text
        for page in reader.pages
        for image in page.images
        for code in zxingcpp.read_barcodes(Image.open(io.BytesIO(image.data)))
    }
    assert len(links) == len(reader.pages)
    return sorted(links)


@pytest.fixture
def organiser(settings: Any) -> Any:
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # The club's organiser: a tournament is created only in a club one organises.
    return make_club_organiser(
        UserFactory(username="organiser_uk"), ClubFactory(name="Клуб «Козир»")
    )


def test_a_club_night_with_table_cards_in_ukrainian(live_server, chromium_path, organiser):
    from playwright.sync_api import expect, sync_playwright

    client = Client()
    client.force_login(organiser)
    base = live_server.url
    uk = {"name": django_settings.LANGUAGE_COOKIE_NAME, "value": "uk", "url": base}

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        desk = browser.new_context(accept_downloads=True)
        session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
        desk.add_cookies(
            [{"name": django_settings.SESSION_COOKIE_NAME, "value": session, "url": base}, uk]
        )
        page = desk.new_page()
        page.set_default_timeout(WAIT_MS)

        # The organiser creates the tournament, in Ukrainian, and enters four players.
        page.goto(f"{base}/tournaments/new/")
        expect(page.locator("html")).to_have_attribute("lang", "uk")
        page.locator("[name=name]").fill("Вечір у «Козирі»")
        page.locator("select[name=club]").select_option(label="Клуб «Козир»")
        page.locator("main form button[type=submit]").last.click()
        page.wait_for_url("**/players/")
        page.locator("[name=players]").fill("Андрій\nБогдана\nВасиль\nГанна")
        page.locator("[data-testid=entries-form] button[type=submit]").click()
        expect(page.get_by_test_id("entries")).to_contain_text("Ганна")
        tournament = Tournament.objects.get(name="Вечір у «Козирі»")
        rnd = round_pair(tournament=tournament)
        services.round_open(round=rnd, user=organiser)

        # It invites a referee and a scorer; each opens their link in a browser of their own.
        accounts = {}
        for role, name in (("referee", "Ірина"), ("scorer", "Остап")):
            page.goto(f"{base}/clubs/{tournament.club_id}/members/?tournament={tournament.pk}")
            form = page.get_by_test_id("invite-form")
            form.locator("select[name=role]").select_option(role)
            form.locator("[name=name]").fill(name)
            form.locator("button[type=submit]").click()
            link = page.get_by_test_id("invitation-url").input_value()
            assert link.startswith(f"{base}/invitations/")
            other = browser.new_context()
            other.add_cookies([uk])
            invited = other.new_page()
            invited.set_default_timeout(WAIT_MS)
            invited.goto(link)
            expect(invited.locator("h1")).to_contain_text("Ласкаво просимо")
            invited.locator("[name=password]").fill(PASSWORD)
            invited.locator("[name=password_again]").fill(PASSWORD)
            invited.get_by_test_id("invitation-form").locator("button").click()
            accounts[role] = invited.get_by_test_id("username").inner_text()
            # The link opens once.
            invited.goto(link)
            expect(invited.get_by_test_id("refused")).to_contain_text("недійсне")
            other.close()

        # The organiser appoints them from the club's members (a search, not a list).
        for role, table in (("referee", None), ("scorer", "2")):
            page.goto(f"{base}/tournaments/{tournament.pk}/staff/?q={accounts[role][:4]}")
            row = page.locator(f"[data-member='{accounts[role]}']")
            row.locator("select[name=role]").select_option(role)
            if table:
                row.locator("select[name=table]").select_option(table)
            row.get_by_role("button").click()
            expect(page.get_by_test_id("staff")).to_contain_text(accounts[role])
        assert tournament.referees.filter(username=accounts["referee"]).exists()

        # The round's table cards, issued (a POST) then printed: each QR code carries its
        # table's card link. Downloading them again changes nothing.
        page.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/tables/")
        expect(page.get_by_test_id("cards-pdf")).to_have_count(0)
        page.get_by_test_id("cards-issue").click()
        expect(page.locator(".messages")).to_contain_text("2")
        with page.expect_download() as download:
            page.get_by_test_id("cards-pdf").click()
        pdf = download.value.path().read_bytes()
        links = decoded_qr_codes(pdf)
        with page.expect_download() as again:
            page.get_by_test_id("cards-pdf").click()
        assert decoded_qr_codes(again.value.path().read_bytes()) == links
        tables = list(rnd.tables.order_by("number"))
        card_of = {}
        for link in links:
            assert link.startswith(f"{base}/cards/")
            card = table_cards.card_find(link.rstrip("/").rsplit("/", 1)[1])
            assert card is not None
            card_of[card.table_id] = link
        assert sorted(card_of) == [table.pk for table in tables]
        table_one = tables[0]
        link_one = card_of[table_one.pk]

        # A phone with no account scans table 1's card and scores a deal.
        phone_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        phone_context.add_cookies([uk])
        phone = phone_context.new_page()
        phone.set_default_timeout(WAIT_MS)
        phone.goto(link_one)
        phone.get_by_test_id("card-form").locator("[name=name]").fill("Марта")
        phone.get_by_test_id("card-form").locator("button").click()
        phone.wait_for_url(f"**/matches/{table_one.match.pk}/")
        expect(phone.get_by_test_id("card-session")).to_contain_text("Марта")
        phone.get_by_test_id("trump-S").check()
        phone.get_by_test_id("declarer-1").check()
        phone.get_by_test_id("points-0").fill("40")
        phone.get_by_test_id("points-1").fill("90")
        phone.get_by_test_id("last-trick-1").check()
        phone.get_by_test_id("save-deal").click()
        expect(phone.locator("#sheet")).to_contain_text("100")  # 90 and the last trick
        # The phone tells the organiser's round view what waits in its offline queue: nothing.
        expect(phone.locator("#offline-config")).to_have_count(1)
        for _attempt in range(100):
            if cache.get(table_cards.queue_key(table_one.match.pk)) is not None:
                break
            time.sleep(0.1)
        assert cache.get(table_cards.queue_key(table_one.match.pk))["waiting"] == 0
        deal = Deal.objects.get(match=table_one.match)
        assert deal.scorer_name == "Марта"
        assert deal.entered_by.table_card.table_id == table_one.pk

        # The round view shows who scores table 1 and when its last deal came.
        page.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/tables/")
        expect(page.locator("[data-table='1']")).to_contain_text("Марта")

        # Reissuing asks first, saying that the live cards' phones will be signed out; a
        # cancel changes nothing: the phone still scores table 1.
        page.get_by_test_id("cards-issue").click()
        expect(page.get_by_test_id("cards-confirm")).to_contain_text("1, 2")
        page.get_by_test_id("cards-confirm").get_by_role("link").click()
        expect(page.get_by_test_id("cards-confirm")).to_have_count(0)
        phone.reload()
        expect(phone.get_by_test_id("card-session")).to_contain_text("Марта")
        assert TableCard.objects.filter(revoked_at__isnull=True).count() == 2

        # The round closes: the same card is refused, and the phone has lost the table.
        services.round_close(round=Round.objects.get(pk=rnd.pk), user=organiser)
        phone.goto(link_one)
        expect(phone.get_by_test_id("refused")).to_contain_text("більше не відкриває")
        assert TableCard.objects.filter(table=table_one).count() == 1
        browser.close()
