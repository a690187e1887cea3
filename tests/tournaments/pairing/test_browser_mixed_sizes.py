"""In chromium, in Russian: an organiser creates a Preferans evening at tables of 3 and 4,
seven players enter, and round 1 is paired 4 + 3 with nobody sitting out; round 2's page
says its repeat meetings were unavoidable and who sits at the four again (issue 35)."""

from __future__ import annotations

import os
import re

import pytest

from scoring.models import Match
from tests.browser import CHROMIUM_ARGS
from tests.factories import ClubFactory, EntryFactory, UserFactory, make_club_organiser
from tournaments.events.models import Round, Tournament
from tournaments.pairing.manager import plan_round, round_write

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _fast(settings):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_a_seven_player_preferans_evening_is_paired_four_and_three_in_russian(
    live_server, chromium_path
):
    from playwright.sync_api import expect, sync_playwright

    club = ClubFactory(name="Клуб «Пуля»")
    organiser = UserFactory(username="org-mixed")
    make_club_organiser(organiser, club)
    base = live_server.url
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(locale="ru-RU")
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(f"{base}/accounts/login/?next=/tournaments/new/")
            page.fill("input[name=username]", organiser.username)
            page.fill("input[name=password]", "demo")
            page.click("main form button[type=submit]")
            expect(page).to_have_url(re.compile(r"/tournaments/new/$"))
            page.select_option("select[name=game]", "preferans")
            # Deberc's fields have the same label: wait for Preferans' to be swapped in, or
            # the sizes chosen next go to the fields the swap then replaces.
            expect(page.locator("#game-fields [data-game=preferans]")).to_have_count(1)
            expect(page.locator("label[data-field=table_sizes]")).to_contain_text(
                "Столы разного размера"
            )
            page.fill("input[name=name]", "Семеро в пятницу")
            page.select_option("select[name=club]", label=club.name)
            page.select_option("select[name=table_sizes]", ["3", "4"])
            page.select_option("select[name=match_score]", "places_per_size")
            page.fill("input[name=rounds]", "3")
            page.locator("form button.primary").click()
            expect(page).to_have_url(re.compile(r"/tournaments/\d+/players/$"), timeout=15_000)
            tournament = Tournament.objects.get(name="Семеро в пятницу")
            for seed in range(1, 8):
                EntryFactory(tournament=tournament, seed=seed)
            page.goto(f"{base}/tournaments/{tournament.pk}/pairing/")
            page.get_by_role("button", name="Развести тур 1").click()
            tables = page.locator("#live-tables article[data-table]")
            expect(tables).to_have_count(2, timeout=15_000)
            expect(page.locator("ul.warnings")).to_have_count(0)
            # Round 2 paired as the button would once round 1 is over (round 1 in play counts
            # as played for who met whom and who sat at the four).
            round_write(tournament=tournament, number=2, pairing=plan_round(tournament, 2))
            page.reload()
            warnings = page.locator("ul.warnings li")
            expect(warnings.nth(0)).to_contain_text(
                "3 повторные встречи: их не избежать, ни одна рассадка этих 7 игроков "
                "за столами 4 + 3 не даёт меньше."
            )
            expect(warnings.nth(1)).to_contain_text("Снова за столом на 4: ")
            expect(warnings.nth(1)).to_contain_text("3 вместо 6 при рассадке строго по очереди")
        finally:
            browser.close()
    assert tournament.round_sizes == [3, 4]
    round_ = Round.objects.get(tournament=tournament, number=1)
    assert sorted(m.seats.count() for m in Match.objects.filter(round=round_)) == [3, 4]
    assert not round_.byes.exists()
    assert errors == []
