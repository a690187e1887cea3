"""The standings' column headings: one abbreviation per figure, never two alike, each with its
full name as a tooltip (`title` on the heading and on its `abbr`), in all three languages;
the live page and the printed standings read the same mapping."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.utils import translation

from tournaments.reports.selectors import standings_sheet
from tournaments.reports.standings import standings_lines
from tournaments.standings.services import BASE_FIGURES, FIGURES, TIEBREAK_FIGURES

LANGUAGES = ("en", "ru", "uk")
ALL_TIEBREAKS = list(TIEBREAK_FIGURES)

HEADING = re.compile(
    r'<th class="num" scope="col" title="(?P<title>[^"]*)"[^>]*>'
    r'<abbr title="(?P<abbr_title>[^"]*)">(?P<short>[^<]*)</abbr></th>'
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_figure_has_its_own_abbreviation_and_a_full_name(lang):
    with translation.override(lang):
        shorts = [str(f.short) for f in FIGURES.values()]
        labels = [str(f.label) for f in FIGURES.values()]
    assert len(set(shorts)) == len(shorts), shorts
    assert len(set(labels)) == len(labels), labels
    assert all(s.strip() for s in shorts) and all(n.strip() for n in labels)
    if lang != "en":  # translated, not the English words
        with translation.override("en"):
            english = [str(f.short) for f in FIGURES.values()]
        assert shorts != english


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_standings_page_heads_each_column_once_with_its_full_name(client, tournament, lang):
    tournament.tiebreaks = ALL_TIEBREAKS
    tournament.save()
    page = client.get(
        f"/tournaments/{tournament.pk}/standings/", HTTP_ACCEPT_LANGUAGE=lang
    ).content.decode()
    table = page[page.index('<table class="standings">') : page.index("</thead>")]
    headings = [{k: unescape(v) for k, v in m.groupdict().items()} for m in HEADING.finditer(table)]
    rank, figures = headings[0], headings[1:]
    # The rank's "#" says what it is too.
    assert rank["short"] == "#" and rank["title"] == rank["abbr_title"] != ""
    with translation.override(lang):
        # The tiebreak "wins" is the figure "won": its column stands once, at the tiebreak's
        # place (issue 18: "Поб" and "В" showed the same values).
        expected = [FIGURES[key] for key in ["match_points", *ALL_TIEBREAKS, "played"]]
        assert [h["short"] for h in figures] == [str(f.short) for f in expected]
        assert [h["title"] for h in figures] == [str(f.label) for f in expected]
    shorts = [h["short"] for h in figures]
    assert len(set(shorts)) == len(shorts), shorts
    for heading in figures:
        assert heading["abbr_title"] == heading["title"]


@pytest.mark.django_db
def test_without_the_wins_tiebreak_the_won_column_stays(client, tournament):
    tournament.tiebreaks = ["buchholz"]
    tournament.save()
    page = client.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    table = page[page.index('<table class="standings">') : page.index("</thead>")]
    shorts = [unescape(m.group("short")) for m in HEADING.finditer(table)][1:]
    assert shorts == [
        str(FIGURES[key].short) for key in ("match_points", "buchholz", "played", "won")
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_printed_standings_use_the_same_abbreviations(tournament, lang):
    tournament.tiebreaks = ALL_TIEBREAKS
    tournament.save()
    with translation.override(lang):
        sheet = standings_sheet(tournament)
        heading, _rows = standings_lines(sheet)
        for column in sheet.tiebreaks:
            assert column.short == str(TIEBREAK_FIGURES[column.key].short)
            assert column.label == str(TIEBREAK_FIGURES[column.key].label)
        shorts = heading.split()
        base = [str(f.short) for f in BASE_FIGURES.values()]
    figures = shorts[shorts.index(base[0]) :]
    assert figures[:3] == base
    assert len(set(figures)) == len(figures), figures
