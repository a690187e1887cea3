"""A card's cited rule article in the final reports (issue 35, item 6): the CSV, the XLSX and
the PDF print the article's title in the report's language, never its id
(`preferans_scoring.violations`)."""

from __future__ import annotations

import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from referee.models import Article
from tests.factories import PlayerFactory, PreferansTournamentFactory, UserFactory
from tournaments.discipline import services as discipline
from tournaments.events.models import Entry
from tournaments.reports.selectors import standings_sheet
from tournaments.reports.standings import standings_csv, standings_pdf_pages, standings_xlsx

pytestmark = pytest.mark.django_db

CITED = "preferans_scoring.violations"


@pytest.fixture
def tournament():
    """A Preferans tournament whose player got a yellow card citing the violations article,
    as the demo evening gives one."""
    referee = UserFactory()
    tournament = PreferansTournamentFactory(published=True)
    tournament.referees.add(referee)
    vera = PlayerFactory(club=tournament.club, display_name="Віра")
    Entry.objects.create(tournament=tournament, player=vera)
    discipline.card_give(
        tournament=tournament,
        player=vera,
        kind="yellow",
        reason="Ренонс: не поклала масть, що була на руках",
        article=CITED,
        user=referee,
    )
    return tournament


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_reports_print_the_cited_articles_title_in_the_readers_language(tournament, lang):
    title = Article.objects.get(pk=CITED).title_in(lang)
    with translation.override(lang):
        sheet = standings_sheet(tournament)
        csv_text = standings_csv(sheet).decode("utf-8-sig")
        pdf_text = "".join(standings_pdf_pages(sheet))
        book = load_workbook(io.BytesIO(standings_xlsx(sheet)))
    assert title in csv_text and CITED not in csv_text
    assert f"[{title}]" in pdf_text and CITED not in pdf_text
    cells = [value for row in book.worksheets[-1].iter_rows(values_only=True) for value in row]
    assert title in cells and CITED not in cells
