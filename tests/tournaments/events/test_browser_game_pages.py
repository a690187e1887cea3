"""In chromium, in Russian and Ukrainian (issue 18): the new-tournament form follows the game
select without a reload (the game's rulesets, table sizes, match scorings, tiebreaks and
conventions swapped in by htmx) and creates a Preferans tournament; the organiser's round
pages show each game's own running score (Preferans' whist balances, Deberc's totals)."""

from __future__ import annotations

import os
import re

import pytest

from scoring import services as scoring_services
from tests.browser import CHROMIUM_ARGS
from tests.factories import (
    DEAL_MADE,
    PREF_SIX_SPADES,
    ClubFactory,
    UserFactory,
    make_club_organiser,
    make_evening,
    make_preferans_evening,
)
from tournaments.events.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "ru": {
        "locale": "ru-RU",
        "club": "Клуб",
        "tiebreaks": "Дополнительные показатели по порядку",
        "preferans": "Преферанс",
    },
    "uk": {
        "locale": "uk-UA",
        "club": "Клуб",
        "tiebreaks": "Додаткові показники по черзі",
        "preferans": "Преферанс",
    },
}


@pytest.fixture(autouse=True)
def _fast(settings):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_in(page, base: str, username: str, next_url: str) -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "demo")
    page.click("main form button[type=submit]")


def watch(page, errors: list[str]) -> None:
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)


