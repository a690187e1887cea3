"""In a real browser, in Russian, Ukrainian and English: every organiser's form that shows
existing data, saved without touching anything, leaves that data exactly as it was (issue 17
item 3: a `datetime-local` input fed a localised "25.11.2026 17:08:00" came back empty and the
start time was erased)."""

from __future__ import annotations

import os
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings as django_settings
from django.db import models
from django.test import Client

from scoring import services as scoring_services
from scoring.models import Deal
from tests.browser import CHROMIUM_ARGS
from tests.factories import (
    DEAL_BIG,
    PREF_SIX_SPADES,
    make_evening,
    make_preferans_evening,
)
from tournaments.events.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KYIV = ZoneInfo("Europe/Kyiv")
# Seconds on purpose: the input shows minutes, and the stored seconds must survive.
STARTS_AT = datetime(2026, 11, 25, 17, 8, 30, tzinfo=KYIV)

DEBERC_CONVENTIONS: dict[str, Any] = {
    "target": 1001,  # above a thousand: a localised "1 001" would not be a number
    "debertz": 7,
    "hundred": True,
    "first_lead": "declarer",
    "bolt_penalty": 20,
    "mercy_gap": 500,
}
PREFERANS_CONVENTIONS: dict[str, Any] = {
    "pool_target": 30,
    "allpass_progression_limit": "none",
    "allpass_exit": [6, 7, 8],
    "half_whist": False,
    "obligation_8": 2,
}


def fields_of(instance: models.Model) -> dict[str, Any]:
    """Every stored column of `instance`, read afresh from the database."""
    instance.refresh_from_db()
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def deal_of(deal: Deal) -> dict[str, Any]:
    """What a correction may not change when nothing was changed (its time stamp may move)."""
    return {k: v for k, v in fields_of(deal).items() if k != "updated_at"}


def evenings() -> tuple[Any, Any]:
    deberc = make_evening()
    Tournament.objects.filter(pk=deberc.tournament.pk).update(
        conventions=DEBERC_CONVENTIONS, starts_at=STARTS_AT, round_minutes=45
    )
    scoring_services.deal_submit(
        match=deberc.match, record=DEAL_BIG, user=deberc.scorer, idempotency_key=None, version=None
    )
    preferans = make_preferans_evening(conventions=PREFERANS_CONVENTIONS, round_minutes=90)
    Tournament.objects.filter(pk=preferans.tournament.pk).update(starts_at=STARTS_AT)
    scoring_services.deal_submit(
        match=preferans.match,
        record=PREF_SIX_SPADES,
        user=preferans.scorer,
        idempotency_key=None,
        version=None,
    )
    # One organiser for both evenings.
    preferans.tournament.organisers.add(deberc.organiser)
    return deberc, preferans


@pytest.mark.parametrize("language", ["ru", "uk", "en"])
def test_organiser_forms_saved_unchanged_change_nothing(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    deberc, preferans = evenings()
    client = Client()
    client.force_login(deberc.organiser)
    session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    base = live_server.url

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        context = browser.new_context()
        context.add_cookies(
            [
                {"name": django_settings.SESSION_COOKIE_NAME, "value": session, "url": base},
                {"name": django_settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base},
            ]
        )
        page = context.new_page()
        statuses: list[int] = []
        page.on(
            "response", lambda r: statuses.append(r.status) if r.request.method == "POST" else None
        )

        def save(url: str, button: str, after: str) -> None:
            page.goto(f"{base}{url}")
            expect(page.locator("html")).to_have_attribute("lang", language)
            with page.expect_navigation():
                page.locator(button).click()
            assert after in page.url

        # The tournament settings of either game, with a start time, a round clock and
        # overrides of every kind of convention (numbers, words, yes/no, lists).
        for evening in (deberc, preferans):
            tournament = evening.tournament
            before = fields_of(tournament)
            assert before["starts_at"] == STARTS_AT
            save(
                f"/tournaments/{tournament.pk}/edit/",
                "form.card button.primary",
                f"/tournaments/{tournament.pk}/matches/",
            )
            assert fields_of(tournament) == before, tournament.game

        # The scorers of a round's tables.
        tables = list(Table.objects.filter(round=deberc.round).order_by("number"))
        before_tables = [fields_of(table) for table in tables]
        assert all(t["scorer_id"] for t in before_tables)
        save(
            f"/tournaments/{deberc.tournament.pk}/matches/",
            f"form[action$='/rounds/{deberc.round.number}/scorers/'] button[type=submit]",
            f"/tournaments/{deberc.tournament.pk}/matches/",
        )
        assert [fields_of(table) for table in tables] == before_tables

        # A deal's correction page of either game, saved as shown (with a reason).
        for evening in (deberc, preferans):
            deal = evening.match.deals.get(number=1)
            before_deal = deal_of(deal)
            page.goto(f"{base}/matches/{evening.match.pk}/deals/1/edit/")
            expect(page.locator("html")).to_have_attribute("lang", language)
            page.fill("[data-testid=reason]", "checked, nothing to change")
            with page.expect_navigation():
                page.locator("[data-testid=save-correction]").click()
            assert page.url.endswith(f"/matches/{evening.match.pk}/"), page.url
            assert deal_of(deal) == before_deal, evening.tournament.game

        assert all(status < 400 for status in statuses), statuses
        browser.close()
