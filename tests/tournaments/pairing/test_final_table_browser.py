"""In chromium, in Russian, on a phone: an organiser runs a 7-player Preferans evening at tables
of 3 and 4 to a final table of 4 after round 2. Round 1 is seated 4 + 3; the pairing page says
what round 3 is before it is paired; the final seats the top 4 of the qualification; the
standings rank the final table first and show each player's qualification rank."""

from __future__ import annotations

import os
import random
import re

import pytest
from django.db import transaction
from django.utils import timezone

from scoring.models import Match
from tests.browser import CHROMIUM_ARGS
from tests.factories import ClubFactory, UserFactory, make_club_organiser
from tournaments.events.models import Round, Tournament
from tournaments.management.commands.generate_tournament import Command as Generator
from tournaments.standings.models import StandingRow
from tournaments.standings.services import standings_refresh

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Аркадий", "Борис", "Вера", "Галина", "Дмитрий", "Елена", "Жанна"]


@pytest.fixture(autouse=True)
def _fast(settings):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _play(tournament: Tournament, number: int) -> None:
    """Every table of the round played to its end: believable deals from the game's simulator,
    scored by its rules engine (as `generate_tournament` plays them)."""
    round_ = Round.objects.get(tournament=tournament, number=number)
    Generator()._play(round_, random.Random(number), timezone.now())
    with transaction.atomic():
        standings_refresh(tournament=tournament)


def test_an_organiser_runs_a_seven_player_evening_to_a_final_table_in_russian(
    live_server, chromium_path
):
    from playwright.sync_api import expect, sync_playwright

    club = ClubFactory(name="Клуб «Финал»")
    organiser = UserFactory(username="org-final")
    make_club_organiser(organiser, club)
    base = live_server.url
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(
                locale="ru-RU", viewport={"width": 390, "height": 844}, is_mobile=True
            )
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
            page.fill("input[name=name]", "Пятница до финала")
            page.select_option("select[name=club]", label=club.name)
            page.select_option("select[name=table_sizes]", ["3", "4"])
            page.fill("input[name=rounds]", "3")
            page.select_option("select[name=stage_kind]", "final")
            page.fill("input[name=stage_after_round]", "2")
            page.fill("input[name=stage_size]", "4")
            page.locator("form button.primary").click()
            expect(page).to_have_url(re.compile(r"/tournaments/\d+/players/$"), timeout=15_000)
            tournament = Tournament.objects.get(name="Пятница до финала")
            assert (tournament.stage_kind, tournament.stage_after_round) == ("final", 2)

            page.fill("[data-testid=entries-form] textarea", "\n".join(NAMES))
            page.locator("[data-testid=entries-form] button").click()
            expect(page.locator("body")).to_contain_text("Жанна")
            assert tournament.entries.count() == 7

            pairing = f"{base}/tournaments/{tournament.pk}/pairing/"
            for number in (1, 2):
                page.goto(pairing)
                expect(page.locator("[data-testid=next-stage]")).to_have_count(0)
                page.get_by_role("button", name=f"Развести тур {number}").click()
                expect(page.locator("#live-tables article[data-table]")).to_have_count(2)
                _play(tournament, number)

            page.goto(pairing)
            expect(page.locator("[data-testid=next-stage]")).to_contain_text(
                "Финальный стол: лучшие 4"
            )
            # The standings after round 2 (a shared place may list its players either way).
            before = dict(
                StandingRow.objects.filter(tournament=tournament).values_list("player_id", "rank")
            )
            page.get_by_role("button", name="Развести тур 3").click()
            expect(page.locator("#live-tables article[data-table]")).to_have_count(1)
            _play(tournament, 3)

            page.goto(f"{base}/tournaments/{tournament.pk}/standings/")
            expect(page.locator("[data-testid=stage-note]")).to_contain_text("Финальный стол")
            header = page.locator("th[data-figure=qualification_rank]")
            expect(header).to_contain_text("Отб.")
            rows = page.locator("table.standings tbody tr")
            expect(rows).to_have_count(7)
            expect(page.locator("table.standings tr.stage-group")).to_have_count(4)
            for k in range(4):
                expect(rows.nth(k)).to_have_class(re.compile(r"\bstage-group\b"))
            shown_qualification = [
                int(text)
                for text in page.locator("table.standings td.qualification").all_inner_texts()
            ]
            # The page fits the phone: nothing wider than the screen but the table's own scroll.
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        finally:
            browser.close()
    final = Match.objects.get(round__tournament=tournament, round__number=3)
    finalists = set(final.seats.values_list("player_id", flat=True))
    others = set(before) - finalists
    assert len(finalists) == 4
    assert max(before[p] for p in finalists) <= min(before[p] for p in others)
    ranked = list(StandingRow.objects.filter(tournament=tournament).order_by("rank"))
    assert {row.player_id for row in ranked[:4]} == finalists
    assert {row.player_id for row in ranked if row.qualification_rank <= 4} == finalists
    assert [row.qualification_rank for row in ranked[4:]] == [5, 6, 7]
    assert [before[row.player_id] for row in ranked[4:]] == sorted(before[p] for p in others)
    assert sorted(shown_qualification) == list(range(1, 8))
    assert shown_qualification == [row.qualification_rank for row in ranked]
    assert errors == []