def option_values(page, name: str) -> list[str]:
    return page.locator(f"select[name={name}] option").evaluate_all(
        "options => options.map(o => o.value)"
    )


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_form_follows_the_game_select_and_creates_a_preferans_tournament(
    live_server, chromium_path, language
):
    from playwright.sync_api import expect, sync_playwright

    words = WORDS[language]
    club = ClubFactory(name=f"Клуб «Мизер» {language}")
    organiser = UserFactory(username=f"org-{language}")
    make_club_organiser(organiser, club)
    base = live_server.url
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(locale=words["locale"])
            watch(page, errors)
            sign_in(page, base, organiser.username, "/tournaments/new/")
            expect(page).to_have_url(re.compile(r"/tournaments/new/$"))
            expect(page.locator("label[data-field=club]")).to_contain_text(words["club"])
            expect(page.get_by_test_id("tiebreaks").locator("legend")).to_have_text(
                words["tiebreaks"]
            )
            # Deberc first: its presets and conventions.
            assert "moscow" in option_values(page, "ruleset")
            expect(page.locator("[name=conv_target]")).to_have_count(1)
            # No link reloads the page to switch the game.
            expect(page.locator("a[href*='?game=']")).to_have_count(0)

            page.select_option("select[name=game]", "preferans")
            expect(page.locator("[name=conv_pool_target]")).to_have_count(1)
            expect(page.locator("[name=conv_target]")).to_have_count(0)
            rulesets = option_values(page, "ruleset")
            assert "sochi" in rulesets and "moscow" not in rulesets
            assert option_values(page, "table_size") == ["3", "4"]
            assert option_values(page, "match_score") == [
                "places",
                "balance",
                "places_per_size",
                "places_by_sign",
                "compressed_balance",
            ]
            assert option_values(page, "table_sizes") == ["3", "4"]
            expect(page.locator("select[name=tiebreak_1]")).to_have_value("balance")
            assert "fewer_bytes" not in option_values(page, "tiebreak_1")
            # The page did not reload: what was typed before the switch is still there.
            page.fill("input[name=name]", "Пулька по четвергам")
            page.select_option("select[name=game]", "deberc")
            expect(page.locator("[name=conv_target]")).to_have_count(1)
            expect(page.locator("input[name=name]")).to_have_value("Пулька по четвергам")
            page.select_option("select[name=game]", "preferans")
            expect(page.locator("[name=conv_pool_target]")).to_have_count(1)

            page.select_option("select[name=club]", label=club.name)
            page.select_option("select[name=ruleset]", "rostov")
            page.select_option("select[name=table_size]", "4")
            page.select_option("select[name=match_score]", "balance")
            page.select_option("select[name=tiebreak_2]", "places")
            page.fill("input[name=rounds]", "3")
            page.locator("form button.primary").click()
            expect(page).to_have_url(re.compile(r"/tournaments/\d+/players/$"))
        finally:
            browser.close()
    tournament = Tournament.objects.get(name="Пулька по четвергам")
    assert (tournament.game, tournament.ruleset, tournament.table_size) == (
        "preferans",
        "rostov",
        4,
    )
    assert tournament.match_score == "balance"
    assert tournament.tiebreaks == ["balance", "places", "wins", "head_to_head"]
    assert errors == []


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_round_pages_show_each_games_running_score(live_server, chromium_path, language):
    from playwright.sync_api import expect, sync_playwright

    preferans = make_preferans_evening()
    scoring_services.deal_submit(
        match=preferans.match,
        record=PREF_SIX_SPADES,
        user=preferans.scorer,
        idempotency_key=None,
        version=None,
    )
    deberc = make_evening()
    scoring_services.deal_submit(
        match=deberc.match, record=DEAL_MADE, user=deberc.scorer, idempotency_key=None, version=None
    )
    deberc.match.refresh_from_db()
    totals = deberc.match.result["match"]
    assert totals["Boris"] > 0  # a figure a blank card (0) would not show
    base = live_server.url
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(locale=WORDS[language]["locale"])
            watch(page, errors)
            pt = preferans.tournament.pk
            sign_in(page, base, preferans.organiser.username, f"/tournaments/{pt}/pairing/")
            expect(page).to_have_url(re.compile(rf"/tournaments/{pt}/pairing/$"))
            card = page.locator("#live-tables article[data-table='1']")
            # Anna −6, Boris +5, Vera +1: the whist balances, not "0 : 0 : 0".
            expect(card.locator(".total")).to_have_text(["-6", "5", "1"])
            page.goto(f"{base}/tournaments/{pt}/matches/")
            score = page.get_by_test_id("round-1").locator("tbody tr").first.locator("td.num")
            expect(score).to_have_text("-6 : 5 : 1")

            page.context.clear_cookies()
            dt = deberc.tournament.pk
            sign_in(page, base, deberc.organiser.username, f"/tournaments/{dt}/pairing/")
            expect(page).to_have_url(re.compile(rf"/tournaments/{dt}/pairing/$"))
            card = page.locator("#live-tables article[data-table='1']")
            expect(card.locator(".total")).to_have_text([str(totals["Anna"]), str(totals["Boris"])])
            page.goto(f"{base}/tournaments/{dt}/matches/")
            score = page.get_by_test_id("round-1").locator("tbody tr").first.locator("td.num")
            expect(score).to_have_text(f"{totals['Anna']} : {totals['Boris']}")
        finally:
            browser.close()
    assert errors == []


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_a_shared_rank_stays_on_one_line_on_a_phone(live_server, chromium_path, language):
    from playwright.sync_api import expect, sync_playwright

    from tests.factories import EntryFactory, TournamentFactory
    from tournaments.standings.services import standings_refresh

    tournament = TournamentFactory(published=True, tiebreaks=["buchholz", "wins"])
    for n in range(7):
        EntryFactory(tournament=tournament, player__display_name=f"Гравчиня Олександра-{n}")
    standings_refresh(tournament=tournament)  # nobody has played: all seven share rank 1
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(
                locale=WORDS[language]["locale"], viewport={"width": 360, "height": 740}
            )
            watch(page, errors)
            page.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
            rank = page.locator("table.standings td.rank").first
            expect(rank).to_have_text("1–7")
            lines = rank.evaluate(
                "cell => { const r = document.createRange(); r.selectNodeContents(cell);"
                " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size }"
            )
            assert lines == 1
            # "won" stands once: the tiebreak "wins" is that figure.
            figures = page.locator("table.standings th[data-figure]").evaluate_all(
                "ths => ths.map(th => th.dataset.figure)"
            )
            assert figures == ["match_points", "buchholz", "wins", "played"]
        finally:
            browser.close()
    assert errors == []
