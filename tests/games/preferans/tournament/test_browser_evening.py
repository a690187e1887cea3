"""A whole Preferans evening in a real browser, in Russian: the organiser creates the
tournament (Sochi, pulkas to 2 so that the evening is short), types the players, pairs and
opens round 1 and gives table 1 to a scorer; the scorer plays that pulka on a phone to its
end (a whisted six, two sixes nobody whists) and sees the balances; the other table's pulka
comes in; the organiser reads the standings with the game's own columns."""

from __future__ import annotations

import os
import re

import pytest

from scoring import services as scoring_services
from scoring.models import Match
from scoring.selectors import seat_names
from tests.browser import CHROMIUM_ARGS
from tests.factories import ClubFactory, PlayerFactory, UserFactory, make_club_organiser
from tournaments.events.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор"]


def sign_in(page, base: str, username: str, next_url: str) -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "demo")
    page.click("main form button[type=submit]")


def test_a_club_runs_a_preferans_evening_in_the_browser(live_server, chromium_path, settings):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from playwright.sync_api import expect, sync_playwright

    club = ClubFactory(name="Клуб «Пуля»")
    organiser = UserFactory(username="org")
    make_club_organiser(organiser, club)
    # Table 1's scorer, chosen on the page: a member of the club (only members score).
    PlayerFactory(club=club, display_name="Счётчик", user=UserFactory(username="scorer"))
    base = live_server.url
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        errors: list[str] = []
        try:
            desk = browser.new_page(locale="ru-RU")
            desk.on("dialog", lambda dialog: dialog.accept())
            desk.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            desk.on(
                "response",
                lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None,
            )
            sign_in(desk, base, "org", "/tournaments/new/?game=preferans")
            expect(desk.locator("h1")).to_have_text("Новый турнир")
            desk.fill("input[name=name]", "Пятничная пулька")
            desk.select_option("select[name=club]", label="Клуб «Пуля»")
            desk.select_option("select[name=ruleset]", "sochi")
            desk.select_option("select[name=table_size]", "3")
            desk.select_option("select[name=system]", "swiss")
            desk.fill("input[name=rounds]", "2")
            desk.select_option("select[name=match_score]", "places")
            desk.locator("details summary").click()
            desk.fill("[name=conv_pool_target]", "2")
            desk.locator("form button.primary").click()

            # The new tournament leads to its players: the list typed as on paper.
            expect(desk).to_have_url(re.compile(r"/tournaments/\d+/players/$"))
            tournament = Tournament.objects.get(name="Пятничная пулька")
            assert (tournament.game, tournament.conventions) == ("preferans", {"pool_target": 2})
            desk.fill("textarea[name=players]", "\n".join(PLAYERS))
            desk.locator("[data-testid=entries-form] button").click()
            expect(desk.locator("[data-testid=entries] tbody tr")).to_have_count(6)
            expect(desk.locator("h2").nth(1)).to_contain_text("6")

            # Pair round 1, give table 1 to the scorer, open the round.
            desk.goto(f"{base}/tournaments/{tournament.pk}/pairing/")
            desk.locator("form[action$='/pairing/pair/'] button").click()
            desk.locator("form[action$='/rounds/1/open/'] button").click()
            match = Match.objects.get(round__tournament=tournament, table__number=1)
            other = Match.objects.get(round__tournament=tournament, table__number=2)
            desk.goto(f"{base}/tournaments/{tournament.pk}/matches/")
            # The scorer is a member of the club, no player of the evening: not among the
            # table's likely scorers, so typed in its name field, from the page's list.
            likely = desk.locator(f"select[name$='-table_{match.table_id}'] option")
            expect(likely).not_to_contain_text(["Счётчик (scorer)"])
            expect(desk.locator("datalist#scorer-candidates option[value=scorer]")).to_have_count(1)
            desk.get_by_label("Другой счётчик стола 1").fill("scorer")
            desk.locator("form[action$='/rounds/1/scorers/'] button[type=submit]").click()
            expect(desk.locator("body")).to_contain_text("Счётчики назначены")

            # The scorer plays table 1 on a phone.
            phone = browser.new_page(
                locale="ru-RU", viewport={"width": 390, "height": 844}, is_mobile=True
            )
            phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            phone.on(
                "response",
                lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None,
            )
            sign_in(phone, base, "scorer", f"/matches/{match.pk}/")
            expect(phone).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
            expect(phone.get_by_test_id("pool-target")).to_have_text("2")
            expect(phone.get_by_test_id("form-heading")).to_have_text("Сдача 1")

            def play_six(declarer: int, whists: dict[int, str], tricks: dict[int, int]) -> None:
                phone.get_by_test_id("contract-6S").check()
                phone.get_by_test_id(f"declarer-{declarer}").check()
                for seat, choice in whists.items():
                    phone.get_by_test_id(f"whist-{seat}-{choice}").check()
                for seat, figure in tricks.items():
                    phone.get_by_test_id(f"tricks-{seat}").fill(str(figure))
                phone.get_by_test_id("save-deal").click()

            play_six(1, {2: "whist", 0: "pass"}, {1: 6, 2: 3})
            expect(phone.get_by_test_id("form-heading")).to_have_text("Сдача 2")
            play_six(2, {0: "pass", 1: "pass"}, {})
            expect(phone.get_by_test_id("form-heading")).to_have_text("Сдача 3")
            play_six(0, {1: "pass", 2: "pass"}, {})
            expect(phone.get_by_test_id("result")).to_contain_text("Пулька окончена")
            expect(phone.get_by_test_id("status")).to_have_text("Окончен")
            balances = [
                int(phone.get_by_test_id(f"balance-{seat}").inner_text()) for seat in range(3)
            ]
            assert sum(balances) == 0 and balances != [0, 0, 0]
            match.refresh_from_db()
            assert match.status == Match.Status.FINISHED
            assert match.result["settlement"]["balance"] == dict(
                zip(seat_names(match), balances, strict=True)
            )

            # Table 2's scorer sends its pulka from their own phone (here: the API's service).
            names = seat_names(other)
            for k in range(3):
                declarer, first, second = names[k], names[(k + 1) % 3], names[(k + 2) % 3]
                scoring_services.deal_submit(
                    match=Match.objects.get(pk=other.pk),
                    record={
                        "kind": "game",
                        "declarer": declarer,
                        "contract": "6S",
                        "whist": {first: "pass", second: "pass"},
                    },
                    user=organiser,
                    idempotency_key=None,
                    version=None,
                )

            # The standings: places and whist balances, in Russian, for all six.
            desk.goto(f"{base}/tournaments/{tournament.pk}/standings/")
            table = desk.locator("table").first
            for name in PLAYERS:
                expect(table).to_contain_text(name)
            expect(table.locator("thead")).to_contain_text("Сальдо")
            assert errors == []
        finally:
            browser.close()
